/* statuserr.c - the MPI_ERROR field of a status (MPI-3.1 sections 3.2.5 and 3.7.5): a call that completes one
 * operation and gives one status (MPI_Recv by its fast and general paths, from MPI_PROC_NULL and truncated,
 * MPI_Wait and MPI_Test of receives, sends, a persistent receive, a nonblocking barrier, a nonblocking
 * send-receive and a generalized request, MPI_Probe, MPI_Iprobe, MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv,
 * MPI_Sendrecv, MPI_Sendrecv_replace, MPI_Request_get_status, MPI_Waitany, MPI_Testany, the large-count forms)
 * leaves the field as the caller set it, error or not; the calls that give an array of statuses (MPI_Waitall,
 * MPI_Testall, MPI_Waitsome, MPI_Testsome) write it when they return MPI_ERR_IN_STATUS, one code per status. The
 * processes work in pairs (rank ^ 1); every process sets the field to a sentinel before each call, and rank 0
 * prints, for each call, what the call returned and what the field holds then ("kept" when the sentinel is
 * still there) on every process. The output is the same under MPICH (4.0.2), whose MPI_Probe, MPI_Iprobe and
 * MPI_Sendrecv_replace write MPI_SUCCESS into the field, which the standard does not allow: for these three the
 * line says "kept or MPI_SUCCESS" for either (libmpi keeps it). MPICH's MPI_Waitall writes MPI_SUCCESS into the
 * status of each request it completed when none failed, and MPI_Request_get_status of MPI_REQUEST_NULL gives the
 * empty status with MPI_SUCCESS; libmpi does as MPICH. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define SENTINEL 0x5a5a
#define TAG 40

static int rank, size, peer;

static const char *name(int code)
{
    static char other[32];
    int cls;
    if (code == SENTINEL)
        return "kept";
    MPI_Error_class(code, &cls);
    switch (cls) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
    case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
    case MPI_ERR_PENDING: return "MPI_ERR_PENDING";
    case MPI_ERR_OTHER: return "MPI_ERR_OTHER";
    default:
        snprintf(other, sizeof other, "class %d", cls);
        return other;
    }
}

/* One line: the return code's class and each status's field, the same on every process (else said). */
static void say(const char *what, int err, const MPI_Status *st, int n);

/* The same for the three calls where MPICH writes MPI_SUCCESS (above). */
static void say_lax(const char *what, int err, const MPI_Status *st)
{
    char line[128];
    int e = st->MPI_ERROR;
    if (e != SENTINEL && e != MPI_SUCCESS) {
        say(what, err, st, 1);
        return;
    }
    snprintf(line, sizeof line, "%s: returns %s, MPI_ERROR kept or MPI_SUCCESS", what, name(err));
    say(line, MPI_SUCCESS, 0, -1);
}

static void say(const char *what, int err, const MPI_Status *st, int n)
{
    char line[256], first[256];
    int i, same, all;
    if (n < 0)
        snprintf(line, sizeof line, "%s", what);
    else
        snprintf(line, sizeof line, "%s: returns %s, MPI_ERROR", what, name(err));
    for (i = 0; i < n; i++)
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s %s", i ? "," : "", name(st[i].MPI_ERROR));
    strcpy(first, line);
    MPI_Bcast(first, sizeof first, MPI_CHAR, 0, MPI_COMM_WORLD);
    same = strcmp(first, line) == 0;
    MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s%s\n", line, all ? "" : " (not on every process)");
}

static void sentinel(MPI_Status *st, int n)
{
    int i;
    for (i = 0; i < n; i++)
        st[i].MPI_ERROR = SENTINEL;
}

/* Sends to the partner are nonblocking (both partners send before they receive: a blocking send would wait for
 * ever under a protocol that holds every payload until the receive comes); flush() completes them once the
 * partner's receives are posted. */
static MPI_Request pending[4];
static int npending, sent[4][4];

static void post(const void *buf, int count, MPI_Datatype type, int t)
{
    MPI_Isend((void *)buf, count, type, peer, t, MPI_COMM_WORLD, &pending[npending++]);
}

static void flush(void)
{
    MPI_Waitall(npending, pending, MPI_STATUSES_IGNORE);
    npending = 0;
}

static void send_int(int v, int t)
{
    sent[npending][0] = v;
    post(sent[npending], 1, MPI_INT, t);
}

struct greq_state {
    int queries;
    int qerr;
};

static int query_fn(void *extra, MPI_Status *status)
{
    struct greq_state *s = (struct greq_state *)extra;
    s->queries++;
    status->MPI_SOURCE = 7;
    status->MPI_TAG = 8;
    MPI_Status_set_elements(status, MPI_INT, 3);
    MPI_Status_set_cancelled(status, 0);
    return s->qerr;
}

static int free_fn(void *extra)
{
    (void)extra;
    return MPI_SUCCESS;
}

static int cancel_fn(void *extra, int complete)
{
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

/* Two receives from the partner into a[0] (one int) and a[1..] (n ints), of messages with tags t and t + 1 (the
 * second of m ints), both complete (MPI_Request_get_status, which leaves them), so that the call that follows
 * completes both at once. */
static void two_recvs(MPI_Request *rq, int *a, int n, int m, int t)
{
    static const int v[4] = {1, 2, 3, 4};
    int f0 = 0, f1 = 0;
    post(v, 1, MPI_INT, t);
    post(v, m, MPI_INT, t + 1);
    MPI_Irecv(a, 1, MPI_INT, peer, t, MPI_COMM_WORLD, &rq[0]);
    MPI_Irecv(a + 1, n, MPI_INT, peer, t + 1, MPI_COMM_WORLD, &rq[1]);
    while (!f0 || !f1) {
        if (!f0)
            MPI_Request_get_status(rq[0], &f0, MPI_STATUS_IGNORE);
        if (!f1)
            MPI_Request_get_status(rq[1], &f1, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv)
{
    MPI_Status st[2];
    MPI_Request rq[2];
    MPI_Message msg;
    MPI_Datatype pair;
    int a[8], b[8], err, flag, idx, out, indices[2], i;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    peer = rank ^ 1;
    if (peer >= size) {
        if (rank == 0)
            printf("needs an even number of processes\n");
        MPI_Finalize();
        return 1;
    }
    MPI_Type_vector(2, 1, 2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    /* ---- one status ---- */
    sentinel(st, 1);
    send_int(1, TAG);
    err = MPI_Recv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    flush();
    say("MPI_Recv", err, st, 1);

    sentinel(st, 1);
    for (i = 0; i < 4; i++)
        b[i] = i;
    post(b, 1, pair, TAG);
    err = MPI_Recv(a, 1, pair, peer, TAG, MPI_COMM_WORLD, &st[0]);
    flush();
    say("MPI_Recv of a vector type", err, st, 1);

    sentinel(st, 1);
    err = MPI_Recv(a, 1, MPI_INT, MPI_PROC_NULL, TAG, MPI_COMM_WORLD, &st[0]);
    say("MPI_Recv from MPI_PROC_NULL", err, st, 1);

    sentinel(st, 1);
    post(b, 3, MPI_INT, TAG);
    err = MPI_Recv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    flush();
    say("MPI_Recv truncated", err, st, 1);

    sentinel(st, 1);
    post(b, 1, MPI_INT, TAG);
    err = MPI_Recv_c(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    flush();
    say("MPI_Recv_c", err, st, 1);

    sentinel(st, 2);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    MPI_Isend(b, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[1]);
    err = MPI_Wait(&rq[0], &st[0]);
    say("MPI_Wait of a receive", err, st, 1);
    err = MPI_Wait(&rq[1], &st[1]);
    say("MPI_Wait of a send", err, st + 1, 1);

    sentinel(st, 1);
    err = MPI_Wait(&rq[0], &st[0]);
    say("MPI_Wait of MPI_REQUEST_NULL", err, st, 1);
    sentinel(st, 1);
    err = MPI_Test(&rq[0], &flag, &st[0]);
    say("MPI_Test of MPI_REQUEST_NULL", err, st, 1);
    sentinel(st, 1);
    err = MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st[0]);
    say("MPI_Request_get_status of MPI_REQUEST_NULL", err, st, 1);

    sentinel(st, 1);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    MPI_Irecv(a + 1, 1, MPI_INT, peer, TAG + 1, MPI_COMM_WORLD, &rq[1]);
    send_int(2, TAG);
    send_int(3, TAG + 1);
    flag = 0;
    while (!flag)
        err = MPI_Test(&rq[0], &flag, &st[0]);
    say("MPI_Test of a receive", err, st, 1);

    sentinel(st, 1);
    flag = 0;
    while (!flag)
        err = MPI_Request_get_status(rq[1], &flag, &st[0]);
    say("MPI_Request_get_status", err, st, 1);
    MPI_Wait(&rq[1], MPI_STATUS_IGNORE);
    flush();

    sentinel(st, 1);
    post(b, 3, MPI_INT, TAG);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    err = MPI_Wait(&rq[0], &st[0]);
    flush();
    say("MPI_Wait of a truncated receive", err, st, 1);

    sentinel(st, 1);
    MPI_Recv_init(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    MPI_Start(&rq[0]);
    send_int(4, TAG);
    err = MPI_Wait(&rq[0], &st[0]);
    flush();
    say("MPI_Wait of a persistent receive", err, st, 1);
    MPI_Request_free(&rq[0]);

    sentinel(st, 1);
    send_int(5, TAG);
    err = MPI_Probe(peer, TAG, MPI_COMM_WORLD, &st[0]);
    say_lax("MPI_Probe", err, st);
    sentinel(st, 1);
    flag = 0;
    while (!flag)
        err = MPI_Iprobe(peer, TAG, MPI_COMM_WORLD, &flag, &st[0]);
    say_lax("MPI_Iprobe", err, st);
    MPI_Recv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    flush();

    sentinel(st, 1);
    err = MPI_Probe(MPI_PROC_NULL, TAG, MPI_COMM_WORLD, &st[0]);
    say("MPI_Probe of MPI_PROC_NULL", err, st, 1);
    sentinel(st, 1);
    err = MPI_Iprobe(MPI_PROC_NULL, TAG, MPI_COMM_WORLD, &flag, &st[0]);
    say("MPI_Iprobe of MPI_PROC_NULL", err, st, 1);

    sentinel(st, 1);
    send_int(6, TAG);
    err = MPI_Mprobe(peer, TAG, MPI_COMM_WORLD, &msg, &st[0]);
    say("MPI_Mprobe", err, st, 1);
    sentinel(st, 1);
    err = MPI_Mrecv(a, 1, MPI_INT, &msg, &st[0]);
    flush();
    say("MPI_Mrecv", err, st, 1);

    sentinel(st, 1);
    send_int(7, TAG);
    flag = 0;
    while (!flag)
        err = MPI_Improbe(peer, TAG, MPI_COMM_WORLD, &flag, &msg, &st[0]);
    say("MPI_Improbe", err, st, 1);
    sentinel(st, 1);
    MPI_Imrecv(a, 1, MPI_INT, &msg, &rq[0]);
    err = MPI_Wait(&rq[0], &st[0]);
    flush();
    say("MPI_Wait of MPI_Imrecv", err, st, 1);

    sentinel(st, 1);
    post(b, 3, MPI_INT, TAG);
    MPI_Mprobe(peer, TAG, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
    err = MPI_Mrecv(a, 1, MPI_INT, &msg, &st[0]);
    flush();
    say("MPI_Mrecv truncated", err, st, 1);

    sentinel(st, 1);
    err = MPI_Mprobe(MPI_PROC_NULL, TAG, MPI_COMM_WORLD, &msg, &st[0]);
    say("MPI_Mprobe of MPI_PROC_NULL", err, st, 1);
    sentinel(st, 1);
    err = MPI_Mrecv(a, 1, MPI_INT, &msg, &st[0]);
    say("MPI_Mrecv of MPI_MESSAGE_NO_PROC", err, st, 1);

    sentinel(st, 1);
    err = MPI_Sendrecv(b, 1, MPI_INT, peer, TAG, a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    say("MPI_Sendrecv", err, st, 1);
    sentinel(st, 1);
    err = MPI_Sendrecv(b, 3, MPI_INT, peer, TAG, a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    say("MPI_Sendrecv truncated", err, st, 1);
    sentinel(st, 1);
    err = MPI_Sendrecv(b, 1, MPI_INT, MPI_PROC_NULL, TAG, a, 1, MPI_INT, MPI_PROC_NULL, TAG, MPI_COMM_WORLD,
                       &st[0]);
    say("MPI_Sendrecv with MPI_PROC_NULL", err, st, 1);
    sentinel(st, 1);
    a[0] = rank;
    err = MPI_Sendrecv_replace(a, 1, MPI_INT, peer, TAG, peer, TAG, MPI_COMM_WORLD, &st[0]);
    say_lax("MPI_Sendrecv_replace", err, st);
    sentinel(st, 1);
    err = MPI_Sendrecv_c(b, 1, MPI_INT, peer, TAG, a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &st[0]);
    say("MPI_Sendrecv_c", err, st, 1);

    sentinel(st, 1);
    err = MPI_Isendrecv(b, 1, MPI_INT, peer, TAG, a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    if (err == MPI_SUCCESS)
        err = MPI_Wait(&rq[0], &st[0]);
    say("MPI_Wait of MPI_Isendrecv", err, st, 1);

    sentinel(st, 1);
    MPI_Ibarrier(MPI_COMM_WORLD, &rq[0]);
    err = MPI_Wait(&rq[0], &st[0]);
    say("MPI_Wait of MPI_Ibarrier", err, st, 1);

    sentinel(st, 1);
    {
        struct greq_state g = {0, MPI_SUCCESS};
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, &g, &rq[0]);
        MPI_Grequest_complete(rq[0]);
        err = MPI_Request_get_status(rq[0], &flag, &st[0]);
        say("MPI_Request_get_status of a generalized request", err, st, 1);
        sentinel(st, 1);
        err = MPI_Wait(&rq[0], &st[0]);
        say("MPI_Wait of a generalized request", err, st, 1);
    }

    sentinel(st, 1);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    rq[1] = MPI_REQUEST_NULL;
    send_int(8, TAG);
    err = MPI_Waitany(2, rq, &idx, &st[0]);
    flush();
    say("MPI_Waitany", err, st, 1);

    sentinel(st, 1);
    post(b, 3, MPI_INT, TAG);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[1]);
    err = MPI_Waitany(2, rq, &idx, &st[0]);
    flush();
    say("MPI_Waitany of a truncated receive", err, st, 1);

    sentinel(st, 1);
    MPI_Irecv(a, 1, MPI_INT, peer, TAG, MPI_COMM_WORLD, &rq[0]);
    send_int(9, TAG);
    flag = 0;
    while (!flag)
        err = MPI_Testany(2, rq, &idx, &flag, &st[0]);
    flush();
    say("MPI_Testany", err, st, 1);

    /* ---- an array of statuses ---- */
    sentinel(st, 2);
    two_recvs(rq, a, 1, 1, TAG);
    err = MPI_Waitall(2, rq, st);
    flush();
    say("MPI_Waitall", err, st, 2);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 3, TAG);
    err = MPI_Waitall(2, rq, st);
    flush();
    say("MPI_Waitall with a truncated receive", err, st, 2);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 1, TAG);
    flag = 0;
    while (!flag)
        err = MPI_Testall(2, rq, &flag, st);
    flush();
    say("MPI_Testall", err, st, 2);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 3, TAG);
    flag = 0;
    while (!flag && err != MPI_ERR_IN_STATUS)
        err = MPI_Testall(2, rq, &flag, st);
    flush();
    say("MPI_Testall with a truncated receive", err, st, 2);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 1, TAG);
    err = MPI_Waitsome(2, rq, &out, indices, st);
    flush();
    say("MPI_Waitsome", err, st, out);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 3, TAG);
    err = MPI_Waitsome(2, rq, &out, indices, st);
    flush();
    say("MPI_Waitsome with a truncated receive", err, st, out);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 1, TAG);
    err = MPI_Testsome(2, rq, &out, indices, st);
    flush();
    say("MPI_Testsome", err, st, out);

    sentinel(st, 2);
    two_recvs(rq, a, 1, 3, TAG);
    err = MPI_Testsome(2, rq, &out, indices, st);
    flush();
    say("MPI_Testsome with a truncated receive", err, st, out);

    sentinel(st, 2);
    rq[0] = rq[1] = MPI_REQUEST_NULL;
    err = MPI_Waitall(2, rq, st);
    say("MPI_Waitall of null requests", err, st, 2);
    sentinel(st, 2);
    err = MPI_Testall(2, rq, &flag, st);
    say("MPI_Testall of null requests", err, st, 2);
    sentinel(st, 1);
    err = MPI_Waitany(2, rq, &idx, st);
    say("MPI_Waitany of null requests", err, st, 1);
    sentinel(st, 1);
    err = MPI_Testany(2, rq, &idx, &flag, st);
    say("MPI_Testany of null requests", err, st, 1);

    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
