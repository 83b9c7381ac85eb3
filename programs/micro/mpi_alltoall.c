/* mpi_alltoall.c - the alltoall micro-benchmark with MPI over MPI_COMM_WORLD, after osu_alltoall;
 * native_coll.c has the libscmp counterpart. ITER times {MPI_Barrier; t0; MPI_Alltoall of SIZE bytes per
 * pair (MPI_CHAR); t1} on every rank; the mean over the ranks of each rank's mean t1 - t0, and the largest.
 * Every received byte is checked.
 *
 * Usage: mpi_alltoall ITER SIZE...   (SIZE in bytes, multiples of 8, at most 4096)
 * Output (micro.h, rank 0): "micro alltoall SIZE AVG MAX", "micro: OK". */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "micro.h"

#define MAX_RANKS 64

static char sbuf[MAX_RANKS * MICRO_MAX_COLL], rbuf[MAX_RANKS * MICRO_MAX_COLL];
static int status;

static void a2a_run(int iters, int nsizes, int *sizes)
{
    int me, P, si, it, i, k, errors = 0, total = 0;
    unsigned long long t0, acc;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    if (P > MAX_RANKS) {
        if (me == 0)
            printf("micro: FAILED (more than %d ranks)\n", MAX_RANKS);
        status = 1;
        return;
    }
    for (si = 0; si < nsizes; si++) {
        int size = sizes[si];
        double mine, sum = 0, max = 0;
        for (k = 0; k < P; k++)
            for (i = 0; i < size; i++)
                sbuf[k * size + i] = (char)MICRO_BYTE(me * 64 + k, i);
        acc = 0;
        for (it = 0; it < iters; it++) {
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = micro_now();
            MPI_Alltoall(sbuf, size, MPI_CHAR, rbuf, size, MPI_CHAR, MPI_COMM_WORLD);
            acc += micro_now() - t0;
        }
        for (k = 0; k < P; k++)
            for (i = 0; i < size; i++)
                if (rbuf[k * size + i] != (char)MICRO_BYTE(k * 64 + me, i))
                    errors++;
        mine = (double)acc / iters;
        MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&mine, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (me == 0) {
            printf("micro alltoall %d %.1f %.1f\n", size, sum / P, max);
            fflush(stdout);
        }
    }
    MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (total)
            printf("micro: FAILED (%d errors)\n", total);
        else
            printf("micro: OK\n");
        fflush(stdout);
        status = total ? 1 : 0;
    }
}

static int parse(int argc, char **argv, int *iters, int *n, int *sizes)
{
    int i;
    *n = argc - 2;
    if (argc < 3 || *n > 3 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: mpi_alltoall ITER SIZE... (1 to 3 sizes)\n");
        return 2;
    }
    *iters = atoi(argv[1]);
    for (i = 0; i < *n; i++) {
        sizes[i] = atoi(argv[2 + i]);
        if (sizes[i] < 8 || sizes[i] % 8 || sizes[i] > MICRO_MAX_COLL) {
            fprintf(stderr, "mpi_alltoall: sizes are multiples of 8 bytes up to %d\n", MICRO_MAX_COLL);
            return 2;
        }
    }
    return 0;
}

#ifdef __SCMP__
void a2a_start(int iters, int n, int s0, int s1, int s2)
{
    int sizes[3];
    sizes[0] = s0;
    sizes[1] = s1;
    sizes[2] = s2;
    MPI_Init(0, 0);
    a2a_run(iters, n, sizes);
    MPI_Finalize();
}
#endif

int main(int argc, char **argv)
{
    int iters, n, sizes[3] = {8, 8, 8};
#ifdef __SCMP__
    if (!getenv("SCMP_NPROCS")) {
        if (parse(argc, argv, &iters, &n, sizes))
            return 2;
        parExecute(getXDim() * getYDim(), (void (*)())a2a_start, iters, n, sizes[0], sizes[1], sizes[2]);
        return status;
    }
#endif
    MPI_Init(&argc, &argv);
    if (parse(argc, argv, &iters, &n, sizes)) {
        MPI_Finalize();
        return 2;
    }
    a2a_run(iters, n, sizes);
    MPI_Finalize();
    return status;
}
