/* Protocol family thesis (docs/mpi.md, "Family thesis"): point to point as the thesis published it (its
 * section 4.2.2). Every message goes by rendezvous (the RTS of p2p.c); the receiver's handler answers with
 * the CTS, a THREAD message that carries the address of the receive's completion flag; the sender's handler
 * sends the payload as one DATA message and then the flag, itself, from its thread context. Everything that
 * is not contiguous is packed first (section 4.2.1). No assembly fast path serves this family: it runs the C
 * code, as the thesis's library was C. Its collectives are coll_thesis.c; the table at the end chooses them
 * all. */
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

#define self __mpi_self_node

void __mpi_request_data(void);

static void thesis_setup(void)
{
    __mpi_hot.ours = 0;             /* fast.S leaves everything to the C code */
    __mpi_hot.eager_limit = -1;
    __mpi_sender_limit = (int)__rdsr_nctx() - 2;
}

/* ---- Replies sent by handlers ------------------------------------------------------------------------------------
 *
 * As published, the handlers send their replies (the CTS; the payload and its flag) from their thread contexts
 * and block while the NIU is busy. A THREAD message waits at its target's ejection port for a free context, and
 * everything behind it waits too, so blocked handlers that hold every context close a cycle: MPI_Isend after
 * MPI_Isend from node A to node B (the bandwidth micro-benchmark's 64), and B's contexts fill with RTS handlers
 * blocked on their CTS, which wait for contexts on A, whose contexts are held by CTS handlers blocked behind A's
 * user thread, whose next RTS waits for a context on B. So the handlers of this family keep the rule of family
 * ours (p2p_ours.c, "Messages sent by handlers"), with its outbox and its count of sending handlers:
 *   - a CTS goes at once when the NIU is idle: its 8 flits fit the empty injection queue, it cannot block;
 *   - otherwise, and for the payload with its flag (whose head waits for the DMA engine, which may wait for the
 *     network), the handler sends it itself while fewer than nctx - 2 handlers are sending, then whatever the
 *     outbox holds;
 *   - otherwise it leaves the reply in the outbox and ends; the next sending handler, or the user thread in its
 *     wait, sends it. The outbox holds family ours's messages: a CTS without a flag address (the receive's flag
 *     is set at once, and the last word's watch of p2p.c completes it, as in family ours), and the payload
 *     (the send completes when the DMA engine has read it) followed by the flag when the CTS carried one.
 * So one context of every node stays free for the handlers of incoming THREAD messages, and the network drains.
 * Where the contexts never run out the messages, their order and their contents are the thesis's. */

/* A CTS that could block: sent while fewer than nctx - 2 handlers are sending, else left in the outbox. */
static void cts_may_block(struct __mpi_request *r, int node, int sreq, char *target, int stride)
{
    if (__mpi_senders >= __mpi_sender_limit) {
        r->flag = 1;
        __mpi_outbox_put(OUT_CTS, node, sreq, (int)target, stride, r->nwords);
        return;
    }
    __mpi_senders++;
    __scmp_thread6(node, (void (*)())__mpi_request_data, sreq, (int)target, stride, r->nwords, self, (int)&r->flag);
    if (__mpi_outbox)
        __mpi_drain_outbox();
    __mpi_senders--;
}

/* The thesis family's messages to oneself never enter the network. Its handlers send their replies from
 * their thread contexts and block while the NIU is busy; a message to its own node has to be taken in by
 * that node, whose ejection port waits, behind a THREAD message, for a context that only those blocked
 * handlers can free: enough announcements arriving at once (16 ranks sending to one, which sends to itself
 * as well) close that cycle on one node. So the RTS of a send to oneself is handed to the RTS handler's code
 * directly (the table's self_local), and when a receive matches it the payload is copied here: what the
 * CTS, the DATA message and the completion flag would have done. The payload is nwords consecutive words at s->data (this family packs
 * every other layout) and the target is contiguous. */
static void self_transfer(struct __mpi_request *s, struct __mpi_request *r, char *target, int nwords)
{
    if (nwords > 0)
        memcpy(target, s->data, nwords * 4);
    r->flag = 1;
    s->state = ST_DONE;
}

/* The CTS: the sender's handler sends the payload to target, then sets r's flag. */
static void thesis_accept(struct __mpi_request *r, struct __mpi_env *e, char *target, int stride)
{
    if (e->src_node == self)
        self_transfer((struct __mpi_request *)e->sreq, r, target, r->nwords);
    else if (NIU_IDLE())            /* it cannot block: see "Replies sent by handlers" */
        __scmp_thread6(e->src_node, (void (*)())__mpi_request_data, e->sreq, (int)target, stride, r->nwords,
                       self, (int)&r->flag);
    else
        cts_may_block(r, e->src_node, e->sreq, target, stride);
}

/* THREAD handler on the sender (through fast.S's __mpi_request_data): the receiver is ready. The payload
 * goes as one DATA message (several sendm blocks when it is longer than one can carry, so that its last word
 * lands last), then the completion flag, both sent by this handler as published while fewer than nctx - 2
 * handlers are sending, else left in the outbox (above, "Replies sent by handlers"). */
static void thesis_request_data(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr)
{
    struct __mpi_request *r = (struct __mpi_request *)sreq;
    if (__mpi_senders >= __mpi_sender_limit) {
        if (nwords > 0)
            __mpi_outbox_put(OUT_PAYLOAD, dst_node, sreq, target, stride, nwords);
        else
            r->state = ST_DONE;
        if (flagaddr)
            __mpi_outbox_put(OUT_WORD, dst_node, flagaddr, 1, 0, 0);
        return;
    }
    __mpi_senders++;
    if (nwords > 0) {
        char *src = r->data;
        __scmp_sendh_data(dst_node, (void *)target, stride);
        while (nwords > 65535) {
            __scmp_sendm(src, (1u << 16) | 65535u);
            src += 65535 * 4;
            nwords -= 65535;
        }
        __scmp_sendme(src, (1u << 16) | (unsigned)nwords);
    }
    /* the flag's head waits until the DMA engine has read the payload: then the buffer is free, and the
     * request stays untouched until then */
    if (flagaddr) {
        sendDataIntValue(dst_node, (int *)flagaddr, 1);
        r->state = ST_DONE;
    } else {
        r->state = ST_DMA;          /* a CTS from the outbox: no flag, done when the DMA engine has read it */
    }
    if (__mpi_outbox)
        __mpi_drain_outbox();
    __mpi_senders--;
}

static void thesis_cancel(struct __mpi_request *r)
{
    if (r->node == self)            /* see self_transfer */
        __mpi_cancel_send(self, (int)r);
    else
        __scmp_thread2(r->node, (void (*)())__mpi_cancel_send, self, (int)r);
}

static void thesis_cancel_answer(int src_node, struct __mpi_request *sreq, int answer)
{
    if (src_node == self)
        sreq->cancel_reply = answer;
    else                            /* a handler's reply: see "Replies sent by handlers" */
        __mpi_handler_send(OUT_WORD, src_node, (int)&sreq->cancel_reply, answer, 0);
}

/* Every message goes by rendezvous: no eager message is ever consumed. */
static void thesis_eager_consumed(int src_node)
{
    (void)src_node;
}

const struct __mpi_family __mpi_thesis = {
    "thesis",
    0,                              /* packs every layout but the contiguous one */
    1,                              /* see self_transfer */
    thesis_setup,
    __mpi_send_rts,                 /* every message by rendezvous */
    thesis_accept,
    thesis_request_data,
    thesis_cancel,
    thesis_cancel_answer,
    thesis_eager_consumed,
    __thesis_barrier,
    __thesis_bcast,
    __thesis_reduce,
    __thesis_allreduce,
    __thesis_gatherv,
    __thesis_scatterv,
    __thesis_allgatherv,
    __thesis_alltoallv,
    __thesis_reduce_scatter,
    __thesis_scan,
    __thesis_comm_split,
    __thesis_comm_dup,
    __thesis_comm_create,
    0,                              /* no slot engine */
};
