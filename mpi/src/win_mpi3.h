/* The MPI-3 one-sided calls that are the same whatever moves the bytes, included by SCMP's win.c, the T3D's
 * t3d/win_t3d.c and the SP's sp/win_lapi.c: MPI_Win_lock_all and MPI_Win_unlock_all over the library's MPI_Win_lock and
 * MPI_Win_unlock, the four flushes over its flush_one(w, rank) (this process's operations to rank complete there,
 * the lock kept), MPI_Win_get_group, and MPI_Alloc_mem and MPI_Free_mem (node memory is all alike on every
 * machine: malloc). SCMP's flush_one is its release(w, rank, 0), an unlock's completion without the unlock.
 * Needs a `struct win` with comm, size, locked and
 * all_locked, and win_of(). */
#ifndef MPI_WIN_MPI3_H
#define MPI_WIN_MPI3_H

/* A shared lock on every process, taken one after the other (shared locks wait only for exclusive ones, which
 * their holders give back). */
int MPI_Win_lock_all(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int r, err = MPI_SUCCESS;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_lock_all");
    for (r = 0; r < w->size; r++)
        if (w->locked[r])
            return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_lock_all");
    for (r = 0; r < w->size && err == MPI_SUCCESS; r++)
        err = MPI_Win_lock(MPI_LOCK_SHARED, r, assert, win);
    w->all_locked = err == MPI_SUCCESS;
    return err;
}

int MPI_Win_unlock_all(MPI_Win win)
{
    struct win *w = win_of(win);
    int r, err = MPI_SUCCESS;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_unlock_all");
    if (!w->all_locked)
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_unlock_all");
    for (r = 0; r < w->size && err == MPI_SUCCESS; r++)
        err = MPI_Win_unlock(r, win);
    w->all_locked = 0;
    return err;
}

/* Completes this process's operations to rank (or to every process it holds a lock at: rank -1) at the origin
 * and at the target; the locks stay. Local completion is the same, so the _local forms are these. */
static int flush(MPI_Win win, int rank, const char *fn)
{
    struct win *w = win_of(win);
    int r, err = MPI_SUCCESS;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, fn);
    if (rank >= w->size || rank < -1)
        return __mpi_win_error(win, rank == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK, fn);
    if (rank >= 0 && !w->locked[rank])
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, fn);
    for (r = rank < 0 ? 0 : rank; r < (rank < 0 ? w->size : rank + 1); r++)
        if (w->locked[r] && err == MPI_SUCCESS)
            err = flush_one(w, r);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, fn);
}

int MPI_Win_flush(int rank, MPI_Win win)
{
    return rank < 0 ? flush(win, rank == MPI_PROC_NULL ? rank : -2, "MPI_Win_flush") : flush(win, rank, "MPI_Win_flush");
}

int MPI_Win_flush_all(MPI_Win win)
{
    return flush(win, -1, "MPI_Win_flush_all");
}

int MPI_Win_flush_local(int rank, MPI_Win win)
{
    return rank < 0 ? flush(win, rank == MPI_PROC_NULL ? rank : -2, "MPI_Win_flush_local")
                    : flush(win, rank, "MPI_Win_flush_local");
}

int MPI_Win_flush_local_all(MPI_Win win)
{
    return flush(win, -1, "MPI_Win_flush_local_all");
}

int MPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_get_group");
    return MPI_Comm_group(w->comm, group);
}

/* ---- Memory for windows (MPI-2 section 4.11) --------------------------------------------------------------- */

/* (WIN_MPI3_NO_ALLOC_MEM: a second library of the same machine that includes this, the SP's sp/win_mpci.c,
 * leaves them to the first, sp/win_lapi.c.) */
#ifndef WIN_MPI3_NO_ALLOC_MEM

/* Node memory is all alike: MPI_Alloc_mem is malloc, checked (MPI_ERR_NO_MEM through MPI_COMM_WORLD's
 * handler, as the call has no communicator). */
int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    char *mem;
    (void)info;
    if (size < 0)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_SIZE, "MPI_Alloc_mem");
    if (!baseptr)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Alloc_mem");
    mem = (char *)malloc(size > 0 ? (int)size : 1);
    if (!mem)
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Alloc_mem", (int)size);
    *(void **)baseptr = mem;
    return MPI_SUCCESS;
}

int MPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
#endif

#endif
