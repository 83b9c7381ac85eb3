/* flush.c - MPI_Win_flush(rank) completes the operations to that target only (docs/mpi-sp.md, "One-sided
 * communication"): rank 0 holds MPI_Win_lock_all and puts an int to each other process; then rank 1 waits in
 * MPI_Barrier (its MPI takes the packets) while the last rank computes for BUSY cycles without calling MPI (so,
 * in polling mode, nothing takes its packets). Rank 0 times MPI_Win_flush to rank 1, then to the last rank, and
 * prints both with the busy time; a flush that completed every target's operations would wait for the last rank
 * the first time. Only MPI calls and MPI_Wtime/MPI_Wtick (a cycle counter on every machine here). Run it on
 * three processes or more; it checks the puts and says so at the end. */
#include <stdio.h>
#include <mpi.h>

#define BUSY 100000     /* cycles */

static unsigned cycles(double t0, double t1)
{
    return (unsigned)((t1 - t0) / MPI_Wtick() + 0.5);
}

int main(int argc, char **argv)
{
    static int value[128];
    int rank, size, r, mine = -1, all_ok;
    double t0, t1, t2, end;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(&mine, sizeof mine, sizeof mine, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0)
        MPI_Win_lock_all(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (r = 1; r < size && r < 128; r++) {
            value[r] = r;
            MPI_Put(&value[r], 1, MPI_INT, r, 0, 1, MPI_INT, win);
        }
        t0 = MPI_Wtime();
        MPI_Win_flush(1, win);
        t1 = MPI_Wtime();
        MPI_Win_flush(size - 1, win);
        t2 = MPI_Wtime();
        printf("flush: to rank 1 %u cycles, then to rank %d %u cycles (busy %u cycles)\n", cycles(t0, t1),
               size - 1, cycles(t1, t2), BUSY);
        printf("flush: the first waited for rank 1 only: %s\n", cycles(t0, t1) < BUSY / 4 ? "yes" : "no");
        MPI_Win_unlock_all(win);
    } else if (rank == size - 1) {
        end = MPI_Wtime() + BUSY * MPI_Wtick();
        while (MPI_Wtime() < end)
            ;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    r = rank == 0 || mine == rank;
    MPI_Reduce(&r, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
    MPI_Win_free(&win);
    if (rank == 0)
        printf("flush: puts %s\n", all_ok ? "ok" : "WRONG");
    MPI_Finalize();
    return 0;
}
