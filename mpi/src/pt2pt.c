/* The point-to-point API (MPI-1.2 chapter 3): argument checks, the four send modes in their blocking,
 * nonblocking and persistent forms, receives, probes, the Wait/Test families, cancellation. Every call that
 * finds an error hands it to the communicator's error handler (errhandler.c); the engine is p2p.c. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"


/* ---- Argument checks ------------------------------------------------------------------------------------------ */

static int check_buffer(void *buf, int count, MPI_Datatype type)
{
    /* a predefined type needs a real buffer; a derived one may use absolute addresses (MPI_BOTTOM) */
    if (!buf && count > 0 && type < MPI_FIRST_DERIVED && __mpi_type_size(type) > 0)
        return MPI_ERR_BUFFER;
    return MPI_SUCCESS;
}

int __mpi_check_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (__mpi_type_usable_for(type, dest) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    if (tag < 0)
        return MPI_ERR_TAG;
    if (dest != MPI_PROC_NULL && (dest < 0 || dest >= c->size))
        return MPI_ERR_RANK;
    return check_buffer(buf, count, type);
}

int __mpi_check_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (__mpi_type_usable_for(type, source) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    if (tag < 0 && tag != MPI_ANY_TAG)
        return MPI_ERR_TAG;
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return MPI_ERR_RANK;
    return check_buffer(buf, count, type);
}

/* A handle that points at a live request (or MPI_REQUEST_NULL). Reads nothing outside this node's memory. */
int __mpi_check_request(MPI_Request r)
{
    unsigned a = (unsigned)r;
    if (!r)
        return MPI_SUCCESS;
    if ((a & 3) != 0 || a < 0x1000 || a > scmp_memsize() - sizeof *r || r->magic != REQ_MAGIC)
        return MPI_ERR_REQUEST;
    return MPI_SUCCESS;
}

static int inactive(MPI_Request r)
{
    return !r || ((r->flags & RF_PERSISTENT) && r->state == ST_INACTIVE);
}

/* The status of a null or inactive request (MPI-3.1 section 3.7.3). Its MPI_ERROR, as every status's, is left as
 * the caller set it: only the calls that give an array of statuses write it, when they return MPI_ERR_IN_STATUS
 * (sections 3.2.5 and 3.7.5), and MPI_Waitall as MPICH does (below). */
static void empty_status(MPI_Status *status)
{
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = MPI_ANY_SOURCE;
        status->MPI_TAG = MPI_ANY_TAG;
        status->__count = 0;
        status->__cancelled = 0;
    }
}

/* ---- Sends ------------------------------------------------------------------------------------------------------- */

static int blocking_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int mode,
                         const char *fn)
{
    struct __mpi_request *r;
    int err = __mpi_check_send(buf, count, type, dest, tag, comm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, fn);
    if (mode == MODE_STANDARD || mode == MODE_READY)
        return __mpi_error(comm, __mpi_send(buf, count, type, dest, tag, comm, Q_P2P), fn);
    r = __mpi_new_request();
    if (!r)
        return __mpi_error(comm, MPI_ERR_NO_MEM, fn);
    r->kind = REQ_SEND;
    r->mode = mode;
    r->q = Q_P2P;
    r->comm = comm;
    r->peer = dest;
    r->tag = tag;
    r->buf = buf;
    r->count = count;
    r->type = type;
    r->tp = __mpi_request_type(type);
    __mpi_type_hold(type);
    err = __mpi_start(r);
    if (err == MPI_SUCCESS)
        __mpi_wait_done(r);
    __mpi_free_request(r);
    return __mpi_error(comm, err, fn);
}

/* MPI_Send and MPI_Recv are in fast.S: their common cases in assembly, everything else here. */
int __mpi_Send_c(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return blocking_send(buf, count, datatype, dest, tag, comm, MODE_STANDARD, "MPI_Send");
}

int MPI_Bsend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return blocking_send(buf, count, datatype, dest, tag, comm, MODE_BUFFERED, "MPI_Bsend");
}

int MPI_Ssend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return blocking_send(buf, count, datatype, dest, tag, comm, MODE_SYNC, "MPI_Ssend");
}

int MPI_Rsend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return blocking_send(buf, count, datatype, dest, tag, comm, MODE_READY, "MPI_Rsend");
}

static struct __mpi_request *make_request(int kind, int mode, void *buf, int count, MPI_Datatype type,
                                          int peer, int tag, MPI_Comm comm)
{
    struct __mpi_request *r = __mpi_new_request();
    if (!r)
        return 0;
    r->kind = kind;
    r->mode = mode;
    r->q = Q_P2P;
    r->comm = comm;
    r->peer = peer;
    r->tag = tag;
    r->buf = buf;
    r->count = count;
    r->type = type;
    r->tp = __mpi_request_type(type);
    __mpi_type_hold(type);
    return r;
}

static int nb_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int mode,
                   MPI_Request *request, int persistent, const char *fn)
{
    struct __mpi_request *r;
    int err = __mpi_check_send(buf, count, type, dest, tag, comm);
    if (err == MPI_SUCCESS && !request)
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, fn);
    r = make_request(REQ_SEND, mode, buf, count, type, dest, tag, comm);
    if (!r)
        return __mpi_error(comm, MPI_ERR_NO_MEM, fn);
    *request = r;
    if (persistent) {
        r->flags |= RF_PERSISTENT;
        r->state = ST_INACTIVE;
        return MPI_SUCCESS;
    }
    return __mpi_error(comm, __mpi_start(r), fn);
}

int MPI_Isend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_STANDARD, request, 0, "MPI_Isend");
}

int MPI_Ibsend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_BUFFERED, request, 0, "MPI_Ibsend");
}

int MPI_Issend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_SYNC, request, 0, "MPI_Issend");
}

int MPI_Irsend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_READY, request, 0, "MPI_Irsend");
}

int MPI_Send_init(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_STANDARD, request, 1, "MPI_Send_init");
}

int MPI_Bsend_init(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_BUFFERED, request, 1, "MPI_Bsend_init");
}

int MPI_Ssend_init(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_SYNC, request, 1, "MPI_Ssend_init");
}

int MPI_Rsend_init(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return nb_send(buf, count, datatype, dest, tag, comm, MODE_READY, request, 1, "MPI_Rsend_init");
}

/* ---- Receives ---------------------------------------------------------------------------------------------------- */

int __mpi_Recv_c(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                 MPI_Status *status)
{
    int err = __mpi_check_recv(buf, count, datatype, source, tag, comm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Recv");
    return __mpi_error(comm, __mpi_recv(buf, count, datatype, source, tag, comm, Q_P2P, status), "MPI_Recv");
}

static int nb_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   MPI_Request *request, int persistent, const char *fn)
{
    struct __mpi_request *r;
    int err = __mpi_check_recv(buf, count, type, source, tag, comm);
    if (err == MPI_SUCCESS && !request)
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, fn);
    r = make_request(REQ_RECV, 0, buf, count, type, source, tag, comm);
    if (!r)
        return __mpi_error(comm, MPI_ERR_NO_MEM, fn);
    *request = r;
    if (persistent) {
        r->flags |= RF_PERSISTENT;
        r->state = ST_INACTIVE;
        return MPI_SUCCESS;
    }
    return __mpi_error(comm, __mpi_start(r), fn);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return nb_recv(buf, count, datatype, source, tag, comm, request, 0, "MPI_Irecv");
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return nb_recv(buf, count, datatype, source, tag, comm, request, 1, "MPI_Recv_init");
}

int MPI_Sendrecv(void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status)
{
    MPI_Request rr;
    int err = __mpi_check_send(sendbuf, sendcount, sendtype, dest, sendtag, comm);
    if (err == MPI_SUCCESS)
        err = __mpi_check_recv(recvbuf, recvcount, recvtype, source, recvtag, comm);
    if (err == MPI_SUCCESS)
        err = __mpi_irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, Q_P2P, &rr);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Sendrecv");
    err = __mpi_send(sendbuf, sendcount, sendtype, dest, sendtag, comm, Q_P2P);
    __mpi_wait_done(rr);
    __mpi_fill_status(rr, status);
    if (err == MPI_SUCCESS)
        err = rr->error;
    __mpi_free_request(rr);
    return __mpi_error(comm, err, "MPI_Sendrecv");
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status *status)
{
    MPI_Request rr;
    char *packed;
    int bytes, err = __mpi_check_send(buf, count, datatype, dest, sendtag, comm);
    if (err == MPI_SUCCESS)
        err = __mpi_check_recv(buf, count, datatype, source, recvtag, comm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Sendrecv_replace");
    if (datatype == MPI_DATATYPE_NULL)   /* both peers MPI_PROC_NULL (the checks): nothing to copy */
        return MPI_Sendrecv(buf, count, datatype, dest, sendtag, buf, count, datatype, source, recvtag, comm, status);
    bytes = count * __mpi_type_size(datatype);
    packed = (char *)malloc(bytes + 4);
    if (!packed)
        return __mpi_no_mem(comm, "MPI_Sendrecv_replace", bytes + 4);
    __mpi_pack((const char *)buf, count, __mpi_type_get(datatype), packed);
    err = __mpi_irecv(buf, count, datatype, source, recvtag, comm, Q_P2P, &rr);
    if (err == MPI_SUCCESS) {
        err = __mpi_send(packed, bytes, MPI_PACKED, dest, sendtag, comm, Q_P2P);
        __mpi_wait_done(rr);
        __mpi_fill_status(rr, status);
        if (err == MPI_SUCCESS)
            err = rr->error;
        __mpi_free_request(rr);
    }
    free(packed);
    return __mpi_error(comm, err, "MPI_Sendrecv_replace");
}

/* ---- Persistent requests ----------------------------------------------------------------------------------------- */

/* A persistent collective (pcoll.c) is started by the starter its buf holds; a send or receive by the engine. */
#define START(r) ((r)->kind == REQ_NBC ? (*(int (**)(struct __mpi_request *))(r)->buf)(r) : __mpi_start(r))

int MPI_Start(MPI_Request *request)
{
    MPI_Request r;
    if (!request || !*request || __mpi_check_request(*request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Start");
    r = *request;
    if (!(r->flags & RF_PERSISTENT) || r->state != ST_INACTIVE)
        return __mpi_error(r->comm, MPI_ERR_REQUEST, "MPI_Start");
    return __mpi_error(r->comm, START(r), "MPI_Start");
}

int MPI_Startall(int count, MPI_Request *requests)
{
    int i, err;
    if (count < 0 || (count > 0 && !requests))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Startall");
    for (i = 0; i < count; i++) {
        MPI_Request r = requests[i];
        if (!r || __mpi_check_request(r) != MPI_SUCCESS || !(r->flags & RF_PERSISTENT) || r->state != ST_INACTIVE)
            return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Startall");
    }
    for (i = 0; i < count; i++) {
        err = START(requests[i]);
        if (err != MPI_SUCCESS)
            return __mpi_error(requests[i]->comm, err, "MPI_Startall");
    }
    return MPI_SUCCESS;
}

/* ---- Completion ----------------------------------------------------------------------------------------------- */

/* Whether r can complete now (see __mpi_ready); calls only leaf functions, so a loop over it stores nothing. */
#define CAN_COMPLETE(r, k) ((k) = __mpi_ready_now(r))

/* Completes r, which can complete now: a generalized request done makes its status first (query_fn, free_fn: greq.c),
 * only now that the call gives it (MPI-3.1 section 12.2). */
static void complete(MPI_Request r)
{
    if (r->kind == REQ_NBC)
        __mpi_nbc_own(r, NBC_FINISH, 0);
    __mpi_complete(r);
}

/* Waits for r of kind REQ_NBC, whose status the call gives (as complete()). */
static void nbc_wait(MPI_Request r)
{
    __mpi_nbc_wait(r);
    __mpi_nbc_own(r, NBC_FINISH, 0);
}

/* After r completed: its status, then a persistent request becomes inactive, another one is freed. */
static int retire(MPI_Request *rp, MPI_Status *status)
{
    MPI_Request r = *rp;
    int err = r->error;
    __mpi_fill_status(r, status);
    if (r->flags & RF_PERSISTENT) {
        r->state = ST_INACTIVE;
        if (r->tmp) {
            free(r->tmp);
            r->tmp = 0;
        }
    } else {
        __mpi_free_request(r);
        *rp = MPI_REQUEST_NULL;
    }
    return err;
}

static int check_array(int count, MPI_Request *requests, const char *fn)
{
    int i;
    if (count < 0 || (count > 0 && !requests))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    for (i = 0; i < count; i++)
        if (__mpi_check_request(requests[i]) != MPI_SUCCESS)
            return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, fn);
    return MPI_SUCCESS;
}


/* i = the first request that can complete, -1 if none, -2 if all are null or inactive. */
#define FIRST_READY(count, requests, i)                                                                     \
    do {                                                                                                    \
        int j_, k_, active_ = 0;                                                                            \
        i = -1;                                                                                             \
        for (j_ = 0; j_ < (count); j_++) {                                                                  \
            MPI_Request r_ = (requests)[j_];                                                                \
            if (!r_ || ((r_->flags & RF_PERSISTENT) && r_->state == ST_INACTIVE))                           \
                continue;                                                                                   \
            active_ = 1;                                                                                    \
            if (CAN_COMPLETE(r_, k_)) {                                                                     \
                i = j_;                                                                                     \
                break;                                                                                      \
            }                                                                                               \
        }                                                                                                   \
        if (i == -1 && !active_)                                                                            \
            i = -2;                                                                                         \
    } while (0)

/* Nonblocking collectives (nbc.c) move on when their requests are looked at: each of the array's that is
 * still going completes what it can. Returns how many are still going. */
static int poll_nbc(int count, MPI_Request *requests)
{
    int i, going = 0;
    for (i = 0; i < count; i++) {
        MPI_Request r = requests[i];
        if (r && r->kind == REQ_NBC && r->state != ST_DONE && r->tmp) {     /* (not an inactive persistent one) */
            __mpi_nbc_poll(r);
            going += r->state != ST_DONE;
        }
    }
    return going;
}

extern struct __mpi_out *__mpi_outbox;
void __mpi_drain_outbox(void);

/* Until one of the requests can complete, while some of them are nonblocking collectives still going (the
 * wait loops of fast.S only watch requests that handlers complete). */
static void wait_nbc(int count, MPI_Request *requests)
{
    int i;
    while (poll_nbc(count, requests)) {
        FIRST_READY(count, requests, i);
        if (i != -1)
            return;
        if (__mpi_outbox)
            __mpi_drain_outbox();
        else
            IDLE();
    }
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    MPI_Request r;
    int comm;
    if (!request || __mpi_check_request(*request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, request ? MPI_ERR_REQUEST : MPI_ERR_ARG, "MPI_Wait");
    r = *request;
    if (inactive(r)) {
        empty_status(status);
        return MPI_SUCCESS;
    }
    comm = r->comm;
    if (r->kind == REQ_NBC)
        nbc_wait(r);
    __mpi_wait_done(r);
    return __mpi_error(comm, retire(request, status), "MPI_Wait");
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    MPI_Request r;
    int k;
    if (!request || !flag || __mpi_check_request(*request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, request && flag ? MPI_ERR_REQUEST : MPI_ERR_ARG, "MPI_Test");
    r = *request;
    if (inactive(r)) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    poll_nbc(1, request);
    if (!CAN_COMPLETE(r, k)) {
        *flag = 0;
        IDLE();         /* a program that loops on MPI_Test lets the handlers run */
        return MPI_SUCCESS;
    }
    *flag = 1;
    complete(r);
    k = r->comm;
    return __mpi_error(k, retire(request, status), "MPI_Test");
}

int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    int k;
    if (!flag || __mpi_check_request(request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, flag ? MPI_ERR_REQUEST : MPI_ERR_ARG, "MPI_Request_get_status");
    if (inactive(request)) {
        *flag = 1;
        empty_status(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_ERROR = MPI_SUCCESS;    /* as MPICH gives it (its test pt2pt/rqstatus asks for it) */
        return MPI_SUCCESS;
    }
    if (request->kind == REQ_NBC && (k = __mpi_nbc_own(request, NBC_STATUS, status)) >= 0) {
        *flag = k;
        return MPI_SUCCESS;
    }
    poll_nbc(1, &request);
    if (!CAN_COMPLETE(request, k)) {
        *flag = 0;
        IDLE();
        return MPI_SUCCESS;
    }
    __mpi_complete(request);
    *flag = 1;
    __mpi_fill_status(request, status);
    return MPI_SUCCESS;
}

/* MPI_Waitall and MPI_Testall once every request has completed (__mpi_complete): each status, then
 * MPI_ERR_IN_STATUS when a request failed, with every status's MPI_ERROR its request's code (MPI_SUCCESS for a
 * null or inactive one) (MPI-3.1 section 3.7.5). When none failed, MPI_Waitall writes MPI_SUCCESS into the status
 * of each request it completed, as MPICH does, and MPI_Testall leaves the field as it was. */
static int retire_all(int count, MPI_Request *requests, MPI_Status *statuses, int wait, const char *fn)
{
    int i, e, err = MPI_SUCCESS, comm = MPI_COMM_WORLD;
    for (i = 0; i < count; i++)
        if (!inactive(requests[i]) && requests[i]->error != MPI_SUCCESS) {
            comm = requests[i]->comm;
            err = MPI_ERR_IN_STATUS;
            break;
        }
    for (i = 0; i < count; i++) {
        MPI_Status *s = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        int active = !inactive(requests[i]);
        if (active) {
            e = retire(&requests[i], s);
        } else {
            empty_status(s);
            e = MPI_SUCCESS;
        }
        if (s != MPI_STATUS_IGNORE && (err != MPI_SUCCESS || (wait && active)))
            s->MPI_ERROR = e;
    }
    return __mpi_error(comm, err, fn);
}

int MPI_Waitall(int count, MPI_Request *requests, MPI_Status *statuses)
{
    int i;
    if (check_array(count, requests, "MPI_Waitall") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    for (i = 0; i < count; i++) {
        MPI_Request r = requests[i];
        if (inactive(r))
            continue;
        if (r->kind == REQ_NBC)
            nbc_wait(r);
        __mpi_wait_done(r);
    }
    return retire_all(count, requests, statuses, 1, "MPI_Waitall");
}

int MPI_Testall(int count, MPI_Request *requests, int *flag, MPI_Status *statuses)
{
    int i, k;
    if (check_array(count, requests, "MPI_Testall") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    if (!flag)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Testall");
    poll_nbc(count, requests);
    for (i = 0; i < count; i++) {
        if (!inactive(requests[i]) && !CAN_COMPLETE(requests[i], k)) {
            *flag = 0;
            IDLE();
            return MPI_SUCCESS;
        }
    }
    for (i = 0; i < count; i++)
        if (!inactive(requests[i]))
            complete(requests[i]);
    *flag = 1;
    return retire_all(count, requests, statuses, 0, "MPI_Testall");
}

int MPI_Waitany(int count, MPI_Request *requests, int *index, MPI_Status *status)
{
    int i, comm;
    if (check_array(count, requests, "MPI_Waitany") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    if (!index)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Waitany");
    if (__mpi_background)
        __mpi_progress();
    wait_nbc(count, requests);
    i = __mpi_wait_any_loop(count, requests);
    if (i == -2) {
        *index = MPI_UNDEFINED;
        empty_status(status);
        return MPI_SUCCESS;
    }
    *index = i;
    comm = requests[i]->comm;
    complete(requests[i]);
    return __mpi_error(comm, retire(&requests[i], status), "MPI_Waitany");
}

int MPI_Testany(int count, MPI_Request *requests, int *index, int *flag, MPI_Status *status)
{
    int i, comm;
    if (check_array(count, requests, "MPI_Testany") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    if (!index || !flag)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Testany");
    poll_nbc(count, requests);
    FIRST_READY(count, requests, i);
    if (i == -1) {
        *flag = 0;
        *index = MPI_UNDEFINED;
        IDLE();
        return MPI_SUCCESS;
    }
    *flag = 1;
    if (i == -2) {
        *index = MPI_UNDEFINED;
        empty_status(status);
        return MPI_SUCCESS;
    }
    *index = i;
    comm = requests[i]->comm;
    complete(requests[i]);
    return __mpi_error(comm, retire(&requests[i], status), "MPI_Testany");
}

/* Completes every request that can complete now; returns how many, or MPI_UNDEFINED if all are inactive. When one
 * failed, *err is MPI_ERR_IN_STATUS and every status given has its request's code in MPI_ERROR (MPI-3.1 section
 * 3.7.5); else the field stays as it was. */
static int complete_some(int count, MPI_Request *requests, int *indices, MPI_Status *statuses, int *err,
                         int *comm)
{
    int i, k, e, n = 0, active = 0;
    for (i = 0; i < count; i++) {
        MPI_Request r = requests[i];
        if (inactive(r))
            continue;
        active = 1;
        if (CAN_COMPLETE(r, k)) {
            complete(r);
            if (r->error != MPI_SUCCESS && *err == MPI_SUCCESS) {
                *comm = r->comm;
                *err = MPI_ERR_IN_STATUS;
            }
            indices[n++] = i;
        }
    }
    for (i = 0; i < n; i++) {
        MPI_Status *s = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        e = retire(&requests[indices[i]], s);
        if (s != MPI_STATUS_IGNORE && *err != MPI_SUCCESS)
            s->MPI_ERROR = e;
    }
    return active ? n : MPI_UNDEFINED;
}

int MPI_Waitsome(int incount, MPI_Request *requests, int *outcount, int *indices, MPI_Status *statuses)
{
    int err = MPI_SUCCESS, comm = MPI_COMM_WORLD;
    if (check_array(incount, requests, "MPI_Waitsome") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    if (!outcount || (incount > 0 && !indices))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Waitsome");
    if (__mpi_background)
        __mpi_progress();
    wait_nbc(incount, requests);
    __mpi_wait_any_loop(incount, requests);
    *outcount = complete_some(incount, requests, indices, statuses, &err, &comm);
    return __mpi_error(comm, err, "MPI_Waitsome");
}

int MPI_Testsome(int incount, MPI_Request *requests, int *outcount, int *indices, MPI_Status *statuses)
{
    int err = MPI_SUCCESS, comm = MPI_COMM_WORLD;
    if (check_array(incount, requests, "MPI_Testsome") != MPI_SUCCESS)
        return MPI_ERR_REQUEST;
    if (!outcount || (incount > 0 && !indices))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Testsome");
    poll_nbc(incount, requests);
    *outcount = complete_some(incount, requests, indices, statuses, &err, &comm);
    if (*outcount == 0)
        IDLE();
    return __mpi_error(comm, err, "MPI_Testsome");
}

int MPI_Request_free(MPI_Request *request)
{
    MPI_Request r;
    int k;
    if (!request || !*request || __mpi_check_request(*request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Request_free");
    r = *request;
    *request = MPI_REQUEST_NULL;
    if (r->kind == REQ_NBC && (r->flags & RF_PERSISTENT)) {
        /* a persistent collective (pcoll.c): finished now if active, then freed with its arguments */
        if (!inactive(r)) {
            __mpi_nbc_wait(r);
            __mpi_complete(r);
        }
        free(r->buf);
        r->buf = 0;
        __mpi_free_request(r);
        return MPI_SUCCESS;
    }
    if (r->kind == REQ_NBC) {
        if (__mpi_nbc_own(r, NBC_FREE, 0) == 0)
            return MPI_SUCCESS; /* a generalized request: freed when it completes */
        __mpi_nbc_wait(r);      /* the background list completes only point to point: finish it now */
    }
    if (inactive(r) || CAN_COMPLETE(r, k)) {
        if (!inactive(r))
            __mpi_complete(r);
        __mpi_free_request(r);
        return MPI_SUCCESS;
    }
    r->flags |= RF_FREED;           /* it finishes in the background, then is freed */
    __mpi_background_add(r);
    return MPI_SUCCESS;
}

int MPI_Cancel(MPI_Request *request)
{
    if (!request || !*request || __mpi_check_request(*request) != MPI_SUCCESS)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Cancel");
    if (inactive(*request))
        return MPI_SUCCESS;
    if ((*request)->kind == REQ_NBC) {  /* a collective cannot be cancelled (MPI-3 5.12) */
        int k = __mpi_nbc_own(*request, NBC_CANCEL, 0);
        return __mpi_error((*request)->comm, k >= 0 ? k : MPI_ERR_REQUEST, "MPI_Cancel");
    }
    return __mpi_error((*request)->comm, __mpi_cancel(*request), "MPI_Cancel");
}

int MPI_Test_cancelled(MPI_Status *status, int *flag)
{
    if (!status || !flag)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Test_cancelled");
    *flag = status->__cancelled & 1;     /* the bits above: a large count's (count.c) */
    return MPI_SUCCESS;
}

/* ---- Probes --------------------------------------------------------------------------------------------------- */

int __mpi_check_probe(int source, int tag, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (tag < 0 && tag != MPI_ANY_TAG)
        return MPI_ERR_TAG;
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return MPI_ERR_RANK;
    return MPI_SUCCESS;
}

/* Looks once; 1 with the status filled when a matching message has been announced. */
static int probe_once(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int src;
    struct __mpi_env *e;
    if (source == MPI_PROC_NULL) {
        empty_status(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_SOURCE = MPI_PROC_NULL;
        return 1;
    }
    e = __mpi_find_unexpected(__mpi_comm(comm), Q_P2P, source, tag, &src);
    if (!e)
        return 0;
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = src;
        status->MPI_TAG = e->tag;
        status->__count = e->bytes;
        status->__cancelled = 0;
    }
    return 1;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    int err = __mpi_check_probe(source, tag, comm);
    if (err == MPI_SUCCESS && !flag)
        err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Iprobe");
    *flag = probe_once(source, tag, comm, status);
    if (!*flag)
        IDLE();         /* a program that loops on MPI_Iprobe lets the handlers run */
    return MPI_SUCCESS;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int seen, err = __mpi_check_probe(source, tag, comm);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, err, "MPI_Probe");
    for (;;) {
        seen = __mpi_arrivals;
        if (probe_once(source, tag, comm, status))
            return MPI_SUCCESS;
        /* look again only when something new has been queued; until then only read */
        __mpi_wait_change(&__mpi_arrivals, seen);
    }
}
