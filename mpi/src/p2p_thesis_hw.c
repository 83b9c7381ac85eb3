/* Protocol family thesis-hw (docs/mpi.md, "Family thesis-hw"): the thesis family with the hardware handshake
 * that the thesis proposes in its section 2.3 and the chip has as an option (scmpsim --param hwRts=true,
 * docs/timing.md section 3.5). Everything is the thesis family's (p2p_thesis.c, coll_thesis.c) but the answer
 * to an RTS: instead of a THREAD message that starts a handler on the sender, which sends the payload and then
 * a flag, the receiver sends a CTS message that the sender's NIU serves by itself. It reads the send
 * descriptor (the request's sstride and data words, which the sender set before its RTS left), sends the
 * payload into the receive buffer by DMA and writes ST_DONE into the send request's state: no thread runs on
 * the sender, and no flag message comes (the receive completes when its last word has landed, p2p.c).
 * Chosen with SCMP_MPI_PROTOCOL=thesis-hw (thesis_hw.s reads it); on a chip without the handshake MPI_Init
 * ends the run with a message. */
#include <stddef.h>
#include <scmp.h>
#include "mpi_internal.h"

#define self __mpi_self_node
#define NIU_HW_RTS 8            /* niustat bit 3: the chip has the hardware handshake (docs/timing.md 3.1) */

/* The send descriptor the NIU reads (docs/timing.md section 3.5): the source stride, then the source address. */
_Static_assert(offsetof(struct __mpi_request, data) == offsetof(struct __mpi_request, sstride) + 4,
               "the send descriptor: sstride, then data");

/* thesis_hw.s: the CTS message (7 flits) to node. */
void __mpi_hw_cts(int node, int desc, int count, int target, int stride, int done, int value);

static void hw_setup(void)
{
    if (!(__scmp_niustat() & NIU_HW_RTS)) {
        __mpi_fatal_line("MPI: protocol family thesis-hw needs the chip's hardware handshake "
                         "(scmpsim --param hwRts=true)\n");
        __mpi_end_run(1);
    }
    __mpi_thesis.setup();
}

/* Every message by rendezvous, as in the thesis family; the descriptor's stride: the payload is contiguous
 * (this family packs every other layout). */
static int hw_send(struct __mpi_request *r, int bytes, int cq)
{
    r->sstride = 1;
    return __mpi_send_rts(r, bytes, cq);
}

/* A receive accepted an RTS: the CTS to the sender's NIU. It may block even when the NIU looks idle (the NIU
 * may start serving a CTS that arrives, sending its payload), so the handler sends it only while fewer than
 * nctx - 2 handlers are sending, else leaves a software CTS without a flag in the outbox, which the thesis
 * family's CTS handler on the sender answers with the payload (p2p_thesis.c, "Replies sent by handlers"). A
 * message to oneself never entered the network (the thesis family's self_transfer does it). */
static void hw_accept(struct __mpi_request *r, struct __mpi_env *e, char *target, int stride)
{
    if (e->src_node == self) {
        __mpi_thesis.accept(r, e, target, stride);
        return;
    }
    r->flag = 1;                /* no flag message: the last word's watch completes the receive */
    if (__mpi_senders >= __mpi_sender_limit) {
        __mpi_outbox_put(OUT_CTS, e->src_node, e->sreq, (int)target, stride, r->nwords);
        return;
    }
    __mpi_senders++;
    __mpi_hw_cts(e->src_node, e->sreq + (int)offsetof(struct __mpi_request, sstride), r->nwords, (int)target,
                 stride, e->sreq + (int)offsetof(struct __mpi_request, state), ST_DONE);
    if (__mpi_outbox)
        __mpi_drain_outbox();
    __mpi_senders--;
}

/* The rest is the thesis family's. */
static void hw_request_data(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr)
{
    __mpi_thesis.request_data(sreq, target, stride, nwords, dst_node, flagaddr);
}

static void hw_cancel(struct __mpi_request *r)
{
    __mpi_thesis.cancel(r);
}

static void hw_cancel_answer(int src_node, struct __mpi_request *sreq, int answer)
{
    __mpi_thesis.cancel_answer(src_node, sreq, answer);
}

static void hw_eager_consumed(int src_node)
{
    (void)src_node;
}

const struct __mpi_family __mpi_thesis_hw = {
    "thesis-hw",
    0,                              /* packs every layout but the contiguous one, as the thesis family */
    1,                              /* messages to oneself stay off the network, as in the thesis family */
    hw_setup,
    hw_send,
    hw_accept,
    hw_request_data,
    hw_cancel,
    hw_cancel_answer,
    hw_eager_consumed,
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
