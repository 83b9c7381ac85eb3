/* bcast.c - every rank in turn is the root of broadcasts of ints, doubles and chars; every rank checks what
 * it got and the error counts are summed on rank 0 (MPI_Reduce). Prints on rank 0 only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

#define N 100

static int failed;

void start(int argc, char **argv)
{
    int rank, size, root, i, errors, total;
    int ints[N];
    double dbl[N / 4];
    char text[32];
    char expect[32];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("bcast: %d processes\n", size);
    for (root = 0; root < size; root++) {
        errors = 0;
        for (i = 0; i < N; i++)
            ints[i] = rank == root ? root * 1000 + i : -1;
        for (i = 0; i < N / 4; i++)
            dbl[i] = rank == root ? root + i * 0.25 : 0.0;
        memset(text, 0, sizeof text);
        sprintf(expect, "hello from rank %d", root);
        if (rank == root)
            strcpy(text, expect);
        MPI_Bcast(ints, N, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Bcast(dbl, N / 4, MPI_DOUBLE, root, MPI_COMM_WORLD);
        MPI_Bcast(text, (int)strlen(expect) + 1, MPI_CHAR, root, MPI_COMM_WORLD);
        for (i = 0; i < N; i++)
            if (ints[i] != root * 1000 + i)
                errors++;
        for (i = 0; i < N / 4; i++)
            if (dbl[i] != root + i * 0.25)
                errors++;
        if (strcmp(text, expect) != 0)
            errors++;
        MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("root %d: \"%s\", errors %d\n", root, text, total);
            if (total)
                failed = 1;
        }
    }
    MPI_Finalize();
}

#define PROGRAM "bcast"
#include "launch_main.h"
