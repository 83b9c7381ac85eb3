/* bigreduce.c - reductions of vectors of megabytes (250000 doubles, 2 MB, on every rank): MPI_Reduce to
 * the last rank, MPI_Allreduce in place, MPI_Reduce_scatter, MPI_Scan. The temporary buffers of the
 * reduction algorithms would not fit beside the program's own in a node's 8 MB if they were as long as the
 * vector; libmpi reduces such vectors a piece at a time (docs/mpi.md, "Reductions and operations"). The
 * values are whole numbers, so every sum is exact; every element is checked. Rank 0 prints one line per
 * case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 250000

static int rank, size, failed;

static void report(const char *what, int errors)
{
    int total = 0;
    MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%s of %d doubles: %s\n", what, N, total ? "FAILED" : "ok");
        if (total)
            failed = 1;
    }
}

int main(int argc, char **argv)
{
    double *a, *b;
    int i, errors, *counts, tri, first;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    a = (double *)malloc(N * sizeof(double));
    b = (double *)malloc(N * sizeof(double));
    counts = (int *)malloc(size * sizeof(int));
    if (!a || !b || !counts) {
        printf("rank %d: no memory for the vectors\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    tri = size * (size + 1) / 2;
    for (i = 0; i < N; i++)
        a[i] = (rank + 1) * (double)(i % 1000);

    errors = 0;
    for (i = 0; i < N; i++)
        b[i] = -1;
    MPI_Reduce(a, b, N, MPI_DOUBLE, MPI_SUM, size - 1, MPI_COMM_WORLD);
    if (rank == size - 1)
        for (i = 0; i < N; i++)
            errors += b[i] != tri * (double)(i % 1000);
    report("MPI_Reduce (MPI_SUM, to the last rank)", errors);

    /* rank r adds 1 to its element r: the maximum is the last rank's value, but where a lower rank's 1 beats
     * it (element 0, where every value is 0) */
    errors = 0;
    for (i = 0; i < N; i++)
        b[i] = a[i] + (i == rank);
    MPI_Allreduce(MPI_IN_PLACE, b, N, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        double want = size * (double)(i % 1000) + (i == size - 1);
        if (i == 0 && size > 1)
            want = 1;
        errors += b[i] != want;
    }
    report("MPI_Allreduce (MPI_MAX, in place)", errors);

    /* rank r gets a block of N / size + r elements, the last what is left */
    errors = 0;
    for (i = 0, first = 0; i < size; i++) {
        counts[i] = i < size - 1 ? N / size + i : N - first;
        first += counts[i];
    }
    for (i = 0, first = 0; i < rank; i++)
        first += counts[i];
    for (i = 0; i < N; i++)
        b[i] = -1;
    MPI_Reduce_scatter(a, b, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++)
        errors += b[i] != tri * (double)((first + i) % 1000);
    errors += b[counts[rank]] != -1;
    report("MPI_Reduce_scatter (MPI_SUM, blocks of unequal size)", errors);

    errors = 0;
    MPI_Scan(a, b, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < N; i++)
        errors += b[i] != (rank + 1) * (rank + 2) / 2 * (double)(i % 1000);
    report("MPI_Scan (MPI_SUM)", errors);

    if (rank == 0)
        printf("bigreduce: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
