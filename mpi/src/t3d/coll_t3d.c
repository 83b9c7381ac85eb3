/* Collectives and communicator contexts on the Cray T3D, the EPCC design (docs/mpi-t3d.md; seed 001 section
 * 3.3): the family table of the T3D libmpi. The barrier is the hardware barrier when the communicator spans
 * the partition, else the unbalanced tree of the seed's Figure 3; the broadcast is the same tree rooted
 * anywhere. The other collectives are the shared algorithms of coll_thesis.c over this transport's point
 * to point, and communicators are made by comm.c's split with contexts from a counter on one PE. */
#include <stdlib.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"

#define TAG_TREE 12                     /* barrier and broadcast messages (queue Q_COLL) */

/* The unbalanced tree (seed 001, Figure 3): the upper half of m processes sends to the lower half, h
 * apart, and the lower part goes on alone, until one is left. steps[] gets the (m, h) pairs, top first. */
static int tree_steps(int p, int *ms, int *hs)
{
    int n = 0, m = p;
    while (m > 1) {
        int h = (m + 1) / 2;
        ms[n] = m;
        hs[n++] = h;
        m = h;
    }
    return n;
}

static int tree_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    int ms[32], hs[32], n = tree_steps(c->size, ms, hs), i, r = c->rank, err = MPI_SUCCESS;
    for (i = 0; i < n && err == MPI_SUCCESS; i++) {       /* up: everybody has arrived at rank 0 */
        if (r >= hs[i] && r < ms[i]) {
            err = __coll_send(0, 0, MPI_INT, r - hs[i], TAG_TREE, comm);
            break;
        }
        if (r + hs[i] < ms[i])
            err = __coll_recv(0, 0, MPI_INT, r + hs[i], TAG_TREE, comm);
    }
    for (i = n - 1; i >= 0 && err == MPI_SUCCESS; i--) {  /* down: the release, in the reverse order */
        if (r >= hs[i] && r < ms[i])
            err = __coll_recv(0, 0, MPI_INT, r - hs[i], TAG_TREE, comm);
        else if (r + hs[i] < ms[i])
            err = __coll_send(0, 0, MPI_INT, r + hs[i], TAG_TREE, comm);
    }
    return err;
}

static int family_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    if (c->size == t3d_n_pes() && !c->inter) {
        /* every envelope sent before is in its receiver's queue (posts wait for their landing) */
        t3d_barrier();
        return MPI_SUCCESS;
    }
    return tree_barrier(comm, c);
}

static int t3d_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int ms[32], hs[32], n = tree_steps(c->size, ms, hs), i, p = c->size, err = MPI_SUCCESS;
    int v = (c->rank - root + p) % p;
    for (i = n - 1; i >= 0 && err == MPI_SUCCESS; i--) {
        if (v >= hs[i] && v < ms[i])
            err = __coll_recv(buf, count, type, (v - hs[i] + root) % p, TAG_TREE, comm);
        else if (v + hs[i] < ms[i])
            err = __coll_send(buf, count, type, (v + hs[i] + root) % p, TAG_TREE, comm);
    }
    return err;
}

/* ---- Contexts ------------------------------------------------------------------------------------------ */

/* The next free context, on the last PE of MPI_COMM_WORLD; -1 while a process takes some. Contexts are not
 * reused on the T3D: a run makes far fewer than the 8192 an envelope can name. */
static volatile int next_context = 2;

static int allocator_pe(void)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    return w->nodes[w->size - 1];
}

void __mpi_get_contexts(int k, int members, int *out)
{
    int pe = allocator_pe(), h, i;
    (void)members;
    while ((h = (int)t3d_swap((void *)&next_context, -1, pe)) < 0)
        ;
    t3d_swap((void *)&next_context, h + k, pe);
    for (i = 0; i < k; i++)
        out[i] = h + i;
}

void __mpi_set_context_refs(int k, const int *ctxs, const int *refs)
{
    (void)k;
    (void)ctxs;
    (void)refs;
}

/* The slot areas of SCMP's collectives: none on the T3D. */
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

const struct __mpi_family __mpi_t3d = {
    "t3d", 0, 0, 0,
    0, 0, 0, 0, 0, 0,
    family_barrier, t3d_bcast, __thesis_reduce, __thesis_allreduce, __thesis_gatherv, __thesis_scatterv,
    __thesis_allgatherv, __thesis_alltoallv, __thesis_reduce_scatter, __thesis_scan,
    __ours_comm_split, __ours_comm_dup, __ours_comm_create,
    0,
};

void __coll_area_world(struct __mpi_comm *w)
{
    (void)w;
}
