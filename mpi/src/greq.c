/* Generalized requests (MPI-2 section 8.2, MPI-3.1 section 12.2): MPI_Grequest_start and MPI_Grequest_complete
 * (docs/mpi.md, "Generalized requests"). The same text in every libmpi. A generalized request is a request of kind
 * REQ_NBC whose completion is its own (nbc.h, `own`), with the program's three callbacks in the schedule's room:
 *   - MPI_Wait, MPI_Test and the rest of their families complete it once MPI_Grequest_complete has been called:
 *     when a call sees that (NBC_TEST, NBC_WAIT) the request is done, as a receive whose message has landed, and
 *     when the call gives its status (NBC_FINISH: MPI-3.1 section 12.2), query_fn fills a status, free_fn is
 *     called, and the request becomes a completed receive with that status (source, tag, the count
 *     MPI_Status_set_elements put, the cancelled flag), so that the call gives it as it gives a receive's; the
 *     call returns query_fn's error, else free_fn's (in an array's status: MPI_ERR_IN_STATUS). So MPI_Testall that
 *     reports "not all done", and MPI_Waitany or MPI_Testany for the requests it does not give, call neither
 *     (programs/mpi/greqquery.c). MPI_Wait of one not yet completed by
 *     MPI_Grequest_complete waits (for ever when nothing else on the process will complete it: libmpi's process
 *     is one thread; scmpsim then reports the deadlock);
 *   - MPI_Request_get_status calls query_fn only, and leaves the request as it is;
 *   - MPI_Request_free calls free_fn at once when the request is complete, else when MPI_Grequest_complete comes
 *     (the request is freed then);
 *   - MPI_Cancel calls cancel_fn with whether MPI_Grequest_complete has been called.
 * A file of its own, so that programs that do not call these do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

struct greq {
    MPI_Grequest_query_function *query_fn;
    MPI_Grequest_free_function *free_fn;
    MPI_Grequest_cancel_function *cancel_fn;
    void *extra;
    int completed;              /* MPI_Grequest_complete has been called */
    int freed;                  /* MPI_Request_free came before it */
};

static int own(struct __mpi_request *r, int how, MPI_Status *status);

/* The request's callbacks, or 0 when it is not a live generalized request. */
static struct greq *greq_of(MPI_Request r)
{
    struct __mpi_nbc *s;
    if (!r || __mpi_check_request(r) != MPI_SUCCESS || r->kind != REQ_NBC || !r->tmp)
        return 0;
    s = (struct __mpi_nbc *)r->tmp;
    return s->own == own ? (struct greq *)s->vecs : 0;
}

/* Complete: query_fn's status into the request, which becomes a completed receive; then free_fn. */
static void finish(struct __mpi_request *r, struct greq *g)
{
    MPI_Status st;
    int qerr, ferr;
    memset(&st, 0, sizeof st);
    st.MPI_SOURCE = MPI_UNDEFINED;
    st.MPI_TAG = MPI_UNDEFINED;
    st.MPI_ERROR = MPI_SUCCESS;
    qerr = g->query_fn(g->extra, &st);
    ferr = g->free_fn(g->extra);
    r->kind = REQ_RECV;
    r->source = st.MPI_SOURCE;
    r->rtag = st.MPI_TAG;
    r->msgbytes = st.__count;
    r->bytes = 0x7fffffff;
    r->cancelled = st.__cancelled;
    r->error = qerr != MPI_SUCCESS ? qerr : ferr;
    free(r->tmp);
    r->tmp = 0;
    r->state = ST_DONE;
}

static int own(struct __mpi_request *r, int how, MPI_Status *status)
{
    struct greq *g = (struct greq *)((struct __mpi_nbc *)r->tmp)->vecs;
    switch (how) {
    case NBC_CANCEL:
        return g->cancel_fn(g->extra, g->completed);
    case NBC_FREE:
        if (!g->completed) {
            g->freed = 1;       /* free_fn and the request's end wait for MPI_Grequest_complete */
            return 0;
        }
        r->error = g->free_fn(g->extra);
        free(r->tmp);
        r->tmp = 0;
        r->state = ST_DONE;
        return -1;
    case NBC_STATUS:
        if (!g->completed) {
            suspendThread();
            return 0;
        }
        if (status != MPI_STATUS_IGNORE) {
            int keep = status->MPI_ERROR;
            g->query_fn(g->extra, status);
            status->MPI_ERROR = keep;
        } else {
            MPI_Status st;
            g->query_fn(g->extra, &st);
        }
        return 1;
    case NBC_WAIT:
        while (!((volatile struct greq *)g)->completed)
            suspendThread();
        r->state = ST_DONE;
        return -1;
    case NBC_FINISH:
        finish(r, g);
        return -1;
    default:            /* NBC_TEST */
        if (g->completed)
            r->state = ST_DONE;
        return -1;
    }
}

int MPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request)
{
    struct __mpi_nbc *s;
    struct __mpi_request *r;
    struct greq *g;
    if (!query_fn || !free_fn || !cancel_fn || !request)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Grequest_start");
    s = __nbc_schedule(0, sizeof *g);
    r = s ? __mpi_new_request() : 0;
    if (!r) {
        free(s);
        return __mpi_no_mem(MPI_COMM_WORLD, "MPI_Grequest_start", (int)(sizeof *s + sizeof *g));
    }
    g = (struct greq *)s->vecs;
    g->query_fn = query_fn;
    g->free_fn = free_fn;
    g->cancel_fn = cancel_fn;
    g->extra = extra_state;
    g->completed = g->freed = 0;
    s->own = own;
    __mpi_own_request(r, MPI_COMM_WORLD, s);
    *request = r;
    return MPI_SUCCESS;
}

int MPI_Grequest_complete(MPI_Request request)
{
    struct greq *g = greq_of(request);
    if (!g)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Grequest_complete");
    g->completed = 1;
    if (g->freed) {             /* MPI_Request_free came first: the request ends now */
        int err = g->free_fn(g->extra);
        __mpi_free_request(request);
        return __mpi_error(MPI_COMM_WORLD, err, "MPI_Grequest_complete");
    }
    return MPI_SUCCESS;
}
