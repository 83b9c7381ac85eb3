/* onesided3.c - the one-sided calls of MPI-3 (and MPI-2's MPI_Alloc_mem and general active target) that
 * ordinary programs use, beyond onesided.c's: a window in MPI_Alloc_mem memory, MPI_Win_get_group; passive
 * target on every process at once (MPI_Win_lock_all/unlock_all) with MPI_Win_flush, flush_all, flush_local and
 * flush_local_all completing puts, gets and accumulates while the locks stay; locks at two targets held
 * together and given back in either order; an accumulate from a derived origin type; general active target
 * (MPI_Win_post, start, complete, wait and test); MPI_Fetch_and_op, MPI_Compare_and_swap and
 * MPI_Get_accumulate (MPI_SUM, MPI_REPLACE, MPI_NO_OP), to a strided target too. Every process checks what
 * it gets; rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define N 64

int main(int argc, char **argv)
{
    int i, *buf, right, left, result;
    MPI_Win win;
    MPI_Group g, wg;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    /* a window of N ints in MPI_Alloc_mem memory */
    MPI_Alloc_mem(N * sizeof(int), MPI_INFO_NULL, &buf);
    for (i = 0; i < N; i++)
        buf[i] = -1;
    MPI_Win_create(buf, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    check(buf[0] == left);
    report("MPI_Alloc_mem memory as a window, a put between fences");

    MPI_Win_get_group(win, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_compare(g, wg, &result);
    check(result == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    report("MPI_Win_get_group: the group of the window's communicator");

    /* lock_all: a put to the right neighbour, flushed, read back by a get, flushed; accumulates to rank 0 */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    {
        int v[4], back[4];
        for (i = 0; i < 4; i++) {
            v[i] = 1000 * rank + i;
            back[i] = -7;
        }
        MPI_Put(v, 4, MPI_INT, right, 4 + 0, 4, MPI_INT, win);
        MPI_Win_flush(right, win);
        MPI_Get(back, 4, MPI_INT, right, 4, 4, MPI_INT, win);
        MPI_Win_flush_local(right, win);
        for (i = 0; i < 4; i++)
            check(back[i] == v[i]);
        v[0] = rank + 1;
        MPI_Accumulate(v, 1, MPI_INT, 0, 8 + 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_flush_all(win);
        MPI_Accumulate(v, 1, MPI_INT, 0, 9, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_flush_local_all(win);
        MPI_Win_sync(win);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    for (i = 0; i < 4; i++)
        check(buf[4 + i] == 1000 * left + i);
    report("MPI_Win_lock_all: a put flushed, then read back by a get");
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    if (rank == 0)
        check(buf[8] == -1 + size * (size + 1) / 2 && buf[9] == buf[8]);
    MPI_Win_unlock(rank, win);
    report("MPI_Win_flush_all and flush_local_all: accumulates from every process at rank 0");

    /* exclusive locks at two targets held together, given back in either order */
    MPI_Barrier(MPI_COMM_WORLD);
    for (i = 0; i < 2; i++) {
        int one = 1;
        /* in rank order, so that no two processes wait for each other's */
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, left < right ? left : right, 0, win);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, left < right ? right : left, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, right, 12, 1, MPI_INT, MPI_SUM, win);
        MPI_Accumulate(&one, 1, MPI_INT, left, 13, 1, MPI_INT, MPI_SUM, win);
        if (i == 0) {
            MPI_Win_unlock(left, win);
            MPI_Win_unlock(right, win);
        } else {
            MPI_Win_unlock(right, win);
            MPI_Win_unlock(left, win);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    check(buf[12] == -1 + 2 && buf[13] == -1 + 2);
    report("MPI_Win_lock at two targets, accumulates, unlocked in either order");

    /* an accumulate whose origin type is derived (every other int) and the target's predefined */
    {
        int src[8];
        MPI_Datatype every_other;
        for (i = 0; i < 8; i++)
            src[i] = 10 * rank + i;
        MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(src, 1, every_other, 0, 24, 4, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(0, win);
        MPI_Type_free(&every_other);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0)
            for (i = 0; i < 4; i++)
                check(buf[24 + i] == -1 + 10 * size * (size - 1) / 2 + 2 * i * size);
        report("MPI_Accumulate of a strided origin type into ints at rank 0");
    }

    /* general active target: each process exposes its window to its left neighbour and accesses its right
     * one's (a put and a get); then everyone accumulates into rank 0's, which waits with MPI_Win_test */
    MPI_Barrier(MPI_COMM_WORLD);
    {
        MPI_Group world, lg, rg, others;
        int v = 10 * rank + 3, back = -9, flag = 0, zero = 0, polls = 0;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, 1, &left, &lg);
        MPI_Group_incl(world, 1, &right, &rg);
        MPI_Group_excl(world, 1, &zero, &others);
        MPI_Win_post(lg, 0, win);
        MPI_Win_start(rg, 0, win);
        MPI_Put(&v, 1, MPI_INT, right, 20, 1, MPI_INT, win);
        MPI_Get(&back, 1, MPI_INT, right, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        check(buf[20] == 10 * left + 3 && back == rank);
        report("MPI_Win_post/start/complete/wait: a put and a get to the right neighbour");
        if (rank == 0) {
            buf[21] = 0;
            MPI_Win_post(others, 0, win);
            while (!flag) {
                MPI_Win_test(win, &flag);
                polls++;
            }
            check(buf[21] == size * (size - 1) / 2 && polls > 0);
        } else {
            MPI_Group g0;
            MPI_Group_incl(world, 1, &zero, &g0);
            MPI_Win_start(g0, 0, win);
            MPI_Accumulate(&rank, 1, MPI_INT, 0, 21, 1, MPI_INT, MPI_SUM, win);
            MPI_Win_complete(win);
            MPI_Group_free(&g0);
        }
        report("MPI_Win_post/start/complete/test: accumulates from every process to rank 0");
        MPI_Group_free(&world);
        MPI_Group_free(&lg);
        MPI_Group_free(&rg);
        MPI_Group_free(&others);
    }

    /* atomics at rank 0 under shared locks: a counter every process adds to, a slot one of them wins */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        buf[16] = 100;
        buf[18] = -1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    {
        int one = 1, got = -5, sum = 0, now = -5;
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Fetch_and_op(&one, &got, MPI_INT, 0, 16, MPI_SUM, win);
        MPI_Win_unlock(0, win);
        /* every process saw another count before its own addition: 100 + 0, 1, ..., size - 1 */
        MPI_Allreduce(&got, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check(sum == 100 * size + size * (size - 1) / 2 && got >= 100 && got < 100 + size);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Fetch_and_op(0, &now, MPI_INT, 0, 16, MPI_NO_OP, win);
        MPI_Win_unlock(0, win);
        check(now == 100 + size);
        report("MPI_Fetch_and_op: MPI_SUM from every process, then MPI_NO_OP");
    }
    {
        int minus = -1, mine = rank, old = -5, won, wins = 0, now = -5;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Compare_and_swap(&mine, &minus, &old, MPI_INT, 0, 18, win);
        MPI_Win_unlock(0, win);
        won = old == -1;
        MPI_Allreduce(&won, &wins, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Fetch_and_op(0, &now, MPI_INT, 0, 18, MPI_NO_OP, win);
        MPI_Win_unlock(0, win);
        check(wins == 1 && (won ? now == rank : old == now) && now >= 0 && now < size);
        report("MPI_Compare_and_swap: one process of all swaps its rank in");
    }

    /* MPI_Get_accumulate between fences: doubles into every other element of the right neighbour's window,
     * the old values back into a contiguous buffer; then MPI_REPLACE */
    {
        MPI_Datatype every_other;
        double *dw, in[6], old[6];
        MPI_Win dwin;
        MPI_Win_allocate(12 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &dw, &dwin);
        for (i = 0; i < 12; i++)
            dw[i] = 0.5 * i;
        MPI_Type_vector(6, 1, 2, MPI_DOUBLE, &every_other);
        MPI_Type_commit(&every_other);
        for (i = 0; i < 6; i++)
            in[i] = rank + 0.25 * i;
        MPI_Win_fence(0, dwin);
        MPI_Get_accumulate(in, 6, MPI_DOUBLE, old, 6, MPI_DOUBLE, right, 0, 1, every_other, MPI_SUM, dwin);
        MPI_Win_fence(0, dwin);
        for (i = 0; i < 6; i++)
            check(old[i] == i && dw[2 * i] == i + left + 0.25 * i && dw[2 * i + 1] == i + 0.5);
        MPI_Barrier(MPI_COMM_WORLD);        /* before the next epoch's accesses to what was just read */
        MPI_Get_accumulate(in, 2, MPI_DOUBLE, old, 2, MPI_DOUBLE, left, 1, 2, MPI_DOUBLE, MPI_REPLACE, dwin);
        MPI_Win_fence(0, dwin);
        /* the left neighbour's second and third elements: one untouched, one its own left neighbour added to */
        check(old[0] == 0.5 && old[1] == 1.25 + (rank + size - 2) % size && dw[1] == right && dw[2] == right + 0.25);
        MPI_Type_free(&every_other);
        MPI_Win_free(&dwin);
        report("MPI_Get_accumulate: MPI_SUM of doubles to a strided target, then MPI_REPLACE");
    }

    MPI_Win_free(&win);
    MPI_Free_mem(buf);
    if (rank == 0)
        printf("%s\n", failed ? "onesided3: FAILED" : "onesided3: all ok");
    MPI_Finalize();
    return 0;
}
