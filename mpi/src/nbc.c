/* Nonblocking collectives (MPI-3) and MPI_Alltoallw: collectives whose messages are all posted when they
 * start, as nonblocking point-to-point requests on the communicator's collective queue (docs/mpi.md,
 * "Nonblocking collectives"). The same for both protocol families: what moves is point to point, whose
 * progress is the family's (handlers take messages in while the program computes).
 *
 * A schedule (struct __mpi_nbc) holds the requests and, for reductions, the vectors received and what to do
 * with them once every request has completed. A nonblocking collective's MPI_Request is a request of kind
 * REQ_NBC whose `tmp` is its schedule; MPI_Wait, MPI_Test and the rest complete it through __mpi_nbc_poll and
 * __mpi_nbc_wait (pt2pt.c). */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"
#include "nbc.h"

/* A schedule for up to nreq requests with `extra` bytes of room (vectors, an in-place copy) at ->vecs; 0 when
 * node memory is short. */
struct __mpi_nbc *__nbc_schedule(int nreq, int extra)
{
    struct __mpi_nbc *s = (struct __mpi_nbc *)malloc(sizeof *s + nreq * sizeof(MPI_Request) + extra + 8);
    if (!s)
        return 0;
    memset(s, 0, sizeof *s);
    s->reqs = (MPI_Request *)(s + 1);
    s->vecs = (char *)(((int)(s->reqs + nreq) + 7) & ~7);
    return s;
}

int __nbc_post(struct __mpi_nbc *s, int send, void *buf, int count, MPI_Datatype type, int peer, int tag,
                MPI_Comm comm)
{
    int err = send ? __mpi_isend(buf, count, type, peer, tag, comm, Q_COLL, &s->reqs[s->n])
                   : __mpi_irecv(buf, count, type, peer, tag, comm, Q_COLL, &s->reqs[s->n]);
    if (err == MPI_SUCCESS) {
        s->n++;
        s->left++;
    }
    return err;
}

static void retire(struct __mpi_nbc *s, int i)
{
    MPI_Request r = s->reqs[i];
    if (r->error != MPI_SUCCESS && s->error == MPI_SUCCESS)
        s->error = r->error;
    __mpi_free_request(r);
    s->reqs[i] = 0;
    s->left--;
}

/* Once every request has completed: a reduction combines the vectors, element by element in rank order (so
 * that every rank of an allreduce gets the same bits, and non-commutative operations are right). */
static int finish(struct __mpi_nbc *s)
{
    int i;
    if (s->error == MPI_SUCCESS && s->out && s->count > 0) {
        for (i = 1; i < s->size && s->error == MPI_SUCCESS; i++)
            s->error = __mpi_op_combine(s->op, s->type, s->vecs + (i - 1) * s->bytes, s->vecs + i * s->bytes,
                                        s->vecs + i * s->bytes, s->count);
        if (s->error == MPI_SUCCESS)
            __coll_copy(s->out, s->type, s->count, s->vecs + (s->size - 1) * s->bytes, s->type, s->count);
    }
    if (s->out) {
        __mpi_op_release(s->op);    /* held since the start (MPI_Op_free may have come in between) */
        s->out = 0;
    }
    return s->error;
}

/* Completes what can complete now; whether all has. */
static int test(struct __mpi_nbc *s)
{
    int i;
    for (i = 0; i < s->n && s->left > 0; i++)
        if (s->reqs[i] && __mpi_ready_now(s->reqs[i])) {
            __mpi_complete(s->reqs[i]);
            retire(s, i);
        }
    return s->left == 0;
}

/* Waits for every request, then finishes; the first error. */
int __nbc_complete(struct __mpi_nbc *s)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (s->reqs[i]) {
            __mpi_wait_done(s->reqs[i]);
            retire(s, i);
        }
    return finish(s);
}

/* After an error while posting: what was posted still completes (a receive may already be matched). */
static int abandon(struct __mpi_nbc *s, int err)
{
    __nbc_complete(s);
    free(s);
    return err;
}

void __mpi_nbc_poll(struct __mpi_request *r)
{
    struct __mpi_nbc *s = (struct __mpi_nbc *)r->tmp;
    if (r->state != ST_DONE && s->own) {
        s->own(r, NBC_TEST, 0);
    } else if (r->state != ST_DONE && test(s)) {
        r->error = finish(s);
        r->state = ST_DONE;
    }
}

void __mpi_nbc_wait(struct __mpi_request *r)
{
    if (r->state != ST_DONE && ((struct __mpi_nbc *)r->tmp)->own) {
        ((struct __mpi_nbc *)r->tmp)->own(r, NBC_WAIT, 0);
    } else if (r->state != ST_DONE) {
        r->error = __nbc_complete((struct __mpi_nbc *)r->tmp);
        r->state = ST_DONE;
    }
}

/* MPI_Cancel, MPI_Request_free, MPI_Request_get_status and NBC_FINISH of a request of kind REQ_NBC (pt2pt.c): -1
 * when it is a collective's (which the caller treats as it did), else what its own completion answers, done or not
 * (a generalized request is done when MPI_Grequest_complete has been called and a call has seen it, and makes its
 * status only when a call gives it: NBC_FINISH). */
int __mpi_nbc_own(struct __mpi_request *r, int how, MPI_Status *status)
{
    struct __mpi_nbc *s = (struct __mpi_nbc *)r->tmp;
    if (!s || !s->own)
        return -1;
    return s->own(r, how, status);
}

/* ---- Starting them ----------------------------------------------------------------------------------- */


int __nbc_type_ok(MPI_Datatype t, int count)
{
    if (__coll_size(t) < 0 || (t >= MPI_FIRST_DERIVED && __mpi_type_usable(t) != MPI_SUCCESS))
        return MPI_ERR_TYPE;
    return count < 0 ? MPI_ERR_COUNT : MPI_SUCCESS;
}

/* Hands the schedule over as a request, or reports what went wrong. */
int __nbc_started(struct __mpi_nbc *s, int err, MPI_Comm comm, MPI_Request *request, const char *fn)
{
    struct __mpi_request *r;
    if (err != MPI_SUCCESS)
        return __mpi_error(comm, abandon(s, err), fn);
    r = __mpi_new_request();
    if (!r) {
        abandon(s, MPI_ERR_NO_MEM);
        return __mpi_no_mem(comm, fn, (int)sizeof *r);
    }
    r->kind = REQ_NBC;
    r->comm = comm;
    r->q = Q_COLL;
    r->state = ST_POSTED;
    r->tmp = (char *)s;
    *request = r;
    return MPI_SUCCESS;
}

/* A tag of its own for each nonblocking collective on a communicator: they may be outstanding together. */
int __nbc_tag(struct __mpi_comm *c)
{
    return TAG_NBC + (c->nbc_seq++ & 0xfffff);
}


int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_barrier(comm, request));
    int i, err = MPI_SUCCESS, tag;
    START("MPI_Ibarrier", s, c, comm, request);
    NEW(s, c, comm, "MPI_Ibarrier", 0);
    tag = __nbc_tag(c);
    /* everyone tells everyone: when a process has heard from all, all have entered */
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 0, 0, 0, MPI_BYTE, (c->rank + c->size - i) % c->size, tag, comm);
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, 0, 0, MPI_BYTE, (c->rank + i) % c->size, tag, comm);
    return __nbc_started(s, err, comm, request, "MPI_Ibarrier");
}

int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_bcast(buffer, count, datatype, root, comm, request));
    int i, err, tag;
    START("MPI_Ibcast", s, c, comm, request);
    if ((err = __nbc_type_ok(datatype, count)) != MPI_SUCCESS)
        FAIL("MPI_Ibcast", err);
    if (root < 0 || root >= c->size)
        FAIL("MPI_Ibcast", MPI_ERR_ROOT);
    NEW(s, c, comm, "MPI_Ibcast", 0);
    tag = __nbc_tag(c);
    if (c->rank != root)
        err = __nbc_post(s, 0, buffer, count, datatype, root, tag, comm);
    for (i = 1; c->rank == root && i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, buffer, count, datatype, (root + i) % c->size, tag, comm);
    return __nbc_started(s, err, comm, request, "MPI_Ibcast");
}

/* Gather (to one root, or to all): rank i's block lands at recvbuf + i blocks. */
static int gather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err, tag, rext, all = root == MPI_UNDEFINED;
    START(fn, s, c, comm, request);
    if (root != MPI_UNDEFINED && (root < 0 || root >= c->size))
        FAIL(fn, MPI_ERR_ROOT);
    if (sendbuf == MPI_IN_PLACE && !all && c->rank != root)
        FAIL(fn, MPI_ERR_BUFFER);
    if (sendbuf != MPI_IN_PLACE && (err = __nbc_type_ok(sendtype, sendcount)) != MPI_SUCCESS)
        FAIL(fn, err);
    if ((all || c->rank == root) && (err = __nbc_type_ok(recvtype, recvcount)) != MPI_SUCCESS)
        FAIL(fn, err);
    NEW(s, c, comm, fn, 0);
    tag = __nbc_tag(c);
    rext = all || c->rank == root ? __coll_extent(recvtype) * recvcount : 0;
    if (sendbuf != MPI_IN_PLACE && (all || c->rank == root))
        __coll_copy((char *)recvbuf + c->rank * rext, recvtype, recvcount, sendbuf, sendtype, sendcount);
    if (sendbuf == MPI_IN_PLACE) {
        sendbuf = (char *)recvbuf + c->rank * rext;
        sendtype = recvtype;
        sendcount = recvcount;
    }
    err = MPI_SUCCESS;
    for (i = 1; (all || c->rank == root) && i < c->size && err == MPI_SUCCESS; i++) {
        int from = (c->rank + c->size - i) % c->size;
        err = __nbc_post(s, 0, (char *)recvbuf + from * rext, recvcount, recvtype, from, tag, comm);
    }
    for (i = 1; all && i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, (c->rank + i) % c->size, tag, comm);
    if (!all && c->rank != root && err == MPI_SUCCESS)
        err = __nbc_post(s, 1, sendbuf, sendcount, sendtype, root, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

int MPI_Igather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_gatherv(sendbuf, sendcount, sendtype, recvbuf, 0, recvcount, 0, recvtype, root, 0, comm, request,
                                    "MPI_Igather"));
    if (root == MPI_UNDEFINED)
        return __mpi_error(comm, MPI_ERR_ROOT, "MPI_Igather");
    return gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, "MPI_Igather");
}

int MPI_Iallgather(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_gatherv(sendbuf, sendcount, sendtype, recvbuf, 0, recvcount, 0, recvtype, 0, 1, comm, request,
                                    "MPI_Iallgather"));
    return gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, MPI_UNDEFINED, comm, request,
                  "MPI_Iallgather");
}

int MPI_Iscatter(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_scatterv(sendbuf, 0, sendcount, 0, sendtype, recvbuf, recvcount, recvtype, root, comm, request,
                                     "MPI_Iscatter"));
    int i, err, tag, sext;
    START("MPI_Iscatter", s, c, comm, request);
    if (root < 0 || root >= c->size)
        FAIL("MPI_Iscatter", MPI_ERR_ROOT);
    if (recvbuf == MPI_IN_PLACE && c->rank != root)
        FAIL("MPI_Iscatter", MPI_ERR_BUFFER);
    if (c->rank == root && (err = __nbc_type_ok(sendtype, sendcount)) != MPI_SUCCESS)
        FAIL("MPI_Iscatter", err);
    if (recvbuf != MPI_IN_PLACE && (err = __nbc_type_ok(recvtype, recvcount)) != MPI_SUCCESS)
        FAIL("MPI_Iscatter", err);
    NEW(s, c, comm, "MPI_Iscatter", 0);
    tag = __nbc_tag(c);
    err = MPI_SUCCESS;
    if (c->rank != root) {
        err = __nbc_post(s, 0, recvbuf, recvcount, recvtype, root, tag, comm);
    } else {
        sext = __coll_extent(sendtype) * sendcount;
        if (recvbuf != MPI_IN_PLACE)
            __coll_copy(recvbuf, recvtype, recvcount, (char *)sendbuf + root * sext, sendtype, sendcount);
        for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
            int to = (root + i) % c->size;
            err = __nbc_post(s, 1, (char *)sendbuf + to * sext, sendcount, sendtype, to, tag, comm);
        }
    }
    return __nbc_started(s, err, comm, request, "MPI_Iscatter");
}

/* The exchange of MPI_Alltoallw and MPI_Ialltoall: block i of the send side goes to rank i, block i of the
 * receive side comes from it; displacements in bytes. In place (MPI-2.2), the send side is a copy of the
 * receive side, made in the schedule's room. */
int __nbc_exchange(struct __mpi_nbc **sp, void *sendbuf, const int *scounts, const int *sdispls,
                    const MPI_Datatype *stypes, void *recvbuf, const int *rcounts, const int *rdispls,
                    const MPI_Datatype *rtypes, int tag, MPI_Comm comm, struct __mpi_comm *c, const char *fn)
{
    int i, err = MPI_SUCCESS, span = 0;
    struct __mpi_nbc *s;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        err = __nbc_type_ok(rtypes[i], rcounts[i]);
        if (err == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
            err = __nbc_type_ok(stypes[i], scounts[i]);
        if (err == MPI_SUCCESS && rdispls[i] + rcounts[i] * __coll_extent(rtypes[i]) > span)
            span = rdispls[i] + rcounts[i] * __coll_extent(rtypes[i]);
    }
    if (err != MPI_SUCCESS)
        return err;
    s = __nbc_schedule(2 * c->size, sendbuf == MPI_IN_PLACE ? span : 0);
    if (!s)
        return __mpi_no_mem(comm, fn, 2 * c->size * (int)sizeof(MPI_Request) + span);
    *sp = s;
    if (sendbuf == MPI_IN_PLACE) {
        memcpy(s->vecs, recvbuf, span);
        sendbuf = s->vecs;
        scounts = rcounts;
        sdispls = rdispls;
        stypes = rtypes;
    }
    __coll_copy((char *)recvbuf + rdispls[c->rank], rtypes[c->rank], rcounts[c->rank],
                (char *)sendbuf + sdispls[c->rank], stypes[c->rank], scounts[c->rank]);
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
        int from = (c->rank + c->size - i) % c->size;
        err = __nbc_post(s, 0, (char *)recvbuf + rdispls[from], rcounts[from], rtypes[from], from, tag, comm);
    }
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
        int to = (c->rank + i) % c->size;
        err = __nbc_post(s, 1, (char *)sendbuf + sdispls[to], scounts[to], stypes[to], to, tag, comm);
    }
    return err;
}

int MPI_Alltoallw(void *sendbuf, int *sendcounts, int *sdispls, MPI_Datatype *sendtypes, void *recvbuf,
                  int *recvcounts, int *rdispls, MPI_Datatype *recvtypes, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct __mpi_nbc *s = 0;
    int err;
    if (!c)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Alltoallw");
    if (!recvcounts || !rdispls || !recvtypes
        || (sendbuf != MPI_IN_PLACE && (!sendcounts || !sdispls || !sendtypes)))
        return __mpi_error(comm, MPI_ERR_ARG, "MPI_Alltoallw");
    if (c->inter) {
        err = __inter_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                comm, c);
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, "MPI_Alltoallw");
    }
    err = __nbc_exchange(&s, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                   TAG_ALLTOALLW, comm, c, "MPI_Alltoallw");
    if (s) {
        int e = __nbc_complete(s);
        free(s);
        if (err == MPI_SUCCESS)
            err = e;
    }
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, "MPI_Alltoallw");
}

int MPI_Ialltoall(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_alltoallv(sendbuf, 0, sendcount, 0, sendtype, recvbuf, 0, recvcount, 0, recvtype, comm, request,
                                      "MPI_Ialltoall"));
    int i, err, *sc, *sd, *rc, *rd, sext, rext;
    MPI_Datatype *st, *rt;
    START("MPI_Ialltoall", s, c, comm, request);
    s = 0;
    sc = (int *)malloc(c->size * (4 * sizeof(int) + 2 * sizeof(MPI_Datatype)));
    if (!sc)
        return __mpi_no_mem(comm, "MPI_Ialltoall", c->size * (4 * sizeof(int) + 2 * sizeof(MPI_Datatype)));
    sd = sc + c->size;
    rc = sd + c->size;
    rd = rc + c->size;
    st = (MPI_Datatype *)(rd + c->size);
    rt = st + c->size;
    sext = sendbuf == MPI_IN_PLACE || __coll_extent(sendtype) < 0 ? 0 : __coll_extent(sendtype) * sendcount;
    rext = __coll_extent(recvtype) < 0 ? 0 : __coll_extent(recvtype) * recvcount;
    for (i = 0; i < c->size; i++) {
        sc[i] = sendcount;
        sd[i] = i * sext;
        st[i] = sendtype;
        rc[i] = recvcount;
        rd[i] = i * rext;
        rt[i] = recvtype;
    }
    err = __nbc_exchange(&s, sendbuf, sc, sd, st, recvbuf, rc, rd, rt, __nbc_tag(c), comm, c, "MPI_Ialltoall");
    free(sc);
    if (!s)
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(comm, err, "MPI_Ialltoall");
    return __nbc_started(s, err, comm, request, "MPI_Ialltoall");
}

/* Reductions: the vectors go to the root (or to everyone), which combines them in rank order once all have
 * come. */
static int reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm, MPI_Request *request, const char *fn)
{
    int i, err, tag, bytes, all = root == MPI_UNDEFINED, gets;
    START(fn, s, c, comm, request);
    if (root != MPI_UNDEFINED && (root < 0 || root >= c->size))
        FAIL(fn, MPI_ERR_ROOT);
    if ((err = __nbc_type_ok(datatype, count)) != MPI_SUCCESS)
        FAIL(fn, err);
    if (!__mpi_op_check(op, datatype))
        FAIL(fn, MPI_ERR_OP);
    gets = all || c->rank == root;
    if (sendbuf == MPI_IN_PLACE) {
        if (!gets)
            FAIL(fn, MPI_ERR_BUFFER);
        sendbuf = recvbuf;
    }
    bytes = (__coll_extent(datatype) * count + 7) & ~7;
    NEW(s, c, comm, fn, gets ? c->size * bytes : 0);
    tag = __nbc_tag(c);
    err = MPI_SUCCESS;
    if (gets) {
        s->out = (char *)recvbuf;
        s->count = count;
        s->bytes = bytes;
        s->size = c->size;
        s->type = datatype;
        s->op = op;
        __mpi_op_hold(op);
        memcpy(s->vecs + c->rank * bytes, sendbuf, __coll_extent(datatype) * count);
        for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
            int from = (c->rank + c->size - i) % c->size;
            err = __nbc_post(s, 0, s->vecs + from * bytes, count, datatype, from, tag, comm);
        }
    }
    for (i = 1; all && i < c->size && err == MPI_SUCCESS; i++)
        err = __nbc_post(s, 1, sendbuf, count, datatype, (c->rank + i) % c->size, tag, comm);
    if (!all && c->rank != root)
        err = __nbc_post(s, 1, sendbuf, count, datatype, root, tag, comm);
    return __nbc_started(s, err, comm, request, fn);
}

int MPI_Ireduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *request)
{
    INTER(comm, __inbc_reduce(sendbuf, recvbuf, count, datatype, op, root, 0, comm, request, "MPI_Ireduce"));
    if (root == MPI_UNDEFINED)
        return __mpi_error(comm, MPI_ERR_ROOT, "MPI_Ireduce");
    return reduce(sendbuf, recvbuf, count, datatype, op, root, comm, request, "MPI_Ireduce");
}

int MPI_Iallreduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request)
{
    INTER(comm, __inbc_reduce(sendbuf, recvbuf, count, datatype, op, 0, 1, comm, request, "MPI_Iallreduce"));
    return reduce(sendbuf, recvbuf, count, datatype, op, MPI_UNDEFINED, comm, request, "MPI_Iallreduce");
}

/* r becomes a request of kind REQ_NBC whose completion is its own (s->own: nbc.h), holding s: MPI_Isendrecv's
 * (isendrecv.c), MPI_Comm_idup's (comm_idup.c), a generalized request (greq.c). (Its queue is never read.) */
void __mpi_own_request(struct __mpi_request *r, MPI_Comm comm, struct __mpi_nbc *s)
{
    r->kind = REQ_NBC;
    r->comm = comm;
    r->q = Q_P2P;
    r->state = ST_POSTED;
    r->tmp = (char *)s;
}
