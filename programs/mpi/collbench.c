/* collbench.c - the cost of the collectives (docs/mpi.md, "Measured costs"): for each operation, the time
 * from the first rank entering to the last rank leaving, after two barriers, averaged over three calls, in
 * cycles (MPI_Wtime counts nanoseconds of the 1 GHz clock). 8 B is one double; the alltoall moves two ints
 * to every other rank; the 64 KB broadcast's data is checked.
 *
 *   scmpcc -O1 -o collbench programs/mpi/collbench.c
 *   scmpsim -n 16 --mpi-protocol thesis collbench          (or ours; -n 4, 16, 64)
 *   scmpsim -n 16 collbench 2 4096                         (only case 2, the broadcast, of 4096 bytes) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define CALLS 3

static char *big;
static int bigbytes = 65536;
static double one, result;
static int *a2a_s, *a2a_r;

static void call(int kind)
{
    switch (kind) {
    case 0: MPI_Barrier(MPI_COMM_WORLD); break;
    case 1: MPI_Bcast(&one, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD); break;
    case 2: MPI_Bcast(big, bigbytes, MPI_BYTE, 0, MPI_COMM_WORLD); break;
    case 3: MPI_Reduce(&one, &result, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); break;
    case 4: MPI_Allreduce(&one, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); break;
    case 5: MPI_Alltoall(a2a_s, 2, MPI_INT, a2a_r, 2, MPI_INT, MPI_COMM_WORLD); break;
    }
}

int main(int argc, char **argv)
{
    static const char *names[] = { "barrier", "bcast 8 B", "bcast 64 KB", "reduce 8 B", "allreduce 8 B",
                                   "alltoall 8 B" };
    const char *only = argc > 1 ? argv[1] : 0;
    int rank, size, kind, it, i, bad = 0, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 2) {
        bigbytes = atoi(argv[2]);
        names[2] = "bcast";
    }
    big = (char *)malloc(bigbytes + 1);
    a2a_s = (int *)malloc(2 * size * sizeof(int));
    a2a_r = (int *)malloc(2 * size * sizeof(int));
    one = rank;
    for (kind = 0; kind < 6; kind++) {
        double sum = 0;
        if (only && !strchr(only, '0' + kind))
            continue;
        for (it = 0; it < CALLS; it++) {
            double t0, t1, first, last;
            if (kind == 2)
                for (i = 0; i < bigbytes; i++)
                    big[i] = rank == 0 ? (char)(i * 7 + it) : 0;
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            call(kind);
            t1 = MPI_Wtime();
            MPI_Reduce(&t0, &first, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
            MPI_Reduce(&t1, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
            sum += last - first;
            if (kind == 2)
                for (i = 0; i < bigbytes; i += 61)
                    bad += big[i] != (char)(i * 7 + it);
        }
        if (rank == 0)
            printf("%-14s %2d ranks %9.0f cycles\n", names[kind], size, sum / CALLS * 1e9);
    }
    MPI_Reduce(&bad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && total)
        printf("collbench: broadcast data wrong in %d places\n", total);
    MPI_Finalize();
    return total != 0;
}
