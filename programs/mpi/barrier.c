/* barrier.c - ROUNDS barriers; before each one every rank works for a different number of cycles. A barrier
 * is correct when no rank leaves it before the last rank has entered it: the latest entry cycle (MPI_MAX)
 * must precede the earliest exit cycle (MPI_MIN). The cycle counter is the machine's clock, the same on
 * every node. Prints on rank 0 only. */
#include <stdio.h>
#include <stdlib.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

#define ROUNDS 4

static int failed;
static volatile int sink;

static void work(int amount)
{
    int i;
    for (i = 0; i < amount; i++)
        sink += i;
}

void start(int argc, char **argv)
{
    int rank, size, round;
    double entered, left, last_in, first_out;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("barrier: %d processes, %d rounds\n", size, ROUNDS);
    for (round = 0; round < ROUNDS; round++) {
        work(((rank * 7 + round * 5) % size) * 300);
        entered = MPI_Wtime();
        MPI_Barrier(MPI_COMM_WORLD);
        left = MPI_Wtime();
        MPI_Reduce(&entered, &last_in, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        MPI_Reduce(&left, &first_out, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            int ok = last_in < first_out;
            printf("round %d: last entry before first exit: %s\n", round, ok ? "yes" : "NO");
            if (!ok)
                failed = 1;
        }
    }
    MPI_Barrier(MPI_COMM_SELF);
    MPI_Finalize();
}

#define PROGRAM "barrier"
#include "launch_main.h"
