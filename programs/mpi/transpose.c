/* transpose.c - MPI's example of a matrix transposed by a datatype (MPI-1.1 example 3.32): a column is a vector
 * of N ints N apart, the transpose an hvector of N columns one int apart; a send of the matrix as N*N ints
 * received as one transpose (MPI_Sendrecv to itself) transposes it. With N = 300 the type has 90000 runs of one
 * int, built beside the two matrices (720 KB) and a filler of 6 MB, which leave less than 0.5 MB of the node's
 * 8 MB beyond what the send to itself needs (6.5 MB of filler runs out in MPI_Sendrecv): runs kept as an array
 * while the type is built (12 bytes each, 1.1 MB) would not fit. Rank 0 transposes and prints the sizes and a
 * check; the other ranks only join the check (their transposes, on nodes of their own, would be rank 0's again:
 * at -n 16 sixteen times the simulation for the same check). The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "check.h"

#define N 300
#define FILL 6000000

/* Builds the transpose type beside the matrices, transposes, checks and prints (rank 0). */
static void transpose(void)
{
    MPI_Datatype column, xpose;
    MPI_Aint lb, ext;
    int *a, *b, *filler, i, j, sz;
    long sum = 0;
    a = (int *)malloc(N * N * sizeof(int));
    b = (int *)malloc(N * N * sizeof(int));
    filler = (int *)malloc(FILL);
    check(a && b && filler);
    if (!a || !b || !filler)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (i = 0; i < FILL / 4; i += 1024)
        filler[i] = i;
    for (i = 0; i < N * N; i++) {
        a[i] = i + rank;
        b[i] = -1;
    }
    MPI_Type_vector(N, 1, N, MPI_INT, &column);
    MPI_Type_create_hvector(N, 1, sizeof(int), column, &xpose);
    MPI_Type_commit(&xpose);
    MPI_Type_size(xpose, &sz);
    MPI_Type_get_extent(xpose, &lb, &ext);
    check(sz == N * N * 4 && lb == 0 && ext == (MPI_Aint)((N - 1) * N + N) * 4);
    MPI_Sendrecv(a, N * N, MPI_INT, rank, 0, b, 1, xpose, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            check(b[j * N + i] == a[i * N + j]);
            sum += (long)b[i * N + j] * (i + 1) % 1000;
        }
    printf("transpose of %dx%d: type size %d, extent %ld, weighted sum %ld\n", N, N, sz, (long)ext, sum);
    MPI_Type_free(&column);
    MPI_Type_free(&xpose);
    free(filler);
    free(b);
    free(a);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        transpose();
    report("transposed by an hvector of vectors");
    MPI_Finalize();
    return failed;
}
