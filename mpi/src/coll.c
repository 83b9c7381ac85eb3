/* Collective operations: the MPI entry points. They check their arguments, resolve MPI_IN_PLACE and hand
 * over to the protocol family through its table __mpi_family (docs/mpi.md, "Collective operations"): the
 * thesis's algorithms as published (coll_thesis.c, section 4.2.4) or ours (coll_ours.c).
 * Their messages use the communicator's collective queues (Q_COLL) or, in our family, the slot engine
 * (coll_slot.c); user receives never see them. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

/* ---- Datatypes as the collectives see them ------------------------------------------------------------ */

/* The predefined types' sizes in the SCMP ABI (docs/abi.md), which are also their extents. */
static const signed char basic_size[] = {
    -1, 1, 1, 1, 1, 2, 2, 4, 4, 4, 4, 8, 8, 4, 8, 8, 1, 8, 16, 8, 8, 8, 16
};

int __coll_size(MPI_Datatype type)
{
    if (type > MPI_DATATYPE_NULL && type <= MPI_LONG_DOUBLE_INT)
        return basic_size[type];
    return __mpi_type_size(type);
}

int __coll_extent(MPI_Datatype type)
{
    if (type > MPI_DATATYPE_NULL && type <= MPI_LONG_DOUBLE_INT)
        return basic_size[type];
    return __mpi_type_extent(type);
}

int __coll_basic(MPI_Datatype type)
{
    return type > MPI_DATATYPE_NULL && type <= MPI_LONG_DOUBLE_INT;
}

/* Local copy of scount elements of stype at src to dst as dtype (the type signatures match). */
void __coll_copy(void *dst, MPI_Datatype dtype, int dcount, const void *src, MPI_Datatype stype, int scount)
{
    int sb = scount * __coll_size(stype), db = dcount * __coll_size(dtype), n = sb < db ? sb : db;
    char *tmp;
    if (n <= 0)
        return;
    if (__coll_basic(stype) && __coll_basic(dtype)) {
        if (dst != src)
            memmove(dst, src, n);
        return;
    }
    /* a derived type on either side: through its packed form (datatype.c) */
    tmp = (char *)malloc(sb);
    __mpi_pack((const char *)src, scount, __mpi_type_get(stype), tmp);
    __mpi_unpack(tmp, n, (char *)dst, dcount, __mpi_type_get(dtype));
    free(tmp);
}

int __coll_send(void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    MPI_Request r;
    int err = __mpi_isend(buf, count, type, dest, tag, comm, Q_COLL, &r);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}

int __coll_recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm)
{
    MPI_Request r;
    int err = __mpi_irecv(buf, count, type, source, tag, comm, Q_COLL, &r);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}

/* ---- Argument checks -------------------------------------------------------------------------------- */

static int check_type(MPI_Datatype t, int count)
{
    if (__coll_size(t) < 0)
        return MPI_ERR_TYPE;
    if (count < 0)
        return MPI_ERR_COUNT;
    return MPI_SUCCESS;
}

#define CHECK(e)                                                                \
    do {                                                                        \
        int err_ = (e);                                                         \
        if (err_ != MPI_SUCCESS)                                                \
            return err_;                                                        \
    } while (0)

#define COMM(c, comm)                                                           \
    struct __mpi_comm *c = __mpi_comm(comm);                                    \
    if (!c)                                                                     \
        return MPI_ERR_COMM

/* ---- Entry points ----------------------------------------------------------------------------------- */

int MPI_Barrier(MPI_Comm comm)
{
    COMM(c, comm);
    if (c->size == 1)
        return MPI_SUCCESS;
    return __mpi_family->barrier(comm, c);
}

/* The general MPI_Bcast; fast.S has the entry point and its fast path. */
int __mpi_Bcast_c(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    COMM(c, comm);
    CHECK(check_type(datatype, count));
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (c->size == 1 || count == 0)
        return MPI_SUCCESS;
    return __mpi_family->bcast(buffer, count, datatype, root, comm, c);
}

static int check_reduce(struct __mpi_comm *c, MPI_Datatype type, int count, MPI_Op op)
{
    (void)c;
    CHECK(check_type(type, count));
    if (!__mpi_op_check(op, type))
        return MPI_ERR_OP;
    return MPI_SUCCESS;
}

/* The general MPI_Reduce; fast.S has the entry point and its fast path. */
int __mpi_Reduce_c(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                   MPI_Comm comm)
{
    COMM(c, comm);
    CHECK(check_reduce(c, datatype, count, op));
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (sendbuf == MPI_IN_PLACE) {
        if (c->rank != root)
            return MPI_ERR_BUFFER;
        sendbuf = recvbuf;
    }
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1) {
        __coll_copy(recvbuf, datatype, count, sendbuf, datatype, count);
        return MPI_SUCCESS;
    }
    return __mpi_family->reduce(sendbuf, recvbuf, count, datatype, op, root, comm, c);
}

int MPI_Allreduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm)
{
    COMM(c, comm);
    CHECK(check_reduce(c, datatype, count, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1) {
        __coll_copy(recvbuf, datatype, count, sendbuf, datatype, count);
        return MPI_SUCCESS;
    }
    return __mpi_family->allreduce(sendbuf, recvbuf, count, datatype, op, comm, c);
}

/* Counts and displacements of the regular forms, for the v forms: in store (2 * STORE ints, on the
 * caller's stack) when they fit, else allocated (release with unregular). */
#define STORE 64
static void regular(int p, int count, int *store, int **counts, int **displs)
{
    int i, d = 0;
    if (p <= STORE) {
        *counts = store;
        *displs = store + STORE;
    } else {
        *counts = (int *)malloc(p * sizeof(int));
        *displs = (int *)malloc(p * sizeof(int));
    }
    for (i = 0; i < p; i++, d += count) {
        (*counts)[i] = count;
        (*displs)[i] = d;
    }
}

static void unregular(int *store, int *counts, int *displs)
{
    if (counts && counts != store) {
        free(counts);
        free(displs);
    }
}

static int gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                   const int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (sendbuf == MPI_IN_PLACE) {
        if (c->rank != root)
            return MPI_ERR_BUFFER;
        /* the root's block is already in place */
        sendbuf = (char *)recvbuf + displs[root] * __coll_extent(recvtype);
        sendtype = recvtype;
        sendcount = recvcounts[root];
    } else {
        CHECK(check_type(sendtype, sendcount));
    }
    if (c->rank == root)
        CHECK(check_type(recvtype, 0));
    return __mpi_family->gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                                 c);
}

int MPI_Gather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int *counts = 0, *displs = 0, err, store[2 * STORE];
    COMM(c, comm);
    if (c->rank == root) {
        CHECK(check_type(recvtype, recvcount));
        regular(c->size, recvcount, store, &counts, &displs);
    }
    err = gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, root, comm, c);
    unregular(store, counts, displs);
    return err;
}

int MPI_Gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    COMM(c, comm);
    return gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, c);
}

static int scatterv(void *sendbuf, const int *sendcounts, const int *displs, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    struct __mpi_comm *c)
{
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (recvbuf == MPI_IN_PLACE) {
        if (c->rank != root)
            return MPI_ERR_BUFFER;
        recvbuf = (char *)sendbuf + displs[root] * __coll_extent(sendtype);
        recvtype = sendtype;
        recvcount = sendcounts[root];
    } else {
        CHECK(check_type(recvtype, recvcount));
    }
    return __mpi_family->scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                                  comm, c);
}

int MPI_Scatter(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int *counts = 0, *displs = 0, err, store[2 * STORE];
    COMM(c, comm);
    if (c->rank == root) {
        CHECK(check_type(sendtype, sendcount));
        regular(c->size, sendcount, store, &counts, &displs);
    }
    err = scatterv(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c);
    unregular(store, counts, displs);
    return err;
}

int MPI_Scatterv(void *sendbuf, int *sendcounts, int *displs, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    COMM(c, comm);
    return scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c);
}

static int allgatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                      const int *displs, MPI_Datatype recvtype, MPI_Comm comm, struct __mpi_comm *c)
{
    CHECK(check_type(recvtype, 0));
    if (sendbuf == MPI_IN_PLACE) {
        sendbuf = (char *)recvbuf + displs[c->rank] * __coll_extent(recvtype);
        sendtype = recvtype;
        sendcount = recvcounts[c->rank];
    } else {
        CHECK(check_type(sendtype, sendcount));
    }
    return __mpi_family->allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, c);
}

int MPI_Allgather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
    int *counts, *displs, err, store[2 * STORE];
    COMM(c, comm);
    CHECK(check_type(recvtype, recvcount));
    regular(c->size, recvcount, store, &counts, &displs);
    err = allgatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, comm, c);
    unregular(store, counts, displs);
    return err;
}

int MPI_Allgatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                   int *displs, MPI_Datatype recvtype, MPI_Comm comm)
{
    COMM(c, comm);
    return allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, c);
}

static int alltoallv(void *sendbuf, const int *sendcounts, const int *sdispls, MPI_Datatype sendtype,
                     void *recvbuf, const int *recvcounts, const int *rdispls, MPI_Datatype recvtype,
                     MPI_Comm comm, struct __mpi_comm *c)
{
    int err, i, span = 0, ext;
    void *tmp = 0;
    CHECK(check_type(recvtype, 0));
    if (sendbuf == MPI_IN_PLACE) {
        /* MPI-2.2: the data to send is in recvbuf, laid out as what is received; work from a copy */
        ext = __coll_extent(recvtype);
        for (i = 0; i < c->size; i++)
            if (rdispls[i] + recvcounts[i] > span)
                span = rdispls[i] + recvcounts[i];
        tmp = malloc(span * ext + 1);
        memcpy(tmp, recvbuf, span * ext);
        sendbuf = tmp;
        sendcounts = recvcounts;
        sdispls = rdispls;
        sendtype = recvtype;
    } else {
        CHECK(check_type(sendtype, 0));
    }
    err = __mpi_family->alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                  comm, c);
    free(tmp);
    return err;
}

int MPI_Alltoall(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
    int *sc, *sd, *rc, *rd, err, sstore[2 * STORE], rstore[2 * STORE];
    COMM(c, comm);
    CHECK(check_type(recvtype, recvcount));
    if (sendbuf != MPI_IN_PLACE)
        CHECK(check_type(sendtype, sendcount));
    regular(c->size, sendcount, sstore, &sc, &sd);
    regular(c->size, recvcount, rstore, &rc, &rd);
    err = alltoallv(sendbuf, sc, sd, sendtype, recvbuf, rc, rd, recvtype, comm, c);
    unregular(sstore, sc, sd);
    unregular(rstore, rc, rd);
    return err;
}

int MPI_Alltoallv(void *sendbuf, int *sendcounts, int *sdispls, MPI_Datatype sendtype, void *recvbuf,
                  int *recvcounts, int *rdispls, MPI_Datatype recvtype, MPI_Comm comm)
{
    COMM(c, comm);
    return alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, c);
}

int MPI_Reduce_scatter(void *sendbuf, void *recvbuf, int *recvcounts, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm)
{
    int total = 0, i;
    COMM(c, comm);
    for (i = 0; i < c->size; i++) {
        if (recvcounts[i] < 0)
            return MPI_ERR_COUNT;
        total += recvcounts[i];
    }
    CHECK(check_reduce(c, datatype, total, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    return __mpi_family->reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, c);
}

static int scan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                int exclusive)
{
    COMM(c, comm);
    CHECK(check_reduce(c, datatype, count, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1) {
        if (!exclusive)
            __coll_copy(recvbuf, datatype, count, sendbuf, datatype, count);
        return MPI_SUCCESS;
    }
    return __mpi_family->scan(sendbuf, recvbuf, count, datatype, op, exclusive, comm, c);
}

int MPI_Scan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return scan(sendbuf, recvbuf, count, datatype, op, comm, 0);
}

/* recvbuf on rank 0 is left unchanged (MPI says it is undefined there). */
int MPI_Exscan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return scan(sendbuf, recvbuf, count, datatype, op, comm, 1);
}
