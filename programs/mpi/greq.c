/* greq.c - generalized requests (MPI-2): MPI_Grequest_start and MPI_Grequest_complete with query, free and cancel
 * callbacks that count their calls and check their extra state; MPI_Test before and after completion, MPI_Wait,
 * MPI_Waitall, MPI_Waitany and MPI_Testsome over generalized requests and a receive; the status query_fn makes
 * (source, tag, MPI_Status_set_elements, MPI_Status_set_cancelled) as MPI_Wait gives it; MPI_Request_get_status
 * (query_fn only); MPI_Cancel (cancel_fn with the completion flag); MPI_Request_free before and after
 * MPI_Grequest_complete; an error code from query_fn returned by MPI_Wait. Rank 0 prints; the output is the same
 * under MPICH. */
#include <stdio.h>
#include <mpi.h>
#include "check.h"

struct state {
    int id;
    int queries, frees, cancels, last_complete;
    int qerr;
};

static int query_fn(void *extra, MPI_Status *status)
{
    struct state *s = (struct state *)extra;
    s->queries++;
    status->MPI_SOURCE = 100 + s->id;
    status->MPI_TAG = 200 + s->id;
    MPI_Status_set_elements(status, MPI_INT, s->id);
    MPI_Status_set_cancelled(status, s->cancels > 0);
    return s->qerr;
}

static int free_fn(void *extra)
{
    ((struct state *)extra)->frees++;
    return MPI_SUCCESS;
}

static int cancel_fn(void *extra, int complete)
{
    struct state *s = (struct state *)extra;
    s->cancels++;
    s->last_complete = complete;
    return MPI_SUCCESS;
}

static void init(struct state *s, int id)
{
    s->id = id;
    s->queries = s->frees = s->cancels = s->last_complete = 0;
    s->qerr = MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    struct state st[4];
    MPI_Request req, reqs[3], keep;
    MPI_Status status, statuses[3];
    int flag, count, i, idx, outcount, indices[3], err, cls, got = -1, token;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("greq: %d processes\n", size);

    /* 1. not complete until MPI_Grequest_complete; MPI_Wait then calls query_fn and free_fn once each */
    init(&st[0], 3);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    MPI_Test(&req, &flag, &status);
    check(!flag && req != MPI_REQUEST_NULL && st[0].queries == 0 && st[0].frees == 0);
    MPI_Grequest_complete(req);
    MPI_Wait(&req, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MPI_Test_cancelled(&status, &flag);
    check(req == MPI_REQUEST_NULL && st[0].queries == 1 && st[0].frees == 1 && status.MPI_SOURCE == 103
          && status.MPI_TAG == 203 && count == 3 && !flag);
    report("MPI_Test before MPI_Grequest_complete, MPI_Wait after: query_fn's status, free_fn");

    /* 2. MPI_Test completes it; MPI_Request_get_status calls query_fn only */
    init(&st[0], 5);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    MPI_Request_get_status(req, &flag, &status);
    check(!flag && st[0].queries == 0);
    MPI_Grequest_complete(req);
    MPI_Request_get_status(req, &flag, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    check(flag && req != MPI_REQUEST_NULL && st[0].queries == 1 && st[0].frees == 0 && count == 5
          && status.MPI_TAG == 205);
    MPI_Test(&req, &flag, &status);
    check(flag && req == MPI_REQUEST_NULL && st[0].queries == 2 && st[0].frees == 1 && status.MPI_SOURCE == 105);
    report("MPI_Request_get_status calls query_fn only; MPI_Test completes");

    /* 3. three with a receive: MPI_Waitany, MPI_Testsome, MPI_Waitall */
    for (i = 0; i < 3; i++) {
        init(&st[i], 10 + i);
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[i], &reqs[i]);
    }
    MPI_Grequest_complete(reqs[1]);
    MPI_Waitany(3, reqs, &idx, &status);
    check(idx == 1 && status.MPI_SOURCE == 111 && st[1].frees == 1 && st[0].queries == 0 && st[2].queries == 0);
    MPI_Grequest_complete(reqs[2]);
    MPI_Testsome(3, reqs, &outcount, indices, statuses);
    check(outcount == 1 && indices[0] == 2 && statuses[0].MPI_TAG == 212 && reqs[2] == MPI_REQUEST_NULL);
    MPI_Grequest_complete(reqs[0]);
    MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 7, MPI_COMM_WORLD, &reqs[1]);
    token = rank;
    MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 7, MPI_COMM_WORLD);
    MPI_Waitall(3, reqs, statuses);
    check(statuses[0].MPI_SOURCE == 110 && statuses[1].MPI_SOURCE == (rank + size - 1) % size
          && got == (rank + size - 1) % size);
    for (i = 0; i < 3; i++)
        check(st[i].queries == 1 && st[i].frees == 1);
    report("MPI_Waitany, MPI_Testsome and MPI_Waitall with a receive");

    /* 4. MPI_Cancel: cancel_fn hears whether it was complete; query_fn sets the cancelled flag */
    init(&st[0], 1);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    MPI_Cancel(&req);
    check(st[0].cancels == 1 && st[0].last_complete == 0);
    MPI_Grequest_complete(req);
    MPI_Cancel(&req);
    check(st[0].cancels == 2 && st[0].last_complete != 0);
    MPI_Wait(&req, &status);
    MPI_Test_cancelled(&status, &flag);
    check(flag && st[0].frees == 1);
    report("MPI_Cancel: cancel_fn with the completion flag, the cancelled status");

    /* 5. MPI_Request_free after and before MPI_Grequest_complete */
    init(&st[0], 2);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    MPI_Grequest_complete(req);
    MPI_Request_free(&req);
    check(req == MPI_REQUEST_NULL && st[0].frees == 1 && st[0].queries == 0);
    init(&st[0], 2);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    keep = req;
    MPI_Request_free(&req);
    /* free_fn comes in whichever of the two calls is the later (MPI-3.1 section 12.2): libmpi calls it in
     * MPI_Grequest_complete; MPICH 4.0.2 calls it in MPI_Request_free, so this checks only that it came once */
    check(req == MPI_REQUEST_NULL && st[0].frees <= 1);
    MPI_Grequest_complete(keep);
    check(st[0].frees == 1 && st[0].queries == 0);
    report("MPI_Request_free after and before MPI_Grequest_complete");

    /* 6. query_fn's error comes back from MPI_Wait */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    init(&st[0], 4);
    st[0].qerr = MPI_ERR_OTHER;
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &st[0], &req);
    MPI_Grequest_complete(req);
    err = MPI_Wait(&req, &status);
    MPI_Error_class(err, &cls);
    check(cls == MPI_ERR_OTHER && st[0].frees == 1);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("query_fn's error returned by MPI_Wait");

    if (rank == 0)
        printf("greq: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
