/* A process polling its own window while the others update it (MPI-3 passive target): rank 0 waits, inside
 * MPI_Win_lock_all, for the accumulates of every other rank to land in its window, reading it two ways:
 * MPI_Fetch_and_op with MPI_NO_OP on itself and MPI_Win_flush, and MPI_Get on itself and MPI_Win_flush_local. The pattern is MPICH's rma/linked_list_lockall (a list whose tail is polled
 * with atomics and flushes). Each loop calls nothing but one-sided calls on the process's own window, so the
 * updates land only if those calls let the others' accumulates be applied. */
#include <mpi.h>
#include <stdio.h>

#define SLOTS 2

int main(int argc, char **argv)
{
    int rank, size, i, r, *mem, want = 0, have, fetched, bad = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(SLOTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    for (i = 0; i < SLOTS; i++)
        mem[i] = 0;
    for (r = 1; r < size; r++)
        want += r * r;
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_lock_all(0, win);
    if (rank != 0) {
        /* slot i gets rank * rank, in rank pieces of rank each */
        for (i = 0; i < SLOTS; i++) {
            for (r = 0; r < rank; r++) {
                MPI_Accumulate(&rank, 1, MPI_INT, 0, i, 1, MPI_INT, MPI_SUM, win);
                MPI_Win_flush(0, win);
            }
        }
    } else {
        /* 1: atomics on itself and flushes */
        do {
            MPI_Fetch_and_op(NULL, &have, MPI_INT, 0, 0, MPI_NO_OP, win);
            MPI_Win_flush(0, win);
        } while (have != want);
        printf("slot 0 by MPI_Fetch_and_op and MPI_Win_flush: %d\n", have);
        /* 2: gets from itself and local flushes */
        do {
            MPI_Get(&have, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
            MPI_Win_flush_local(0, win);
        } while (have != want);
        printf("slot 1 by MPI_Get and MPI_Win_flush_local: %d\n", have);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);

    /* every rank reads the two slots back with a compare-and-swap that never matches */
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    for (i = 0; i < SLOTS; i++) {
        int never = -1, none = -2;
        MPI_Compare_and_swap(&none, &never, &fetched, MPI_INT, 0, i, win);
        MPI_Win_flush(0, win);
        if (fetched != want)
            bad++;
    }
    MPI_Win_unlock(0, win);
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d processes: every slot %d (the sum of r*r for r < %d), %d wrong readings\n", size, want, size, bad);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
