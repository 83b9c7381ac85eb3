/* The collective timings of seed 001 section 4.2 on the T3D's MPI, for the partition it runs on: the
 * barrier (on every process, the hardware barrier; on all but the last, the software tree, as the seed
 * measured it, "a communicator one less than the power of two processes"), a 2 KB broadcast (seed 001's
 * Figure 9) and a 1 KB one (seed 000's Table 2), the sum of 1 KB of ints to rank 0 (the seed's 128 are the
 * T3D's 64-bit ints; ours are 32-bit, so 256), and an all-to-all of 1 KB blocks. Each is timed over reps back-to-back calls;
 * the figure is the slowest process's time per call (for rooted operations, the time for all processes to
 * complete). Prints: OPERATION PROCESSES cycles us. Usage: collbench [reps] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int reps;

/* Times op over comm (every process of the world calls this; those outside comm pass MPI_COMM_NULL). */
static void timed(const char *name, MPI_Comm comm, void (*op)(MPI_Comm))
{
    double t0, t = 0, slowest;
    int i, rank, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (comm != MPI_COMM_NULL) {
        MPI_Comm_size(comm, &size);
        op(comm);                               /* once untimed: first-touch costs stay out */
        MPI_Barrier(comm);
        t0 = MPI_Wtime();
        for (i = 0; i < reps; i++)
            op(comm);
        t = (MPI_Wtime() - t0) / reps;
    }
    MPI_Reduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Bcast(&size, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s %d %.0f %.2f\n", name, size, slowest * 150e6, slowest * 1e6);
}

static char bbuf[2048], abuf[1024 * 64], cbuf[1024 * 64];
static int rin[256], rout[256];

static void barrier(MPI_Comm c)
{
    MPI_Barrier(c);
}

static void bcast(MPI_Comm c)
{
    MPI_Bcast(bbuf, (int)sizeof bbuf, MPI_BYTE, 0, c);
}

static void bcast1k(MPI_Comm c)
{
    MPI_Bcast(bbuf, 1024, MPI_BYTE, 0, c);
}

static void reduce(MPI_Comm c)
{
    MPI_Reduce(rin, rout, 256, MPI_INT, MPI_SUM, 0, c);
}

static void alltoall(MPI_Comm c)
{
    MPI_Alltoall(abuf, 1024, MPI_BYTE, cbuf, 1024, MPI_BYTE, c);
}

int main(int argc, char **argv)
{
    int rank, size, i;
    MPI_Comm part;
    MPI_Init(&argc, &argv);
    reps = argc > 1 ? atoi(argv[1]) : 4;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < 256; i++)
        rin[i] = rank + i;
    MPI_Comm_split(MPI_COMM_WORLD, size > 1 && rank == size - 1 ? MPI_UNDEFINED : 0, rank, &part);
    timed("barrier-hw", MPI_COMM_WORLD, barrier);
    if (size > 2)
        timed("barrier", part, barrier);
    timed("bcast", MPI_COMM_WORLD, bcast);
    timed("bcast-1k", MPI_COMM_WORLD, bcast1k);
    timed("reduce", MPI_COMM_WORLD, reduce);
    if (size <= 64)
        timed("alltoall", MPI_COMM_WORLD, alltoall);
    MPI_Finalize();
    return 0;
}
