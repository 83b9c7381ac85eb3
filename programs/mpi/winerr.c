/* Window error handlers (MPI-2 section 4.13.2): a new window answers MPI_ERRORS_ARE_FATAL and, given none, reports
 * to MPI_COMM_WORLD's handler; MPI_ERRORS_RETURN on the window returns the classes of put, get, accumulate, lock,
 * unlock, fence, flush and post/start errors; a handler of the program's own (MPI_Win_create_errhandler) is called
 * with the window and the code, by the window's calls and by MPI_Win_call_errhandler, also after
 * MPI_Errhandler_free; a window's handler is its own (another window and the communicator keep theirs). Prints on
 * rank 0; compared with MPICH's output (winerr.4.expected, winerr.16.expected). */
#include <mpi.h>
#include <stdio.h>

static int rank, size, errs;
static int calls, last_class;
static MPI_Win seen;

static const char *cls(int code)
{
    int c;
    MPI_Error_class(code, &c);
    switch (c) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_RANK: return "MPI_ERR_RANK";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_OP: return "MPI_ERR_OP";
    case MPI_ERR_LOCKTYPE: return "MPI_ERR_LOCKTYPE";
    case MPI_ERR_RMA_SYNC: return "MPI_ERR_RMA_SYNC";
    case MPI_ERR_OTHER: return "MPI_ERR_OTHER";
    case MPI_ERR_WIN: return "MPI_ERR_WIN";
    }
    return "another class";
}

static void say(const char *what, int code)
{
    if (rank == 0)
        printf("%s: %s\n", what, cls(code));
}

static void mine(MPI_Win *win, int *code, ...)
{
    calls++;
    seen = *win;
    MPI_Error_class(*code, &last_class);
}

int main(int argc, char **argv)
{
    MPI_Win win, other;
    MPI_Errhandler eh, got;
    int buf[8] = {0}, mem[16], mem2[16], i, r;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create(mem2, sizeof mem2, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &other);

    MPI_Win_get_errhandler(win, &got);
    if (rank == 0)
        printf("a new window's handler is MPI_ERRORS_ARE_FATAL: %d\n", got == MPI_ERRORS_ARE_FATAL);

    /* none set on the window: MPI_COMM_WORLD's */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    say("no window handler, world returns: put to rank size", MPI_Put(buf, 1, MPI_INT, size, 0, 1, MPI_INT, win));
    MPI_Win_fence(0, win);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    /* MPI_ERRORS_RETURN on the window, MPI_ERRORS_ARE_FATAL on the world */
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_get_errhandler(win, &got);
    if (rank == 0)
        printf("set MPI_ERRORS_RETURN, got it back: %d\n", got == MPI_ERRORS_RETURN);
    MPI_Win_fence(0, win);
    say("put to rank size", MPI_Put(buf, 1, MPI_INT, size, 0, 1, MPI_INT, win));
    say("put to rank -5", MPI_Put(buf, 1, MPI_INT, -5, 0, 1, MPI_INT, win));
    say("get of count -1", MPI_Get(buf, -1, MPI_INT, 0, 0, 1, MPI_INT, win));
    say("put of MPI_DATATYPE_NULL", MPI_Put(buf, 1, MPI_DATATYPE_NULL, 0, 0, 1, MPI_INT, win));
    say("accumulate with MPI_OP_NULL", MPI_Accumulate(buf, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_OP_NULL, win));
    MPI_Win_fence(0, win);
    say("unlock without a lock", MPI_Win_unlock(0, win));
    say("lock of rank size", MPI_Win_lock(MPI_LOCK_SHARED, size, 0, win));
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    say("flush of rank size", MPI_Win_flush(size, win));
    MPI_Win_unlock(0, win);
    say("MPI_Win_call_errhandler with MPI_ERRORS_RETURN", MPI_Win_call_errhandler(win, MPI_ERR_OTHER));

    /* a handler of the program's own, called with the window and the code */
    MPI_Win_create_errhandler(mine, &eh);
    MPI_Win_set_errhandler(win, eh);
    MPI_Errhandler_free(&eh);                       /* the window keeps it */
    MPI_Win_get_errhandler(win, &got);
    MPI_Errhandler_free(&got);
    MPI_Win_fence(0, win);
    r = MPI_Put(buf, 1, MPI_INT, size, 0, 1, MPI_INT, win);
    if (rank == 0)
        printf("put to rank size under the program's handler: returns %s, %d call(s), class %s, its window %d\n",
               cls(r), calls, cls(last_class), seen == win);
    MPI_Win_fence(0, win);
    for (i = 0; i < 3; i++)
        MPI_Win_call_errhandler(win, MPI_ERR_ARG);
    if (rank == 0)
        printf("three MPI_Win_call_errhandler: %d call(s) in all, class %s\n", calls, cls(last_class));

    /* the other window kept MPI_ERRORS_ARE_FATAL: with MPI_ERRORS_RETURN set on it, an error returns */
    MPI_Win_get_errhandler(other, &got);
    if (rank == 0)
        printf("the other window's handler is still MPI_ERRORS_ARE_FATAL: %d\n", got == MPI_ERRORS_ARE_FATAL);
    MPI_Win_set_errhandler(other, MPI_ERRORS_RETURN);
    MPI_Win_fence(0, other);
    say("the other window: put to rank size", MPI_Put(buf, 1, MPI_INT, size, 0, 1, MPI_INT, other));
    MPI_Win_fence(0, other);
    if (rank == 0)
        printf("the program's handler was not called for it: %d call(s)\n", calls);

    /* MPI_PROC_NULL as the target: nothing happens, every call succeeds (MPI-3) */
    {
        int res[8], cmp = 0, e = 0;
        MPI_Request req;
        MPI_Win_fence(0, other);
        e |= MPI_Put(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, other);
        e |= MPI_Get(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, other);
        e |= MPI_Accumulate(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, MPI_SUM, other);
        e |= MPI_Get_accumulate(buf, 1, MPI_INT, res, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, MPI_SUM, other);
        e |= MPI_Fetch_and_op(buf, res, MPI_INT, MPI_PROC_NULL, 0, MPI_SUM, other);
        e |= MPI_Compare_and_swap(buf, &cmp, res, MPI_INT, MPI_PROC_NULL, 0, other);
        MPI_Win_fence(0, other);
        e |= MPI_Win_lock(MPI_LOCK_EXCLUSIVE, MPI_PROC_NULL, 0, other);
        e |= MPI_Put(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, other);
        e |= MPI_Rget(buf, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, other, &req);
        e |= MPI_Wait(&req, MPI_STATUS_IGNORE);
        e |= MPI_Win_flush(MPI_PROC_NULL, other);
        e |= MPI_Win_unlock(MPI_PROC_NULL, other);
        say("every operation, lock, flush and unlock with MPI_PROC_NULL", e);
    }

    /* a working epoch after all that */
    MPI_Win_fence(0, win);
    buf[0] = rank + 100;
    MPI_Put(buf, 1, MPI_INT, (rank + 1) % size, rank, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (mem[(rank + size - 1) % size] != (rank + size - 1) % size + 100)
        errs++;

    MPI_Win_free(&win);
    MPI_Win_free(&other);
    MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("winerr: %s\n", errs ? "FAILED" : "OK");
    MPI_Finalize();
    return errs != 0;
}
