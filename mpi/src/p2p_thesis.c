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
    else
        __scmp_thread6(e->src_node, (void (*)())__mpi_request_data, e->sreq, (int)target, stride, r->nwords,
                       self, (int)&r->flag);
}

/* THREAD handler on the sender (through fast.S's __mpi_request_data): the receiver is ready. The payload
 * goes as one DATA message (several sendm blocks when it is longer than one can carry, so that its last word
 * lands last), then the completion flag, both sent by this handler as published. */
static void thesis_request_data(int sreq, int target, int stride, int nwords, int dst_node, int flagaddr)
{
    struct __mpi_request *r = (struct __mpi_request *)sreq;
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
    sendDataIntValue(dst_node, (int *)flagaddr, 1);
    r->state = ST_DONE;
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
    else
        sendDataIntValue(src_node, (int *)&sreq->cancel_reply, answer);
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
