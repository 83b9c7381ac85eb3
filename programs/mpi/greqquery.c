/* greqquery.c - when a generalized request's query_fn and free_fn run (MPI-3.1 section 12.2): query_fn once the
 * request is complete and a call gives its status, free_fn when the call completes it. MPI_Testall that reports
 * "not all done" calls neither, even for the requests of its array that MPI_Grequest_complete has completed;
 * MPI_Waitany and MPI_Testany call them for the one request they give; MPI_Waitsome and MPI_Testsome for each one
 * they give; MPI_Waitall and MPI_Testall (all done) for each; MPI_Request_get_status calls query_fn only. And
 * query_fn's error: MPI_Wait returns it, MPI_Waitall returns MPI_ERR_IN_STATUS with it in the status's MPI_ERROR.
 * Every process makes its own requests (nothing travels); rank 0 prints the counts of calls. MPICH 4.0.2 is no
 * oracle here: its MPI_Testall calls query_fn of each completed generalized request every time, "not all done"
 * or not (twice in the call that reports all done); the rest of its output is this program's under libmpi. */
#include <stdio.h>
#include <mpi.h>

#define N 3

static int rank, size;
static int queries[N], frees[N], qerr[N];

static int query_fn(void *extra, MPI_Status *status)
{
    int i = *(int *)extra;
    queries[i]++;
    status->MPI_SOURCE = 100 + i;
    status->MPI_TAG = 200 + i;
    MPI_Status_set_elements(status, MPI_BYTE, i);
    MPI_Status_set_cancelled(status, 0);
    return qerr[i];
}

static int free_fn(void *extra)
{
    frees[*(int *)extra]++;
    return MPI_SUCCESS;
}

static int cancel_fn(void *extra, int complete)
{
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

static int ids[N] = {0, 1, 2};

static void start(MPI_Request *r)
{
    int i;
    for (i = 0; i < N; i++) {
        queries[i] = frees[i] = 0;
        qerr[i] = MPI_SUCCESS;
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, &ids[i], &r[i]);
    }
}

/* The counts of calls so far, the same on every process (else said). */
static void say(const char *what)
{
    char line[200];
    int i, n = 0, mine[2 * N], lo[2 * N], hi[2 * N], same = 1;
    for (i = 0; i < N; i++) {
        mine[i] = queries[i];
        mine[N + i] = frees[i];
    }
    MPI_Allreduce(mine, lo, 2 * N, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(mine, hi, 2 * N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < 2 * N; i++)
        same = same && lo[i] == hi[i];
    n += snprintf(line + n, sizeof line - n, "%s: query_fn", what);
    for (i = 0; i < N; i++)
        n += snprintf(line + n, sizeof line - n, " %d", queries[i]);
    n += snprintf(line + n, sizeof line - n, ", free_fn");
    for (i = 0; i < N; i++)
        n += snprintf(line + n, sizeof line - n, " %d", frees[i]);
    if (rank == 0)
        printf("%s%s\n", line, same ? "" : " (not on every process)");
}

static const char *name(int code)
{
    int cls;
    if (code == 0x5a5a)
        return "kept";
    MPI_Error_class(code, &cls);
    return cls == MPI_SUCCESS ? "MPI_SUCCESS" : cls == MPI_ERR_IN_STATUS ? "MPI_ERR_IN_STATUS"
           : cls == MPI_ERR_OTHER ? "MPI_ERR_OTHER" : "another";
}

int main(int argc, char **argv)
{
    MPI_Request r[N];
    MPI_Status st[N];
    int flag, idx, out, indices[N], i, err;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* MPI_Testall: two of three complete, then all */
    start(r);
    MPI_Grequest_complete(r[0]);
    MPI_Grequest_complete(r[2]);
    err = MPI_Testall(N, r, &flag, st);
    if (rank == 0)
        printf("MPI_Testall, two of three complete: flag %d\n", flag);
    say("  then");
    err = MPI_Testall(N, r, &flag, st);
    say("  again");
    MPI_Grequest_complete(r[1]);
    err = MPI_Testall(N, r, &flag, st);
    if (rank == 0)
        printf("MPI_Testall, all three complete: flag %d, sources %d %d %d\n", flag, st[0].MPI_SOURCE,
               st[1].MPI_SOURCE, st[2].MPI_SOURCE);
    say("  then");

    /* MPI_Waitany and MPI_Testany: three complete, one given at a time */
    start(r);
    for (i = 0; i < N; i++)
        MPI_Grequest_complete(r[i]);
    MPI_Waitany(N, r, &idx, &st[0]);
    if (rank == 0)
        printf("MPI_Waitany, three complete: index %d, source %d\n", idx, st[0].MPI_SOURCE);
    say("  then");
    MPI_Testany(N, r, &idx, &flag, &st[0]);
    if (rank == 0)
        printf("MPI_Testany: flag %d, index %d, tag %d\n", flag, idx, st[0].MPI_TAG);
    say("  then");
    MPI_Wait(&r[2], &st[0]);
    say("MPI_Wait of the third");

    /* MPI_Waitsome and MPI_Testsome: each one given */
    start(r);
    MPI_Grequest_complete(r[1]);
    MPI_Waitsome(N, r, &out, indices, st);
    if (rank == 0)
        printf("MPI_Waitsome, one of three complete: %d given, index %d\n", out, indices[0]);
    say("  then");
    MPI_Testsome(N, r, &out, indices, st);
    if (rank == 0)
        printf("MPI_Testsome, none complete: %d given\n", out);
    say("  then");
    MPI_Grequest_complete(r[0]);
    MPI_Grequest_complete(r[2]);
    MPI_Testsome(N, r, &out, indices, st);
    if (rank == 0)
        printf("MPI_Testsome, two complete: %d given, indices %d %d\n", out, indices[0], indices[1]);
    say("  then");

    /* MPI_Request_get_status: query_fn only, each time; then MPI_Waitall */
    start(r);
    for (i = 0; i < N; i++)
        MPI_Grequest_complete(r[i]);
    MPI_Request_get_status(r[1], &flag, &st[0]);
    MPI_Request_get_status(r[1], &flag, &st[0]);
    if (rank == 0)
        printf("MPI_Request_get_status twice: flag %d, source %d\n", flag, st[0].MPI_SOURCE);
    say("  then");
    MPI_Waitall(N, r, st);
    say("MPI_Waitall");

    /* query_fn's error */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    start(r);
    qerr[0] = qerr[2] = MPI_ERR_OTHER;
    for (i = 0; i < N; i++)
        MPI_Grequest_complete(r[i]);
    st[0].MPI_ERROR = 0x5a5a;
    err = MPI_Wait(&r[0], &st[0]);
    if (rank == 0)
        printf("MPI_Wait, query_fn fails: returns %s, MPI_ERROR %s\n", name(err), name(st[0].MPI_ERROR));
    for (i = 0; i < N; i++)
        st[i].MPI_ERROR = 0x5a5a;
    err = MPI_Waitall(N - 1, r + 1, st + 1);
    if (rank == 0)
        printf("MPI_Waitall of the others, query_fn of the third fails: returns %s, MPI_ERROR %s %s\n", name(err),
               name(st[1].MPI_ERROR), name(st[2].MPI_ERROR));
    say("  then");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    MPI_Finalize();
    return 0;
}
