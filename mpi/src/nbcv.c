/* The nonblocking collectives with vector arguments, the nonblocking scans and reduce-scatters (MPI-3):
 * MPI_Igatherv, MPI_Iscatterv, MPI_Iallgatherv, MPI_Ialltoallv, MPI_Ialltoallw, MPI_Ireduce_scatter,
 * MPI_Ireduce_scatter_block, MPI_Iscan and MPI_Iexscan. Built as those of nbc.c are (docs/mpi.md,
 * "Nonblocking collectives"): every message is posted when the collective starts, on the communicator's
 * collective queue with a tag of the collective's own, and a reduction combines the vectors it received in
 * rank order once all have come (nbc.c's finish). A file of its own, so that programs that do not call them do
 * not link them. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

/* Gatherv to one root, or to all (root MPI_UNDEFINED): rank i's block lands at recvbuf + displs[i] elements. */
static int gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                   int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request,
                   const char *fn)
{
    int i, err, tag, rext = 0, all = root == MPI_UNDEFINED, gets;
    START(fn, s, c, comm, request);
    if (!all && (root < 0 || root >= c->size))
        FAIL(fn, MPI_ERR_ROOT);
    gets = all || c->rank == root;
    if (sendbuf == MPI_IN_PLACE && !gets)
        FAIL(fn, MPI_ERR_BUFFER);
    if (sendbuf != MPI_IN_PLACE && (err = __nbc_type_ok(sendtype, sendcount)) != MPI_SUCCESS)
        FAIL(fn, err);
    if (gets) {
        if (!recvcounts || !displs)
            FAIL(fn, MPI_ERR_ARG);
        for (i = 0; i < c->size; i++)
            if ((err = __nbc_type_ok(recvtype, recvcounts[i])) != MPI_SUCCESS)
                FAIL(fn, err);
        rext = __coll_extent(recvtype);
    }
    NEW(s, c, comm, fn, 0);
    tag = __nbc_tag(c);
    if (gets && sendbuf != MPI_IN_PLACE)
        __coll_copy((char *)recvbuf + displs[c->rank] * rext, recvtype, recvcounts[c->rank], sendbuf, sendtype,
                    sendcount);
    if (sendbuf == MPI_IN_PLACE) {
        sendbuf = (char *)recvbuf + displs[c->rank] * rext;
        sendtype = recvtype;
        sendcount = recvcounts[c->rank];
    }
    err = MPI_SUCCESS;
    for (i = 1; gets && i < c->size && err == MPI_SUCCESS; i++) {
        int from = (c->rank + c->size - i) % c->size;
        err = __nbc_post(s, 0, (char *)recvbuf + displs[from] * rext, recvcounts[from], recvtype, from, tag,
                         comm);
    }
    for (i = 1; all && i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, (c->rank + i) % c->size, tag, comm);
    if (!all && c->rank != root && err == MPI_SUCCESS)
        err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, root, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

int MPI_Igatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                 int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, 0, displs, recvtype, root, 0, comm,
                                    request, "MPI_Igatherv"));
    if (root == MPI_UNDEFINED)
        return __mpi_error(comm, MPI_ERR_ROOT, "MPI_Igatherv");
    return gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request,
                   "MPI_Igatherv");
}

int MPI_Iallgatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int *recvcounts,
                    int *displs, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, 0, displs, recvtype, 0, 1, comm,
                                    request, "MPI_Iallgatherv"));
    return gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, MPI_UNDEFINED, comm,
                   request, "MPI_Iallgatherv");
}

int MPI_Iscatterv(void *sendbuf, int *sendcounts, int *displs, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_scatterv(sendbuf, sendcounts, 0, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                     request, "MPI_Iscatterv"));
    int i, err, tag, sext;
    START("MPI_Iscatterv", s, c, comm, request);
    if (root < 0 || root >= c->size)
        FAIL("MPI_Iscatterv", MPI_ERR_ROOT);
    if (recvbuf == MPI_IN_PLACE && c->rank != root)
        FAIL("MPI_Iscatterv", MPI_ERR_BUFFER);
    if (c->rank == root) {
        if (!sendcounts || !displs)
            FAIL("MPI_Iscatterv", MPI_ERR_ARG);
        for (i = 0; i < c->size; i++)
            if ((err = __nbc_type_ok(sendtype, sendcounts[i])) != MPI_SUCCESS)
                FAIL("MPI_Iscatterv", err);
    }
    if (recvbuf != MPI_IN_PLACE && (err = __nbc_type_ok(recvtype, recvcount)) != MPI_SUCCESS)
        FAIL("MPI_Iscatterv", err);
    NEW(s, c, comm, "MPI_Iscatterv", 0);
    tag = __nbc_tag(c);
    err = MPI_SUCCESS;
    if (c->rank != root) {
        err = __nbc_post(s, 0, recvbuf, recvcount, recvtype, root, tag, comm);
    } else {
        sext = __coll_extent(sendtype);
        if (recvbuf != MPI_IN_PLACE)
            __coll_copy(recvbuf, recvtype, recvcount, (char *)sendbuf + displs[root] * sext, sendtype,
                        sendcounts[root]);
        for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
            int to = (root + i) % c->size;
            err = __nbc_post(s, 1, (char *)sendbuf + displs[to] * sext, sendcounts[to], sendtype, to, tag, comm);
        }
    }
    return __nbc_started(s, err, comm, request, "MPI_Iscatterv");
}

int MPI_Ialltoallw(void *sendbuf, int *sendcounts, int *sdispls, MPI_Datatype *sendtypes, void *recvbuf,
                   int *recvcounts, int *rdispls, MPI_Datatype *recvtypes, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, 0,
                                      comm, request, "MPI_Ialltoallw"));
    int err;
    START("MPI_Ialltoallw", s, c, comm, request);
    if (!recvcounts || !rdispls || !recvtypes
        || (sendbuf != MPI_IN_PLACE && (!sendcounts || !sdispls || !sendtypes)))
        FAIL("MPI_Ialltoallw", MPI_ERR_ARG);
    s = 0;
    err = __nbc_exchange(&s, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                         __nbc_tag(c), comm, c, "MPI_Ialltoallw");
    if (!s)
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, "MPI_Ialltoallw");
    return __nbc_started(s, err, comm, request, "MPI_Ialltoallw");
}

int MPI_Ialltoallv(void *sendbuf, int *sendcounts, int *sdispls, MPI_Datatype sendtype, void *recvbuf,
                   int *recvcounts, int *rdispls, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_alltoallv(sendbuf, sendcounts, 0, sdispls, sendtype, recvbuf, recvcounts, 0, rdispls, recvtype,
                                      comm, request, "MPI_Ialltoallv"));
    int i, err, *sd, *rd, sext, rext;
    MPI_Datatype *st, *rt;
    START("MPI_Ialltoallv", s, c, comm, request);
    if (!recvcounts || !rdispls || (sendbuf != MPI_IN_PLACE && (!sendcounts || !sdispls)))
        FAIL("MPI_Ialltoallv", MPI_ERR_ARG);
    s = 0;
    sd = (int *)malloc(c->size * (2 * sizeof(int) + 2 * sizeof(MPI_Datatype)));
    if (!sd)
        return __mpi_no_mem(comm, "MPI_Ialltoallv", c->size * (2 * sizeof(int) + 2 * sizeof(MPI_Datatype)));
    rd = sd + c->size;
    st = (MPI_Datatype *)(rd + c->size);
    rt = st + c->size;
    sext = sendbuf == MPI_IN_PLACE || __coll_extent(sendtype) < 0 ? 0 : __coll_extent(sendtype);
    rext = __coll_extent(recvtype) < 0 ? 0 : __coll_extent(recvtype);
    for (i = 0; i < c->size; i++) {
        sd[i] = sendbuf == MPI_IN_PLACE ? 0 : sdispls[i] * sext;
        st[i] = sendtype;
        rd[i] = rdispls[i] * rext;
        rt[i] = recvtype;
    }
    err = __nbc_exchange(&s, sendbuf, sendbuf == MPI_IN_PLACE ? recvcounts : sendcounts, sd, st, recvbuf,
                         recvcounts, rd, rt, __nbc_tag(c), comm, c, "MPI_Ialltoallv");
    free(sd);
    if (!s)
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, "MPI_Ialltoallv");
    return __nbc_started(s, err, comm, request, "MPI_Ialltoallv");
}

/* The reductions whose ranks get different results. Rank r gets, of its block (first elements `first`,
 * `count` of them), the vectors of ranks lo .. hi-1 combined in rank order; it sends its own block j (first
 * elements firsts[j] or j * count, counts[j] or count) to each rank j that needs it. A reduce-scatter: every
 * rank needs every rank's vector (lo = 0, hi = size); a scan: ranks 0 .. r (hi = r + 1); an exclusive scan:
 * ranks 0 .. r-1, and rank 0 gets nothing. */
static int partial(void *sendbuf, void *recvbuf, const int *counts, int count, MPI_Datatype datatype, MPI_Op op,
                   int scan, MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err, tag, ext, bytes, hi, mine, first = 0;
    START(fn, s, c, comm, request);
    if (counts)
        for (i = 0; i < c->size; i++)
            if (counts[i] < 0)
                FAIL(fn, MPI_ERR_COUNT);
    mine = counts ? counts[c->rank] : count;
    if ((err = __nbc_type_ok(datatype, mine)) != MPI_SUCCESS)
        FAIL(fn, err);
    if (!__mpi_op_check(op, datatype))
        FAIL(fn, MPI_ERR_OP);
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    ext = __coll_extent(datatype);
    for (i = 0; !scan && i < c->rank; i++)
        first += counts ? counts[i] : count;
    hi = scan ? (scan == 1 ? c->rank + 1 : c->rank) : c->size;
    bytes = (ext * mine + 7) & ~7;
    NEW(s, c, comm, fn, hi * bytes);
    tag = __nbc_tag(c);
    err = MPI_SUCCESS;
    if (hi > 0) {
        s->out = (char *)recvbuf;
        s->count = mine;
        s->bytes = bytes;
        s->size = hi;
        s->type = datatype;
        s->op = op;
        __mpi_op_hold(op);
    }
    if (c->rank < hi)
        memcpy(s->vecs + c->rank * bytes, (char *)sendbuf + first * ext, ext * mine);
    for (i = 0; i < hi && err == MPI_SUCCESS; i++)
        if (i != c->rank)
            err = __nbc_post(s, 0, s->vecs + i * bytes, mine, datatype, i, tag, comm);
    if (scan) {
        for (i = c->rank + 1; i < c->size && err == MPI_SUCCESS; i++)
            err = __nbc_post(s, 1, sendbuf, count, datatype, i, tag, comm);
    } else {
        int at = 0;
        for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
            int n = counts ? counts[i] : count;
            if (i != c->rank)
                err = __nbc_post(s, 1, (char *)sendbuf + at * ext, n, datatype, i, tag, comm);
            at += n;
        }
    }
    return __nbc_started(s, err, comm, request, fn);
}

int MPI_Ireduce_scatter(void *sendbuf, void *recvbuf, int *recvcounts, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_reduce_scatter(sendbuf, recvbuf, recvcounts, 0, datatype, op, comm, request,
                                           "MPI_Ireduce_scatter"));
    if (!recvcounts)
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Ireduce_scatter");
    return partial(sendbuf, recvbuf, recvcounts, 0, datatype, op, 0, comm, request, "MPI_Ireduce_scatter");
}

int MPI_Ireduce_scatter_block(void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_reduce_scatter(sendbuf, recvbuf, 0, recvcount, datatype, op, comm, request,
                                           "MPI_Ireduce_scatter_block"));
    return partial(sendbuf, recvbuf, 0, recvcount, datatype, op, 0, comm, request, "MPI_Ireduce_scatter_block");
}

int MPI_Iscan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request)
{
    return partial(sendbuf, recvbuf, 0, count, datatype, op, 1, comm, request, "MPI_Iscan");
}

int MPI_Iexscan(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request)
{
    return partial(sendbuf, recvbuf, 0, count, datatype, op, 2, comm, request, "MPI_Iexscan");
}
