/* A process polling its own window's memory with MPI_Win_sync while the others update it (MPI-3, the unified
 * model): rank 0, inside MPI_Win_lock_all, reads its window as plain memory between calls to MPI_Win_sync until
 * the accumulates of every other rank have landed in slot 0, and then their puts in slots 1 to size - 1. Next to
 * MPI_Win_sync its loops call only MPI_Test on an inactive persistent request: that returns at once in this
 * libmpi (nothing to wait for) but makes MPICH's progress engine run, which MPICH's MPI_Win_sync does not; so
 * here the updates land only if MPI_Win_sync lets the node apply what the others sent. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, r, *mem, want = 0, bad = 0, flag, one = 1, value;
    volatile int *v;
    MPI_Request idle;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(size * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    v = mem;
    for (r = 0; r < size; r++)
        mem[r] = 0;
    for (r = 1; r < size; r++)
        want += r;
    MPI_Send_init(&one, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &idle);
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_lock_all(0, win);
    if (rank != 0) {
        MPI_Accumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
        value = 1000 + rank;
        MPI_Put(&value, 1, MPI_INT, 0, rank, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
    } else {
        while (v[0] != want) {
            MPI_Win_sync(win);
            MPI_Test(&idle, &flag, MPI_STATUS_IGNORE);
        }
        for (r = 1; r < size; r++)
            while (v[r] != 1000 + r) {
                MPI_Win_sync(win);
                MPI_Test(&idle, &flag, MPI_STATUS_IGNORE);
            }
        printf("slot 0 by MPI_Win_sync: %d (the sum of the ranks)\n", v[0]);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    /* every rank reads the slots back */
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    for (r = 0; r < size; r++) {
        MPI_Get(&value, 1, MPI_INT, 0, r, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        if (value != (r == 0 ? want : 1000 + r))
            bad++;
    }
    MPI_Win_unlock(0, win);
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d processes: %d accumulates and %d puts polled for, %d wrong readings\n", size, size - 1, size - 1,
               bad);
    MPI_Request_free(&idle);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
