/* What both point-to-point engines share (docs/mpi.md, "Point to point"; docs/mpi-t3d.md, "Sharing"): the
 * request free list, the internal entry points that fill and start a request (blocking ones on the stack),
 * status filling, the background list, probing the unexpected queue and cancelling a posted receive. The
 * engine proper, how a request is started, matched and completed, is the machine's: p2p.c on SCMP,
 * t3d/p2p_t3d.c on the T3D, behind __mpi_start_send, __mpi_start_recv, __mpi_complete and the wait loops. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

static struct __mpi_request *freelist;

struct __mpi_request *__mpi_new_request(void)
{
    struct __mpi_request *r = freelist;
    if (r)
        freelist = r->next;
    else
        r = (struct __mpi_request *)malloc(sizeof *r);
    if (r) {
        memset(r, 0, sizeof *r);
        r->magic = REQ_MAGIC;
    }
    return r;
}

void __mpi_free_request(struct __mpi_request *r)
{
    if (r->tmp) {
        free(r->tmp);
        r->tmp = 0;
    }
    if (!(r->flags & RF_STACK)) {
        __mpi_type_release(r->type);
        r->magic = 0;
        r->next = freelist;
        freelist = r;
    }
}

int __mpi_start(struct __mpi_request *r)
{
    return r->kind == REQ_SEND ? __mpi_start_send(r) : __mpi_start_recv(r);
}

void __mpi_background_add(struct __mpi_request *r)
{
    r->bnext = __mpi_background;
    __mpi_background = r;
}

void __mpi_wait_done(struct __mpi_request *r)
{
    __mpi_wait_loop(r);
    __mpi_complete(r);
}

void __mpi_fill_status(struct __mpi_request *r, MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    if (r->kind == REQ_RECV) {
        status->MPI_SOURCE = r->source;
        status->MPI_TAG = r->rtag;
        status->__count = r->msgbytes < r->bytes ? r->msgbytes : r->bytes;
    } else {
        status->MPI_SOURCE = MPI_UNDEFINED;
        status->MPI_TAG = MPI_UNDEFINED;
        status->__count = 0;
    }
    status->__cancelled = r->cancelled;     /* MPI_ERROR stays as the caller set it (MPI-3.1 3.2.5) */
}

/* ---- Internal entry points ------------------------------------------------------------------------------------ */

static void fill(struct __mpi_request *r, int kind, void *buf, int count, MPI_Datatype type, int peer, int tag,
                 MPI_Comm comm, int q)
{
    r->kind = kind;
    r->q = q;
    r->comm = comm;
    r->peer = peer;
    r->tag = tag;
    r->buf = buf;
    r->count = count;
    r->type = type;
    r->tp = __mpi_request_type(type);
}

static int check_common(int count, MPI_Datatype type, int peer, MPI_Comm comm, struct __mpi_comm **cp)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (__mpi_type_usable_for(type, peer) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    *cp = c;
    return MPI_SUCCESS;
}

int __mpi_isend(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q,
                MPI_Request *request)
{
    struct __mpi_comm *c;
    struct __mpi_request *r;
    int err = check_common(count, type, dest, comm, &c);
    if (err != MPI_SUCCESS)
        return err;
    if (dest != MPI_PROC_NULL && (dest < 0 || dest >= c->size))
        return MPI_ERR_RANK;
    r = __mpi_new_request();
    if (!r)
        return MPI_ERR_NO_MEM;
    fill(r, REQ_SEND, buf, count, type, dest, tag, comm, q);
    __mpi_type_hold(type);
    *request = r;
    return __mpi_start(r);
}

int __mpi_irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
                MPI_Request *request)
{
    struct __mpi_comm *c;
    struct __mpi_request *r;
    int err = check_common(count, type, source, comm, &c);
    if (err != MPI_SUCCESS)
        return err;
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return MPI_ERR_RANK;
    r = __mpi_new_request();
    if (!r)
        return MPI_ERR_NO_MEM;
    fill(r, REQ_RECV, buf, count, type, source, tag, comm, q);
    __mpi_type_hold(type);
    *request = r;
    return __mpi_start(r);
}

int __mpi_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q)
{
    struct __mpi_request r;
    int err;
    r.flags = RF_STACK;
    r.mode = MODE_STANDARD;
    r.tmp = 0;
    r.bseg = 0;
    fill(&r, REQ_SEND, buf, count, type, dest, tag, comm, q);
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    r.magic = REQ_MAGIC;
    err = __mpi_start_send(&r);
    if (err != MPI_SUCCESS)
        return err;
    if (r.state != ST_DONE)
        __mpi_wait_done(&r);
    else
        __mpi_complete(&r);
    r.magic = 0;
    return MPI_SUCCESS;
}

int __mpi_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
               MPI_Status *status)
{
    struct __mpi_request r;
    int err;
    r.flags = RF_STACK;
    r.magic = REQ_MAGIC;
    r.lastp = 0;
    r.nwords = 0;
    fill(&r, REQ_RECV, buf, count, type, source, tag, comm, q);
    err = __mpi_start_recv(&r);
    if (err != MPI_SUCCESS)
        return err;
    if (r.state != ST_DONE)
        __mpi_wait_done(&r);
    __mpi_fill_status(&r, status);
    r.magic = 0;
    return r.error;
}

/* ---- Probing and cancelling ---------------------------------------------------------------------------------- */

/* The oldest announced message that a receive (source, tag) would take, or NULL. */
struct __mpi_env *__mpi_find_unexpected(struct __mpi_comm *c, int q, int source, int tag, int *src)
{
    struct __mpi_env *e;
#if defined(__T3D__) || defined(__SP__)
    __mpi_take_in();                /* no handlers on the T3D (on the SP, polling): envelopes come in when the process looks */
#endif
    for (e = c->sends[q]; e; e = e->next) {
        int s = __mpi_rank_of_node(c, e->src_node);
        if ((source == s || source == MPI_ANY_SOURCE) && (tag == e->tag || tag == MPI_ANY_TAG)) {
            *src = s;
            return e;
        }
    }
    return 0;
}

/* A receive not yet matched leaves its queue. */
int __mpi_cancel_recv(struct __mpi_request *r)
{
    if (r->state == ST_POSTED) {
        struct __mpi_comm *c = __mpi_comm(r->comm);
        struct __mpi_request **pp;
        for (pp = &c->recvs[r->q]; *pp; pp = &(*pp)->next)
            if (*pp == r) {
                *pp = r->next;
                break;
            }
        r->cancelled = 1;
        r->state = ST_DONE;
    }
    return MPI_SUCCESS;
}
