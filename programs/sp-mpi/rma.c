/* rma.c - one-sided latency and bandwidth (docs/mpi-sp.md, "One-sided communication"): rank 0 puts to and gets
 * from rank 1's window between fences, three times per size, and prints the cycles of the last time: the epoch
 * (the operation and the fence that completes it), what it takes beyond an empty epoch, and the bytes per
 * microsecond of the whole epoch; then a put of one int to rank 1 under an exclusive lock (lock, put, unlock).
 * Only MPI calls and MPI_Wtime/MPI_Wtick (a cycle counter on every machine here), so it runs unchanged on SCMP,
 * the T3D and the SP. The other ranks only take part in the fences. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MOST 65536

static const int sizes[] = {4, 64, 1024, 8192, 65536};

static unsigned cycles(double t0, double t1)
{
    return (unsigned)((t1 - t0) / MPI_Wtick() + 0.5);
}

int main(int argc, char **argv)
{
    int rank, k, i, op, *mine = (int *)calloc(MOST / 4, 4), *buf = (int *)calloc(MOST / 4, 4), v = 7;
    double t0 = 0, t1 = 0, mhz;
    unsigned empty = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mhz = 1.0e-6 / MPI_Wtick();
    MPI_Win_create(mine, MOST, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    for (i = 0; i < 3; i++) {
        t0 = MPI_Wtime();
        MPI_Win_fence(0, win);
        t1 = MPI_Wtime();
    }
    empty = cycles(t0, t1);
    if (rank == 0)
        printf("rma: an empty epoch (a fence) %u cycles\n", empty);
    for (op = 0; op < 2; op++)
        for (k = 0; k < (int)(sizeof sizes / sizeof sizes[0]); k++) {
            for (i = 0; i < 3; i++) {
                t0 = MPI_Wtime();
                if (rank == 0 && op == 0)
                    MPI_Put(buf, sizes[k], MPI_BYTE, 1, 0, sizes[k], MPI_BYTE, win);
                else if (rank == 0)
                    MPI_Get(buf, sizes[k], MPI_BYTE, 1, 0, sizes[k], MPI_BYTE, win);
                MPI_Win_fence(0, win);
                t1 = MPI_Wtime();
            }
            if (rank == 0)
                printf("rma: %s %5d bytes, epoch %7u cycles, beyond an empty one %7u cycles, %6.1f MB/s\n",
                       op ? "get" : "put", sizes[k], cycles(t0, t1), cycles(t0, t1) - empty,
                       sizes[k] * mhz / cycles(t0, t1));
        }
    if (rank == 0) {
        for (i = 0; i < 3; i++) {
            t0 = MPI_Wtime();
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
            MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
            MPI_Win_unlock(1, win);
            t1 = MPI_Wtime();
        }
        printf("rma: lock, put of 4 bytes, unlock %u cycles\n", cycles(t0, t1));
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
