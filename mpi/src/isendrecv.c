/* MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4 section 3.10.3), and MPI_Op_commutative (MPI-2.2): docs/mpi.md,
 * "Nonblocking send-receive". The same text in every libmpi. A nonblocking send-receive is a receive and a send
 * started at once, as MPI_Sendrecv starts them (the receive first), held by one request of kind REQ_NBC whose
 * completion is its own (nbc.h, `own`): it completes when both have, and then becomes a completed receive with the
 * receive's status (source, tag, count, error), so that MPI_Wait and the rest give that status as for a receive.
 * MPI_Isendrecv_replace packs the buffer first, sends the packed copy and receives into the buffer. A file of its
 * own, so that programs that do not call these do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

/* The request becomes the completed receive: its status, the first error of the two, the schedule gone. */
static void done(struct __mpi_request *r, struct __mpi_nbc *s)
{
    MPI_Request rr = s->reqs[0], sr = s->reqs[1];
    __mpi_complete(rr);
    __mpi_complete(sr);
    r->kind = REQ_RECV;
    r->source = rr->source;
    r->rtag = rr->rtag;
    r->msgbytes = rr->msgbytes;
    r->bytes = rr->bytes;
    r->cancelled = rr->cancelled;
    r->error = sr->error != MPI_SUCCESS ? sr->error : rr->error;
    __mpi_free_request(rr);
    __mpi_free_request(sr);
    free(s);
    r->tmp = 0;
    r->state = ST_DONE;
}

static int own(struct __mpi_request *r, int how, MPI_Status *status)
{
    struct __mpi_nbc *s = (struct __mpi_nbc *)r->tmp;
    int k;
    (void)status;
    switch (how) {
    case NBC_CANCEL:
        return MPI_ERR_REQUEST;
    case NBC_WAIT:
    case NBC_FREE:      /* (as a collective's: finished now, then freed as any completed request) */
        __mpi_wait_loop(s->reqs[0]);
        __mpi_wait_loop(s->reqs[1]);
        done(r, s);
        return -1;
    default:            /* NBC_TEST, NBC_STATUS: the caller gives the status once it is a receive */
        k = __mpi_ready_now(s->reqs[0]) == 1 && __mpi_ready_now(s->reqs[1]) == 1;
        if (k)
            done(r, s);
        return -1;
    }
}

/* The receive, then the send, posted; the request that holds them. packed: the replace form's copy (in the
 * schedule's room), sent as bytes of MPI_PACKED. */
static int start(void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request,
                 int replace, const char *fn)
{
    struct __mpi_nbc *s;
    struct __mpi_request *r;
    int err = __mpi_check_send(sendbuf, sendcount, sendtype, dest, sendtag, comm), bytes = 0;
    if (err == MPI_SUCCESS)
        err = __mpi_check_recv(recvbuf, recvcount, recvtype, source, recvtag, comm);
    if (err == MPI_SUCCESS && !request)
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, fn);
    if (replace && sendtype != MPI_DATATYPE_NULL)
        bytes = sendcount * __mpi_type_size(sendtype);
    s = __nbc_schedule(2, bytes + 4);
    r = s ? __mpi_new_request() : 0;
    if (!r) {
        free(s);
        return __mpi_no_mem(comm, fn, (int)sizeof *s + bytes + 4);
    }
    if (replace && sendtype != MPI_DATATYPE_NULL) {
        __mpi_pack((const char *)sendbuf, sendcount, __mpi_type_get(sendtype), s->vecs);
        sendbuf = s->vecs;
        sendcount = bytes;
        sendtype = MPI_PACKED;
    }
    err = __mpi_irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, Q_P2P, &s->reqs[0]);
    if (err == MPI_SUCCESS) {
        err = __mpi_isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, Q_P2P, &s->reqs[1]);
        if (err != MPI_SUCCESS) {
            /* the receive may be matched already: it completes first */
            __mpi_wait_done(s->reqs[0]);
            __mpi_free_request(s->reqs[0]);
        }
    }
    if (err != MPI_SUCCESS) {
        free(s);
        __mpi_free_request(r);
        return __mpi_error(comm, err, fn);
    }
    s->n = s->left = 2;
    s->own = own;
    __mpi_own_request(r, comm, s);
    *request = r;
    return MPI_SUCCESS;
}

int MPI_Isendrecv(void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return start(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm,
                 request, 0, "MPI_Isendrecv");
}

int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                          int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return start(buf, count, datatype, dest, sendtag, buf, count, datatype, source, recvtag, comm, request, 1,
                 "MPI_Isendrecv_replace");
}

/* MPI-2.2: whether an operation is commutative (every predefined one is). */
int MPI_Op_commutative(MPI_Op op, int *commute)
{
    if (!__mpi_op_valid(op))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_commutative");
    if (!commute)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_commutative");
    *commute = __mpi_op_commutative(op);
    return MPI_SUCCESS;
}
