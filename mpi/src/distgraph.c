/* Distributed graph topologies (MPI-2.2, MPI-3.1 section 7.5.4): MPI_Dist_graph_create_adjacent,
 * MPI_Dist_graph_create, MPI_Dist_graph_neighbors_count and MPI_Dist_graph_neighbors. A process keeps its own
 * sources and destinations (with their weights) only. The processes keep their ranks (reorder is allowed to be
 * ignored). MPI_Dist_graph_create gathers every process's edges to every process (an MPI_Allgather of the
 * counts, an MPI_Allgatherv of the edges) and each keeps the edges that end or start at it, in the order of
 * the rank that gave them, then of its arrays: an order the standard leaves open. A file of its own, so that
 * programs that make no distributed graph do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "topo.h"

static struct __mpi_topo *dist_topo(int indeg, const int *src, const int *srcw, int outdeg, const int *dst,
                                    const int *dstw, int weighted)
{
    struct __mpi_topo *t = (struct __mpi_topo *)__mpi_xcalloc(1, sizeof *t, "topology");
    int *a = (int *)__mpi_xmalloc((2 * indeg + 2 * outdeg + 1) * sizeof(int), "topology");
    int i;
    t->kind = MPI_DIST_GRAPH;
    t->ndims = weighted;
    t->nnodes = indeg;
    t->nedges = outdeg;
    t->index = a;
    for (i = 0; i < indeg; i++) {
        a[i] = src[i];
        a[indeg + i] = weighted && srcw ? srcw[i] : 1;
    }
    a += 2 * indeg;
    for (i = 0; i < outdeg; i++) {
        a[i] = dst[i];
        a[outdeg + i] = weighted && dstw ? dstw[i] : 1;
    }
    return t;
}

static struct __mpi_topo *dup_topo(struct __mpi_topo *t)
{
    int *a = t->index;
    return dist_topo(t->nnodes, a, a + t->nnodes, t->nedges, a + 2 * t->nnodes, a + 2 * t->nnodes + t->nedges,
                     t->ndims);
}

/* A weights argument given: MPI_UNWEIGHTED means none; MPI_WEIGHTS_EMPTY (or any array) means weighted. */
static const int *weights_of(const int *w)
{
    return w == MPI_UNWEIGHTED || w == MPI_WEIGHTS_EMPTY ? 0 : w;
}

/* The new communicator: every process of comm_old, in its order, with topology t. */
static int make(MPI_Comm comm_old, struct __mpi_comm *c, struct __mpi_topo *t, MPI_Comm *newcomm)
{
    int err = __mpi_comm_split(comm_old, 0, c->rank, newcomm);
    if (err != MPI_SUCCESS || *newcomm == MPI_COMM_NULL) {
        free(t->index);
        free(t);
        return err;
    }
    __mpi_dist_graph_dup = dup_topo;
    __mpi_comm(*newcomm)->topo = t;
    return MPI_SUCCESS;
}

static int check_ranks(struct __mpi_comm *c, int n, const int *ranks)
{
    int i;
    if (n < 0)
        return MPI_ERR_ARG;
    if (n > 0 && !ranks)
        return MPI_ERR_ARG;
    for (i = 0; i < n; i++)
        if (ranks[i] < 0 || ranks[i] >= c->size)
            return MPI_ERR_RANK;
    return MPI_SUCCESS;
}

static int check_weights(int n, const int *w)
{
    int i;
    if (w == MPI_UNWEIGHTED || w == MPI_WEIGHTS_EMPTY)
        return w == MPI_WEIGHTS_EMPTY && n > 0 ? MPI_ERR_ARG : MPI_SUCCESS;
    if (n > 0 && !w)
        return MPI_ERR_ARG;
    for (i = 0; i < n; i++)
        if (w[i] < 0)
            return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph)
{
    struct __mpi_comm *c = __mpi_comm(comm_old);
    int err, weighted = sourceweights != MPI_UNWEIGHTED;
    (void)info;
    (void)reorder;
    if (!c || c->inter)
        return __mpi_error(c ? comm_old : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Dist_graph_create_adjacent");
    if (!comm_dist_graph)
        return __mpi_error(comm_old, MPI_ERR_ARG, "MPI_Dist_graph_create_adjacent");
    err = check_ranks(c, indegree, sources);
    if (err == MPI_SUCCESS && ((indegree > 0 && !weighted && destweights != MPI_UNWEIGHTED)
                               || (outdegree > 0 && weighted && destweights == MPI_UNWEIGHTED)))
        err = MPI_ERR_TOPOLOGY;     /* MPI_UNWEIGHTED for both or neither (MPICH's check) */
    if (err == MPI_SUCCESS)
        err = check_ranks(c, outdegree, destinations);
    if (err == MPI_SUCCESS && weighted)
        err = check_weights(indegree, sourceweights);
    if (err == MPI_SUCCESS && weighted)
        err = check_weights(outdegree, destweights);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm_old, err, "MPI_Dist_graph_create_adjacent");
    err = make(comm_old, c,
               dist_topo(indegree, sources, weights_of(sourceweights), outdegree, destinations,
                         weights_of(destweights), weighted),
               comm_dist_graph);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm_old, err, "MPI_Dist_graph_create_adjacent");
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                          const int destinations[], const int weights[], MPI_Info info, int reorder,
                          MPI_Comm *comm_dist_graph)
{
    struct __mpi_comm *c = __mpi_comm(comm_old);
    int err = MPI_SUCCESS, i, j, k, ne = 0, total, indeg = 0, outdeg = 0, weighted = weights != MPI_UNWEIGHTED;
    int *counts, *displs, *mine, *all, *src, *srcw, *dst, *dstw;
    const int *w = weights_of(weights);
    struct __mpi_topo *t;
    (void)info;
    (void)reorder;
    if (!c || c->inter)
        return __mpi_error(c ? comm_old : MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Dist_graph_create");
    if (!comm_dist_graph || n < 0 || (n > 0 && (!sources || !degrees)))
        return __mpi_error(comm_old, MPI_ERR_ARG, "MPI_Dist_graph_create");
    for (i = 0; i < n && err == MPI_SUCCESS; i++) {
        if (degrees[i] < 0)
            err = MPI_ERR_ARG;
        else if (sources[i] < 0 || sources[i] >= c->size)
            err = MPI_ERR_RANK;
        else
            ne += degrees[i];
    }
    if (err == MPI_SUCCESS)
        err = check_ranks(c, ne, destinations);
    if (err == MPI_SUCCESS && weighted)
        err = check_weights(ne, weights);
    if (err != MPI_SUCCESS)
        return __mpi_error(comm_old, err, "MPI_Dist_graph_create");
    /* every process's edges, as (source, destination, weight), to every process */
    counts = (int *)__mpi_xmalloc((2 * c->size + 3 * ne + 1) * sizeof(int), "MPI_Dist_graph_create");
    displs = counts + c->size;
    mine = displs + c->size;
    for (i = 0, k = 0; i < n; i++)
        for (j = 0; j < degrees[i]; j++, k++) {
            mine[3 * k] = sources[i];
            mine[3 * k + 1] = destinations[k];
            mine[3 * k + 2] = w ? w[k] : 1;
        }
    k = 3 * ne;
    err = MPI_Allgather(&k, 1, MPI_INT, counts, 1, MPI_INT, comm_old);
    for (i = 0, total = 0; i < c->size; i++) {
        displs[i] = total;
        total += counts[i];
    }
    all = (int *)__mpi_xmalloc((total + 1) * sizeof(int), "MPI_Dist_graph_create");
    if (err == MPI_SUCCESS)
        err = MPI_Allgatherv(mine, 3 * ne, MPI_INT, all, counts, displs, MPI_INT, comm_old);
    if (err != MPI_SUCCESS) {
        free(all);
        free(counts);
        return __mpi_error(comm_old, err, "MPI_Dist_graph_create");
    }
    for (k = 0; k < total; k += 3) {
        indeg += all[k + 1] == c->rank;
        outdeg += all[k] == c->rank;
    }
    src = (int *)__mpi_xmalloc((2 * indeg + 2 * outdeg + 1) * sizeof(int), "MPI_Dist_graph_create");
    srcw = src + indeg;
    dst = srcw + indeg;
    dstw = dst + outdeg;
    for (k = 0, i = 0, j = 0; k < total; k += 3) {
        if (all[k + 1] == c->rank) {
            src[i] = all[k];
            srcw[i++] = all[k + 2];
        }
        if (all[k] == c->rank) {
            dst[j] = all[k + 1];
            dstw[j++] = all[k + 2];
        }
    }
    t = dist_topo(indeg, src, srcw, outdeg, dst, dstw, weighted);
    free(src);
    free(all);
    free(counts);
    err = make(comm_old, c, t, comm_dist_graph);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm_old, err, "MPI_Dist_graph_create");
}

static struct __mpi_topo *dist_of(MPI_Comm comm, int *err)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    *err = MPI_SUCCESS;
    if (!c) {
        *err = MPI_ERR_COMM;
        return 0;
    }
    if (!c->topo || c->topo->kind != MPI_DIST_GRAPH) {
        *err = MPI_ERR_TOPOLOGY;
        return 0;
    }
    return c->topo;
}

int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    int err;
    struct __mpi_topo *t = dist_of(comm, &err);
    if (!t)
        return __mpi_error(err == MPI_ERR_COMM ? MPI_COMM_WORLD : comm, err, "MPI_Dist_graph_neighbors_count");
    if (!indegree || !outdegree || !weighted)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Dist_graph_neighbors_count");
    *indegree = t->nnodes;
    *outdegree = t->nedges;
    *weighted = t->ndims;
    return MPI_SUCCESS;
}

int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree,
                             int destinations[], int destweights[])
{
    int err, i, *a;
    struct __mpi_topo *t = dist_of(comm, &err);
    if (!t)
        return __mpi_error(err == MPI_ERR_COMM ? MPI_COMM_WORLD : comm, err, "MPI_Dist_graph_neighbors");
    if (maxindegree < t->nnodes || maxoutdegree < t->nedges)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Dist_graph_neighbors");
    a = t->index;
    for (i = 0; i < t->nnodes; i++) {
        sources[i] = a[i];
        if (t->ndims && sourceweights != MPI_UNWEIGHTED && sourceweights != MPI_WEIGHTS_EMPTY && sourceweights)
            sourceweights[i] = a[t->nnodes + i];
    }
    a += 2 * t->nnodes;
    for (i = 0; i < t->nedges; i++) {
        destinations[i] = a[i];
        if (t->ndims && destweights != MPI_UNWEIGHTED && destweights != MPI_WEIGHTS_EMPTY && destweights)
            destweights[i] = a[t->nedges + i];
    }
    return MPI_SUCCESS;
}
