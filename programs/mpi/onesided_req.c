/* onesided_req.c - the one-sided calls of MPI-3 beyond onesided3.c's: request-based operations (MPI_Rput, MPI_Rget,
 * MPI_Raccumulate, MPI_Rget_accumulate) completed by MPI_Wait, MPI_Test and MPI_Waitall inside passive-target
 * epochs (lock_all, and an exclusive lock with the request waited for after the unlock); window attributes
 * (MPI_WIN_BASE, MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR, MPI_WIN_MODEL) and user keyvals with
 * their delete callbacks, at MPI_Win_delete_attr and at MPI_Win_free; window names; a dynamic window with memory attached at MPI_Get_address displacements;
 * a shared window of one process (MPI_COMM_SELF) and MPI_Win_shared_query. Every process checks what it gets;
 * rank 0 prints one line per case. The output is the same under MPICH. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "check.h"

#define N 32

static int deleted, wrong;
static MPI_Win freeing = MPI_WIN_NULL;  /* the window MPI_Win_free is deleting the attributes of, if any */

static int count_delete(MPI_Win win, int keyval, void *val, void *extra)
{
    (void)keyval;
    (void)extra;
    if (freeing != MPI_WIN_NULL && win != freeing)
        wrong++;
    deleted += *(int *)val;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int i, *buf, right, left;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &buf, &win);
    for (i = 0; i < N; i++)
        buf[i] = -1;
    MPI_Barrier(MPI_COMM_WORLD);

    /* lock_all: an MPI_Rput to the right neighbour waited for, made complete there by a flush */
    MPI_Win_lock_all(0, win);
    {
        int v[4];
        MPI_Request req;
        for (i = 0; i < 4; i++)
            v[i] = 100 * rank + i;
        MPI_Rput(v, 4, MPI_INT, right, 0, 4, MPI_INT, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        check(req == MPI_REQUEST_NULL);
        for (i = 0; i < 4; i++)
            v[i] = -5;              /* the origin buffer is free once the request is complete */
        MPI_Win_flush(right, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (i = 0; i < 4; i++)
        check(buf[i] == 100 * left + i);
    report("MPI_Rput in a lock_all epoch, MPI_Wait, then flushed");

    /* an MPI_Rget of the left neighbour's words, MPI_Test until done */
    {
        int back[4], flag = 0;
        MPI_Request req;
        for (i = 0; i < 4; i++)
            back[i] = -9;
        MPI_Rget(back, 4, MPI_INT, left, 0, 4, MPI_INT, win, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        for (i = 0; i < 4; i++)
            check(back[i] == 100 * ((rank + size - 2) % size) + i);
    }
    report("MPI_Rget of the left neighbour's window, MPI_Test until done");

    /* MPI_Raccumulate from every process to rank 0 (four requests), MPI_Waitall, flush_all */
    MPI_Barrier(MPI_COMM_WORLD);
    {
        int one = 1, two[2];
        MPI_Request reqs[4];
        two[0] = rank;
        two[1] = 2 * rank;
        if (rank == 0)
            for (i = 8; i < 12; i++)
                buf[i] = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Raccumulate(&one, 1, MPI_INT, 0, 8, 1, MPI_INT, MPI_SUM, win, &reqs[0]);
        MPI_Raccumulate(two, 2, MPI_INT, 0, 9, 2, MPI_INT, MPI_SUM, win, &reqs[1]);
        MPI_Raccumulate(&rank, 1, MPI_INT, 0, 11, 1, MPI_INT, MPI_MAX, win, &reqs[2]);
        MPI_Raccumulate(&one, 1, MPI_INT, 0, 8, 1, MPI_INT, MPI_SUM, win, &reqs[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < 4; i++)
            check(reqs[i] == MPI_REQUEST_NULL);
        MPI_Win_flush_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0)
            check(buf[8] == 2 * size && buf[9] == size * (size - 1) / 2 && buf[10] == size * (size - 1)
                  && buf[11] == size - 1);
    }
    report("MPI_Raccumulate from every process to rank 0, MPI_Waitall, flush_all");

    /* MPI_Rget_accumulate: a counter at rank 0 fetched and added to by every process, then read by MPI_NO_OP */
    {
        int one = 1, old = -1, seen[64], all[64], now = -1;
        MPI_Request req;
        if (rank == 0)
            buf[12] = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Rget_accumulate(&one, 1, MPI_INT, &old, 1, MPI_INT, 0, 12, 1, MPI_INT, MPI_SUM, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (i = 0; i < 64; i++)
            seen[i] = 0;
        if (old >= 0 && old < size)
            seen[old] = 1;
        MPI_Allreduce(seen, all, size, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < size; i++)
            check(all[i] == 1);     /* every value 0 .. size-1 fetched once */
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Rget_accumulate(0, 0, MPI_INT, &now, 1, MPI_INT, 0, 12, 1, MPI_INT, MPI_NO_OP, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        check(now == size);
    }
    report("MPI_Rget_accumulate: MPI_SUM from every process, then MPI_NO_OP");
    MPI_Win_unlock_all(win);

    /* an exclusive lock: MPI_Rput, the unlock, then MPI_Wait on the request */
    MPI_Barrier(MPI_COMM_WORLD);
    {
        int v = 7000 + rank;
        MPI_Request req;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
        MPI_Rput(&v, 1, MPI_INT, right, 13, 1, MPI_INT, win, &req);
        MPI_Win_unlock(right, win);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    check(buf[13] == 7000 + left);
    report("MPI_Rput under an exclusive lock, waited for after the unlock");

    /* the window's attributes */
    {
        void *base;
        MPI_Aint *wsize;
        int *unit, *flavor, *model, flag, f2, f3, f4, f5;
        MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
        MPI_Win_get_attr(win, MPI_WIN_SIZE, &wsize, &f2);
        MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &unit, &f3);
        MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &f4);
        MPI_Win_get_attr(win, MPI_WIN_MODEL, &model, &f5);
        check(flag && f2 && f3 && f4 && f5);
        check(base == buf && *wsize == N * (int)sizeof(int) && *unit == sizeof(int));
        check(*flavor == MPI_WIN_FLAVOR_ALLOCATE);
        check(*model == MPI_WIN_UNIFIED || *model == MPI_WIN_SEPARATE);
    }
    report("MPI_Win_get_attr: base, size, displacement unit, flavor and model of an allocated window");

    /* keyvals: an attribute put, read, replaced and deleted (its delete callback each time) */
    {
        int key, one = 1, ten = 10, *got, flag;
        deleted = 0;
        MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, count_delete, &key, 0);
        MPI_Win_get_attr(win, key, &got, &flag);
        check(!flag);
        MPI_Win_set_attr(win, key, &one);
        MPI_Win_get_attr(win, key, &got, &flag);
        check(flag && got == &one);
        MPI_Win_set_attr(win, key, &ten);
        check(deleted == 1);
        MPI_Win_delete_attr(win, key);
        check(deleted == 11);
        MPI_Win_get_attr(win, key, &got, &flag);
        check(!flag);
        MPI_Win_free_keyval(&key);
        check(key == MPI_KEYVAL_INVALID);
    }
    report("MPI_Win_create_keyval, set_attr, get_attr, delete_attr and their delete callback");

    /* names */
    {
        char name[MPI_MAX_OBJECT_NAME];
        int len = -1;
        MPI_Win_get_name(win, name, &len);
        check(len == 0 && name[0] == 0);
        MPI_Win_set_name(win, "the ring's window");
        MPI_Win_get_name(win, name, &len);
        check(len == 17 && strcmp(name, "the ring's window") == 0);
    }
    report("MPI_Win_set_name and get_name");
    MPI_Win_free(&win);

    /* a window of MPI_Win_create: its flavor */
    {
        int mem[4], *flavor, flag;
        MPI_Win w2;
        MPI_Win_create(mem, sizeof mem, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w2);
        MPI_Win_get_attr(w2, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
        check(flag && *flavor == MPI_WIN_FLAVOR_CREATE);
        MPI_Win_free(&w2);
    }
    report("MPI_Win_create's window: MPI_WIN_FLAVOR_CREATE");

    /* MPI_Win_free deletes the window's attributes: each one's delete callback once, given the window */
    {
        int mem[4], k1, k2, three = 3, forty = 40, *got, flag;
        MPI_Win w3;
        deleted = 0;
        MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, count_delete, &k1, 0);
        MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, count_delete, &k2, 0);
        MPI_Win_create(mem, sizeof mem, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w3);
        MPI_Win_set_attr(w3, k1, &three);
        MPI_Win_set_attr(w3, k2, &forty);
        MPI_Win_get_attr(w3, k2, &got, &flag);
        check(flag && got == &forty && deleted == 0);
        freeing = w3;
        MPI_Win_free(&w3);
        freeing = MPI_WIN_NULL;
        check(deleted == 43 && wrong == 0 && w3 == MPI_WIN_NULL);
        /* a window made again after it has none */
        MPI_Win_create(mem, sizeof mem, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w3);
        MPI_Win_get_attr(w3, k1, &got, &flag);
        check(!flag);
        MPI_Win_free(&w3);
        check(deleted == 43);
        MPI_Win_free_keyval(&k1);
        MPI_Win_free_keyval(&k2);
    }
    report("MPI_Win_free: each attribute's delete callback once, given the window");

    /* a dynamic window: memory attached, its address given to the left neighbour, which puts there */
    {
        int *mine = (int *)malloc(8 * sizeof(int)), *flavor, flag;
        MPI_Aint addr, addrs[64];
        MPI_Win dwin;
        MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dwin);
        MPI_Win_get_attr(dwin, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
        check(flag && *flavor == MPI_WIN_FLAVOR_DYNAMIC);
        for (i = 0; i < 8; i++)
            mine[i] = -1;
        MPI_Win_attach(dwin, mine, 8 * sizeof(int));
        MPI_Get_address(mine, &addr);
        MPI_Allgather(&addr, sizeof addr, MPI_BYTE, addrs, sizeof addr, MPI_BYTE, MPI_COMM_WORLD);
        MPI_Win_fence(0, dwin);
        {
            int v[2];
            v[0] = rank;
            v[1] = 50 + rank;
            MPI_Put(v, 2, MPI_INT, right, addrs[right] + 2 * sizeof(int), 2, MPI_INT, dwin);
        }
        MPI_Win_fence(0, dwin);
        check(mine[2] == left && mine[3] == 50 + left && mine[0] == -1 && mine[4] == -1);
        /* and read back from the right neighbour under a lock, by a request */
        {
            int back[2] = {-3, -3};
            MPI_Request req;
            MPI_Win_lock(MPI_LOCK_SHARED, right, 0, dwin);
            MPI_Rget(back, 2, MPI_INT, right, addrs[right] + 2 * sizeof(int), 2, MPI_INT, dwin, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            MPI_Win_unlock(right, dwin);
            check(back[0] == rank && back[1] == 50 + rank);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_detach(dwin, mine);
        MPI_Win_free(&dwin);
        free(mine);
    }
    report("MPI_Win_create_dynamic, attach, a put and an MPI_Rget at MPI_Get_address displacements, detach");

    /* a shared window of one process */
    {
        double *mem, *q;
        MPI_Aint qsize;
        int qunit, *flavor, flag;
        MPI_Win swin;
        MPI_Win_allocate_shared(6 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_SELF, &mem, &swin);
        MPI_Win_get_attr(swin, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
        check(flag && *flavor == MPI_WIN_FLAVOR_SHARED);
        MPI_Win_shared_query(swin, 0, &qsize, &qunit, &q);
        check(q == mem && qsize == 6 * (int)sizeof(double) && qunit == sizeof(double));
        MPI_Win_shared_query(swin, MPI_PROC_NULL, &qsize, &qunit, &q);
        check(q == mem);
        MPI_Win_lock_all(0, swin);
        for (i = 0; i < 6; i++)
            q[i] = rank + 0.5 * i;
        MPI_Win_sync(swin);
        for (i = 0; i < 6; i++)
            check(mem[i] == rank + 0.5 * i);
        MPI_Win_unlock_all(swin);
        MPI_Win_free(&swin);
    }
    report("MPI_Win_allocate_shared on MPI_COMM_SELF and MPI_Win_shared_query");

    if (rank == 0)
        printf("%s\n", failed ? "onesided_req: FAILED" : "onesided_req: all ok");
    MPI_Finalize();
    return failed;
}
