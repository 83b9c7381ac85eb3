/* ring.c - a token travels LAPS times around the ring of all ranks, every rank adding its rank + 1; then
 * every rank shifts a value to its right neighbour with MPI_Sendrecv, and rank 0 collects what each rank
 * got (MPI_ANY_SOURCE, placed by status.MPI_SOURCE). Prints on rank 0 only. */
#include <stdio.h>
#include <stdlib.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

#define LAPS 3

static int failed;

void start(int argc, char **argv)
{
    int rank, size, lap, token, i, got, right, left, mine;
    int shifted[256];
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    if (rank == 0)
        printf("ring: %d processes, %d laps\n", size, LAPS);
    token = 0;
    for (lap = 1; lap <= LAPS; lap++) {
        if (rank == 0) {
            token += 1;
            MPI_Send(&token, 1, MPI_INT, right, lap, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, left, lap, MPI_COMM_WORLD, &st);
            printf("lap %d: token %d from rank %d tag %d\n", lap, token, st.MPI_SOURCE, st.MPI_TAG);
        } else {
            MPI_Recv(&token, 1, MPI_INT, left, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token += rank + 1;
            MPI_Send(&token, 1, MPI_INT, right, lap, MPI_COMM_WORLD);
        }
    }
    mine = 1000 + rank * rank;
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 7, &got, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &st);
    if (st.MPI_SOURCE != left || st.MPI_TAG != 7 || got != 1000 + left * left)
        failed = 1;
    if (rank != 0) {
        MPI_Send(&got, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
    } else {
        shifted[0] = got;
        for (i = 1; i < size; i++) {
            int v;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &st);
            shifted[st.MPI_SOURCE] = v;
        }
        for (i = 0; i < size; i++)
            printf("rank %d got %d\n", i, shifted[i]);
    }
    MPI_Finalize();
}

#define PROGRAM "ring"
#include "launch_main.h"
