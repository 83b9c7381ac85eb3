/* Nonblocking collectives on intercommunicators (MPI-3.1 section 5.12, with section 5.2.2's intercommunicator
 * semantics; docs/mpi.md, "Nonblocking collectives"): MPI_Ibarrier, MPI_Ibcast, MPI_Ireduce, MPI_Iallreduce,
 * MPI_Igather(v), MPI_Iscatter(v), MPI_Iallgather(v), MPI_Ialltoall(v/w) and MPI_Ireduce_scatter(_block) when
 * their communicator is an intercommunicator. The entry points (nbc.c, nbcv.c) hand such a call over here
 * (INTER, nbc.h). Schedules as nbc.c's: every message is posted when the collective starts, on the collective
 * queue with a tag of the collective's own, where the ranks of an intercommunicator are those of the remote
 * group (mpi_internal.h); what the blocking forms do (coll_inter.c), without waiting:
 *
 * - barrier: every process tells every process of the other group and hears from each;
 * - bcast, gather(v), scatter(v), reduce: the root (MPI_ROOT) sends to, or receives from, every process of the
 *   other group; the other members of its group (MPI_PROC_NULL) do nothing;
 * - allgather(v), alltoall(v/w), allreduce, reduce_scatter(_block): every process exchanges with every process of
 *   the other group.
 *
 * A reduction combines the other group's vectors in its rank order (nbc.c's finish), so non-commutative
 * operations are right; a reduce-scatter receives the whole vectors and combines only its own block of them.
 * A file of its own, so that programs that call no nonblocking collective do not link it. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

#define BEGIN(fn, s, c, comm, request)                                                                        \
    struct __mpi_comm *c = __mpi_comm(comm);                                                                  \
    struct __mpi_nbc *s;                                                                                      \
    if (!c)                                                                                                   \
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, fn);                                                 \
    if (!(request))                                                                                           \
        return __mpi_error(comm, MPI_ERR_ARG, fn);                                                            \
    *(request) = MPI_REQUEST_NULL

#define AT(buf, i, ext) ((char *)(buf) + (long)(i) * (ext))

/* The root argument of a rooted collective: MPI_ROOT, MPI_PROC_NULL or a rank of the other group. */
static int bad_root(struct __mpi_comm *c, int root)
{
    return !(root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < c->size));
}

int __inbc_barrier(MPI_Comm comm, MPI_Request *request)
{
    int i, err = MPI_SUCCESS, tag;
    BEGIN("MPI_Ibarrier", s, c, comm, request);
    NEW(s, c, comm, "MPI_Ibarrier", 0);
    tag = __nbc_tag(c);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 0, 0, 0, MPI_BYTE, i, tag, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, 0, 0, MPI_BYTE, i, tag, comm);
    return __nbc_started(s, err, comm, request, "MPI_Ibarrier");
}

int __inbc_bcast(void *buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request)
{
    int i, err = MPI_SUCCESS, tag;
    BEGIN("MPI_Ibcast", s, c, comm, request);
    if (bad_root(c, root))
        FAIL("MPI_Ibcast", MPI_ERR_ROOT);
    if (root != MPI_PROC_NULL && (err = __nbc_type_ok(type, count)) != MPI_SUCCESS)
        FAIL("MPI_Ibcast", err);
    NEW(s, c, comm, "MPI_Ibcast", 0);
    tag = __nbc_tag(c);
    if (root >= 0)
        err = __nbc_post(s, 0, buffer, count, type, root, tag, comm);
    for (i = 0; root == MPI_ROOT && i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, buffer, count, type, i, tag, comm);
    return __nbc_started(s, err, comm, request, "MPI_Ibcast");
}

/* Gather(v) to a root (root a rank or MPI_ROOT / MPI_PROC_NULL), or to all (all set): remote rank i's block
 * lands at recvbuf + displs[i] elements (without counts: recvcount of them at recvbuf + i * recvcount). */
int __inbc_gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                   int recvcount, const int *displs, MPI_Datatype recvtype, int root, int all, MPI_Comm comm,
                   MPI_Request *request, const char *fn)
{
    int i, err = MPI_SUCCESS, tag, ext, gets = all || root == MPI_ROOT, gives = all || root >= 0;
    BEGIN(fn, s, c, comm, request);
    if (!all && bad_root(c, root))
        FAIL(fn, MPI_ERR_ROOT);
    if ((gets && recvbuf == MPI_IN_PLACE) || (gives && sendbuf == MPI_IN_PLACE))
        FAIL(fn, MPI_ERR_BUFFER);
    if (gives && (err = __nbc_type_ok(sendtype, sendcount)) != MPI_SUCCESS)
        FAIL(fn, err);
    if (gets && recvcounts && !displs)
        FAIL(fn, MPI_ERR_ARG);
    for (i = 0; gets && i < c->size; i++)
        if ((err = __nbc_type_ok(recvtype, recvcounts ? recvcounts[i] : recvcount)) != MPI_SUCCESS)
            FAIL(fn, err);
    NEW(s, c, comm, fn, 0);
    tag = __nbc_tag(c);
    ext = gets ? __coll_extent(recvtype) : 0;
    for (i = 0; gets && i < c->size && err == MPI_SUCCESS; i++)
        err = recvcounts ? __nbc_post(s, 0, AT(recvbuf, displs[i], ext), recvcounts[i], recvtype, i, tag, comm)
                         : __nbc_post(s, 0, AT(recvbuf, (long)i * recvcount, ext), recvcount, recvtype, i, tag, comm);
    if (all)
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, i, tag, comm);
    else if (gives && err == MPI_SUCCESS)
        err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, root, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

/* Scatter(v): the root sends remote rank i its block at sendbuf + displs[i] elements (without counts: sendcount
 * of them at sendbuf + i * sendcount). */
int __inbc_scatterv(void *sendbuf, const int *sendcounts, int sendcount, const int *displs, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    MPI_Request *request, const char *fn)
{
    int i, err = MPI_SUCCESS, tag, ext;
    BEGIN(fn, s, c, comm, request);
    if (bad_root(c, root))
        FAIL(fn, MPI_ERR_ROOT);
    if ((root == MPI_ROOT && sendbuf == MPI_IN_PLACE) || (root >= 0 && recvbuf == MPI_IN_PLACE))
        FAIL(fn, MPI_ERR_BUFFER);
    if (root == MPI_ROOT && sendcounts && !displs)
        FAIL(fn, MPI_ERR_ARG);
    for (i = 0; root == MPI_ROOT && i < c->size; i++)
        if ((err = __nbc_type_ok(sendtype, sendcounts ? sendcounts[i] : sendcount)) != MPI_SUCCESS)
            FAIL(fn, err);
    if (root >= 0 && (err = __nbc_type_ok(recvtype, recvcount)) != MPI_SUCCESS)
        FAIL(fn, err);
    NEW(s, c, comm, fn, 0);
    tag = __nbc_tag(c);
    if (root >= 0)
        err = __nbc_post(s, 0, recvbuf, recvcount, recvtype, root, tag, comm);
    ext = root == MPI_ROOT ? __coll_extent(sendtype) : 0;
    for (i = 0; root == MPI_ROOT && i < c->size && err == MPI_SUCCESS; i++)
        err = sendcounts ? __nbc_post(s, 1, AT(sendbuf, displs[i], ext), sendcounts[i], sendtype, i, tag, comm)
                         : __nbc_post(s, 1, AT(sendbuf, (long)i * sendcount, ext), sendcount, sendtype, i, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

/* Alltoall(v/w): block i of the send side goes to remote rank i, block i of the receive side comes from it.
 * Displacements in bytes; types per rank (MPI_Ialltoallw), or one type (stypes[0], rtypes[0]) when one_type. */
int __inbc_alltoallw(void *sendbuf, const int *scounts, const int *sdispls, const MPI_Datatype *stypes,
                     void *recvbuf, const int *rcounts, const int *rdispls, const MPI_Datatype *rtypes, int one_type,
                     MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err = MPI_SUCCESS, tag;
    BEGIN(fn, s, c, comm, request);
    if (sendbuf == MPI_IN_PLACE || recvbuf == MPI_IN_PLACE)
        FAIL(fn, MPI_ERR_BUFFER);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        err = __nbc_type_ok(rtypes[one_type ? 0 : i], rcounts[i]);
        if (err == MPI_SUCCESS)
            err = __nbc_type_ok(stypes[one_type ? 0 : i], scounts[i]);
    }
    if (err != MPI_SUCCESS)
        FAIL(fn, err);
    NEW(s, c, comm, fn, 0);
    tag = __nbc_tag(c);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 0, (char *)recvbuf + rdispls[i], rcounts[i], rtypes[one_type ? 0 : i], i, tag, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, (char *)sendbuf + sdispls[i], scounts[i], stypes[one_type ? 0 : i], i, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

/* MPI_Ialltoall and MPI_Ialltoallv (counts 0: every block `count` elements, one after the other): the byte
 * displacements and counts of __inbc_alltoallw. */
int __inbc_alltoallv(void *sendbuf, const int *sendcounts, int sendcount, const int *sdispls, MPI_Datatype sendtype,
                     void *recvbuf, const int *recvcounts, int recvcount, const int *rdispls, MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Request *request, const char *fn)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int i, err, *a, sext, rext;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (recvcounts && (!rdispls || !sendcounts || !sdispls))
        return __mpi_error(comm, MPI_ERR_ARG, fn);
    a = (int *)malloc(c->size * 4 * sizeof(int) + 1);
    if (!a)
        return __mpi_no_mem(comm, fn, c->size * 4 * (int)sizeof(int));
    sext = __coll_extent(sendtype) < 0 ? 0 : __coll_extent(sendtype);
    rext = __coll_extent(recvtype) < 0 ? 0 : __coll_extent(recvtype);
    for (i = 0; i < c->size; i++) {
        a[i] = sendcounts ? sendcounts[i] : sendcount;
        a[c->size + i] = (sendcounts ? sdispls[i] : i * sendcount) * sext;
        a[2 * c->size + i] = recvcounts ? recvcounts[i] : recvcount;
        a[3 * c->size + i] = (recvcounts ? rdispls[i] : i * recvcount) * rext;
    }
    err = __inbc_alltoallw(sendbuf, a, a + c->size, &sendtype, recvbuf, a + 2 * c->size, a + 3 * c->size,
                           &recvtype, 1, comm, request, fn);
    free(a);
    return err;
}

/* Reduce to a root (MPI_ROOT, MPI_PROC_NULL or a rank) or to all (all set): the root receives the other
 * group's vectors, which nbc.c's finish combines in rank order once all have come. */
int __inbc_reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, int all,
                  MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err = MPI_SUCCESS, tag, bytes, gets = all || root == MPI_ROOT, gives = all || root >= 0;
    BEGIN(fn, s, c, comm, request);
    if (!all && bad_root(c, root))
        FAIL(fn, MPI_ERR_ROOT);
    if ((gets || gives) && (err = __nbc_type_ok(datatype, count)) != MPI_SUCCESS)
        FAIL(fn, err);
    if ((gets || gives) && !__mpi_op_check(op, datatype))
        FAIL(fn, MPI_ERR_OP);
    if ((gets && recvbuf == MPI_IN_PLACE) || (gives && sendbuf == MPI_IN_PLACE))
        FAIL(fn, MPI_ERR_BUFFER);
    bytes = (__coll_extent(datatype) * count + 7) & ~7;
    NEW(s, c, comm, fn, gets ? c->size * bytes : 0);
    tag = __nbc_tag(c);
    if (gets) {
        s->out = (char *)recvbuf;
        s->count = count;
        s->bytes = bytes;
        s->size = c->size;
        s->type = datatype;
        s->op = op;
        __mpi_op_hold(op);
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 0, s->vecs + i * bytes, count, datatype, i, tag, comm);
    }
    if (all)
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, sendbuf, count, datatype, i, tag, comm);
    else if (gives)
        err = __nbc_post(s, 1, sendbuf, count, datatype, root, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

/* Reduce-scatter (counts 0: `count` elements for every rank of the local group): every process sends its whole
 * vector to every process of the other group and receives theirs; the vectors land `bytes` apart, and the
 * schedule's vectors start at this rank's block, so that finish combines (and delivers) that block only. */
int __inbc_reduce_scatter(void *sendbuf, void *recvbuf, const int *counts, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err = MPI_SUCCESS, tag, ext, bytes, total = 0, first = 0, mine;
    BEGIN(fn, s, c, comm, request);
    for (i = 0; i < c->lsize; i++) {
        int n = counts ? counts[i] : count;
        if (n < 0)
            FAIL(fn, MPI_ERR_COUNT);
        if (i < c->rank)
            first += n;
        total += n;
    }
    mine = counts ? counts[c->rank] : count;
    if ((err = __nbc_type_ok(datatype, total)) != MPI_SUCCESS)
        FAIL(fn, err);
    if (!__mpi_op_check(op, datatype))
        FAIL(fn, MPI_ERR_OP);
    if (sendbuf == MPI_IN_PLACE || recvbuf == MPI_IN_PLACE)
        FAIL(fn, MPI_ERR_BUFFER);
    ext = __coll_extent(datatype);
    bytes = (ext * total + 7) & ~7;
    NEW(s, c, comm, fn, c->size * bytes);
    tag = __nbc_tag(c);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 0, s->vecs + i * bytes, total, datatype, i, tag, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, sendbuf, total, datatype, i, tag, comm);
    if (err == MPI_SUCCESS) {
        s->vecs += first * ext;
        s->out = (char *)recvbuf;
        s->count = mine;
        s->bytes = bytes;
        s->size = c->size;
        s->type = datatype;
        s->op = op;
        __mpi_op_hold(op);
    }
    return __nbc_started(s, err, comm, request, fn);
}
