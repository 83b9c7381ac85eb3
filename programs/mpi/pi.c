/* pi.c - pi by the midpoint rule on 4/(1+x*x) over INTERVALS intervals, rank r taking intervals r, r+size,
 * ...; the partial sums meet in MPI_Reduce (halving) on rank 0 and in MPI_Allreduce on every rank, which
 * must all agree bit for bit. Then integer reductions with every predefined operation, and MAXLOC/MINLOC.
 * Prints on rank 0 only. */
#include <stdio.h>
#include <stdlib.h>
#ifdef __SCMP__
#include <scmp.h>
#else
/* The rank main() prints by, start() having finalised MPI. */
static int world_rank;
#endif
#include <mpi.h>

#define INTERVALS 10000

static int failed;

void start(int argc, char **argv)
{
    int rank, size, i, disagree, total_disagree;
    double h, x, sum, mine, pi, pi_all;
    int v, r_sum, r_max, r_min, r_prod, r_land, r_lor, r_bor, r_band, r_bxor, all_sum;
    struct { double v; int k; } dl, dl_max, dl_min;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef __SCMP__
    world_rank = rank;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    h = 1.0 / INTERVALS;
    sum = 0.0;
    for (i = rank; i < INTERVALS; i += size) {
        x = h * (i + 0.5);
        sum += 4.0 / (1.0 + x * x);
    }
    mine = h * sum;
    pi = 0.0;
    MPI_Reduce(&mine, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &pi_all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Bcast(&pi, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    disagree = pi != pi_all;
    MPI_Reduce(&disagree, &total_disagree, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double err = pi - 3.14159265358979323846;
        if (err < 0)
            err = -err;
        printf("pi: %d processes, %d intervals\n", size, INTERVALS);
        printf("pi = %.10f, error below 1e-8: %s, ranks disagreeing with allreduce: %d\n", pi,
               err < 1e-8 ? "yes" : "no", total_disagree);
        if (err >= 1e-8 || total_disagree)
            failed = 1;
    }

    v = rank + 1;
    MPI_Reduce(&v, &r_sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&v, &r_max, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&v, &r_min, 1, MPI_INT, MPI_MIN, size - 1, MPI_COMM_WORLD);
    v = rank % 3 + 1;
    MPI_Reduce(&v, &r_prod, 1, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD);
    v = rank != 2;
    MPI_Reduce(&v, &r_land, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    v = rank == size - 1;
    MPI_Reduce(&v, &r_lor, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
    v = 1 << rank;
    MPI_Reduce(&v, &r_bor, 1, MPI_INT, MPI_BOR, 0, MPI_COMM_WORLD);
    MPI_Reduce(&v, &r_bxor, 1, MPI_INT, MPI_BXOR, 0, MPI_COMM_WORLD);
    v = ~(1 << rank);
    MPI_Reduce(&v, &r_band, 1, MPI_INT, MPI_BAND, 0, MPI_COMM_WORLD);
    v = rank * rank;
    MPI_Allreduce(&v, &all_sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    dl.v = (double)((rank * 5) % size);
    dl.k = rank;
    MPI_Allreduce(&dl, &dl_max, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(&dl, &dl_min, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    if (rank == size - 1) {
        MPI_Send(&r_min, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        MPI_Recv(&r_min, 1, MPI_INT, size - 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("sum %d max %d min %d prod %d land %d lor %d bor 0x%x bxor 0x%x band 0x%x\n", r_sum, r_max,
               r_min, r_prod, r_land, r_lor, r_bor, r_bxor, r_band);
        printf("allreduce sum of squares %d, maxloc %g at %d, minloc %g at %d\n", all_sum, dl_max.v, dl_max.k,
               dl_min.v, dl_min.k);
    }
    MPI_Finalize();
}

#define PROGRAM "pi"
#include "launch_main.h"
