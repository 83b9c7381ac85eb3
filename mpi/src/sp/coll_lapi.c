/* Collectives and communicator contexts on the IBM SP model, MPI-LAPI (docs/mpi-sp.md): the family table of the
 * SP libmpi. Every collective is point to point over MPI-LAPI, as the seed's MPI layer breaks collectives into
 * point-to-point calls (seed 003 section 2): the barrier is LAPI_Fence (every message this process sent is
 * complete at its target; the native stack's: every packet acknowledged) and a dissemination barrier; the broadcast and the rest are coll_thesis.c's
 * algorithms. Contexts come from a counter on the last node of MPI_COMM_WORLD, asked with an active message. */
#include <stdlib.h>
#include <string.h>
#include <lapi.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "sp_stack.h"

#define TAG_BARRIER 12                  /* queue Q_COLL */

extern lapi_handle_t __mpi_lapi;

/* ceil(log2 p) rounds; in round k every rank sends to the rank 2^k above it and hears from the one 2^k below.
 * Zero-byte standard sends are eager, so a send never waits for its receiver. */
static int sp_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    int k, p = c->size, r = c->rank, err = MPI_SUCCESS;
    __mpi_sp_fence();
    for (k = 1; k < p && err == MPI_SUCCESS; k <<= 1) {
        err = __coll_send(0, 0, MPI_INT, (r + k) % p, TAG_BARRIER, comm);
        if (err == MPI_SUCCESS)
            err = __coll_recv(0, 0, MPI_INT, (r - k + p) % p, TAG_BARRIER, comm);
    }
    if (__mpi_sp_native)
        __mpci_barrier_end();
    return err;
}

/* ---- Contexts ------------------------------------------------------------------------------------------------ */

/* On the allocator: the next free context. Contexts are not reused: a run makes far fewer than the 8192 a
 * message's header can name. */
static int next_context = 2;
/* On the asker: the allocator's answer (first context, then 1), put here by the allocator. */
static volatile int answer[2];

struct ctx_ask {
    int src;                            /* the asking node */
    int k;                              /* how many contexts */
};

struct ctx_reply {
    int node;
    int words[2];
};

/* The allocator's completion handler: puts the answer into the asker's `answer` (a LAPI call, which a header
 * handler may not make). */
static void ctx_cmpl_hdl(lapi_handle_t *h, void *info)
{
    struct ctx_reply *rp = (struct ctx_reply *)info;
    LAPI_Put(*h, rp->node, sizeof rp->words, (void *)answer, rp->words, 0, 0, 0);
    free(rp);
}

static void *ctx_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                         void **info)
{
    struct ctx_ask a;
    struct ctx_reply *rp = (struct ctx_reply *)__mpi_xmalloc(sizeof *rp, "context allocation");
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    memcpy(&a, uhdr, sizeof a);
    rp->node = a.src;
    rp->words[0] = next_context;
    rp->words[1] = 1;
    next_context += a.k;
    *ch = ctx_cmpl_hdl;
    *info = rp;
    return 0;
}

void __mpi_get_contexts(int k, int members, int *out)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    int node = w->nodes[w->size - 1], i, h;
    (void)members;
    if (__mpi_sp_native) {
        __mpci_get_contexts(k, out);
        return;
    }
    if (node == __mpi_self_node) {
        h = next_context;
        next_context += k;
    } else {
        struct ctx_ask a;
        a.src = __mpi_self_node;
        a.k = k;
        answer[1] = 0;
        LAPI_Amsend(__mpi_lapi, node, (void *)ctx_hdr_hdl, &a, sizeof a, 0, 0, 0, 0, 0);
        while (!answer[1])
            __mpi_progress();
        h = answer[0];
    }
    for (i = 0; i < k; i++)
        out[i] = h + i;
}

void __mpi_set_context_refs(int k, const int *ctxs, const int *refs)
{
    (void)k;
    (void)ctxs;
    (void)refs;
}

/* The slot areas of SCMP's collectives: none on the SP. */
struct __coll_rec *__coll_area_alloc(int size)
{
    (void)size;
    return 0;
}

void __coll_area_set(struct __mpi_comm *c, struct __coll_rec *area, const int *bases)
{
    (void)c;
    (void)area;
    (void)bases;
}

void __coll_area_free(struct __mpi_comm *c)
{
    (void)c;
}

void __coll_area_world(struct __mpi_comm *w)
{
    (void)w;
}

const struct __mpi_family __mpi_sp = {
    "sp", 0, 0, 0,
    0, 0, 0, 0, 0, 0,
    sp_barrier, __thesis_bcast, __thesis_reduce, __thesis_allreduce, __thesis_gatherv, __thesis_scatterv,
    __thesis_allgatherv, __thesis_alltoallv, __thesis_reduce_scatter, __thesis_scan,
    __ours_comm_split, __ours_comm_dup, __ours_comm_create,
    0,
};
