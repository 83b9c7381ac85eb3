/* Point to point on the IBM SP model, the native stack (docs/mpi-sp.md "The native stack"; seed 003 section 2):
 * MPCI, the message layer with matching and early-arrival buffering, over Pipes' reliable byte streams
 * (<pipes.h>) over HAL, and the request engine that pt2pt.c's API calls over it. p2p_lapi.c hands every call
 * here when MP_MPI_STACK is native.
 *
 * Every MPCI message is a 16-byte header in the stream from its sender to its receiver, followed by its data:
 *   word 0  kind << 24 | ready mode << 23 | context (2 * communicator context + queue)
 *   word 1  tag; CTS: the receiver's request
 *   word 2  the data's bytes; CTX_ASK: how many contexts; CTX_REPLY: the first
 *   word 3  RTS, CTS: the sender's request; DATA: the receiver's
 *
 *   eager (standard and buffered below the eager limit, ready):  EAGER header + data
 *   rendezvous (standard and buffered at and above it, synchronous):
 *       RTS -> the receive matches -> CTS -> DATA header + data, into the receive's buffer
 *
 * A stream is ordered, so messages of a pair are matched in the order they were sent with no sequence numbers.
 * The reader takes each stream's bytes as Pipes hands them over: a header decides where the data that follow go
 * (the matching posted receive's buffer, or an early-arrival buffer), and the data are copied there from the
 * packet (or from the receive pipe buffer, for the staged bytes: the first and last PIPES_COPY_BYTES of each
 * message, which also go through the send pipe buffer). The reader may not write to a stream: the CTS answers,
 * rendezvous data and context answers it gives rise to wait in a list that the next MPI call sends. Progress is
 * polling (the MPI calls take the packets), or with MP_CSS_INTERRUPT=yes interrupt mode: HAL's interrupt handler,
 * with the native MPI's hysteresis, takes them through Pipes and then sends that list, so a message arrives while
 * the program computes outside MPI; the MPI calls' wait loops give it the core.
 *
 * Kinds from K_RMA on are one-sided communication's (win_mpci.c): the reader hands their headers to
 * __mpci_rma_in, which says where the data that follow go, and calls __mpci_rma_end when they are all in; their
 * answers go through the same list (__mpci_rma_reply). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hal.h>
#include <pipes.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../poll_send.h"
#include "sp_stack.h"
#include "sp_match.h"

#define MAX_TASKS 128

enum { K_EAGER = 1, K_RTS, K_CTS, K_DATA, K_CTX_ASK, K_CTX_REPLY, K_RMA = MPCI_K_RMA };

/* The MPCI header. */
struct mhdr {
    int kc;
    int tag;
    int bytes;
    int req;
};

/* A message announced here: in the unexpected queue (as its __mpi_env), in limbo, or being read for the
 * receive it matched. */
struct nmsg {
    struct __mpi_env e;         /* first: the unexpected queue and MPI_Probe see it as an envelope */
    struct __mpi_request *r;    /* the receive it matched, or 0 */
    char *at;                   /* where its data go, or 0 until its header has been read */
    int direct;                 /* at is the receive's own buffer */
    int ready;                  /* a ready-mode send */
    int done;                   /* all its data are in `at` */
};

/* What the reader is doing in the stream from each source: reading a header, or `left` data bytes to `to`. */
struct rx {
    char hdr[sizeof(struct mhdr)];
    int hgot;
    int left;
    char *to;
    struct nmsg *m;             /* eager data: its message */
    struct __mpi_request *r;    /* rendezvous data: the receive */
    int direct;
    int rma;                    /* one-sided data (win_mpci.c) */
};

/* Work the reader cannot do (it may not write to a stream). */
struct todo {
    struct todo *next;
    int kind;                   /* K_CTS, K_DATA, K_CTX_REPLY; a one-sided answer: its whole header word 0 */
    int node;
    int sreq, rreq;             /* K_CTX_REPLY: sreq is the first context; a one-sided answer: tag, request */
    int bytes;                  /* a one-sided answer: its data */
    const char *data;
};

static struct rx rx[MAX_TASKS];
static struct todo *todos, **todo_tail = &todos;
int (*__mpci_rma_in)(int src, const int *h, char **to);    /* win_mpci.c, once a window is made */
void (*__mpci_rma_end)(int src);
static int in_reader, draining;
static int next_context = 2;            /* on the last process of MPI_COMM_WORLD: the next free context */
static volatile int ctx_answer, ctx_got;

static void fatal(const char *why)
{
    char line[160];
    snprintf(line, sizeof line, "MPCI on node %d: %s\n", __mpi_self_node, why);
    __mpi_fatal_line(line);
    __mpi_end_run(1);
}

static struct todo *add_todo(int kind, int node, int sreq, int rreq)
{
    struct todo *t = (struct todo *)__mpi_xmalloc(sizeof *t, "MPCI");
    t->next = 0;
    t->kind = kind;
    t->node = node;
    t->sreq = sreq;
    t->rreq = rreq;
    *todo_tail = t;
    todo_tail = &t->next;
    return t;
}

/* Writes a header alone and sends it. */
static void send_header(int node, int kind, int tag, int bytes, int req)
{
    struct mhdr h;
    h.kc = kind << 24;
    h.tag = tag;
    h.bytes = bytes;
    h.req = req;
    pipes_write(node, &h, sizeof h, 1);
    pipes_push(node);
}

/* Writes header h and the message's data: the first and last PIPES_COPY_BYTES through the pipe buffers, the
 * bytes between straight from the user's buffer into the HAL send buffers. */
static void send_message(int node, const struct mhdr *h, const char *data, int bytes)
{
    int head = bytes < PIPES_COPY_BYTES ? bytes : PIPES_COPY_BYTES;
    int tail = bytes - head < PIPES_COPY_BYTES ? bytes - head : PIPES_COPY_BYTES;
    pipes_write(node, h, sizeof *h, 1);
    pipes_write(node, data, head, 1);
    pipes_write(node, data + head, bytes - head - tail, 0);
    pipes_write(node, data + bytes - tail, tail, 1);
    pipes_push(node);
}

/* A send's data as one run: the user's buffer, or a packed copy in r->tmp. */
static const char *send_data(struct __mpi_request *r)
{
    char *data = __mpi_type_contig(r->tp, r->buf, r->count);
    if (!data && r->bytes > 0) {
        r->tmp = (char *)__mpi_xmalloc(r->bytes, "MPI_Send");
        __mpi_pack((const char *)r->buf, r->count, r->tp, r->tmp);
        data = r->tmp;
    }
    return data;
}

/* Sends what the reader left: CTS answers, the data of rendezvous sends whose CTS has come, context answers. */
static void drain(void)
{
    struct todo *t;
    if (in_reader || draining) {
        /* interrupt mode: the handler's thread is in the middle of sending the list, suspended until the adapter
         * has read a packet; the core does not preempt, so it goes on only when this thread gives the core up */
        if (!in_reader)
            hal_yield();
        return;
    }
    draining = 1;
    while ((t = todos) != 0) {
        todos = t->next;
        if (!todos)
            todo_tail = &todos;
        if (t->kind == K_CTS) {
            send_header(t->node, K_CTS, t->rreq, 0, t->sreq);
        } else if (t->kind == K_CTX_REPLY) {
            send_header(t->node, K_CTX_REPLY, 0, t->sreq, 0);
        } else if (t->kind >= K_RMA << 24) {
            struct mhdr h;
            h.kc = t->kind;
            h.tag = t->sreq;
            h.bytes = t->bytes;
            h.req = t->rreq;
            send_message(t->node, &h, t->data, t->data ? t->bytes : 0);
            if (t->kind & MPCI_RMA_FREE)
                free((void *)t->data);  /* in the HAL send buffers (or the pipe buffer) now */
        } else {
            struct __mpi_request *s = (struct __mpi_request *)t->sreq;
            struct mhdr h;
            h.kc = K_DATA << 24;
            h.tag = 0;
            h.bytes = s->bytes;
            h.req = t->rreq;
            send_message(t->node, &h, send_data(s), s->bytes);
            if (s->tmp) {
                free(s->tmp);
                s->tmp = 0;
            }
            s->state = ST_DONE;
        }
        free(t);
    }
    draining = 0;
}

/* ---- Receiving ---------------------------------------------------------------------------------------------- */

static void msg_free(struct nmsg *m)
{
    if (m->e.payload)
        free(m->e.payload);
    free(m);
}

/* Receive r takes message m (rank src in r's communicator). */
static void take(struct __mpi_request *r, struct nmsg *m, int src)
{
    r->source = src;
    r->rtag = m->e.tag;
    r->msgbytes = m->e.bytes;
    if (m->e.kind == ENV_RTS) {     /* answer the request to send */
        r->state = ST_DATA;
        add_todo(K_CTS, m->e.src_node, m->e.sreq, (int)r);
        msg_free(m);
        drain();
        return;
    }
    m->r = r;
    r->state = ST_DATA;
    if (!m->at) {                   /* its header is being read: the data go straight to r */
        m->at = landing(r, m->e.bytes, &m->direct);
    } else if (m->done) {           /* in an early-arrival buffer, complete: copy it out */
        finish(r, m->at, 0, m->e.bytes);
        msg_free(m);
    }
}

/* Matches message m, or queues it (sp_deliver.h). */
#define SP_MSG struct nmsg
#include "sp_deliver.h"

/* An eager message's data are all in: finishes its receive, if it has one. */
static void eager_done(struct nmsg *m)
{
    m->done = 1;
    if (m->r) {
        finish(m->r, m->at, m->direct, m->e.bytes);
        if (m->direct || m->at == m->r->tmp)
            m->at = 0;
        msg_free(m);
    }
}

/* A header from src has been read. */
static void header(int src, struct rx *x)
{
    struct mhdr h;
    struct nmsg *m;
    int kind;
    memcpy(&h, x->hdr, sizeof h);
    kind = (unsigned)h.kc >> 24;
    x->m = 0;
    x->r = 0;
    x->rma = 0;
    if (kind == K_EAGER || kind == K_RTS) {
        m = (struct nmsg *)__mpi_xmalloc(sizeof *m, "an arriving message");
        memset(m, 0, sizeof *m);
        m->e.kind = kind == K_EAGER ? ENV_EAGER : ENV_RTS;
        m->e.src_node = src;
        m->e.context = h.kc & 0x7FFFFF;
        m->e.tag = h.tag;
        m->e.bytes = h.bytes;
        m->e.sreq = h.req;
        m->ready = (h.kc >> 23) & 1;
        deliver(m);
        if (kind == K_RTS)
            return;
        if (!m->at)                 /* not matched: the early-arrival buffer */
            m->at = m->e.payload = (char *)__mpi_xmalloc(h.bytes + 4, "an early-arrival buffer");
        x->m = m;
        x->to = m->at;
        x->left = h.bytes;
        if (h.bytes == 0)
            eager_done(m);
    } else if (kind == K_CTS) {
        struct __mpi_request *s = (struct __mpi_request *)h.req;
        s->state = ST_DMA;          /* acknowledged: the data follow from the next MPI call */
        add_todo(K_DATA, src, h.req, h.tag);
    } else if (kind == K_DATA) {
        struct __mpi_request *r = (struct __mpi_request *)h.req;
        r->dbuf = landing(r, h.bytes, &x->direct);
        x->r = r;
        x->to = r->dbuf;
        x->left = h.bytes;
        if (h.bytes == 0)
            finish(r, r->dbuf, x->direct, 0);
    } else if (kind == K_CTX_ASK) {
        add_todo(K_CTX_REPLY, src, next_context, 0);
        next_context += h.bytes;
    } else if (kind == K_CTX_REPLY) {
        ctx_answer = h.bytes;
        ctx_got = 1;
    } else if (kind >= K_RMA && __mpci_rma_in) {
        x->left = __mpci_rma_in(src, (const int *)&h, &x->to);
        x->rma = 1;
    } else {
        fatal("a corrupt MPCI header");
    }
}

/* Pipes' reader: the bytes of src's stream, in order. */
static void reader(int src, const char *p, int n)
{
    struct rx *x = &rx[src];
    in_reader++;
    while (n > 0) {
        int k;
        if (x->left == 0) {
            k = (int)sizeof x->hdr - x->hgot;
            if (k > n)
                k = n;
            memcpy(x->hdr + x->hgot, p, k);
            x->hgot += k;
            p += k;
            n -= k;
            if (x->hgot == (int)sizeof x->hdr) {
                x->hgot = 0;
                header(src, x);
            }
            continue;
        }
        k = x->left < n ? x->left : n;
        memcpy(x->to, p, k);        /* from the HAL buffer or the receive pipe buffer to where the data go */
        x->to += k;
        x->left -= k;
        p += k;
        n -= k;
        if (x->left == 0) {
            if (x->m)
                eager_done(x->m);
            else if (x->rma)
                __mpci_rma_end(src);
            else
                finish(x->r, x->r->dbuf, x->direct, x->r->msgbytes);
        }
    }
    in_reader--;
}

void __mpci_comm_ready(void)
{
    struct __mpi_env *e = __mpi_limbo, *next;
    __mpi_limbo = 0;
    for (; e; e = next) {
        next = e->next;
        e->next = 0;
        deliver((struct nmsg *)e);
    }
}

/* ---- Sending -------------------------------------------------------------------------------------------------- */

/* One-sided communication's messages (win_mpci.c): sent now, or, from the reader, an answer left to the list. */
void __mpci_rma_send(int node, int kc, int tag, int bytes, int req, const char *data)
{
    struct mhdr h;
    h.kc = kc;
    h.tag = tag;
    h.bytes = bytes;
    h.req = req;
    send_message(node, &h, data, data ? bytes : 0);    /* a GET's bytes are the answer's */
}

void __mpci_rma_reply(int node, int kc, int tag, int bytes, int req, const char *data)
{
    struct todo *t = add_todo(kc, node, tag, req);
    t->bytes = bytes;
    t->data = data;
}

int __mpci_start_send(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    int bytes = r->count * r->tp->size, node, context;
    struct mhdr h;
    SEND_OPEN(r, bytes);           /* ../poll_send.h: PROC_NULL and a buffered send's outer request end here */
    node = c->nodes[r->peer];
    r->node = node;
    context = 2 * r->comm + r->q;
    h.tag = r->tag;
    h.bytes = bytes;
    /* the seed's Table 2: ready mode is eager, synchronous rendezvous, standard and buffered by the limit */
    if (r->mode == MODE_READY || (r->mode != MODE_SYNC && bytes < __mpi_sp_eager)) {
        h.kc = K_EAGER << 24 | (r->mode == MODE_READY) << 23 | context;
        h.req = 0;
        send_message(node, &h, send_data(r), bytes);   /* returns when the data are in HAL send buffers */
        if (r->tmp) {
            free(r->tmp);
            r->tmp = 0;
        }
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    h.kc = K_RTS << 24 | context;   /* the request to send; the data follow its answer */
    h.req = (int)r;
    r->state = ST_POSTED;
    pipes_write(node, &h, sizeof h, 1);
    pipes_push(node);
    return MPI_SUCCESS;
}

/* The receive start (../poll_recv.h). */
#define RECV_START __mpci_start_recv
#define RECV_TAKE_IN() __mpci_take_in()
#define RECV_TAKE(r, e, src) take(r, (struct nmsg *)(e), src)
#include "../poll_recv.h"

/* ---- Progress ------------------------------------------------------------------------------------------------- */

void __mpci_setup(void)
{
    if (getXDim() > MAX_TASKS)
        fatal("more than 128 tasks");
    pipes_init(reader);
    if (__mpi_sp_interrupts)
        pipes_interrupts(1, drain);
}

/* Takes the packets that are there, then sends what they gave rise to. */
void __mpci_take_in(void)
{
    while (pipes_poll(0))
        ;
    drain();
}

/* Until every packet this process sent is acknowledged: every message it sent is in its receiver's hands. */
void __mpci_fence(void)
{
    while (todos)
        __mpi_progress();
    while (pipes_unacked() > 0) {
        pipes_poll(1);
        drain();
    }
}

/* The end of a barrier: acknowledges at once what this process has taken (a process that goes on to end owes
 * nothing), then waits for its own packets' acknowledgements for a bounded time, so that a packet the switch
 * lost is sent again while its receiver still listens. */
void __mpci_barrier_end(void)
{
    unsigned long long give_up = hal_cycles() + 1600000;
    pipes_ack_now();
    while (pipes_unacked() > 0 && hal_cycles() < give_up) {
        pipes_poll(1);
        drain();
    }
}

void __mpci_flush_sends(void)
{
    while (__mpi_background || todos)
        __mpi_progress();
    __mpci_fence();
}

/* Contexts come from a counter on the last process of MPI_COMM_WORLD, asked with a CTX_ASK message. */
void __mpci_get_contexts(int k, int *out)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    int node = w->nodes[w->size - 1], i, h;
    if (node == __mpi_self_node) {
        h = next_context;
        next_context += k;
    } else {
        ctx_got = 0;
        send_header(node, K_CTX_ASK, 0, k, 0);
        while (!ctx_got)
            __mpi_progress();
        h = ctx_answer;
    }
    for (i = 0; i < k; i++)
        out[i] = h + i;
}
