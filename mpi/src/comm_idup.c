/* MPI_Comm_idup (MPI-3 section 6.4.2): docs/mpi.md, "Communicators". The same text in every libmpi. The call is
 * local, as every nonblocking collective's, and every message it needs is posted when it starts, so that it
 * completes whatever the other processes do meanwhile (MPI_Wait, MPI_Test, or a blocking call on something else):
 * rank 0 (of an intercommunicator, the low group's leader) takes the new context from the allocator, whose answer
 * comes without the other processes (a handler on SCMP, an atomic swap on the T3D, LAPI's handler on the SP).
 *   - Of an intracommunicator: every process posts, on the parent's collective queue with a tag of this call's
 *     own, a send to every other process of its pair (the context, which only rank 0's carries, and the address
 *     of its slot area for the new communicator's collectives when the family uses them) and a receive of theirs.
 *   - Of an intercommunicator: the low leader sends the context to every other process of both groups, on
 *     MPI_COMM_WORLD's collective queue with a tag made of the intercommunicator's context and this call's number
 *     (an intercommunicator reaches only the remote group), and each of them posts the receive.
 * The request (of kind REQ_NBC, with a completion of its own: nbc.h) completes when all its messages have: the
 * communicator is then entered, with the parent's error handler, topology and attributes (their copy callbacks
 * called then), and *newcomm set. Messages on the new communicator that reach a process before it has it wait
 * for it, as for any new communicator. A file of its own, so that programs that do not call it do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

struct idup {
    int inter;
    MPI_Comm parent;
    MPI_Comm *newcomm;
    struct __coll_rec *area;
    int *table;                 /* per rank of the parent: its context (rank 0's counts), its area; of an
                                 * intercommunicator, the context alone */
};

/* MPI_COMM_WORLD's tags of an intercommunicator's MPI_Comm_idup: beyond those of the nonblocking collectives. */
#define TAG_IDUP(context, seq) (0x200000 + (context) * 4096 + ((seq) & 4095))

/* Every message has come: the new communicator. */
static void install(struct __mpi_request *r, struct __mpi_nbc *s)
{
    struct idup *d = (struct idup *)s->vecs;
    struct __mpi_comm *c = __mpi_comm(d->parent), *n;
    int ctx = d->table[0], j, err = s->error;
    if (err == MPI_SUCCESS && c && d->inter) {
        n = __mpi_intercomm_install(ctx, c->rank, c->lsize, c->lnodes, c->size, c->nodes, c->low);
        n->errhandler = c->errhandler;
        err = __mpi_attr_copy(d->parent, c, n);
        *d->newcomm = ctx;
    } else if (err == MPI_SUCCESS && c) {
        n = __mpi_comm_install(ctx, c->rank, c->size, c->nodes);
        if (d->area) {
            int *bases = (int *)__mpi_xmalloc(c->size * sizeof(int), "MPI_Comm_idup");
            for (j = 0; j < c->size; j++)
                bases[j] = d->table[2 * j + 1];
            __coll_area_set(n, d->area, bases);
            free(bases);
        }
        n->errhandler = c->errhandler;
        __mpi_topo_copy(c, n);
        err = __mpi_attr_copy(d->parent, c, n);
        *d->newcomm = ctx;
    }
    r->error = err;
    r->state = ST_DONE;
}

static void retire(struct __mpi_nbc *s, int i)
{
    MPI_Request q = s->reqs[i];
    __mpi_complete(q);
    if (q->error != MPI_SUCCESS && s->error == MPI_SUCCESS)
        s->error = q->error;
    __mpi_free_request(q);
    s->reqs[i] = 0;
    s->left--;
}

static int own(struct __mpi_request *r, int how, MPI_Status *status)
{
    struct __mpi_nbc *s = (struct __mpi_nbc *)r->tmp;
    int i;
    (void)status;
    if (r->state == ST_DONE)
        return -1;                  /* installed: as any completed collective's */
    if (how == NBC_CANCEL)
        return MPI_ERR_REQUEST;     /* a collective cannot be cancelled */
    for (i = 0; i < s->n; i++) {
        if (!s->reqs[i])
            continue;
        if (how == NBC_WAIT || how == NBC_FREE)
            __mpi_wait_loop(s->reqs[i]);
        else if (__mpi_ready_now(s->reqs[i]) != 1)
            continue;
        retire(s, i);
    }
    if (s->left == 0)
        install(r, s);
    return -1;                      /* the caller completes or frees it as a collective's */
}

/* An intercommunicator's: the low leader's sends, or the receive of the others (above). */
static int inter(struct __mpi_comm *c, struct __mpi_nbc *s, struct idup *d, MPI_Comm comm)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    int i, err = MPI_SUCCESS, tag = TAG_IDUP(c->context, __nbc_tag(c));
    int leader = c->low ? c->lnodes[0] : c->nodes[0];
    (void)comm;
    if (c->low && c->rank == 0) {
        __mpi_get_contexts(1, c->lsize + c->size, &d->table[0]);
        for (i = 1; i < c->lsize && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, &d->table[0], 1, MPI_INT, __mpi_rank_of_node(w, c->lnodes[i]), tag,
                             MPI_COMM_WORLD);
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, &d->table[0], 1, MPI_INT, __mpi_rank_of_node(w, c->nodes[i]), tag,
                             MPI_COMM_WORLD);
        return err;
    }
    return __nbc_post(s, 0, &d->table[0], 1, MPI_INT, __mpi_rank_of_node(w, leader), tag, MPI_COMM_WORLD);
}

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_nbc *s;
    struct __mpi_request *r;
    struct idup *d;
    int i, p, tag, err = MPI_SUCCESS;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_idup");
    if (!newcomm || !request)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Comm_idup");
    *request = MPI_REQUEST_NULL;
    p = c->inter ? c->lsize + c->size : c->size;
    s = __nbc_schedule(2 * p, sizeof *d + 2 * p * (int)sizeof(int));
    r = s ? __mpi_new_request() : 0;
    if (!r) {
        free(s);
        return __mpi_no_mem(comm, "MPI_Comm_idup", 2 * p * (int)sizeof(MPI_Request) + 2 * p * (int)sizeof(int));
    }
    d = (struct idup *)s->vecs;
    d->inter = c->inter;
    d->parent = comm;
    d->newcomm = newcomm;
    d->table = (int *)(d + 1);
    d->area = 0;
    if (c->inter) {
        err = inter(c, s, d, comm);
    } else {
        p = c->size;
        d->area = __mpi_family->slot_areas ? __coll_area_alloc(p) : 0;
        d->table[2 * c->rank] = -1;
        d->table[2 * c->rank + 1] = (int)d->area;
        if (c->rank == 0)
            __mpi_get_contexts(1, p, &d->table[0]);
        tag = __nbc_tag(c);
        for (i = 1; i < p && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 0, &d->table[2 * ((c->rank + p - i) % p)], 2, MPI_INT, (c->rank + p - i) % p, tag,
                             comm);
        for (i = 1; i < p && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, &d->table[2 * c->rank], 2, MPI_INT, (c->rank + i) % p, tag, comm);
    }
    if (err != MPI_SUCCESS) {
        __nbc_complete(s);          /* what was posted still completes (a receive may be matched already) */
        free(s);
        __mpi_free_request(r);
        return __mpi_error(comm, err, "MPI_Comm_idup");
    }
    s->own = own;
    __mpi_own_request(r, comm, s);
    *request = r;
    return MPI_SUCCESS;
}
