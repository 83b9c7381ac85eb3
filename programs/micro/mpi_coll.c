/* mpi_coll.c - collective micro-benchmarks with MPI over MPI_COMM_WORLD, after the OSU benchmarks
 * osu_barrier, osu_bcast and osu_reduce (mpi_alltoall.c has osu_alltoall); native_coll.c is the libscmp
 * counterpart.
 *
 *   barrier: ITER MPI_Barrier back to back, on rank 0's clock;
 *   bcast: SIZE bytes (MPI_CHAR) from rank 0; reduce: SIZE / 8 doubles summed to rank 0 (MPI_SUM);
 *     ITER times {MPI_Barrier; t0; operation; t1} on every rank; the mean over the ranks of each rank's
 *     mean t1 - t0, and the largest such mean.
 * Every received byte and every sum is checked.
 *
 * Usage: mpi_coll ITER SIZE...   (SIZE in bytes, multiples of 8, at most 4096)
 * Launch: `scmpsim --mesh 4x4 mpi_coll 10 8 1024` (the thesis's form, parExecute from main), `scmpsim -n 16
 * ...`, or a host MPI's mpiexec.
 * Output (micro.h, rank 0): "micro barrier 0 AVG MAX", "micro bcast SIZE AVG MAX", "micro reduce SIZE AVG
 * MAX", "micro: OK". */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "micro.h"

static char buf[MICRO_MAX_COLL];
static double vec[MICRO_MAX_COLL / 8], out[MICRO_MAX_COLL / 8];
static int status;

static void report(const char *op, int size, double mine)
{
    double sum = 0, max = 0;
    int P;
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    MPI_Reduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (sum != 0 || max != 0)
        printf("micro %s %d %.1f %.1f\n", op, size, sum / P, max);
}

static void coll_run(int iters, int nsizes, int *sizes)
{
    int me, P, si, it, i, errors = 0, total = 0;
    unsigned long long t0, t1, acc;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &P);

    MPI_Barrier(MPI_COMM_WORLD);
    t0 = micro_now();
    for (it = 0; it < iters; it++)
        MPI_Barrier(MPI_COMM_WORLD);
    t1 = micro_now();
    if (me == 0)
        printf("micro barrier 0 %.1f %.1f\n", (double)(t1 - t0) / iters, (double)(t1 - t0) / iters);

    for (si = 0; si < nsizes; si++) {
        int size = sizes[si], n = size / 8;
        for (i = 0; i < size; i++)
            buf[i] = me == 0 ? (char)MICRO_BYTE(size, i) : 0;
        acc = 0;
        for (it = 0; it < iters; it++) {
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = micro_now();
            MPI_Bcast(buf, size, MPI_CHAR, 0, MPI_COMM_WORLD);
            acc += micro_now() - t0;
        }
        for (i = 0; i < size; i++)
            if (buf[i] != (char)MICRO_BYTE(size, i))
                errors++;
        report("bcast", size, (double)acc / iters);
        if (me == 0)
            fflush(stdout);

        for (i = 0; i < n; i++)
            vec[i] = me + 1 + i * 0.125;
        acc = 0;
        for (it = 0; it < iters; it++) {
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = micro_now();
            MPI_Reduce(vec, out, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
            acc += micro_now() - t0;
        }
        if (me == 0)
            for (i = 0; i < n; i++)
                if (out[i] != P * (P + 1) / 2.0 + P * i * 0.125)
                    errors++;
        report("reduce", size, (double)acc / iters);
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
        fprintf(stderr, "usage: mpi_coll ITER SIZE... (1 to 3 sizes)\n");
        return 2;
    }
    *iters = atoi(argv[1]);
    for (i = 0; i < *n; i++) {
        sizes[i] = atoi(argv[2 + i]);
        if (sizes[i] < 8 || sizes[i] % 8 || sizes[i] > MICRO_MAX_COLL) {
            fprintf(stderr, "mpi_coll: sizes are multiples of 8 bytes up to %d\n", MICRO_MAX_COLL);
            return 2;
        }
    }
    return 0;
}

#ifdef __SCMP__
void coll_start(int iters, int n, int s0, int s1, int s2)
{
    int sizes[3];
    sizes[0] = s0;
    sizes[1] = s1;
    sizes[2] = s2;
    MPI_Init(0, 0);
    coll_run(iters, n, sizes);
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
        parExecute(getXDim() * getYDim(), (void (*)())coll_start, iters, n, sizes[0], sizes[1], sizes[2]);
        return status;
    }
#endif
    MPI_Init(&argc, &argv);
    if (parse(argc, argv, &iters, &n, sizes)) {
        MPI_Finalize();
        return 2;
    }
    coll_run(iters, n, sizes);
    MPI_Finalize();
    return status;
}
