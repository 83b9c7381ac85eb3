/* The request engine (docs/mpi.md, "Point to point"): requests, matching and the queues, completion, and
 * what both protocol families share, the RTS (an announcement whose payload waits at the sender) and how a
 * receive accepts one. What differs between the families, which messages move a payload and who sends
 * them, is in p2p_thesis.c and p2p_ours.c, behind the table __mpi_family (mpi_internal.h) that
 * __mpi_state() chooses once; the assembly fast paths (fast.S) serve family ours.
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
 * whole payload is. The thesis's flag is sent and awaited as well, so that its family costs what it cost;
 * family ours sets the flag itself when it accepts the RTS.
 *
 * Handlers never suspend, so each runs atomically with respect to the node's other threads. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include <stddef.h>
#include "mpi_internal.h"
#include "mpi_layout.h"

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
_Static_assert(K_ANY_SOURCE == MPI_ANY_SOURCE, "mpi_layout.h: K_ANY_SOURCE");
_Static_assert(K_ANY_TAG == MPI_ANY_TAG, "mpi_layout.h: K_ANY_TAG");
_Static_assert(K_BASIC_LAST == MPI_PACKED, "mpi_layout.h: K_BASIC_LAST");
_Static_assert(K_EAGER_MAX == MPI_EAGER_MAX, "mpi_layout.h: K_EAGER_MAX");
_Static_assert(offsetof(struct __mpi_family, request_data) == F_REQUEST_DATA, "mpi_layout.h: F_REQUEST_DATA");

int __mpi_eager_limit = 64;           /* by measurement: docs/mpi.md, "Latency" */
struct __mpi_request *__mpi_active;
struct __mpi_request *__mpi_background;
volatile int __mpi_arrivals;            /* announcements queued as unexpected so far (MPI_Probe waits on it) */

/* What the assembly fast paths (fast.S) read, in one block so that one address reaches all of it; the
 * words per node are explained with SEQ_OUT in mpi_core.h. */
struct __mpi_hot __mpi_hot;
struct __mpi_env *__mpi_early;          /* announcements that arrived ahead of their turn */
struct __mpi_env *__mpi_limbo;          /* announcements for a communicator this node does not have yet */
#define early __mpi_early
#define limbo __mpi_limbo

/* The protocol family, chosen by __mpi_state() before any traffic. */
const struct __mpi_family *__mpi_family = &__mpi_ours;

/* Nonzero while a handler of this node runs (and its sends must not block, in family ours). Handlers set it
 * on entry and clear it on return; it stays set while a sending handler is blocked, so the user thread,
 * which then runs, defers too: the blocked sender sends what it defers. */
int __mpi_in_handler;

/* Called by __mpi_state once the node's tables exist. */
void __mpi_p2p_setup(void)
{
    int t;
    __mpi_hot.self = __mpi_self_node;
    for (t = 1; t <= MPI_PACKED; t++) {
        int size = __mpi_type_size(t), k = 0;
        while ((1 << k) < size)
            k++;
        __mpi_hot.shift[t] = (unsigned char)k;
    }
    __mpi_hot.fast_ok = early == 0;
    __mpi_family->setup();
}
#define self __mpi_self_node

/* The RTS handler's entry is in fast.S, which calls __mpi_post_send_c when its fast path does not apply. */
void __mpi_post_send(void);

/* ---- Requests ---------------------------------------------------------------------------------------------- */

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

/* ---- The receiving side ------------------------------------------------------------------------------------ */

/* The payload of a rendezvous receive has landed (or there was none): add the tail bytes, copy out of the
 * landing buffer. */
void __mpi_finish_recv(struct __mpi_request *r)
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

/* A receive meets an RTS: choose where the payload lands (the receive buffer when it can take the DATA
 * message as it comes, else a landing buffer), arm the last-word watch; the family answers (the CTS). */
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
        } else if (__mpi_family->dma_layouts && (e->bytes & 3) == 0 && nwords > 0) {
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
        if (!target) {
            /* no room to take the message: the receive completes with MPI_ERR_NO_MEM (which its call hands
             * to the error handler), and the sender is told to send nothing */
            r->error = MPI_ERR_NO_MEM;
            r->msgbytes = 0;
            r->tailword = 0;
            r->nwords = nwords = 0;
        }
    }
    r->state = ST_DATA;
    if (nwords > 0) {
        r->lastp = (volatile int *)target + (nwords - 1) * stride;
        r->lastword = e->lastword;
        *r->lastp = ~e->lastword;
    }
    __mpi_family->accept(r, e, target, stride);
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
        __mpi_family->eager_consumed(e->src_node);
    } else {
        accept_rts(r, e);
    }
}

/* A copy on the heap of an envelope on a handler's stack, its payload (eager) after it. */
static struct __mpi_env *keep(struct __mpi_env *e)
{
    int extra = e->kind == ENV_EAGER ? e->bytes : 0;
    struct __mpi_env *k = (struct __mpi_env *)__mpi_xmalloc(sizeof *k + extra, "an unexpected message");
    *k = *e;
    if (extra) {
        k->payload = (char *)(k + 1);
        memcpy(k->payload, e->payload, extra);
    }
    return k;
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
    k = on_heap ? e : keep(e);
    k->next = 0;
    for (ep = c ? &c->sends[q] : &limbo; *ep; ep = &(*ep)->next)
        ;
    *ep = k;
    __mpi_arrivals++;
}

void __mpi_arrived(struct __mpi_env *e, int on_heap)
{
    int src = e->src_node;
    if (e->seq != SEQ_IN(src) || early) {
        struct __mpi_env *k = on_heap ? e : keep(e), **ep;
        int progress;
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

/* THREAD handler (both families, through fast.S's __mpi_post_send): an RTS; w0 = source node | sequence
 * << 16, w1 = 2 * context + queue. */
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
    __mpi_in_handler++;
    __mpi_arrived(&e, 0);
    __mpi_in_handler--;
}

/* THREAD handler: the sender of an RTS asks to cancel it. The family answers into the request: 1 when the
 * RTS was still unmatched here (it is dropped), 2 when it is too late. */
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
    __mpi_family->cancel_answer(src_node, (struct __mpi_request *)sreq, answer);
}

/* THREAD handler (family ours): the sender of an eager message asks to cancel it, naming it by its sequence
 * number. Still unexpected here (not matched, not taken by MPI_Mprobe, not waiting for an earlier message of
 * its sender), it is dropped and its credit counts as consumed: answer 1; else 2. */
static int drop_eager(struct __mpi_env **ep, int src_node, int seq)
{
    struct __mpi_env *e;
    for (; (e = *ep) != 0; ep = &e->next)
        if (e->kind == ENV_EAGER && e->src_node == src_node && e->seq == seq) {
            *ep = e->next;
            free(e);
            return 1;
        }
    return 0;
}

void __mpi_cancel_eager(int src_node, int seq, int sreq)
{
    int i, q, answer;
    __mpi_state();
    answer = drop_eager(&limbo, src_node, seq);
    for (i = 0; i < __mpi_comm_cap && !answer; i++)
        if (__mpi_comm_tab[i] && __mpi_comm_tab[i]->used)
            for (q = 0; q < 2 && !answer; q++)
                answer = drop_eager(&__mpi_comm_tab[i]->sends[q], src_node, seq);
    __mpi_in_handler++;
    if (answer)
        __mpi_family->eager_consumed(src_node);
    __mpi_family->cancel_answer(src_node, (struct __mpi_request *)sreq, answer ? 1 : 2);
    __mpi_in_handler--;
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

int __mpi_send_rts(struct __mpi_request *r, int bytes, int cq)
{
    struct __mpi_type *t = r->tp;
    char *c = __mpi_type_contig(t, r->buf, r->count);
    int nwords = bytes >> 2, w[7], node = r->node;
    char *last = 0;
    r->layout = L_CONTIG;
    r->data = c;
    if (c && ((unsigned)c & 3) == 0) {
        /* the user's buffer as it is */
    } else if (__mpi_family->dma_layouts && !c && nwords > 0
               && __mpi_type_words(t, r->buf, r->count, &r->data, &r->sstride) == nwords) {
        r->layout = L_STRIDE;
        last = r->data + (nwords - 1) * r->sstride * 4;
    } else if (__mpi_family->dma_layouts && !c && nwords > 0 && (bytes & 3) == 0
               && __mpi_type_wordruns(t, r->buf, r->count)) {
        struct __mpi_block *b = &t->blocks[t->nblocks - 1];
        r->layout = L_RUNS;
        last = (char *)r->buf + (r->count - 1) * (t->ub - t->lb)
               + (t->flags & TF_COMPACT ? __mpi_type_end(t) : b->disp + b->len) - 4;
    } else {
        /* packed (everything not contiguous, without dma_layouts), or an aligned copy of an unaligned buffer */
        r->tmp = (char *)malloc(bytes + 4);
        if (!r->tmp)
            return MPI_ERR_NO_MEM;
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
    if (node == self && __mpi_family->self_local)
        __mpi_post_send_c(w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
    else
        __scmp_send_thread(node, (void (*)())__mpi_post_send, w, 7);
    return MPI_SUCCESS;
}

int __mpi_start_send(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    int bytes;
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
    return __mpi_family->send(r, bytes, 2 * c->context + r->q);
}

int __mpi_start_recv(struct __mpi_request *r)
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
        MPI_RECV_NULL_DONE(r);
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
            __mpi_finish_recv(r);
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

void __mpi_flush_sends(void)
{
    while (__mpi_background) {
        __mpi_wait_list(__mpi_background);
        __mpi_progress();
    }
}

/* ---- Cancelling -------------------------------------------------------------------------------------------- */

/* A send that went eager (family ours), or a buffered send whose message did, is complete at once, but its
 * message may still wait unmatched at the receiver: MPI_Cancel asks the receiver to drop it and waits for the
 * answer (the receiver's handler answers at once), so the request, complete already, says cancelled or not. */
static void cancel_sent(struct __mpi_request *r)
{
    r->cancel_reply = 0;
    __mpi_family->cancel(r);
    __mpi_wait_change(&r->cancel_reply, 0);
    if (r->cancel_reply == 1)
        r->cancelled = 1;
}

/* A buffered send whose message went by rendezvous: its inner request (r->data), while it is still in the
 * background list with the same segment serial (r->lastword), is cancelled as any rendezvous send; once
 * the receiver has dropped the RTS, __mpi_progress gives its segment back. */
static void cancel_bsend(struct __mpi_request *r)
{
    struct __mpi_request *b;
    for (b = __mpi_background; b && b != (struct __mpi_request *)r->data; b = b->bnext)
        ;
    if (!b || !b->bseg || __mpi_bseg_serial(b->bseg) != r->lastword || b->state != ST_POSTED
        || (b->flags & RF_CANCEL))
        return;
    b->flags |= RF_CANCEL;
    b->cancel_reply = 0;
    __mpi_family->cancel(b);
    __mpi_wait_change(&b->cancel_reply, 0);
    if (b->cancel_reply == 1) {
        r->cancelled = 1;
        __mpi_progress();
    }
}

/* A receive leaves its queue (request.c); a send still waiting for its CTS asks its receiver. */
int __mpi_cancel(struct __mpi_request *r)
{
    if (r->kind == REQ_RECV)
        return __mpi_cancel_recv(r);
    if (r->state == ST_DONE && r->peer != MPI_PROC_NULL && !r->cancelled) {
        if (r->proto == P_EAGER)
            cancel_sent(r);
        else if (r->mode == MODE_BUFFERED && r->data)
            cancel_bsend(r);
        return MPI_SUCCESS;
    }
    if (r->state == ST_POSTED && r->proto == P_RNDV && !(r->flags & RF_CANCEL)) {
        r->flags |= RF_CANCEL;
        r->cancel_reply = 0;
        __mpi_family->cancel(r);
    }
    return MPI_SUCCESS;
}
