/* The request engine (docs/mpi.md, "Point to point"): matching, and the two protocol families that move a
 * message from a send request to a receive request.
 *
 * Both families keep, per communicator and queue, the posted receives (postedReceives) and the announced
 * messages no receive has matched yet (postedSends, or the unexpected queue), and take each sender's
 * announcements in the order they were sent (a per sender-receiver sequence number; the network may
 * reorder separate messages).
 *
 * thesis (the thesis's chapter 4):        sender                          receiver
 *   every message                         THREAD __mpi_post_send (RTS) --> match a posted receive, or queue
 *                                          <-- THREAD __mpi_request_data (CTS: where, how many words)
 *                                         DATA payload ------------------> user buffer (or landing buffer)
 *                                         DATA completion flag ----------> the receive's flag word
 * ours (the default):
 *   up to __mpi_eager_limit bytes         THREAD __mpi_eager* (envelope and payload in registers) -->
 *     (eager)                               the handler copies into a matching posted receive, or keeps the
 *                                           message in the unexpected queue; the send is complete at once
 *   larger, or MPI_Ssend, or no credit    RTS / CTS as above, the payload deposited by DMA straight into the
 *     (rendezvous)                          user's buffer (strided when the layouts allow), no flag: the
 *                                           receive is complete when the payload's last word has landed
 *
 * Completion never depends on the order in which separate messages arrive: the receiver stores the
 * complement of the payload's last word (which the RTS carries) where that word will land before it sends
 * the CTS; the words of one DATA message are written in order, so when the announced value is there the
 * whole payload is. The thesis's flag is sent and awaited as well, so that its family costs what it cost.
 *
 * Handlers never suspend; each sends at most one message (a CTS, a payload, a credit return, a cancel
 * answer), so each runs atomically with respect to the node's other threads. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include <stddef.h>
#include "mpi_internal.h"
#include "mpi_layout.h"


/* Eager credits (ours): a sender may have EAGER_CREDITS eager messages to one receiver that the receiver has
 * not consumed (matched) yet; the receiver gives CREDIT_BATCH back at a time with one THREAD message that
 * subtracts them from the sender's count (__mpi_hot.sendword[receiver]). Without credit a message goes by
 * rendezvous, so a receiver never holds more than EAGER_CREDITS unexpected eager messages per sender. */
#define EAGER_CREDITS 16
#define CREDIT_BATCH 8

/* The assembly fast paths (fast.S) rely on these (mpi_layout.h). */
_Static_assert(offsetof(struct __mpi_request, next) == R_NEXT, "mpi_layout.h: R_NEXT");
_Static_assert(offsetof(struct __mpi_request, state) == R_STATE, "mpi_layout.h: R_STATE");
_Static_assert(offsetof(struct __mpi_request, kind) == R_KIND, "mpi_layout.h: R_KIND");
_Static_assert(offsetof(struct __mpi_request, flags) == R_FLAGS, "mpi_layout.h: R_FLAGS");
_Static_assert(offsetof(struct __mpi_request, magic) == R_MAGIC, "mpi_layout.h: R_MAGIC");
_Static_assert(offsetof(struct __mpi_request, comm) == R_COMM, "mpi_layout.h: R_COMM");
_Static_assert(offsetof(struct __mpi_request, peer) == R_PEER, "mpi_layout.h: R_PEER");
_Static_assert(offsetof(struct __mpi_request, tag) == R_TAG, "mpi_layout.h: R_TAG");
_Static_assert(offsetof(struct __mpi_request, buf) == R_BUF, "mpi_layout.h: R_BUF");
_Static_assert(offsetof(struct __mpi_request, count) == R_COUNT, "mpi_layout.h: R_COUNT");
_Static_assert(offsetof(struct __mpi_request, type) == R_TYPE, "mpi_layout.h: R_TYPE");
_Static_assert(offsetof(struct __mpi_request, tp) == R_TP, "mpi_layout.h: R_TP");
_Static_assert(offsetof(struct __mpi_request, bytes) == R_BYTES, "mpi_layout.h: R_BYTES");
_Static_assert(offsetof(struct __mpi_request, tmp) == R_TMP, "mpi_layout.h: R_TMP");
_Static_assert(offsetof(struct __mpi_request, dbuf) == R_DBUF, "mpi_layout.h: R_DBUF");
_Static_assert(offsetof(struct __mpi_request, lastp) == R_LASTP, "mpi_layout.h: R_LASTP");
_Static_assert(offsetof(struct __mpi_request, lastword) == R_LASTWORD, "mpi_layout.h: R_LASTWORD");
_Static_assert(offsetof(struct __mpi_request, nwords) == R_NWORDS, "mpi_layout.h: R_NWORDS");
_Static_assert(offsetof(struct __mpi_request, flag) == R_FLAG, "mpi_layout.h: R_FLAG");
_Static_assert(offsetof(struct __mpi_request, cancel_reply) == R_CANCEL_REPLY, "mpi_layout.h: R_CANCEL_REPLY");
_Static_assert(offsetof(struct __mpi_request, source) == R_SOURCE, "mpi_layout.h: R_SOURCE");
_Static_assert(offsetof(struct __mpi_request, rtag) == R_RTAG, "mpi_layout.h: R_RTAG");
_Static_assert(offsetof(struct __mpi_request, msgbytes) == R_MSGBYTES, "mpi_layout.h: R_MSGBYTES");
_Static_assert(offsetof(struct __mpi_request, error) == R_ERROR, "mpi_layout.h: R_ERROR");
_Static_assert(offsetof(struct __mpi_request, cancelled) == R_CANCELLED, "mpi_layout.h: R_CANCELLED");
_Static_assert(offsetof(struct __mpi_comm, used) == C_USED, "mpi_layout.h: C_USED");
_Static_assert(offsetof(struct __mpi_comm, context) == C_CONTEXT, "mpi_layout.h: C_CONTEXT");
_Static_assert(offsetof(struct __mpi_comm, size) == C_SIZE, "mpi_layout.h: C_SIZE");
_Static_assert(offsetof(struct __mpi_comm, nodes) == C_NODES, "mpi_layout.h: C_NODES");
_Static_assert(offsetof(struct __mpi_comm, recvs) == C_RECVS, "mpi_layout.h: C_RECVS");
_Static_assert(offsetof(struct __mpi_comm, sends) == C_SENDS, "mpi_layout.h: C_SENDS");
_Static_assert(offsetof(struct __mpi_comm, rank_of) == C_RANK_OF, "mpi_layout.h: C_RANK_OF");
_Static_assert(offsetof(struct __mpi_comm, rank) == C_RANK, "mpi_layout.h: C_RANK");
_Static_assert(offsetof(struct __mpi_comm, slots) == C_SLOTS, "mpi_layout.h: C_SLOTS");
_Static_assert(K_SLOT_BYTES == 4 * SLOTW, "mpi_layout.h: K_SLOT_BYTES");
_Static_assert(K_MPI_DOUBLE == MPI_DOUBLE, "mpi_layout.h: K_MPI_DOUBLE");
_Static_assert(K_MPI_SUM == MPI_SUM, "mpi_layout.h: K_MPI_SUM");
_Static_assert(offsetof(struct __mpi_request, anext) == R_ANEXT, "mpi_layout.h: R_ANEXT");
_Static_assert(offsetof(struct __mpi_request, aprev) == R_APREV, "mpi_layout.h: R_APREV");
_Static_assert(offsetof(struct __mpi_request, node) == R_NODE, "mpi_layout.h: R_NODE");
_Static_assert(offsetof(struct __mpi_request, layout) == R_LAYOUT, "mpi_layout.h: R_LAYOUT");
_Static_assert(offsetof(struct __mpi_request, data) == R_DATA, "mpi_layout.h: R_DATA");
_Static_assert(offsetof(struct __mpi_request, tailword) == R_TAILWORD, "mpi_layout.h: R_TAILWORD");
_Static_assert(offsetof(struct __mpi_request, bseg) == R_BSEG, "mpi_layout.h: R_BSEG");
_Static_assert(K_REQ_SEND == REQ_SEND && K_P_RNDV == P_RNDV && K_L_CONTIG == L_CONTIG && K_RF_LISTED == RF_LISTED,
               "mpi_layout.h: constants");
_Static_assert(offsetof(struct __mpi_request, bnext) == R_BNEXT, "mpi_layout.h: R_BNEXT");
_Static_assert(offsetof(struct __mpi_type, size) == T_SIZE, "mpi_layout.h: T_SIZE");
_Static_assert(offsetof(MPI_Status, MPI_SOURCE) == S_SOURCE, "mpi_layout.h: S_SOURCE");
_Static_assert(offsetof(MPI_Status, MPI_TAG) == S_TAG, "mpi_layout.h: S_TAG");
_Static_assert(offsetof(MPI_Status, MPI_ERROR) == S_ERROR, "mpi_layout.h: S_ERROR");
_Static_assert(offsetof(MPI_Status, __count) == S_COUNT, "mpi_layout.h: S_COUNT");
_Static_assert(offsetof(MPI_Status, __cancelled) == S_CANCELLED, "mpi_layout.h: S_CANCELLED");
_Static_assert(offsetof(struct __mpi_hot, ours) == H_OURS, "mpi_layout.h: H_OURS");
_Static_assert(offsetof(struct __mpi_hot, eager_limit) == H_EAGER_LIMIT, "mpi_layout.h: H_EAGER_LIMIT");
_Static_assert(offsetof(struct __mpi_hot, fast_ok) == H_FAST_OK, "mpi_layout.h: H_FAST_OK");
_Static_assert(offsetof(struct __mpi_hot, self) == H_SELF, "mpi_layout.h: H_SELF");
_Static_assert(offsetof(struct __mpi_hot, shift) == H_SHIFT, "mpi_layout.h: H_SHIFT");
_Static_assert(offsetof(struct __mpi_hot, sendword) == H_SENDWORD, "mpi_layout.h: H_SENDWORD");
_Static_assert(offsetof(struct __mpi_hot, recvword) == H_RECVWORD, "mpi_layout.h: H_RECVWORD");
_Static_assert(sizeof(struct __mpi_request) == R_SIZEOF, "mpi_layout.h: R_SIZEOF");
_Static_assert(sizeof(struct __mpi_type) == T_SIZEOF, "mpi_layout.h: T_SIZEOF");
_Static_assert(K_ST_POSTED == ST_POSTED, "mpi_layout.h: K_ST_POSTED");
_Static_assert(K_ST_DATA == ST_DATA, "mpi_layout.h: K_ST_DATA");
_Static_assert(K_ST_DMA == ST_DMA, "mpi_layout.h: K_ST_DMA");
_Static_assert(K_ST_DONE == ST_DONE, "mpi_layout.h: K_ST_DONE");
_Static_assert(K_REQ_RECV == REQ_RECV, "mpi_layout.h: K_REQ_RECV");
_Static_assert(K_RF_STACK == RF_STACK, "mpi_layout.h: K_RF_STACK");
_Static_assert(K_RF_CANCEL == RF_CANCEL, "mpi_layout.h: K_RF_CANCEL");
_Static_assert(K_RF_PERSISTENT == RF_PERSISTENT, "mpi_layout.h: K_RF_PERSISTENT");
_Static_assert(K_ST_INACTIVE == ST_INACTIVE, "mpi_layout.h: K_ST_INACTIVE");
_Static_assert(K_REQ_MAGIC == REQ_MAGIC, "mpi_layout.h: K_REQ_MAGIC");
_Static_assert(K_PROTO_OURS == MPI_PROTO_OURS, "mpi_layout.h: K_PROTO_OURS");
_Static_assert(K_ANY_SOURCE == MPI_ANY_SOURCE, "mpi_layout.h: K_ANY_SOURCE");
_Static_assert(K_ANY_TAG == MPI_ANY_TAG, "mpi_layout.h: K_ANY_TAG");
_Static_assert(K_BASIC_LAST == MPI_PACKED, "mpi_layout.h: K_BASIC_LAST");
_Static_assert(K_EAGER_CREDITS == EAGER_CREDITS, "mpi_layout.h: K_EAGER_CREDITS");
_Static_assert(K_CREDIT_BATCH == CREDIT_BATCH, "mpi_layout.h: K_CREDIT_BATCH");
_Static_assert(K_EAGER_MAX == MPI_EAGER_MAX, "mpi_layout.h: K_EAGER_MAX");

int __mpi_eager_limit = 64;           /* by measurement: docs/mpi.md, "Latency" */
struct __mpi_request *__mpi_active;
struct __mpi_request *__mpi_background;
volatile int __mpi_arrivals;            /* announcements queued as unexpected so far (MPI_Probe waits on it) */

/* What the assembly fast paths (fast.S) read, in one block so that one address reaches all of it. Per
 * other node, one word each way: sendword[i] = the next sequence number to node i << 16 | eager messages to
 * it not yet credited back; recvword[i] = the next sequence number expected from node i << 16 | eager
 * messages from it consumed and not yet credited back. A credit return subtracts CREDIT_BATCH from the low
 * half of the sender's sendword, which then holds at least that much, so the halves never disturb each
 * other; the sequence numbers wrap at 16 bits. */
struct __mpi_hot __mpi_hot;
#define SEQ_OUT(n) ((unsigned)__mpi_hot.sendword[n] >> 16)
#define SEQ_IN(n) ((unsigned)__mpi_hot.recvword[n] >> 16)
#define DEBT(n) (__mpi_hot.sendword[n] & 0xffff)
struct __mpi_env *__mpi_early;          /* announcements that arrived ahead of their turn */
struct __mpi_env *__mpi_limbo;          /* announcements for a communicator this node does not have yet */
#define early __mpi_early
#define limbo __mpi_limbo

static int sender_limit;     /* (handlers that may block on the NIU at once: see "Messages sent by handlers") */

/* Called by __mpi_state once the node's tables exist. */
void __mpi_p2p_setup(void)
{
    int t;
    __mpi_hot.ours = __mpi_protocol == MPI_PROTO_OURS;
    __mpi_hot.eager_limit = __mpi_hot.ours ? __mpi_eager_limit : -1;
    __mpi_hot.self = __mpi_self_node;
    for (t = 1; t <= MPI_PACKED; t++) {
        int size = __mpi_type_size(t), k = 0;
        while ((1 << k) < size)
            k++;
        __mpi_hot.shift[t] = (unsigned char)k;
    }
    __mpi_hot.fast_ok = early == 0;
    sender_limit = (int)__rdsr_nctx() - 2;
}
static struct __mpi_request *freelist;
#define self __mpi_self_node

/* Assembly (msg.s): one THREAD message with the envelope and n payload words; the handlers' entries. */
void __mpi_eager_send(int node, void (*pc)(), int w0, int w1, int w2, const int *payload, int n);
void __mpi_eager5(void);
void __mpi_eager21(void);

/* The handlers' entries are in fast.S, which calls these when its fast paths do not apply. */
void __mpi_post_send(void);
void __mpi_request_data(void);
void __mpi_cancel_send(int src_node, int sreq);

/* ---- Requests ---------------------------------------------------------------------------------------------- */

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

static void list_active(struct __mpi_request *r)
{
    r->aprev = 0;
    r->anext = __mpi_active;
    if (__mpi_active)
        __mpi_active->aprev = r;
    __mpi_active = r;
    r->flags |= RF_LISTED;
}

static void unlist_active(struct __mpi_request *r)
{
    if (!(r->flags & RF_LISTED))
        return;
    if (r->aprev)
        r->aprev->anext = r->anext;
    else
        __mpi_active = r->anext;
    if (r->anext)
        r->anext->aprev = r->aprev;
    r->flags &= ~RF_LISTED;
}

static int matches(int want_src, int want_tag, int src, int tag)
{
    return (want_src == src || want_src == MPI_ANY_SOURCE) && (want_tag == tag || want_tag == MPI_ANY_TAG);
}

struct __mpi_comm *__mpi_comm_by_context(int context, MPI_Comm *handle)
{
    struct __mpi_comm *c;
    __mpi_state();
    c = __mpi_comm(context);      /* a communicator's handle is its context (comm.c) */
    if (!c || c->context != context)
        return 0;
    *handle = context;
    return c;
}

/* ---- Messages sent by handlers (ours) ---------------------------------------------------------------------------
 *
 * A THREAD message waits at its target's ejection port until a thread context is free there, and everything
 * behind it in the network waits too. A handler that blocks on its own NIU while holding a context can thus
 * close a cycle: node A's contexts all held by handlers blocked behind A's NIU, whose message waits for a
 * context on node B, whose contexts are all held the same way waiting for A. The thesis family sends from its
 * handlers as published and can deadlock so when contexts are few (programs/mpi/storm.c with --contexts 3).
 * Ours never lets a handler wait while holding a context, except a bounded number of them:
 *   - a handler whose message cannot block sends it at once: the NIU is idle (no open message, empty
 *     injection queue, DMA engine idle) and the message fits the queue (a CTS is 8 flits, a credit 4, a
 *     cancel answer 3), or is one sendme of at most 65535 words;
 *   - otherwise, if fewer than nctx - 2 handlers are sending, it becomes a sender: it sends (and may block),
 *     then sends whatever the others left in the outbox, then ends;
 *   - otherwise it leaves the message in the outbox and ends at once.
 * So at least one context of every node is always free for the handlers of incoming messages, which then
 * never block: every THREAD head is taken in bounded time, the network drains, every blocked sender
 * proceeds. The outbox is never left without a sender: a handler adds to it only while senders exist, and a
 * sender looks at it after each message, atomically with leaving. The user thread drains it too, in its
 * waits (with 2 contexts, nctx - 2 = 0, that is the only way). */

#define OUT_CTS 1           /* __mpi_request_data(sreq, target, stride, nwords, self, 0) to node */
#define OUT_PAYLOAD 2       /* the payload of send request a to node: target b, stride c, nwords d */
#define OUT_ADD 3           /* sendAddIntValue(node, a, b) */
#define OUT_WORD 4          /* sendDataIntValue(node, a, b) */

struct __mpi_out {
    struct __mpi_out *next;
    int kind, node, a, b, c, d;
};

struct __mpi_out *__mpi_outbox;         /* (read by the wait loops of fast.S) */
static struct __mpi_out **outbox_tail = &__mpi_outbox;
static int senders;

#define NIU_IDLE() ((__scmp_niustat() & (SCMP_NIU_DMA_BUSY | SCMP_NIU_QUEUE_BUSY | SCMP_NIU_MESSAGE_OPEN)) == 0)

/* Sends one message (may block). */
static void out_send(int kind, int node, int a, int b, int c, int d)
{
    struct __mpi_request *r;
    switch (kind) {
    case OUT_CTS:
        __scmp_thread6(node, (void (*)())__mpi_request_data, a, b, c, d, self, 0);
        break;
    case OUT_PAYLOAD:
        r = (struct __mpi_request *)a;
        __scmp_sendh_data(node, (void *)b, c);
        if (r->layout == L_RUNS) {
            __mpi_dma_runs(r->tp, (char *)r->buf, r->count);
        } else {
            char *src = r->data;
            unsigned st = r->layout == L_STRIDE ? (unsigned)r->sstride : 1u;
            while (d > 65535) {
                __scmp_sendm(src, (st << 16) | 65535u);
                src += 65535 * 4 * (int)st;
                d -= 65535;
            }
            __scmp_sendme(src, (st << 16) | (unsigned)d);
        }
        r->state = ST_DMA;
        break;
    case OUT_ADD:
        sendAddIntValue(node, (volatile int *)a, b);
        break;
    default:
        sendDataIntValue(node, (int *)a, b);
        break;
    }
}

/* Sends the outbox's messages, oldest first, until it is empty. */
void __mpi_drain_outbox(void)
{
    struct __mpi_out *m;
    while ((m = __mpi_outbox) != 0) {
        __mpi_outbox = m->next;
        if (!__mpi_outbox)
            outbox_tail = &__mpi_outbox;
        out_send(m->kind, m->node, m->a, m->b, m->c, m->d);
        free(m);
    }
}

/* A message a handler (handler != 0) or the user thread wants sent; see above. */
static void handler_send(int handler, int kind, int node, int a, int b, int c, int d)
{
    struct __mpi_out *m;
    int cannot_block = kind != OUT_PAYLOAD
                       || (d <= 65535 && ((struct __mpi_request *)a)->layout != L_RUNS);
    if (!handler || (cannot_block && NIU_IDLE())) {
        out_send(kind, node, a, b, c, d);
        return;
    }
    if (senders < sender_limit) {
        senders++;
        out_send(kind, node, a, b, c, d);
        __mpi_drain_outbox();
        senders--;
        return;
    }
    m = (struct __mpi_out *)malloc(sizeof *m);
    m->next = 0;
    m->kind = kind;
    m->node = node;
    m->a = a;
    m->b = b;
    m->c = c;
    m->d = d;
    *outbox_tail = m;
    outbox_tail = &m->next;
}

/* Called by the RTS handler of fast.S when its CTS could block. */
void __mpi_send_cts(int node, int sreq, int target, int stride, int nwords)
{
    handler_send(1, OUT_CTS, node, sreq, target, stride, nwords);
}

/* Called by the eager handler of fast.S when its credit return could block. */
void __mpi_credit_return(int src_node)
{
    handler_send(1, OUT_ADD, src_node, (int)&__mpi_hot.sendword[self], -CREDIT_BATCH, 0, 0);
}

/* Nonzero while a handler of this node runs (and its sends must not block). Handlers set it on entry and
 * clear it on return; it stays set while a sending handler is blocked, so the user thread, which then runs,
 * defers too: the blocked sender sends what it defers. */
static int in_handler;

/* ---- The receiving side ------------------------------------------------------------------------------------ */

/* Eager messages consumed: after CREDIT_BATCH of one sender, give them back. */
static void consumed_eager(int src_node)
{
    int w = ++__mpi_hot.recvword[src_node];
    if ((w & 0xffff) >= CREDIT_BATCH) {
        __mpi_hot.recvword[src_node] = w & ~0xffff;
        handler_send(in_handler, OUT_ADD, src_node, (int)&__mpi_hot.sendword[self], -CREDIT_BATCH, 0, 0);
    }
}

/* The payload of a rendezvous receive has landed (or there was none): add the tail bytes, copy out of the
 * landing buffer. */
static void finish_recv(struct __mpi_request *r)
{
    int words_bytes = r->nwords * 4;
    int n = r->msgbytes < r->bytes ? r->msgbytes : r->bytes;
    if (r->tmp) {
        memcpy(r->tmp + words_bytes, &r->tailword, 4);
        __mpi_unpack(r->tmp, n, (char *)r->buf, r->count, r->tp);
        free(r->tmp);
        r->tmp = 0;
    } else if (n > words_bytes) {
        memcpy(r->dbuf + words_bytes, &r->tailword, n - words_bytes);
    }
    r->state = ST_DONE;
}

/* The thesis family's messages to oneself never enter the network. Its handlers send their replies from
 * their thread contexts and block while the NIU is busy; a message to its own node has to be taken in by
 * that node, whose ejection port waits, behind a THREAD message, for a context that only those blocked
 * handlers can free: enough announcements arriving at once (16 ranks sending to one, which sends to itself
 * as well) close that cycle on one node. So the RTS of a send to oneself is handed to the RTS handler's code
 * directly, and when a receive matches it the payload is copied here: what the CTS, the DATA message and
 * the completion flag would have done. The thesis family packs every layout but the contiguous one, so the
 * payload is nwords consecutive words at s->data and the target is contiguous. */
static void self_transfer(struct __mpi_request *s, struct __mpi_request *r, char *target, int nwords)
{
    if (nwords > 0)
        memcpy(target, s->data, nwords * 4);
    r->flag = 1;
    s->state = ST_DONE;
}

/* A receive meets an RTS: choose where the payload lands, arm the last-word watch, send the CTS. */
static void accept_rts(struct __mpi_request *r, struct __mpi_env *e)
{
    int nwords = e->bytes / 4, stride = 1;
    char *target = 0;
    r->nwords = nwords;
    r->tailword = e->tailword;
    r->flag = 0;
    r->tmp = 0;
    if (e->bytes <= r->bytes) {
        if (r->dbuf && ((unsigned)r->dbuf & 3) == 0) {
            target = r->dbuf;
        } else if (__mpi_protocol == MPI_PROTO_OURS && (e->bytes & 3) == 0 && nwords > 0) {
            char *first;
            int s;
            if (__mpi_type_words(r->tp, r->buf, r->count, &first, &s) >= nwords) {
                target = first;
                stride = s;
            }
        }
    }
    if (!target) {
        r->tmp = (char *)malloc(nwords * 4 + 4);
        target = r->tmp;
    }
    r->state = ST_DATA;
    if (nwords > 0) {
        r->lastp = (volatile int *)target + (nwords - 1) * stride;
        r->lastword = e->lastword;
        *r->lastp = ~e->lastword;
    } else if (__mpi_protocol == MPI_PROTO_OURS) {
        finish_recv(r);
    }
    if (__mpi_protocol == MPI_PROTO_THESIS && e->src_node == self)
        self_transfer((struct __mpi_request *)e->sreq, r, target, nwords);
    else if (__mpi_protocol == MPI_PROTO_THESIS)
        __scmp_thread6(e->src_node, (void (*)())__mpi_request_data, e->sreq, (int)target, stride, nwords, self,
                       (int)&r->flag);
    else
        handler_send(in_handler, OUT_CTS, e->src_node, e->sreq, (int)target, stride, nwords);
}

/* A receive meets an announcement (either side may be the later one). Frees e. */
static void match(struct __mpi_request *r, struct __mpi_env *e, int src)
{
    r->source = src;
    r->rtag = e->tag;
    r->msgbytes = e->bytes;
    r->error = e->bytes > r->bytes ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
    if (e->kind == ENV_EAGER) {
        int n = e->bytes < r->bytes ? e->bytes : r->bytes;
        if (r->dbuf)
            memcpy(r->dbuf, e->payload, n);
        else
            __mpi_unpack(e->payload, n, (char *)r->buf, r->count, r->tp);
        r->state = ST_DONE;
        consumed_eager(e->src_node);
    } else {
        accept_rts(r, e);
    }
}

/* An announcement in its turn: the oldest fitting posted receive takes it, or it joins the unexpected queue.
 * An eager envelope on the handler's stack (payload in the handler's frame) is copied to the heap only when
 * it has to wait. */
static void deliver(struct __mpi_env *e, int on_heap)
{
    MPI_Comm h;
    struct __mpi_comm *c = __mpi_comm_by_context(e->context >> 1, &h);
    struct __mpi_request **pp, *r;
    struct __mpi_env **ep, *k;
    int q = e->context & 1, src;
    if (c) {
        src = __mpi_rank_of_node(c, e->src_node);
        for (pp = &c->recvs[q]; (r = *pp) != 0; pp = &r->next) {
            if (matches(r->peer, r->tag, src, e->tag)) {
                *pp = r->next;
                r->next = 0;
                match(r, e, src);
                if (on_heap)
                    free(e);
                return;
            }
        }
    }
    k = e;
    if (!on_heap) {
        int extra = e->kind == ENV_EAGER ? e->bytes : 0;
        k = (struct __mpi_env *)malloc(sizeof *k + extra);
        *k = *e;
        if (extra) {
            k->payload = (char *)(k + 1);
            memcpy(k->payload, e->payload, extra);
        }
    }
    k->next = 0;
    for (ep = c ? &c->sends[q] : &limbo; *ep; ep = &(*ep)->next)
        ;
    *ep = k;
    __mpi_arrivals++;
}

/* An announcement has arrived: deliver it in its sender's order. */
static void arrived(struct __mpi_env *e, int on_heap)
{
    int src = e->src_node;
    if (e->seq != SEQ_IN(src) || early) {
        struct __mpi_env *k = e, **ep;
        int progress;
        if (!on_heap) {
            int extra = e->kind == ENV_EAGER ? e->bytes : 0;
            k = (struct __mpi_env *)malloc(sizeof *k + extra);
            *k = *e;
            if (extra) {
                k->payload = (char *)(k + 1);
                memcpy(k->payload, e->payload, extra);
            }
        }
        k->next = early;
        early = k;
        __mpi_hot.fast_ok = 0;
        /* deliver every early announcement whose turn has come */
        do {
            progress = 0;
            for (ep = &early; *ep; ep = &(*ep)->next) {
                k = *ep;
                if (k->seq == SEQ_IN(k->src_node)) {
                    *ep = k->next;
                    __mpi_hot.recvword[k->src_node] += 0x10000;
                    deliver(k, 1);
                    progress = 1;
                    break;
                }
            }
        } while (progress);
        __mpi_hot.fast_ok = early == 0;
        return;
    }
    __mpi_hot.recvword[src] += 0x10000;
    deliver(e, on_heap);
}

/* THREAD handler (ours), through msg.s: an eager message; w0 = source node | sequence << 16,
 * w1 = context | bytes << 16; payload = its words, on the entry's stack. */
void __mpi_eager_arrived(int w0, int w1, int tag, char *payload)
{
    struct __mpi_env e;
    __mpi_state();
    in_handler++;
    e.kind = ENV_EAGER;
    e.src_node = w0 & 0xffff;
    e.seq = (unsigned)w0 >> 16;
    e.context = w1 & 0xffff;
    e.bytes = (unsigned)w1 >> 16;
    e.tag = tag;
    e.payload = payload;
    arrived(&e, 0);
    in_handler--;
}

/* THREAD handler (both families, through fast.S's __mpi_post_send): an RTS. w0, w1 as above (bytes
 * separate). */
void __mpi_post_send_c(int w0, int w1, int tag, int bytes, int sreq, int lastword, int tailword)
{
    struct __mpi_env e;
    __mpi_state();
    e.kind = ENV_RTS;
    e.src_node = w0 & 0xffff;
    e.seq = (unsigned)w0 >> 16;
    e.context = w1 & 0xffff;
    e.bytes = bytes;
    e.tag = tag;
    e.sreq = sreq;
    e.lastword = lastword;
    e.tailword = tailword;
    e.payload = 0;
    in_handler++;
    arrived(&e, 0);
    in_handler--;
}

/* THREAD handler: the sender of an RTS asks to cancel it. Answers with a DATA message into the request:
 * 1 when the RTS was still unmatched here (it is dropped), 2 when it is too late. */
void __mpi_cancel_send(int src_node, int sreq)
{
    int i, q, answer = 2;
    struct __mpi_env **ep, *e;
    __mpi_state();
    for (i = 0; i < __mpi_comm_cap && answer == 2; i++) {
        if (!__mpi_comm_tab[i] || !__mpi_comm_tab[i]->used)
            continue;
        for (q = 0; q < 2 && answer == 2; q++)
            for (ep = &__mpi_comm_tab[i]->sends[q]; (e = *ep) != 0; ep = &e->next)
                if (e->kind == ENV_RTS && e->src_node == src_node && e->sreq == sreq) {
                    *ep = e->next;
                    free(e);
                    answer = 1;
                    break;
                }
    }
    for (ep = &limbo; answer == 2 && (e = *ep) != 0; ep = &e->next)
        if (e->kind == ENV_RTS && e->src_node == src_node && e->sreq == sreq) {
            *ep = e->next;
            free(e);
            answer = 1;
            break;
        }
    if (__mpi_protocol == MPI_PROTO_THESIS && src_node == self)
        ((struct __mpi_request *)sreq)->cancel_reply = answer;
    else if (__mpi_protocol == MPI_PROTO_THESIS)
        sendDataIntValue(src_node, (int *)&((struct __mpi_request *)sreq)->cancel_reply, answer);
    else
        handler_send(1, OUT_WORD, src_node, (int)&((struct __mpi_request *)sreq)->cancel_reply, answer, 0, 0);
}

void __mpi_comm_ready(MPI_Comm comm)
{
    /* deliver() appends those that still have no communicator to limbo again, in the same order */
    struct __mpi_env *list = limbo, *e;
    (void)comm;
    limbo = 0;
    while ((e = list) != 0) {
        list = e->next;
        deliver(e, 1);
    }
}

/* ---- The sending side ---------------------------------------------------------------------------------------- */

/* THREAD handler on the sender: the receiver is ready (CTS). The payload goes as one DATA message (several
 * sendm blocks when it is long or scattered, so that its last word lands last); in the thesis family the
 * handler sends it itself, then the completion flag; in ours it goes through handler_send. */
void __mpi_request_data_c(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr)
{
    struct __mpi_request *r = (struct __mpi_request *)sreq;
    if (!flagaddr) {
        if (nwords > 0)
            handler_send(1, OUT_PAYLOAD, dst_node, sreq, target, stride, nwords);
        else
            r->state = ST_DONE;
        return;
    }
    if (nwords > 0) {
        __scmp_sendh_data(dst_node, (void *)target, stride);
        if (r->layout == L_RUNS) {
            __mpi_dma_runs(r->tp, (char *)r->buf, r->count);
        } else {
            char *src = r->data;
            unsigned s = r->layout == L_STRIDE ? (unsigned)r->sstride : 1u;
            while (nwords > 65535) {
                __scmp_sendm(src, (s << 16) | 65535u);
                src += 65535 * 4 * (int)s;
                nwords -= 65535;
            }
            __scmp_sendme(src, (s << 16) | (unsigned)nwords);
        }
    }
    /* the flag's head waits until the DMA engine has read the payload: then the buffer is free, and the
     * request stays untouched until then */
    sendDataIntValue(dst_node, (int *)flagaddr, 1);
    r->state = ST_DONE;
}

/* Eager: the envelope and up to 21 payload words in one THREAD message. */
static void send_eager(struct __mpi_request *r, int bytes, int cq)
{
    int w[MPI_EAGER_MAX / 4 + 1];
    const int *p = (const int *)__mpi_type_contig(r->tp, r->buf, r->count);
    int node = r->node, seq = SEQ_OUT(node), n = (bytes + 3) >> 2;
    if (!p || (((unsigned)p & 3) | (bytes & 3)) != 0) {
        __mpi_pack((const char *)r->buf, r->count, r->tp, (char *)w);
        p = w;
    }
    __mpi_hot.sendword[node] += 0x10001;
    __mpi_eager_send(node, n <= 5 ? __mpi_eager5 : __mpi_eager21, self | seq << 16, cq | bytes << 16, r->tag,
                     p, n);
    r->proto = P_EAGER;
    r->state = ST_DONE;
}

/* Rendezvous: find how the DMA engine will read the payload, then announce it (RTS). */
static int send_rts(struct __mpi_request *r, int bytes, int cq)
{
    struct __mpi_type *t = r->tp;
    char *c = __mpi_type_contig(t, r->buf, r->count);
    int nwords = bytes >> 2, w[7], node = r->node;
    char *last = 0;
    r->layout = L_CONTIG;
    r->data = c;
    if (c && ((unsigned)c & 3) == 0) {
        /* the user's buffer as it is */
    } else if (__mpi_protocol == MPI_PROTO_OURS && !c && nwords > 0
               && __mpi_type_words(t, r->buf, r->count, &r->data, &r->sstride) == nwords) {
        r->layout = L_STRIDE;
        last = r->data + (nwords - 1) * r->sstride * 4;
    } else if (__mpi_protocol == MPI_PROTO_OURS && !c && nwords > 0 && (bytes & 3) == 0
               && __mpi_type_wordruns(t, r->buf, r->count)) {
        struct __mpi_block *b = &t->blocks[t->nblocks - 1];
        r->layout = L_RUNS;
        last = (char *)r->buf + (r->count - 1) * (t->ub - t->lb) + b->disp + b->len - 4;
    } else {
        /* the thesis packs everything that is not contiguous; both copy an unaligned buffer */
        r->tmp = (char *)malloc(bytes + 4);
        if (!r->tmp)
            return MPI_ERR_OTHER;
        __mpi_pack((const char *)r->buf, r->count, t, r->tmp);
        r->data = r->tmp;
    }
    if (r->layout == L_CONTIG) {
        last = nwords > 0 ? r->data + (nwords - 1) * 4 : 0;
        w[6] = 0;
        if (bytes & 3)
            memcpy(&w[6], r->data + nwords * 4, bytes & 3);
    } else {
        w[6] = 0;
    }
    w[0] = self | SEQ_OUT(node) << 16;
    __mpi_hot.sendword[node] += 0x10000;
    w[1] = cq;
    w[2] = r->tag;
    w[3] = bytes;
    w[4] = (int)r;
    w[5] = last ? *(int *)last : 0;
    r->proto = P_RNDV;
    r->state = ST_POSTED;
    list_active(r);
    if (__mpi_protocol == MPI_PROTO_THESIS && node == self)     /* see self_transfer */
        __mpi_post_send_c(w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
    else
        __scmp_send_thread(node, (void (*)())__mpi_post_send, w, 7);
    return MPI_SUCCESS;
}

static int start_send(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    int bytes, cq;
    r->error = MPI_SUCCESS;
    r->cancelled = 0;
    r->cancel_reply = 0;
    r->flags &= ~RF_CANCEL;
    if (r->peer == MPI_PROC_NULL) {
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    if (r->mode == MODE_BUFFERED)
        return __mpi_bsend_start(r);
    bytes = r->count * r->tp->size;
    r->bytes = bytes;
    r->node = c->nodes[r->peer];
    cq = 2 * c->context + r->q;
    if (__mpi_protocol == MPI_PROTO_OURS && bytes <= __mpi_eager_limit && r->mode != MODE_SYNC
        && DEBT(r->node) < EAGER_CREDITS) {
        send_eager(r, bytes, cq);
        return MPI_SUCCESS;
    }
    return send_rts(r, bytes, cq);
}

static int start_recv(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    struct __mpi_request **pp;
    struct __mpi_env **ep, *e;
    int q = r->q;
    r->error = MPI_SUCCESS;
    r->cancelled = 0;
    r->tmp = 0;
    r->next = 0;
    r->bytes = r->count * r->tp->size;
    r->dbuf = __mpi_type_contig(r->tp, r->buf, r->count);
    if (r->peer == MPI_PROC_NULL) {
        r->source = MPI_PROC_NULL;
        r->rtag = MPI_ANY_TAG;
        r->msgbytes = 0;
        r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    r->state = ST_POSTED;
    for (ep = &c->sends[q]; (e = *ep) != 0; ep = &e->next) {
        int src = __mpi_rank_of_node(c, e->src_node);
        if (matches(r->peer, r->tag, src, e->tag)) {
            *ep = e->next;
            match(r, e, src);
            free(e);
            return MPI_SUCCESS;
        }
    }
    for (pp = &c->recvs[q]; *pp; pp = &(*pp)->next)
        ;
    *pp = r;
    return MPI_SUCCESS;
}

int __mpi_start(struct __mpi_request *r)
{
    return r->kind == REQ_SEND ? start_send(r) : start_recv(r);
}

/* ---- Completion -------------------------------------------------------------------------------------------- */

int __mpi_ready(struct __mpi_request *r)
{
    int k;
    MPI_READY_BODY(r, k);
    return k;
}

void __mpi_complete(struct __mpi_request *r)
{
    if ((r->flags & RF_CANCEL) && r->cancel_reply == 1 && r->state == ST_POSTED)
        r->cancelled = 1;
    if (r->kind == REQ_RECV) {
        if (r->state == ST_DATA)
            finish_recv(r);
    } else {
        unlist_active(r);
        if (r->tmp) {
            free(r->tmp);
            r->tmp = 0;
        }
    }
    r->state = ST_DONE;
}

int __mpi_background_ready(void)
{
    struct __mpi_request *b;
    int k, any = 0;
    for (b = __mpi_background; b; b = b->bnext) {
        MPI_READY_BODY(b, k);
        if (k == 1)
            return 1;
        if (k == 2)
            any = 2;
    }
    return any;
}

void __mpi_background_add(struct __mpi_request *r)
{
    r->bnext = __mpi_background;
    __mpi_background = r;
}

void __mpi_progress(void)
{
    struct __mpi_request **pp = &__mpi_background, *b;
    int idle = (__scmp_niustat() & SCMP_NIU_DMA_BUSY) == 0;
    while ((b = *pp) != 0) {
        int k = __mpi_ready(b);
        if (k == 1 || (k == 2 && idle)) {
            *pp = b->bnext;
            __mpi_complete(b);
            if (b->bseg)
                __mpi_bsend_release(b);
            __mpi_free_request(b);
        } else {
            pp = &b->bnext;
        }
    }
}

void __mpi_wait_done(struct __mpi_request *r)
{
    __mpi_wait_loop(r);
    __mpi_complete(r);
}

void __mpi_flush_sends(void)
{
    while (__mpi_background) {
        __mpi_wait_list(__mpi_background);
        __mpi_progress();
    }
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
    status->MPI_ERROR = r->error;
    status->__cancelled = r->cancelled;
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
    r->tp = __mpi_type_get(type);
}

static int check_common(int count, MPI_Datatype type, MPI_Comm comm, struct __mpi_comm **cp)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    if (!c)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (__mpi_type_usable(type) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    *cp = c;
    return MPI_SUCCESS;
}

int __mpi_isend(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q,
                MPI_Request *request)
{
    struct __mpi_comm *c;
    struct __mpi_request *r;
    int err = check_common(count, type, comm, &c);
    if (err != MPI_SUCCESS)
        return err;
    if (dest != MPI_PROC_NULL && (dest < 0 || dest >= c->size))
        return MPI_ERR_RANK;
    r = __mpi_new_request();
    if (!r)
        return MPI_ERR_OTHER;
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
    int err = check_common(count, type, comm, &c);
    if (err != MPI_SUCCESS)
        return err;
    if (source != MPI_PROC_NULL && source != MPI_ANY_SOURCE && (source < 0 || source >= c->size))
        return MPI_ERR_RANK;
    r = __mpi_new_request();
    if (!r)
        return MPI_ERR_OTHER;
    fill(r, REQ_RECV, buf, count, type, source, tag, comm, q);
    __mpi_type_hold(type);
    *request = r;
    return __mpi_start(r);
}

int __mpi_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, int q)
{
    struct __mpi_request r;
    struct __mpi_comm *c = __mpi_comm(comm);
    int err;
    r.flags = RF_STACK;
    r.mode = MODE_STANDARD;
    r.tmp = 0;
    r.bseg = 0;
    fill(&r, REQ_SEND, buf, count, type, dest, tag, comm, q);
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    /* the eager path first: nothing to wait for */
    if (__mpi_protocol == MPI_PROTO_OURS) {
        int bytes = count * r.tp->size;
        int node = c->nodes[dest];
        if (bytes <= __mpi_eager_limit && DEBT(node) < EAGER_CREDITS) {
            r.node = node;
            send_eager(&r, bytes, 2 * c->context + q);
            return MPI_SUCCESS;
        }
    }
    r.magic = REQ_MAGIC;
    r.error = MPI_SUCCESS;
    r.cancel_reply = 0;
    err = start_send(&r);
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
    err = start_recv(&r);
    if (err != MPI_SUCCESS)
        return err;
    if (r.state != ST_DONE)
        __mpi_wait_done(&r);
    __mpi_fill_status(&r, status);
    r.magic = 0;
    return r.error;
}

/* ---- Probing ------------------------------------------------------------------------------------------------- */

/* The oldest announced message that a receive (source, tag) would take, or NULL. */
struct __mpi_env *__mpi_find_unexpected(struct __mpi_comm *c, int q, int source, int tag, int *src)
{
    struct __mpi_env *e;
    for (e = c->sends[q]; e; e = e->next) {
        int s = __mpi_rank_of_node(c, e->src_node);
        if (matches(source, tag, s, e->tag)) {
            *src = s;
            return e;
        }
    }
    return 0;
}

/* Sends the cancel request of a send still waiting for its CTS. */
int __mpi_cancel(struct __mpi_request *r)
{
    if (r->kind == REQ_RECV) {
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
    if (r->state == ST_POSTED && r->proto == P_RNDV && !(r->flags & RF_CANCEL)) {
        r->flags |= RF_CANCEL;
        r->cancel_reply = 0;
        if (__mpi_protocol == MPI_PROTO_THESIS && r->node == self)  /* see self_transfer */
            __mpi_cancel_send(self, (int)r);
        else
            __scmp_thread2(r->node, (void (*)())__mpi_cancel_send, self, (int)r);
    }
    return MPI_SUCCESS;
}
