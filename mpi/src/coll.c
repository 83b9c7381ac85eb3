/* Collective operations: the MPI entry points. They check their arguments, resolve MPI_IN_PLACE and hand
 * over to the protocol family through its table __mpi_family (docs/mpi.md, "Collective operations"): the
 * thesis's algorithms as published (coll_thesis.c, section 4.2.4) or ours (coll_ours.c).
 * Their messages use the communicator's collective queues (Q_COLL) or, in our family, the slot engine
 * (coll_slot.c); user receives never see them. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
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

/* Predefined types whose items are their bytes with no gap (all but MPI_SHORT_INT, MPI_DOUBLE_INT and
 * MPI_LONG_DOUBLE_INT, whose extents hold padding; the C complex types go the general way): count items travel as count * size bytes as they lie. */
int __coll_contig_basic(MPI_Datatype type)
{
    return (type > MPI_DATATYPE_NULL && type <= MPI_PACKED) || type == MPI_FLOAT_INT || type == MPI_LONG_INT
           || type == MPI_2INT || (type >= MPI_CHARACTER && type <= MPI_CXX_LONG_DOUBLE_COMPLEX);
}

/* The size of a type __coll_contig_basic accepts */
static int contig_size(MPI_Datatype type)
{
    return type <= MPI_LONG_DOUBLE_INT ? basic_size[type] : __mpi_type_size(type);
}

/* The bytes of data one item carries (its type signature's size: no gaps), or -1. */
int __coll_data_size(MPI_Datatype type)
{
    if (__coll_contig_basic(type))
        return contig_size(type);
    return __mpi_type_size(type);
}

/* Local copy of scount elements of stype at src to dst as dtype (the type signatures match): as the bytes
 * lie when both sides are one run, else through the packed form a piece at a time (no allocation). */
void __coll_copy(void *dst, MPI_Datatype dtype, int dcount, const void *src, MPI_Datatype stype, int scount)
{
    struct __mpi_type *st, *dt;
    struct __mpi_cursor ks, kd;
    double piece[32];
    char *s, *d;
    int n;
    if (__coll_contig_basic(stype) && __coll_contig_basic(dtype)) {
        int sb = scount * contig_size(stype), db = dcount * contig_size(dtype);
        n = sb < db ? sb : db;
        if (n > 0 && dst != src)
            memmove(dst, src, n);
        return;
    }
    st = __mpi_type_get(stype);
    dt = __mpi_type_get(dtype);
    n = scount * st->size < dcount * dt->size ? scount * st->size : dcount * dt->size;
    if (n <= 0)
        return;
    s = __mpi_type_contig(st, (void *)src, scount);
    d = __mpi_type_contig(dt, dst, dcount);
    if (s && d) {
        if (s != d)
            memmove(d, s, n);
        return;
    }
    __mpi_cursor_init(&ks, src, scount, st);
    __mpi_cursor_init(&kd, dst, dcount, dt);
    while (n > 0) {
        int b = n < (int)sizeof piece ? n : (int)sizeof piece;
        __mpi_cursor_pack(&ks, piece, b);
        __mpi_cursor_unpack(&kd, piece, b);
        n -= b;
    }
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
    if (__coll_size(t) < 0 || (t >= MPI_FIRST_DERIVED && __mpi_type_usable(t) != MPI_SUCCESS))
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

/* (intercommunicators have no collectives in MPI-1.2) */
#define COMM(c, comm)                                                           \
    struct __mpi_comm *c = __mpi_comm(comm);                                    \
    if (!c || c->inter)                                                         \
        return MPI_ERR_COMM

/* An intracommunicator goes on; an intercommunicator's collective (MPI-2, coll_inter.c) is the call given. */
#define COMM_OR_INTER(c, comm, call)                                            \
    struct __mpi_comm *c = __mpi_comm(comm);                                    \
    if (!c || c->inter)                                                         \
        return c ? (call) : MPI_ERR_COMM

/* A collective's code through the communicator's error handler (only a failure costs a call). */
#define RESULT(comm, e, fn) ((e) == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, e, fn))

/* ---- Long reductions, a piece at a time --------------------------------------------------------------
 * A reduction's algorithms hold partial results in temporary buffers as long as the vector. So that a
 * vector of megabytes needs no more than a few of them, a vector longer than REDUCE_PIECE bytes is reduced
 * REDUCE_PIECE bytes at a time, each piece by the family's algorithm: element by element, every piece sees
 * the same tree and the same order of combination, so the result has the same bits. */
#define REDUCE_PIECE 65536

static int piece_items(MPI_Datatype type)
{
    int ext = __coll_extent(type), n = ext > 0 ? REDUCE_PIECE / ext : 1;
    return n > 0 ? n : 1;
}

#define AT(buf, i, ext) ((char *)(buf) + (i) * (ext))

/* ---- Entry points ----------------------------------------------------------------------------------- */

int MPI_Barrier(MPI_Comm comm)
{
    int err;
    COMM_OR_INTER(c, comm, RESULT(comm, __inter_barrier(comm, c), "MPI_Barrier"));
    if (c->size == 1)
        return MPI_SUCCESS;
    err = __mpi_family->barrier(comm, c);
    return RESULT(comm, err, "MPI_Barrier");
}

static int inter_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       struct __mpi_comm *c)
{
    CHECK(check_type(datatype, count));
    return __inter_bcast(buffer, count, datatype, root, comm, c);
}

static int bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    COMM_OR_INTER(c, comm, inter_bcast(buffer, count, datatype, root, comm, c));
    CHECK(check_type(datatype, count));
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (c->size == 1 || count == 0)
        return MPI_SUCCESS;
    return __mpi_family->bcast(buffer, count, datatype, root, comm, c);
}

/* The general MPI_Bcast; fast.S has the entry point and its fast path. */
int __mpi_Bcast_c(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int err = bcast(buffer, count, datatype, root, comm);
    return RESULT(comm, err, "MPI_Bcast");
}

static int check_reduce(MPI_Datatype type, int count, MPI_Op op)
{
    CHECK(check_type(type, count));
    if (!__mpi_op_check(op, type))
        return MPI_ERR_OP;
    return MPI_SUCCESS;
}

/* An intercommunicator's reductions (no MPI_IN_PLACE there). */
static int inter_reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                        MPI_Comm comm, struct __mpi_comm *c, int all)
{
    CHECK(check_reduce(datatype, count, op));
    if (sendbuf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    return all ? __inter_allreduce(sendbuf, recvbuf, count, datatype, op, comm, c)
               : __inter_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, c);
}

static int reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm)
{
    int ext, per, off, err = MPI_SUCCESS;
    COMM_OR_INTER(c, comm, inter_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, c, 0));
    CHECK(check_reduce(datatype, count, op));
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
    ext = __coll_extent(datatype);
    per = piece_items(datatype);
    for (off = 0; off < count && err == MPI_SUCCESS; off += per)
        err = __mpi_family->reduce(AT(sendbuf, off, ext), c->rank == root ? AT(recvbuf, off, ext) : recvbuf,
                                   count - off < per ? count - off : per, datatype, op, root, comm, c);
    return err;
}

/* The general MPI_Reduce; fast.S has the entry point and its fast path. */
int __mpi_Reduce_c(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                   MPI_Comm comm)
{
    int err = reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    return RESULT(comm, err, "MPI_Reduce");
}

static int allreduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int ext, per, off, err = MPI_SUCCESS;
    COMM_OR_INTER(c, comm, inter_reduce(sendbuf, recvbuf, count, datatype, op, 0, comm, c, 1));
    CHECK(check_reduce(datatype, count, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1) {
        __coll_copy(recvbuf, datatype, count, sendbuf, datatype, count);
        return MPI_SUCCESS;
    }
    ext = __coll_extent(datatype);
    per = piece_items(datatype);
    for (off = 0; off < count && err == MPI_SUCCESS; off += per)
        err = __mpi_family->allreduce(AT(sendbuf, off, ext), AT(recvbuf, off, ext),
                                      count - off < per ? count - off : per, datatype, op, comm, c);
    return err;
}

int MPI_Allreduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm)
{
    int err = allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    return RESULT(comm, err, "MPI_Allreduce");
}

/* Counts and displacements of the regular forms, for the v forms: in store (2 * STORE ints, on the
 * caller's stack) when they fit, else allocated (release with unregular). */
#define STORE 64
static int regular(int p, int count, int *store, int **counts, int **displs)
{
    int i, d = 0;
    if (p <= STORE) {
        *counts = store;
        *displs = store + STORE;
    } else {
        *counts = (int *)malloc(2 * p * sizeof(int));
        if (!*counts)
            return MPI_ERR_NO_MEM;
        *displs = *counts + p;
    }
    for (i = 0; i < p; i++, d += count) {
        (*counts)[i] = count;
        (*displs)[i] = d;
    }
    return MPI_SUCCESS;
}

static void unregular(int *store, int *counts)
{
    if (counts && counts != store)
        free(counts);
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

/* An intercommunicator's gather and scatter: the root (MPI_ROOT) has a block per process of the other
 * group; the others of its group (MPI_PROC_NULL) take no part. */
static int inter_gather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, struct __mpi_comm *c, int scatter)
{
    int *counts = 0, *displs = 0, err, store[2 * STORE];
    if (root == MPI_ROOT) {
        CHECK(scatter ? check_type(sendtype, sendcount) : check_type(recvtype, recvcount));
        CHECK(regular(c->size, scatter ? sendcount : recvcount, store, &counts, &displs));
    } else if (root != MPI_PROC_NULL) {
        CHECK(scatter ? check_type(recvtype, recvcount) : check_type(sendtype, sendcount));
    }
    err = scatter ? __inter_scatterv(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c)
                  : __inter_gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, root, comm, c);
    unregular(store, counts);
    return err;
}

static int gather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int *counts = 0, *displs = 0, err, store[2 * STORE];
    COMM_OR_INTER(c, comm, inter_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, c, 0));
    if (c->rank == root) {
        CHECK(check_type(recvtype, recvcount));
        CHECK(regular(c->size, recvcount, store, &counts, &displs));
    }
    err = gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, root, comm, c);
    unregular(store, counts);
    return err;
}

int MPI_Gather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int err = gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    return RESULT(comm, err, "MPI_Gather");
}

int MPI_Gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err = c && !c->inter ? gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, c)
              : c ? __inter_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, c)
                  : MPI_ERR_COMM;
    return RESULT(comm, err, "MPI_Gatherv");
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

static int scatter(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int *counts = 0, *displs = 0, err, store[2 * STORE];
    COMM_OR_INTER(c, comm, inter_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, c, 1));
    if (c->rank == root) {
        CHECK(check_type(sendtype, sendcount));
        CHECK(regular(c->size, sendcount, store, &counts, &displs));
    }
    err = scatterv(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c);
    unregular(store, counts);
    return err;
}

int MPI_Scatter(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int err = scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    return RESULT(comm, err, "MPI_Scatter");
}

int MPI_Scatterv(void *sendbuf, int *sendcounts, int *displs, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err = c && !c->inter ? scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c)
              : c ? __inter_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, c)
                  : MPI_ERR_COMM;
    return RESULT(comm, err, "MPI_Scatterv");
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

/* An intercommunicator's allgather: a block from every process of the other group. */
static int inter_allgather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, struct __mpi_comm *c)
{
    int *counts, *displs, err, store[2 * STORE];
    CHECK(check_type(recvtype, recvcount));
    CHECK(check_type(sendtype, sendcount));
    CHECK(regular(c->size, recvcount, store, &counts, &displs));
    err = __inter_allgatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, comm, c);
    unregular(store, counts);
    return err;
}

static int allgather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                     MPI_Datatype recvtype, MPI_Comm comm)
{
    int *counts, *displs, err, store[2 * STORE];
    COMM_OR_INTER(c, comm, inter_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, c));
    CHECK(check_type(recvtype, recvcount));
    CHECK(regular(c->size, recvcount, store, &counts, &displs));
    err = allgatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, comm, c);
    unregular(store, counts);
    return err;
}

int MPI_Allgather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
    int err = allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return RESULT(comm, err, "MPI_Allgather");
}

int MPI_Allgatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                   int *displs, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err = c && !c->inter ? allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, c)
              : c ? __inter_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, c)
                  : MPI_ERR_COMM;
    return RESULT(comm, err, "MPI_Allgatherv");
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
        if (!tmp)
            return MPI_ERR_NO_MEM;
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

/* An intercommunicator's alltoall: a block to and from every process of the other group (no MPI_IN_PLACE). */
static int inter_alltoall(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm, struct __mpi_comm *c)
{
    int *sc, *sd, *rc = 0, *rd, err, sstore[2 * STORE], rstore[2 * STORE];
    if (sendbuf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    CHECK(check_type(recvtype, recvcount));
    CHECK(check_type(sendtype, sendcount));
    CHECK(regular(c->size, sendcount, sstore, &sc, &sd));
    err = regular(c->size, recvcount, rstore, &rc, &rd);
    if (err == MPI_SUCCESS)
        err = __inter_alltoallv(sendbuf, sc, sd, sendtype, recvbuf, rc, rd, recvtype, comm, c);
    unregular(sstore, sc);
    unregular(rstore, rc);
    return err;
}

static int alltoall(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                    MPI_Datatype recvtype, MPI_Comm comm)
{
    int *sc, *sd, *rc = 0, *rd, err, sstore[2 * STORE], rstore[2 * STORE];
    COMM_OR_INTER(c, comm, inter_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, c));
    CHECK(check_type(recvtype, recvcount));
    if (sendbuf != MPI_IN_PLACE)
        CHECK(check_type(sendtype, sendcount));
    CHECK(regular(c->size, sendcount, sstore, &sc, &sd));
    err = regular(c->size, recvcount, rstore, &rc, &rd);
    if (err == MPI_SUCCESS)
        err = alltoallv(sendbuf, sc, sd, sendtype, recvbuf, rc, rd, recvtype, comm, c);
    unregular(sstore, sc);
    unregular(rstore, rc);
    return err;
}

int MPI_Alltoall(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
    int err = alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return RESULT(comm, err, "MPI_Alltoall");
}

int MPI_Alltoallv(void *sendbuf, int *sendcounts, int *sdispls, MPI_Datatype sendtype, void *recvbuf,
                  int *recvcounts, int *rdispls, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int err = c && !c->inter ? alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                            comm, c)
              : c ? __inter_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
                                      c)
                  : MPI_ERR_COMM;
    return RESULT(comm, err, "MPI_Alltoallv");
}

/* A long vector (see REDUCE_PIECE): each piece reduced to rank 0, then the parts of the owners' blocks in
 * it sent to them. In place, a rank's result lands in front of the input it has still to give: never over
 * it. */
static int reduce_scatter_pieces(const char *sendbuf, char *recvbuf, const int *counts, MPI_Datatype type,
                                 MPI_Op op, MPI_Comm comm, struct __mpi_comm *c, int total)
{
    int ext = __coll_extent(type), per = piece_items(type), off, err = MPI_SUCCESS;
    char *piece = c->rank == 0 ? (char *)malloc(per * ext + 8) : 0;
    if (c->rank == 0 && !piece)
        return MPI_ERR_NO_MEM;
    for (off = 0; off < total && err == MPI_SUCCESS; off += per) {
        int end = total - off < per ? total : off + per, i, first = 0;
        err = __mpi_family->reduce(sendbuf + off * ext, piece, end - off, type, op, 0, comm, c);
        for (i = 0; i < c->size && err == MPI_SUCCESS; first += counts[i], i++) {
            int lo = first > off ? first : off, hi = first + counts[i] < end ? first + counts[i] : end;
            if (lo >= hi)
                continue;
            if (c->rank == 0 && i == 0)
                memcpy(recvbuf + (lo - first) * ext, piece + (lo - off) * ext, (hi - lo) * ext);
            else if (c->rank == 0)
                err = __coll_send(piece + (lo - off) * ext, hi - lo, type, i, TAG_REDSCAT, comm);
            else if (c->rank == i)
                err = __coll_recv(recvbuf + (lo - first) * ext, hi - lo, type, 0, TAG_REDSCAT, comm);
        }
    }
    free(piece);
    return err;
}

/* An intercommunicator's reduce-scatter: recvcounts are the local group's. */
static int inter_reduce_scatter(void *sendbuf, void *recvbuf, const int *recvcounts, MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, struct __mpi_comm *c)
{
    int total = 0, i;
    for (i = 0; i < c->lsize; i++) {
        if (recvcounts[i] < 0)
            return MPI_ERR_COUNT;
        total += recvcounts[i];
    }
    CHECK(check_reduce(datatype, total, op));
    if (sendbuf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    return __inter_reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, c);
}

static int reduce_scatter(void *sendbuf, void *recvbuf, int *recvcounts, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm)
{
    int total = 0, i;
    COMM_OR_INTER(c, comm, inter_reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, c));
    for (i = 0; i < c->size; i++) {
        if (recvcounts[i] < 0)
            return MPI_ERR_COUNT;
        total += recvcounts[i];
    }
    CHECK(check_reduce(datatype, total, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    if (total > piece_items(datatype) && c->size > 1)
        return reduce_scatter_pieces((const char *)sendbuf, (char *)recvbuf, recvcounts, datatype, op, comm, c,
                                     total);
    return __mpi_family->reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, c);
}

int MPI_Reduce_scatter(void *sendbuf, void *recvbuf, int *recvcounts, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm)
{
    int err = reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
    return RESULT(comm, err, "MPI_Reduce_scatter");
}

static int scan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                int exclusive)
{
    int ext, per, off, err = MPI_SUCCESS;
    COMM(c, comm);
    CHECK(check_reduce(datatype, count, op));
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1) {
        if (!exclusive)
            __coll_copy(recvbuf, datatype, count, sendbuf, datatype, count);
        return MPI_SUCCESS;
    }
    ext = __coll_extent(datatype);
    per = piece_items(datatype);
    for (off = 0; off < count && err == MPI_SUCCESS; off += per)
        err = __mpi_family->scan(AT(sendbuf, off, ext), AT(recvbuf, off, ext), count - off < per ? count - off : per,
                                 datatype, op, exclusive, comm, c);
    return err;
}

int MPI_Scan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err = scan(sendbuf, recvbuf, count, datatype, op, comm, 0);
    return RESULT(comm, err, "MPI_Scan");
}

/* recvbuf on rank 0 is left unchanged (MPI says it is undefined there). */
int MPI_Exscan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err = scan(sendbuf, recvbuf, count, datatype, op, comm, 1);
    return RESULT(comm, err, "MPI_Exscan");
}

/* MPI-2.2: MPI_Reduce_scatter with every block recvcount long. */
int MPI_Reduce_scatter_block(void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int *counts = 0, *displs, err, store[2 * STORE];
    if (!c)
        return RESULT(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Reduce_scatter_block");
    /* (an intercommunicator's counts are its local group's) */
    err = recvcount < 0 ? MPI_ERR_COUNT : regular(c->inter ? c->lsize : c->size, recvcount, store, &counts, &displs);
    if (err == MPI_SUCCESS)
        err = reduce_scatter(sendbuf, recvbuf, counts, datatype, op, comm);
    unregular(store, counts);
    return RESULT(comm, err, "MPI_Reduce_scatter_block");
}
