/* The request engine (docs/mpi.md): the thesis's postedReceives / postedSends queues, a THREAD-message
 * handshake to the receiver, one DATA message for the payload.
 *
 *   sender                                       receiver
 *   MPI_Isend: THREAD __mpi_post_send (RTS) ---> match against postedReceives, or queue in postedSends
 *                                                (MPI_Irecv matches postedSends the other way round)
 *              <--- THREAD __mpi_request_data (CTS: where the payload goes, how many words)
 *   DATA: the payload words ------------------->  the receiver waits until the payload's last word holds
 *   send completes when the DMA engine has         the value the RTS announced (it stored another value
 *   read the buffer                                there before sending the CTS)
 *
 * Completion never depends on the order in which separate messages arrive: the words of one DATA message
 * are written in order, so the last word changing means the whole payload has landed. Handlers and the
 * functions they call never suspend, so each runs atomically with respect to the node's other threads. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

/* Per pair of nodes, RTS sequence numbers: a receiver handles one sender's RTSs in the order they were
 * sent (MPI's non-overtaking rule), even if the network or the scheduler delivers them in another order. */
static int *seq_out;            /* next sequence number to send to node i */
static int *seq_in;             /* next sequence number expected from node i */
static struct __mpi_env *early; /* RTSs that arrived ahead of their turn */

static void seq_tables(void)
{
    int n;
    if (seq_out)
        return;
    n = getXDim() * getYDim();
    seq_out = (int *)calloc(n, sizeof(int));
    seq_in = (int *)calloc(n, sizeof(int));
}

static int matches(int want_src, int want_tag, int src, int tag)
{
    return (want_src == MPI_ANY_SOURCE || want_src == src) && (want_tag == MPI_ANY_TAG || want_tag == tag);
}

/* The data has all arrived (or there was none): copy out of the landing buffer, add the tail bytes. */
static void finish_recv(struct __mpi_request *r)
{
    int words_bytes = r->nwords * 4;
    int n = r->msgbytes < r->bytes ? r->msgbytes : r->bytes;
    if (r->tmp) {
        memcpy(r->buf, r->tmp, words_bytes < n ? words_bytes : n);
        free(r->tmp);
        r->tmp = 0;
    }
    if (n > words_bytes)
        memcpy(r->buf + words_bytes, &r->tailword, n - words_bytes);
    r->state = ST_DONE;
}

/* A receive meets its send: prepare where the payload goes and send the CTS to the sender. */
static void match(struct __mpi_request *r, struct __mpi_env *e, struct __mpi_comm *c)
{
    int nwords = e->bytes / 4;
    char *target = r->buf;
    r->source = __mpi_rank_of_node(c, e->src_node);
    r->rtag = e->tag;
    r->msgbytes = e->bytes;
    r->error = e->bytes > r->bytes ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    r->nwords = nwords;
    r->tailword = e->tailword;
    r->tmp = 0;
    if (nwords > 0 && (e->bytes > r->bytes || ((unsigned)r->buf & 3) != 0)) {
        r->tmp = (char *)malloc(nwords * 4);
        target = r->tmp;
    }
    if (nwords > 0) {
        r->lastp = (volatile int *)target + (nwords - 1);
        r->lastword = e->lastword;
        *r->lastp = ~e->lastword;
        r->state = ST_DATA;
    } else {
        finish_recv(r);
    }
    __scmp_thread4(e->src_node, (void (*)())__mpi_request_data, e->sreq, (int)target, nwords, getNodeId());
}

/* An RTS in its turn: match the oldest fitting posted receive, or join postedSends. Takes ownership of e. */
static void deliver(struct __mpi_env *e)
{
    struct __mpi_comm *c = __mpi_comm(e->context >> 1);
    int q = e->context & 1;
    int src;
    struct __mpi_request **pp;
    struct __mpi_env **ep;
    if (!c) {
        free(e);        /* a communicator this node does not know: nothing can ever match */
        return;
    }
    src = __mpi_rank_of_node(c, e->src_node);
    for (pp = &c->recvs[q]; *pp; pp = &(*pp)->next) {
        struct __mpi_request *r = *pp;
        if (matches(r->peer, r->tag, src, e->tag)) {
            *pp = r->next;
            r->next = 0;
            match(r, e, c);
            free(e);
            return;
        }
    }
    e->next = 0;
    for (ep = &c->sends[q]; *ep; ep = &(*ep)->next)
        ;
    *ep = e;
}

/* THREAD handler on the receiver: a send has been posted (RTS). */
void __mpi_post_send(int src_node, int context, int tag, int bytes, int sreq, int lastword, int tailword,
                     int seq)
{
    struct __mpi_env *e;
    int progress;
    __mpi_state();
    seq_tables();
    e = (struct __mpi_env *)malloc(sizeof *e);
    e->next = 0;
    e->src_node = src_node;
    e->context = context;
    e->tag = tag;
    e->bytes = bytes;
    e->sreq = sreq;
    e->lastword = lastword;
    e->tailword = tailword;
    e->seq = seq;
    if (seq != seq_in[src_node]) {
        e->next = early;
        early = e;
        return;
    }
    seq_in[src_node]++;
    deliver(e);
    do {
        struct __mpi_env **ep;
        progress = 0;
        for (ep = &early; *ep; ep = &(*ep)->next) {
            if ((*ep)->src_node == src_node && (*ep)->seq == seq_in[src_node]) {
                e = *ep;
                *ep = e->next;
                seq_in[src_node]++;
                deliver(e);
                progress = 1;
                break;
            }
        }
    } while (progress);
}

/* THREAD handler on the sender: the receiver is ready (CTS); send the payload as one DATA message. */
void __mpi_request_data(int sreq, int target, int nwords, int dst_node)
{
    struct __mpi_request *r = (struct __mpi_request *)sreq;
    char *src = r->buf;
    if (nwords <= 0) {
        r->state = ST_DONE;
        return;
    }
    /* One message however long (sendm moves at most 65535 words), so that its last word lands last. */
    __scmp_sendh_data(dst_node, (void *)target, 1);
    while (nwords > 65535) {
        __scmp_sendm(src, (1u << 16) | 65535u);
        src += 65535 * 4;
        nwords -= 65535;
    }
    __scmp_sendme(src, (1u << 16) | (unsigned)nwords);
    r->state = ST_DMA;
}

/* Polls one request; returns 1 when it is complete. Never suspends. */
static int poll(struct __mpi_request *r)
{
    if (r->state == ST_DONE)
        return 1;
    if (r->kind == REQ_RECV && r->state == ST_DATA && *r->lastp == r->lastword) {
        finish_recv(r);
        return 1;
    }
    if (r->kind == REQ_SEND && r->state == ST_DMA && (__scmp_niustat() & SCMP_NIU_DMA_BUSY) == 0) {
        if (r->tmp) {
            free(r->tmp);
            r->tmp = 0;
        }
        r->state = ST_DONE;
        return 1;
    }
    return 0;
}

static struct __mpi_request *new_request(int kind, MPI_Comm comm, int q, int peer, int tag, void *buf,
                                         int bytes)
{
    struct __mpi_request *r = (struct __mpi_request *)calloc(1, sizeof *r);
    r->kind = kind;
    r->state = ST_POSTED;
    r->comm = comm;
    r->q = q;
    r->peer = peer;
    r->tag = tag;
    r->buf = (char *)buf;
    r->bytes = bytes;
    r->source = MPI_ANY_SOURCE;
    r->rtag = MPI_ANY_TAG;
    r->error = MPI_SUCCESS;
    return r;
}

int __mpi_isend(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q,
                MPI_Request *request)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int size = __mpi_type_size(type);
    struct __mpi_request *r;
    int bytes, nwords, node, w[8];
    if (!c)
        return MPI_ERR_COMM;
    if (size < 0)
        return MPI_ERR_TYPE;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (q == Q_P2P && tag < 0)
        return MPI_ERR_TAG;
    if (dest != MPI_PROC_NULL && (dest < 0 || dest >= c->size))
        return MPI_ERR_RANK;
    bytes = count * size;
    r = new_request(REQ_SEND, comm, q, dest, tag, buf, bytes);
    *request = r;
    if (dest == MPI_PROC_NULL) {
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    seq_tables();
    node = c->nodes[dest];
    nwords = bytes / 4;
    if (nwords > 0 && ((unsigned)buf & 3) != 0) {   /* the DMA engine reads words: send an aligned copy */
        r->tmp = (char *)malloc(nwords * 4);
        memcpy(r->tmp, buf, nwords * 4);
        r->buf = r->tmp;
    }
    w[0] = getNodeId();
    w[1] = 2 * c->context + q;
    w[2] = tag;
    w[3] = bytes;
    w[4] = (int)r;
    w[5] = nwords > 0 ? ((int *)r->buf)[nwords - 1] : 0;
    w[6] = 0;
    if (bytes % 4)
        memcpy(&w[6], (char *)buf + nwords * 4, bytes % 4);
    w[7] = seq_out[node]++;
    __scmp_send_thread(node, (void (*)())__mpi_post_send, w, 8);
    return MPI_SUCCESS;
}

int __mpi_irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, int q,
                MPI_Request *request)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int size = __mpi_type_size(type);
    struct __mpi_request *r, **pp;
    struct __mpi_env **ep;
    if (!c)
        return MPI_ERR_COMM;
    if (size < 0)
        return MPI_ERR_TYPE;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (q == Q_P2P && tag < 0 && tag != MPI_ANY_TAG)
        return MPI_ERR_TAG;
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return MPI_ERR_RANK;
    r = new_request(REQ_RECV, comm, q, source, tag, buf, count * size);
    *request = r;
    if (source == MPI_PROC_NULL) {
        r->source = MPI_PROC_NULL;
        r->msgbytes = 0;
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    for (ep = &c->sends[q]; *ep; ep = &(*ep)->next) {
        struct __mpi_env *e = *ep;
        if (matches(source, tag, __mpi_rank_of_node(c, e->src_node), e->tag)) {
            *ep = e->next;
            match(r, e, c);
            free(e);
            return MPI_SUCCESS;
        }
    }
    for (pp = &c->recvs[q]; *pp; pp = &(*pp)->next)
        ;
    *pp = r;
    return MPI_SUCCESS;
}

int MPI_Isend(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return __mpi_isend(buf, count, datatype, dest, tag, comm, Q_P2P, request);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    return __mpi_irecv(buf, count, datatype, source, tag, comm, Q_P2P, request);
}

/* Fills the status of a complete request and frees it. */
static int retire(MPI_Request *request, MPI_Status *status)
{
    struct __mpi_request *r = *request;
    int err = r->error;
    if (status != MPI_STATUS_IGNORE) {
        if (r->kind == REQ_RECV) {
            status->MPI_SOURCE = r->source;
            status->MPI_TAG = r->rtag;
            status->__count = r->msgbytes < r->bytes ? r->msgbytes : r->bytes;
        } else {
            status->MPI_SOURCE = MPI_UNDEFINED;
            status->MPI_TAG = MPI_UNDEFINED;
            status->__count = 0;
        }
        status->MPI_ERROR = err;
    }
    free(r);
    *request = MPI_REQUEST_NULL;
    return err;
}

static void empty_status(MPI_Status *status)
{
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = MPI_ANY_SOURCE;
        status->MPI_TAG = MPI_ANY_TAG;
        status->MPI_ERROR = MPI_SUCCESS;
        status->__count = 0;
    }
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    if (*request == MPI_REQUEST_NULL) {
        empty_status(status);
        return MPI_SUCCESS;
    }
    while (!poll(*request))
        suspendThread();    /* lets the handshake handlers of this node run */
    return retire(request, status);
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    if (*request == MPI_REQUEST_NULL) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    if (!poll(*request)) {
        *flag = 0;
        suspendThread();    /* a program that loops on MPI_Test lets the handlers run */
        return MPI_SUCCESS;
    }
    *flag = 1;
    return retire(request, status);
}

int MPI_Waitall(int count, MPI_Request *requests, MPI_Status *statuses)
{
    int i, err = MPI_SUCCESS;
    for (i = 0; i < count; i++) {
        MPI_Status *s = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        if (MPI_Wait(&requests[i], s) != MPI_SUCCESS)
            err = MPI_ERR_IN_STATUS;
    }
    return err;
}

int MPI_Testall(int count, MPI_Request *requests, int *flag, MPI_Status *statuses)
{
    int i, err = MPI_SUCCESS;
    for (i = 0; i < count; i++) {
        if (requests[i] != MPI_REQUEST_NULL && !poll(requests[i])) {
            *flag = 0;
            suspendThread();
            return MPI_SUCCESS;
        }
    }
    for (i = 0; i < count; i++) {
        MPI_Status *s = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        if (requests[i] == MPI_REQUEST_NULL)
            empty_status(s);
        else if (retire(&requests[i], s) != MPI_SUCCESS)
            err = MPI_ERR_IN_STATUS;
    }
    *flag = 1;
    return err;
}

int MPI_Waitany(int count, MPI_Request *requests, int *index, MPI_Status *status)
{
    int i, active;
    for (;;) {
        active = 0;
        for (i = 0; i < count; i++) {
            if (requests[i] == MPI_REQUEST_NULL)
                continue;
            active = 1;
            if (poll(requests[i])) {
                *index = i;
                return retire(&requests[i], status);
            }
        }
        if (!active) {
            *index = MPI_UNDEFINED;
            empty_status(status);
            return MPI_SUCCESS;
        }
        suspendThread();
    }
}

int MPI_Send(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    MPI_Request r;
    int err = MPI_Isend(buf, count, datatype, dest, tag, comm, &r);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}

int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
    MPI_Request r;
    int err = MPI_Irecv(buf, count, datatype, source, tag, comm, &r);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Wait(&r, status);
}

int MPI_Sendrecv(void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status)
{
    MPI_Request rr, sr;
    int err = MPI_Irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, &rr);
    if (err != MPI_SUCCESS)
        return err;
    err = MPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &sr);
    if (err != MPI_SUCCESS) {
        MPI_Wait(&rr, status);
        return err;
    }
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    return MPI_Wait(&rr, status);
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_env *e;
    if (!c)
        return MPI_ERR_COMM;
    *flag = 0;
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        empty_status(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_SOURCE = MPI_PROC_NULL;
        return MPI_SUCCESS;
    }
    for (e = c->sends[Q_P2P]; e; e = e->next) {
        int src = __mpi_rank_of_node(c, e->src_node);
        if (matches(source, tag, src, e->tag)) {
            *flag = 1;
            if (status != MPI_STATUS_IGNORE) {
                status->MPI_SOURCE = src;
                status->MPI_TAG = e->tag;
                status->MPI_ERROR = MPI_SUCCESS;
                status->__count = e->bytes;
            }
            return MPI_SUCCESS;
        }
    }
    suspendThread();        /* a program that loops on MPI_Iprobe lets the handlers run */
    return MPI_SUCCESS;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int flag, err;
    for (;;) {
        err = MPI_Iprobe(source, tag, comm, &flag, status);
        if (err != MPI_SUCCESS || flag)
            return err;
        suspendThread();
    }
}
