/* Persistent collectives (MPI-4 section 6.13): MPI_Barrier_init, MPI_Bcast_init and the rest, one for each
 * nonblocking collective (docs/mpi.md, "Persistent collectives"). The same text in every libmpi. A persistent
 * collective is a request of kind REQ_NBC marked persistent (RF_PERSISTENT), inactive until MPI_Start, whose `buf`
 * holds the call's arguments and its starter. MPI_Start (pt2pt.c) calls the starter, which starts the nonblocking
 * collective (nbc.c, nbcv.c, nbc_inter.c, neighbor.c) with those arguments and takes over its schedule: from then on
 * the request is a nonblocking collective's, completed by MPI_Wait, MPI_Test and the rest, after which it is inactive
 * again (the schedule freed as any collective's); MPI_Request_free frees the arguments.
 *
 * Matching: MPI-4 matches persistent collectives in the order their _init calls were made, not their starts
 * (MPICH's coll/p_order starts a broadcast and a barrier in opposite orders on two ranks). A nonblocking
 * collective's messages carry a tag of its own, the communicator's count of nonblocking collectives (nbc.c,
 * __nbc_tag); the _init call takes that tag (a neighbourhood collective on a Cartesian communicator takes one per
 * direction), and the start gives it back to the collective it starts.
 *
 * The arrays of counts, displacements and types are the caller's: MPI-4 forbids changing them until the request is
 * freed. The info argument is checked and has no hints. A file of its own, so that programs that do not call these
 * do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

enum {
    P_BARRIER, P_BCAST, P_GATHER, P_GATHERV, P_SCATTER, P_SCATTERV, P_ALLGATHER, P_ALLGATHERV, P_ALLTOALL,
    P_ALLTOALLV, P_ALLTOALLW, P_REDUCE, P_ALLREDUCE, P_REDSCAT, P_REDSCAT_BLOCK, P_SCAN, P_EXSCAN,
    P_N_ALLGATHER, P_N_ALLGATHERV, P_N_ALLTOALL, P_N_ALLTOALLV, P_N_ALLTOALLW
};

struct pcoll {
    int (*start)(struct __mpi_request *r);  /* first: MPI_Start calls it through the request's buf */
    int kind;
    int seq;                                /* the communicator's nbc_seq at _init: the collective's tag */
    MPI_Comm comm;
    void *sbuf, *rbuf;
    int scount, rcount, root;
    MPI_Datatype stype, rtype;
    int *scounts, *sdispls, *rcounts, *rdispls;
    MPI_Aint *sdispls_a, *rdispls_a;
    MPI_Datatype *stypes, *rtypes;
    MPI_Op op;
};

/* MPI_Start: the nonblocking collective started with the tag of the _init; the request holds its schedule. */
static int start(struct __mpi_request *r)
{
    struct pcoll *p = (struct pcoll *)r->buf;
    struct __mpi_comm *c = __mpi_comm(p->comm);
    MPI_Request in = MPI_REQUEST_NULL;
    int save, err;
    if (!c)
        return MPI_ERR_COMM;
    save = c->nbc_seq;
    c->nbc_seq = p->seq;
    switch (p->kind) {
    case P_BARRIER:
        err = MPI_Ibarrier(p->comm, &in);
        break;
    case P_BCAST:
        err = MPI_Ibcast(p->rbuf, p->rcount, p->rtype, p->root, p->comm, &in);
        break;
    case P_GATHER:
        err = MPI_Igather(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->root, p->comm, &in);
        break;
    case P_GATHERV:
        err = MPI_Igatherv(p->sbuf, p->scount, p->stype, p->rbuf, p->rcounts, p->rdispls, p->rtype, p->root,
                           p->comm, &in);
        break;
    case P_SCATTER:
        err = MPI_Iscatter(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->root, p->comm, &in);
        break;
    case P_SCATTERV:
        err = MPI_Iscatterv(p->sbuf, p->scounts, p->sdispls, p->stype, p->rbuf, p->rcount, p->rtype, p->root,
                            p->comm, &in);
        break;
    case P_ALLGATHER:
        err = MPI_Iallgather(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->comm, &in);
        break;
    case P_ALLGATHERV:
        err = MPI_Iallgatherv(p->sbuf, p->scount, p->stype, p->rbuf, p->rcounts, p->rdispls, p->rtype, p->comm, &in);
        break;
    case P_ALLTOALL:
        err = MPI_Ialltoall(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->comm, &in);
        break;
    case P_ALLTOALLV:
        err = MPI_Ialltoallv(p->sbuf, p->scounts, p->sdispls, p->stype, p->rbuf, p->rcounts, p->rdispls, p->rtype,
                             p->comm, &in);
        break;
    case P_ALLTOALLW:
        err = MPI_Ialltoallw(p->sbuf, p->scounts, p->sdispls, p->stypes, p->rbuf, p->rcounts, p->rdispls, p->rtypes,
                             p->comm, &in);
        break;
    case P_REDUCE:
        err = MPI_Ireduce(p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, p->root, p->comm, &in);
        break;
    case P_ALLREDUCE:
        err = MPI_Iallreduce(p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, p->comm, &in);
        break;
    case P_REDSCAT:
        err = MPI_Ireduce_scatter(p->sbuf, p->rbuf, p->rcounts, p->rtype, p->op, p->comm, &in);
        break;
    case P_REDSCAT_BLOCK:
        err = MPI_Ireduce_scatter_block(p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, p->comm, &in);
        break;
    case P_SCAN:
        err = MPI_Iscan(p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, p->comm, &in);
        break;
    case P_EXSCAN:
        err = MPI_Iexscan(p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, p->comm, &in);
        break;
    case P_N_ALLGATHER:
        err = MPI_Ineighbor_allgather(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->comm, &in);
        break;
    case P_N_ALLGATHERV:
        err = MPI_Ineighbor_allgatherv(p->sbuf, p->scount, p->stype, p->rbuf, p->rcounts, p->rdispls, p->rtype,
                                       p->comm, &in);
        break;
    case P_N_ALLTOALL:
        err = MPI_Ineighbor_alltoall(p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, p->comm, &in);
        break;
    case P_N_ALLTOALLV:
        err = MPI_Ineighbor_alltoallv(p->sbuf, p->scounts, p->sdispls, p->stype, p->rbuf, p->rcounts, p->rdispls,
                                      p->rtype, p->comm, &in);
        break;
    default:
        err = MPI_Ineighbor_alltoallw(p->sbuf, p->scounts, p->sdispls_a, p->stypes, p->rbuf, p->rcounts,
                                      p->rdispls_a, p->rtypes, p->comm, &in);
        break;
    }
    c->nbc_seq = save;
    if (err != MPI_SUCCESS)
        return err;
    if (in == MPI_REQUEST_NULL) {
        r->tmp = (char *)__nbc_schedule(0, 0);    /* nothing to do: done at the first look */
        if (!r->tmp)
            return MPI_ERR_NO_MEM;
    } else {
        r->tmp = in->tmp;
        in->tmp = 0;
        __mpi_free_request(in);
    }
    r->error = MPI_SUCCESS;
    r->cancelled = 0;
    r->state = ST_POSTED;
    return MPI_SUCCESS;
}

static int init_err;    /* the error of the last init() that failed, reported */

/* The inactive request of an _init call, its arguments to be filled; 0 after an error (reported, in init_err).
 * ntags: the tags the collective takes. */
static struct pcoll *init(int kind, MPI_Comm comm, MPI_Info info, MPI_Request *request, int ntags, const char *fn)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_request *r;
    struct pcoll *p;
    if (!c) {
        init_err = __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
        return 0;
    }
    if (!request || __mpi_info_check(info) != MPI_SUCCESS) {
        init_err = __mpi_error(comm, request ? MPI_ERR_INFO : MPI_ERR_ARG, fn);
        return 0;
    }
    *request = MPI_REQUEST_NULL;
    p = (struct pcoll *)malloc(sizeof *p);
    r = p ? __mpi_new_request() : 0;
    if (!r) {
        free(p);
        init_err = __mpi_no_mem(comm, fn, (int)sizeof *p);
        return 0;
    }
    memset(p, 0, sizeof *p);
    p->start = start;
    p->kind = kind;
    p->comm = comm;
    p->seq = c->nbc_seq;
    c->nbc_seq += ntags;
    r->kind = REQ_NBC;
    r->comm = comm;
    r->q = Q_COLL;
    r->flags |= RF_PERSISTENT;
    r->state = ST_INACTIVE;
    r->buf = p;
    *request = r;
    return p;
}

#define INIT(kind, fn) struct pcoll *p = init(kind, comm, info, request, 1, fn); if (!p) return init_err
#define RETURN_OK return MPI_SUCCESS

int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    INIT(P_BARRIER, "MPI_Barrier_init");
    (void)p;
    RETURN_OK;
}

int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                   MPI_Request *request)
{
    INIT(P_BCAST, "MPI_Bcast_init");
    p->rbuf = buffer;
    p->rcount = count;
    p->rtype = datatype;
    p->root = root;
    RETURN_OK;
}

/* The one-count forms with a send side and a receive side. */
static int sides(int kind, const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request, int ntags,
                 const char *fn)
{
    struct pcoll *p = init(kind, comm, info, request, ntags, fn);
    if (!p)
        return init_err;
    p->sbuf = (void *)sendbuf;
    p->scount = sendcount;
    p->stype = sendtype;
    p->rbuf = recvbuf;
    p->rcount = recvcount;
    p->rtype = recvtype;
    p->root = root;
    return MPI_SUCCESS;
}

int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return sides(P_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request, 1,
                 "MPI_Gather_init");
}

int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                     MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return sides(P_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request, 1,
                 "MPI_Scatter_init");
}

int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return sides(P_ALLGATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0, comm, info, request, 1,
                 "MPI_Allgather_init");
}

int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return sides(P_ALLTOALL, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0, comm, info, request, 1,
                 "MPI_Alltoall_init");
}

int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request)
{
    int err = sides(P_GATHERV, sendbuf, sendcount, sendtype, recvbuf, 0, recvtype, root, comm, info, request, 1,
                    "MPI_Gatherv_init");
    if (err == MPI_SUCCESS) {
        ((struct pcoll *)(*request)->buf)->rcounts = (int *)recvcounts;
        ((struct pcoll *)(*request)->buf)->rdispls = (int *)displs;
    }
    return err;
}

int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                        MPI_Info info, MPI_Request *request)
{
    int err = sides(P_ALLGATHERV, sendbuf, sendcount, sendtype, recvbuf, 0, recvtype, 0, comm, info, request, 1,
                    "MPI_Allgatherv_init");
    if (err == MPI_SUCCESS) {
        ((struct pcoll *)(*request)->buf)->rcounts = (int *)recvcounts;
        ((struct pcoll *)(*request)->buf)->rdispls = (int *)displs;
    }
    return err;
}

int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                      void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    int err = sides(P_SCATTERV, sendbuf, 0, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request, 1,
                    "MPI_Scatterv_init");
    if (err == MPI_SUCCESS) {
        ((struct pcoll *)(*request)->buf)->scounts = (int *)sendcounts;
        ((struct pcoll *)(*request)->buf)->sdispls = (int *)displs;
    }
    return err;
}

int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                       void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int err = sides(P_ALLTOALLV, sendbuf, 0, sendtype, recvbuf, 0, recvtype, 0, comm, info, request, 1,
                    "MPI_Alltoallv_init");
    if (err == MPI_SUCCESS) {
        struct pcoll *p = (struct pcoll *)(*request)->buf;
        p->scounts = (int *)sendcounts;
        p->sdispls = (int *)sdispls;
        p->rcounts = (int *)recvcounts;
        p->rdispls = (int *)rdispls;
    }
    return err;
}

int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
                       const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int err = sides(P_ALLTOALLW, sendbuf, 0, MPI_DATATYPE_NULL, recvbuf, 0, MPI_DATATYPE_NULL, 0, comm, info,
                    request, 1, "MPI_Alltoallw_init");
    if (err == MPI_SUCCESS) {
        struct pcoll *p = (struct pcoll *)(*request)->buf;
        p->scounts = (int *)sendcounts;
        p->sdispls = (int *)sdispls;
        p->stypes = (MPI_Datatype *)sendtypes;
        p->rcounts = (int *)recvcounts;
        p->rdispls = (int *)rdispls;
        p->rtypes = (MPI_Datatype *)recvtypes;
    }
    return err;
}

/* The reductions: count and datatype kept as the receive side's. */
static int reduction(int kind, const void *sendbuf, void *recvbuf, int count, const int *counts,
                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request,
                     const char *fn)
{
    struct pcoll *p = init(kind, comm, info, request, 1, fn);
    if (!p)
        return init_err;
    p->sbuf = (void *)sendbuf;
    p->rbuf = recvbuf;
    p->rcount = count;
    p->rcounts = (int *)counts;
    p->rtype = datatype;
    p->op = op;
    p->root = root;
    return MPI_SUCCESS;
}

int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return reduction(P_REDUCE, sendbuf, recvbuf, count, 0, datatype, op, root, comm, info, request,
                     "MPI_Reduce_init");
}

int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return reduction(P_ALLREDUCE, sendbuf, recvbuf, count, 0, datatype, op, 0, comm, info, request,
                     "MPI_Allreduce_init");
}

int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return reduction(P_REDSCAT, sendbuf, recvbuf, 0, recvcounts, datatype, op, 0, comm, info, request,
                     "MPI_Reduce_scatter_init");
}

int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                  MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return reduction(P_REDSCAT_BLOCK, sendbuf, recvbuf, recvcount, 0, datatype, op, 0, comm, info, request,
                     "MPI_Reduce_scatter_block_init");
}

int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Info info, MPI_Request *request)
{
    return reduction(P_SCAN, sendbuf, recvbuf, count, 0, datatype, op, 0, comm, info, request, "MPI_Scan_init");
}

int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request)
{
    return reduction(P_EXSCAN, sendbuf, recvbuf, count, 0, datatype, op, 0, comm, info, request, "MPI_Exscan_init");
}

/* The tags a neighbourhood collective takes (neighbor.c): one per direction on a Cartesian communicator. */
static int neighbour_tags(MPI_Comm comm)
{
    int kind = MPI_UNDEFINED, ndims = 0;
    if (__mpi_comm(comm) && MPI_Topo_test(comm, &kind) == MPI_SUCCESS && kind == MPI_CART
        && MPI_Cartdim_get(comm, &ndims) == MPI_SUCCESS && 2 * ndims > 1)
        return 2 * ndims;
    return 1;
}

int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request)
{
    return sides(P_N_ALLGATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0, comm, info, request,
                 neighbour_tags(comm), "MPI_Neighbor_allgather_init");
}

int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request)
{
    return sides(P_N_ALLTOALL, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0, comm, info, request,
                 neighbour_tags(comm), "MPI_Neighbor_alltoall_init");
}

int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Info info, MPI_Request *request)
{
    int err = sides(P_N_ALLGATHERV, sendbuf, sendcount, sendtype, recvbuf, 0, recvtype, 0, comm, info, request,
                    neighbour_tags(comm), "MPI_Neighbor_allgatherv_init");
    if (err == MPI_SUCCESS) {
        ((struct pcoll *)(*request)->buf)->rcounts = (int *)recvcounts;
        ((struct pcoll *)(*request)->buf)->rdispls = (int *)displs;
    }
    return err;
}

int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    int err = sides(P_N_ALLTOALLV, sendbuf, 0, sendtype, recvbuf, 0, recvtype, 0, comm, info, request,
                    neighbour_tags(comm), "MPI_Neighbor_alltoallv_init");
    if (err == MPI_SUCCESS) {
        struct pcoll *p = (struct pcoll *)(*request)->buf;
        p->scounts = (int *)sendcounts;
        p->sdispls = (int *)sdispls;
        p->rcounts = (int *)recvcounts;
        p->rdispls = (int *)rdispls;
    }
    return err;
}

int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                MPI_Info info, MPI_Request *request)
{
    int err = sides(P_N_ALLTOALLW, sendbuf, 0, MPI_DATATYPE_NULL, recvbuf, 0, MPI_DATATYPE_NULL, 0, comm, info,
                    request, neighbour_tags(comm), "MPI_Neighbor_alltoallw_init");
    if (err == MPI_SUCCESS) {
        struct pcoll *p = (struct pcoll *)(*request)->buf;
        p->scounts = (int *)sendcounts;
        p->sdispls_a = (MPI_Aint *)sdispls;
        p->stypes = (MPI_Datatype *)sendtypes;
        p->rcounts = (int *)recvcounts;
        p->rdispls_a = (MPI_Aint *)rdispls;
        p->rtypes = (MPI_Datatype *)recvtypes;
    }
    return err;
}

/* A large-count _init_c call's arrays (large.c): it converts the program's MPI_Count and MPI_Aint arrays into arrays
 * of ints, passes them to the _init call and frees them when it returns, so the request keeps copies of its own,
 * after its arguments in one block that MPI_Request_free frees. */
int __mpi_pcoll_keep(MPI_Request *request, int nsend, int nrecv, const char *func)
{
    struct __mpi_request *r = *request;
    struct pcoll *p = (struct pcoll *)r->buf, *q;
    int i, total = 0, *at, n[4];
    int **f[4];
    n[0] = n[1] = nsend;
    n[2] = n[3] = nrecv;
    f[0] = &p->scounts;
    f[1] = &p->sdispls;
    f[2] = &p->rcounts;
    f[3] = &p->rdispls;
    for (i = 0; i < 4; i++)
        if (*f[i])
            total += n[i];
    q = (struct pcoll *)realloc(p, sizeof *p + total * sizeof(int));
    if (!q) {
        MPI_Comm comm = p->comm;
        MPI_Request_free(request);
        return __mpi_no_mem(comm, func, (int)(sizeof *p + total * sizeof(int)));
    }
    r->buf = q;
    at = (int *)(q + 1);
    f[0] = &q->scounts;
    f[1] = &q->sdispls;
    f[2] = &q->rcounts;
    f[3] = &q->rdispls;
    for (i = 0; i < 4; i++)
        if (*f[i]) {
            memcpy(at, *f[i], n[i] * sizeof(int));
            *f[i] = at;
            at += n[i];
        }
    return MPI_SUCCESS;
}
