/* Protocol family ours, the default (docs/mpi.md, "Family ours"): point to point with eager messages for
 * small payloads (the envelope and up to 21 words in one THREAD message, bounded by credits) and the
 * rendezvous of p2p.c for the others, whose payload the DMA engine deposits straight into the receive
 * buffer whenever the layouts allow (strided and run by run) and whose completion needs no flag message.
 * Handlers never wait on the network while holding a thread context (below, "Messages sent by handlers").
 * fast.S does the common cases in assembly and calls the functions here when they do not apply. Its
 * collectives are coll_ours.c; the table at the end chooses them all. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"
#include "mpi_layout.h"

/* Eager credits: a sender may have EAGER_CREDITS eager messages to one receiver that the receiver has not
 * consumed (matched) yet; the receiver gives CREDIT_BATCH back at a time with one THREAD message that
 * subtracts them from the sender's count (__mpi_hot.sendword[receiver]). Without credit a message goes by
 * rendezvous, so a receiver never holds more than EAGER_CREDITS unexpected eager messages per sender. */
#define EAGER_CREDITS 16
#define CREDIT_BATCH 8
_Static_assert(K_EAGER_CREDITS == EAGER_CREDITS, "mpi_layout.h: K_EAGER_CREDITS");
_Static_assert(K_CREDIT_BATCH == CREDIT_BATCH, "mpi_layout.h: K_CREDIT_BATCH");

#define self __mpi_self_node

/* Assembly (fast.S): one THREAD message with the envelope and n payload words; the handlers' entries. */
void __mpi_eager_send(int node, void (*pc)(), int w0, int w1, int w2, const int *payload, int n);
void __mpi_eager5(void);
void __mpi_eager21(void);
void __mpi_request_data(void);

static void ours_setup(void)
{
    __mpi_hot.ours = 1;             /* fast.S's paths apply */
    __mpi_hot.eager_limit = __mpi_eager_limit;
    __mpi_sender_limit = (int)__rdsr_nctx() - 2;
}

/* ---- Messages sent by handlers ------------------------------------------------------------------------------------
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

/* The kinds of message (OUT_CTS, OUT_PAYLOAD, OUT_ADD, OUT_WORD, OUT_BLOCK): mpi_core.h */

struct __mpi_out {
    struct __mpi_out *next;
    int kind, node, a, b, c, d;
};

struct __mpi_out *__mpi_outbox;         /* (read by the wait loops of fast.S) */
static struct __mpi_out **outbox_tail = &__mpi_outbox;
int __mpi_senders;                      /* handlers sending now (they may block on the NIU) */
int __mpi_sender_limit;                 /* at most this many at once: see "Messages sent by handlers" */

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
    case OUT_BLOCK:
        sendDataBlock(node, (int *)a, 1, (int *)b, 1, c);
        free((void *)b);
        break;
    default:
        sendDataIntValue(node, (int *)a, b);
        break;
    }
}

/* Appends a message to the outbox through m. A statement list, not a function, so that handler_send and
 * __mpi_outbox_put keep the instructions they had when each wrote these lines out (no call, the same
 * registers): family ours's cycle counts do not move. */
#define OUTBOX_APPEND(m, kind_, node_, a_, b_, c_, d_) \
    m = (struct __mpi_out *)__mpi_xmalloc(sizeof *m, "a message for the outbox"); \
    m->next = 0; \
    m->kind = kind_; \
    m->node = node_; \
    m->a = a_; \
    m->b = b_; \
    m->c = c_; \
    m->d = d_; \
    *outbox_tail = m; \
    outbox_tail = &m->next

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
    if (__mpi_senders < __mpi_sender_limit) {
        __mpi_senders++;
        out_send(kind, node, a, b, c, d);
        __mpi_drain_outbox();
        __mpi_senders--;
        return;
    }
    OUTBOX_APPEND(m, kind, node, a, b, c, d);
}

/* A message of a handler of either family (one-sided communication, win.c): sent now if it cannot block, or
 * while few handlers are sending, else left in the outbox. */
void __mpi_handler_send(int kind, int node, int a, int b, int c)
{
    __mpi_sender_limit = (int)__rdsr_nctx() - 2;
    handler_send(1, kind, node, a, b, c, 0);
}

/* A message of a handler of the thesis families that the handler may not send (nctx - 2 handlers are sending
 * already): into the outbox (p2p_thesis.c, "Replies sent by handlers"). */
void __mpi_outbox_put(int kind, int node, int a, int b, int c, int d)
{
    struct __mpi_out *m;
    OUTBOX_APPEND(m, kind, node, a, b, c, d);
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

/* ---- The receiving side ------------------------------------------------------------------------------------ */

/* Eager messages consumed: after CREDIT_BATCH of one sender, give them back. */
static void ours_eager_consumed(int src_node)
{
    int w = ++__mpi_hot.recvword[src_node];
    if ((w & 0xffff) >= CREDIT_BATCH) {
        __mpi_hot.recvword[src_node] = w & ~0xffff;
        handler_send(__mpi_in_handler, OUT_ADD, src_node, (int)&__mpi_hot.sendword[self], -CREDIT_BATCH, 0, 0);
    }
}

/* THREAD handler, through fast.S's __mpi_eager5 and __mpi_eager21: an eager message; w0 = source node |
 * sequence << 16, w1 = 2 * context + queue | bytes << 16; payload = its words, on the entry's stack. */
void __mpi_eager_arrived(int w0, int w1, int tag, char *payload)
{
    struct __mpi_env e;
    __mpi_state();
    __mpi_in_handler++;
    e.kind = ENV_EAGER;
    e.src_node = w0 & 0xffff;
    e.seq = (unsigned)w0 >> 16;
    e.context = w1 & 0xffff;
    e.bytes = (unsigned)w1 >> 16;
    e.tag = tag;
    e.payload = payload;
    __mpi_arrived(&e, 0);
    __mpi_in_handler--;
}

/* A receive accepted an RTS: no flag message will come, and an empty message is complete at once; the CTS
 * goes as handler_send decides. */
static void ours_accept(struct __mpi_request *r, struct __mpi_env *e, char *target, int stride)
{
    r->flag = 1;
    if (r->nwords == 0)
        __mpi_finish_recv(r);
    handler_send(__mpi_in_handler, OUT_CTS, e->src_node, e->sreq, (int)target, stride, r->nwords);
}

/* ---- The sending side ---------------------------------------------------------------------------------------- */

/* THREAD handler on the sender (through fast.S's __mpi_request_data, when its fast path does not apply): the
 * receiver is ready (CTS); flagaddr is 0 in this family. The payload goes as one DATA message through
 * handler_send. */
static void ours_request_data(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr)
{
    (void)flagaddr;
    if (nwords > 0)
        handler_send(1, OUT_PAYLOAD, dst_node, sreq, target, stride, nwords);
    else
        ((struct __mpi_request *)sreq)->state = ST_DONE;
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
    r->lastword = seq;              /* what MPI_Cancel names the message by (p2p.c, "Cancelling") */
    r->state = ST_DONE;
}

/* Eager when the message is small, the mode allows it and credit is left; otherwise the RTS. */
static int ours_send(struct __mpi_request *r, int bytes, int cq)
{
    if (bytes <= __mpi_eager_limit && r->mode != MODE_SYNC && DEBT(r->node) < EAGER_CREDITS) {
        send_eager(r, bytes, cq);
        return MPI_SUCCESS;
    }
    return __mpi_send_rts(r, bytes, cq);
}

/* A rendezvous send names its RTS by its request, an eager one its message by the sequence number it went
 * with (send_eager); the answer comes into r->cancel_reply either way. */
static void ours_cancel(struct __mpi_request *r)
{
    if (r->proto == P_EAGER)
        __scmp_thread3(r->node, (void (*)())__mpi_cancel_eager, self, r->lastword, (int)r);
    else
        __scmp_thread2(r->node, (void (*)())__mpi_cancel_send, self, (int)r);
}

static void ours_cancel_answer(int src_node, struct __mpi_request *sreq, int answer)
{
    handler_send(1, OUT_WORD, src_node, (int)&sreq->cancel_reply, answer, 0, 0);
}

const struct __mpi_family __mpi_ours = {
    "ours",
    1,                              /* the DMA engine reads and writes strided words and runs of words */
    0,                              /* its handlers never wait on the network: messages to oneself go too */
    ours_setup,
    ours_send,
    ours_accept,
    ours_request_data,
    ours_cancel,
    ours_cancel_answer,
    ours_eager_consumed,
    __ours_barrier,
    __ours_bcast,
    __ours_reduce,
    __ours_allreduce,
    __ours_gatherv,
    __ours_scatterv,
    __ours_allgatherv,
    __ours_alltoallv,
    __ours_reduce_scatter,
    __ours_scan,
    __ours_comm_split,
    __ours_comm_dup,
    __ours_comm_create,
    1,                              /* slot areas for every communicator */
};
