/* Neighbourhood collectives (MPI-3.1 section 7.6): MPI_Neighbor_allgather, allgatherv, alltoall, alltoallv,
 * alltoallw and their nonblocking MPI_Ineighbor_* forms, over Cartesian, graph and distributed graph
 * communicators. Built on the nonblocking collectives' schedules (nbc.c; docs/mpi.md, "Nonblocking
 * collectives"): every receive from an in-neighbour, then every send to an out-neighbour, is posted when the
 * collective starts, on the communicator's collective queue; the blocking forms wait for the schedule at once.
 *
 * The neighbours, in the standard's order: a Cartesian grid's are, per dimension, the one at -1 then the one at
 * +1 (MPI_Cart_shift by 1), for receiving and for sending alike; an MPI_PROC_NULL neighbour (the edge of a
 * non-periodic dimension) is skipped, its block left untouched. A graph's are MPI_Graph_neighbors' list, a
 * distributed graph's its sources (receiving) and destinations (sending). Messages of a graph's collective
 * share one tag and match in the order they were posted; a Cartesian grid's carry the direction they were sent
 * in, so that block 2d (from the neighbour at -1) takes what that neighbour sent towards +1 even when both of
 * a dimension's neighbours are the same process (a periodic dimension of 1 or 2), as MPICH does. A file of its
 * own, so that programs that do not call them do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"
#include "topo.h"

/* The calling process's in-neighbours, then its out-neighbours, in one array (to free), or 0 with *err. */
static int *neighbours(MPI_Comm comm, struct __mpi_comm *c, int *indeg, int *outdeg, int *err)
{
    struct __mpi_topo *t = c->topo;
    int *nb, i, n, lo;
    *err = MPI_SUCCESS;
    if (!t) {
        *err = MPI_ERR_TOPOLOGY;
        return 0;
    }
    if (t->kind == MPI_CART) {
        n = 2 * t->ndims;
        nb = (int *)malloc((2 * n + 1) * sizeof(int));
        if (nb)
            for (i = 0; i < t->ndims; i++) {
                MPI_Cart_shift(comm, i, 1, &nb[2 * i], &nb[2 * i + 1]);
                nb[n + 2 * i] = nb[2 * i];
                nb[n + 2 * i + 1] = nb[2 * i + 1];
            }
        *indeg = *outdeg = n;
    } else if (t->kind == MPI_GRAPH) {
        lo = c->rank ? t->index[c->rank - 1] : 0;
        n = t->index[c->rank] - lo;
        nb = (int *)malloc((2 * n + 1) * sizeof(int));
        if (nb)
            for (i = 0; i < n; i++)
                nb[i] = nb[n + i] = t->edges[lo + i];
        *indeg = *outdeg = n;
    } else {
        *indeg = t->nnodes;
        *outdeg = t->nedges;
        nb = (int *)malloc((t->nnodes + t->nedges + 1) * sizeof(int));
        if (nb) {
            memcpy(nb, t->index, t->nnodes * sizeof(int));
            memcpy(nb + t->nnodes, t->index + 2 * t->nnodes, t->nedges * sizeof(int));
        }
    }
    if (!nb)
        *err = MPI_ERR_NO_MEM;
    return nb;
}

/* What one side of a neighbourhood collective gives (exactly one of the ways to say each thing is used). */
struct side {
    const void *buf;
    int count;                  /* the same count for every block, or counts[] */
    const int *counts;
    MPI_Datatype type;          /* the same type for every block, or types[] */
    const MPI_Datatype *types;
    const int *displs;          /* displacements in elements, or in bytes (bdispls), or blocks in a row */
    const MPI_Aint *bdispls;
    int same;                   /* the send side of an allgather: one block for every neighbour */
};

static int side_count(const struct side *s, int k) { return s->counts ? s->counts[k] : s->count; }
static MPI_Datatype side_type(const struct side *s, int k) { return s->types ? s->types[k] : s->type; }

static char *side_block(const struct side *s, int k)
{
    int ext;
    if (s->bdispls)
        return (char *)s->buf + s->bdispls[k];
    ext = __coll_extent(s->type);
    if (s->displs)
        return (char *)s->buf + s->displs[k] * ext;
    return (char *)s->buf + (s->same ? 0 : k * s->count * ext);
}

static int side_ok(const struct side *s, const int *nb, int n)
{
    int k, err;
    for (k = 0; k < n; k++)
        if (nb[k] != MPI_PROC_NULL && (err = __nbc_type_ok(side_type(s, k), side_count(s, k))) != MPI_SUCCESS)
            return err;
    return MPI_SUCCESS;
}

static int neighbor(const char *fn, struct side *snd, struct side *rcv, MPI_Comm comm, MPI_Request *request,
                    int nonblocking)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_nbc *s;
    int err, indeg, outdeg, k, tag, cart, *nb;
    if (!c || c->inter)
        return __mpi_error(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (nonblocking) {
        if (!request)
            return __mpi_error(comm, MPI_ERR_ARG, fn);
        *request = MPI_REQUEST_NULL;
    }
    nb = neighbours(comm, c, &indeg, &outdeg, &err);
    if (!nb)
        return __mpi_error(comm, err, fn);
    err = side_ok(rcv, nb, indeg);
    if (err == MPI_SUCCESS)
        err = side_ok(snd, nb + indeg, outdeg);
    s = err == MPI_SUCCESS ? __nbc_schedule(indeg + outdeg, 0) : 0;
    if (!s) {
        free(nb);
        if (err == MPI_SUCCESS)
            return __mpi_no_mem(comm, fn, (indeg + outdeg) * (int)sizeof(MPI_Request));
        return __mpi_error(comm, err, fn);
    }
    cart = c->topo->kind == MPI_CART;
    tag = __nbc_tag(c);
    if (cart)                           /* a tag per direction: one more for each after the first */
        for (k = 1; k < outdeg; k++)
            __nbc_tag(c);
    for (k = 0; k < indeg && err == MPI_SUCCESS; k++)
        if (nb[k] != MPI_PROC_NULL)
            err = __nbc_post(s, 0, side_block(rcv, k), side_count(rcv, k), side_type(rcv, k), nb[k],
                             cart ? TAG_NBC + ((tag - TAG_NBC + (k ^ 1)) & 0xfffff) : tag, comm);
    for (k = 0; k < outdeg && err == MPI_SUCCESS; k++)
        if (nb[indeg + k] != MPI_PROC_NULL)
            err = __nbc_post(s, 1, side_block(snd, k), side_count(snd, k), side_type(snd, k), nb[indeg + k],
                             cart ? TAG_NBC + ((tag - TAG_NBC + k) & 0xfffff) : tag, comm);
    free(nb);
    if (nonblocking)
        return __nbc_started(s, err, comm, request, fn);
    k = __nbc_complete(s);
    free(s);
    if (err == MPI_SUCCESS)
        err = k;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, fn);
}

#define SIDE(name) struct side name; memset(&name, 0, sizeof name)

static int allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                     const int *recvcounts, const int *displs, MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request *request, int nonblocking, const char *fn)
{
    SIDE(snd);
    SIDE(rcv);
    snd.buf = sendbuf;
    snd.count = sendcount;
    snd.type = sendtype;
    snd.same = 1;
    rcv.buf = recvbuf;
    rcv.count = recvcount;
    rcv.counts = recvcounts;
    rcv.displs = displs;
    rcv.type = recvtype;
    return neighbor(fn, &snd, &rcv, comm, request, nonblocking);
}

int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm)
{
    return allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, 0, 0, recvtype, comm, 0, 0,
                     "MPI_Neighbor_allgather");
}

int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, 0, 0, recvtype, comm, request, 1,
                     "MPI_Ineighbor_allgather");
}

int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    if (!recvcounts || !displs)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Neighbor_allgatherv");
    return allgather(sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs, recvtype, comm, 0, 0,
                     "MPI_Neighbor_allgatherv");
}

int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request)
{
    if (!recvcounts || !displs)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Ineighbor_allgatherv");
    return allgather(sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs, recvtype, comm, request, 1,
                     "MPI_Ineighbor_allgatherv");
}

static int alltoall(const void *sendbuf, int sendcount, const int *sendcounts, const int *sdispls,
                    const MPI_Aint *sbdispls, MPI_Datatype sendtype, const MPI_Datatype *sendtypes, void *recvbuf,
                    int recvcount, const int *recvcounts, const int *rdispls, const MPI_Aint *rbdispls,
                    MPI_Datatype recvtype, const MPI_Datatype *recvtypes, MPI_Comm comm, MPI_Request *request,
                    int nonblocking, const char *fn)
{
    SIDE(snd);
    SIDE(rcv);
    snd.buf = sendbuf;
    snd.count = sendcount;
    snd.counts = sendcounts;
    snd.displs = sdispls;
    snd.bdispls = sbdispls;
    snd.type = sendtype;
    snd.types = sendtypes;
    rcv.buf = recvbuf;
    rcv.count = recvcount;
    rcv.counts = recvcounts;
    rcv.displs = rdispls;
    rcv.bdispls = rbdispls;
    rcv.type = recvtype;
    rcv.types = recvtypes;
    return neighbor(fn, &snd, &rcv, comm, request, nonblocking);
}

int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm)
{
    return alltoall(sendbuf, sendcount, 0, 0, 0, sendtype, 0, recvbuf, recvcount, 0, 0, 0, recvtype, 0, comm, 0, 0,
                    "MPI_Neighbor_alltoall");
}

int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return alltoall(sendbuf, sendcount, 0, 0, 0, sendtype, 0, recvbuf, recvcount, 0, 0, 0, recvtype, 0, comm,
                    request, 1, "MPI_Ineighbor_alltoall");
}

int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm)
{
    if (!sendcounts || !sdispls || !recvcounts || !rdispls)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Neighbor_alltoallv");
    return alltoall(sendbuf, 0, sendcounts, sdispls, 0, sendtype, 0, recvbuf, 0, recvcounts, rdispls, 0, recvtype,
                    0, comm, 0, 0, "MPI_Neighbor_alltoallv");
}

int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    if (!sendcounts || !sdispls || !recvcounts || !rdispls)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Ineighbor_alltoallv");
    return alltoall(sendbuf, 0, sendcounts, sdispls, 0, sendtype, 0, recvbuf, 0, recvcounts, rdispls, 0, recvtype,
                    0, comm, request, 1, "MPI_Ineighbor_alltoallv");
}

int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    if (!sendcounts || !sdispls || !sendtypes || !recvcounts || !rdispls || !recvtypes)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Neighbor_alltoallw");
    return alltoall(sendbuf, 0, sendcounts, 0, sdispls, MPI_DATATYPE_NULL, sendtypes, recvbuf, 0, recvcounts, 0,
                    rdispls, MPI_DATATYPE_NULL, recvtypes, comm, 0, 0, "MPI_Neighbor_alltoallw");
}

int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request *request)
{
    if (!sendcounts || !sdispls || !sendtypes || !recvcounts || !rdispls || !recvtypes)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Ineighbor_alltoallw");
    return alltoall(sendbuf, 0, sendcounts, 0, sdispls, MPI_DATATYPE_NULL, sendtypes, recvbuf, 0, recvcounts, 0,
                    rdispls, MPI_DATATYPE_NULL, recvtypes, comm, request, 1, "MPI_Ineighbor_alltoallw");
}
