/* The thesis's collective algorithms, as published (section 4.2.4), for MPI_PROTO_THESIS:
 *
 * - barrier: every rank but 0 increments rank 0's barrier count with a THREAD message and waits for its
 *   own count to become non-zero; rank 0 counts itself in, waits for the whole group, resets its count and
 *   sets every other rank's count to 1 with a THREAD message;
 * - broadcast: linear, the root starts a nonblocking send to every other rank and waits for them all;
 * - scatter, gather and their v forms: point to point straight between the root and the others, all
 *   started at once ("the root can be responding to one message while another request is heading through
 *   the network"); alltoall(v): point to point with every other rank, a pair at a time;
 * - reduce: halving (Figure 4.3), ceil(log2(size)) steps in ranks relative to the root;
 * - allreduce = reduce + broadcast, allgather = gather + broadcast, reduce_scatter = reduce + scatterv;
 *   scan and exscan: a chain, each rank sending its result to the next.
 *
 * Messages go through the point-to-point engine on the communicator's collective queues. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

#ifdef __SCMP__  /* the T3D's barrier is in t3d/coll_t3d.c */
/* Counts for a communicator this node has not installed yet: a process that has made a new communicator
 * may enter a barrier on it before another has (MPI_Comm_create_group and the intercommunicator calls end
 * with no barrier), so its count waits here until the communicator exists (__thesis_counts_ready). */
struct pending_count {
    struct pending_count *next;
    int which_ctx, delta;
};
struct pending_count *__thesis_pending;

static void apply_count(struct __mpi_comm *c, int which_ctx, int delta)
{
    if (which_ctx & 1)
        c->barrier_release = delta;
    else
        c->barrier_arrived += delta;
}

/* Handler: which_ctx = 2 * context + which; which 0 adds delta to the arrival count (rank 0), which 1
 * sets the release flag (the others). Never suspends. */
void __thesis_count(int which_ctx, int delta)
{
    struct __mpi_comm *c = __mpi_comm(which_ctx >> 1);
    struct pending_count *p, **pp;
    if (c) {
        apply_count(c, which_ctx, delta);
        return;
    }
    p = (struct pending_count *)__mpi_xmalloc(sizeof *p, "a barrier count for a communicator to come");
    p->next = 0;
    p->which_ctx = which_ctx;
    p->delta = delta;
    for (pp = &__thesis_pending; *pp; pp = &(*pp)->next)     /* kept in arrival order */
        ;
    *pp = p;
}

/* Called when communicator c is installed: the counts that came for it before. */
void __thesis_counts_ready(struct __mpi_comm *c)
{
    struct pending_count **pp = &__thesis_pending, *p;
    while ((p = *pp) != 0) {
        if (p->which_ctx >> 1 == c->context) {
            *pp = p->next;
            apply_count(c, p->which_ctx, p->delta);
            free(p);
        } else {
            pp = &p->next;
        }
    }
}

int __thesis_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    int i;
    (void)comm;
    if (c->rank == 0) {
        c->barrier_arrived += 1;
        while (c->barrier_arrived < c->size)
            suspendThread();
        c->barrier_arrived -= c->size;
        for (i = 1; i < c->size; i++)
            __scmp_thread2(c->nodes[i], (void (*)())__thesis_count, 2 * c->context + 1, 1);
    } else {
        __scmp_thread2(c->nodes[0], (void (*)())__thesis_count, 2 * c->context, 1);
        while (c->barrier_release == 0)
            suspendThread();
        c->barrier_release = 0;
    }
    return MPI_SUCCESS;
}

#endif

/* Waits for n requests, keeping the first error. */
static int wait_all(int n, MPI_Request *reqs, int err)
{
    int i, e;
    for (i = 0; i < n; i++) {
        e = MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = e;
    }
    return err;
}

int __thesis_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    MPI_Request *reqs;
    int i, n = 0, err = MPI_SUCCESS;
    if (c->rank != root)
        return __coll_recv(buf, count, type, root, TAG_BCAST, comm);
    reqs = (MPI_Request *)malloc(c->size * sizeof(MPI_Request));
    if (!reqs)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        if (i != root) {
            err = __mpi_isend(buf, count, type, i, TAG_BCAST, comm, Q_COLL, &reqs[n]);
            if (err == MPI_SUCCESS)
                n++;
        }
    err = wait_all(n, reqs, err);
    free(reqs);
    return err;
}

int __thesis_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                     const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    MPI_Request *reqs;
    int i, n = 0, err = MPI_SUCCESS, ext;
    if (c->rank != root)
        return __coll_send((void *)sbuf, scount, stype, root, TAG_GATHER, comm);
    ext = __coll_extent(rtype);
    reqs = (MPI_Request *)malloc(c->size * sizeof(MPI_Request));
    if (!reqs)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        if (i != root) {
            err = __mpi_irecv((char *)rbuf + displs[i] * ext, rcounts[i], rtype, i, TAG_GATHER, comm, Q_COLL,
                              &reqs[n]);
            if (err == MPI_SUCCESS)
                n++;
        }
    __coll_copy((char *)rbuf + displs[root] * ext, rtype, rcounts[root], sbuf, stype, scount);
    err = wait_all(n, reqs, err);
    free(reqs);
    return err;
}

int __thesis_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype,
                      void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    MPI_Request *reqs;
    int i, n = 0, err = MPI_SUCCESS, ext;
    if (c->rank != root)
        return __coll_recv(rbuf, rcount, rtype, root, TAG_SCATTER, comm);
    ext = __coll_extent(stype);
    reqs = (MPI_Request *)malloc(c->size * sizeof(MPI_Request));
    if (!reqs)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        if (i != root) {
            err = __mpi_isend((char *)sbuf + displs[i] * ext, scounts[i], stype, i, TAG_SCATTER, comm, Q_COLL,
                              &reqs[n]);
            if (err == MPI_SUCCESS)
                n++;
        }
    __coll_copy(rbuf, rtype, rcount, (const char *)sbuf + displs[root] * ext, stype, scounts[root]);
    err = wait_all(n, reqs, err);
    free(reqs);
    return err;
}

/* Point to point with every other rank. Pairwise, one step at a time (step i: to rank + i, from rank - i):
 * with every send started at once, the handshake handlers of a 16-node exchange fill every thread context
 * and wait on each other (the thesis does not describe its alltoall). */
int __thesis_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype,
                       void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                       struct __mpi_comm *c)
{
    int i, err = MPI_SUCCESS, sx = __coll_extent(stype), rx = __coll_extent(rtype), p = c->size;
    __coll_copy((char *)rbuf + rdispls[c->rank] * rx, rtype, rcounts[c->rank],
                (const char *)sbuf + sdispls[c->rank] * sx, stype, scounts[c->rank]);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        int dst = (c->rank + i) % p, src = (c->rank - i + p) % p;
        MPI_Request q[2];
        err = __mpi_irecv((char *)rbuf + rdispls[src] * rx, rcounts[src], rtype, src, TAG_ALLTOALL, comm, Q_COLL,
                          &q[0]);
        if (err == MPI_SUCCESS)
            err = __mpi_isend((char *)sbuf + sdispls[dst] * sx, scounts[dst], stype, dst, TAG_ALLTOALL, comm,
                              Q_COLL, &q[1]);
        if (err == MPI_SUCCESS)
            err = wait_all(2, q, err);
    }
    return err;
}

/* Halving (Figure 4.3) in ranks relative to the root: at step k (mask = 2^k) a rank whose relative rank
 * has bit k set sends its partial result to the rank mask below it and leaves; the others that have a
 * partner mask above receive and combine. A non-commutative operation must combine in rank order, so it
 * reduces to rank 0 (blocks of consecutive ranks) and rank 0 passes the result to the root. */
int __thesis_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                    MPI_Comm comm, struct __mpi_comm *c)
{
    int bytes = count * __coll_extent(type), p = c->size, err = MPI_SUCCESS, vr, mask;
    int top = __mpi_op_commutative(op) ? root : 0;
    int room = (bytes + 15) & ~7;       /* two buffers in one block, each 8-byte aligned */
    char *acc = (char *)malloc(2 * room), *in = acc + room;
    if (!acc)
        return MPI_ERR_NO_MEM;
    memcpy(acc, sendbuf, bytes);
    vr = (c->rank - top + p) % p;
    for (mask = 1; mask < p; mask <<= 1) {
        if (vr & mask) {
            err = __coll_send(acc, count, type, (vr - mask + top) % p, TAG_REDUCE, comm);
            break;
        }
        if (vr + mask < p) {
            err = __coll_recv(in, count, type, (vr + mask + top) % p, TAG_REDUCE, comm);
            if (err == MPI_SUCCESS)
                err = __mpi_op_combine(op, type, acc, in, acc, count);
            if (err != MPI_SUCCESS)
                break;
        }
    }
    if (err == MPI_SUCCESS && top != root) {
        if (c->rank == top)
            err = __coll_send(acc, count, type, root, TAG_REDUCE, comm);
        else if (c->rank == root)
            err = __coll_recv(acc, count, type, top, TAG_REDUCE, comm);
    }
    if (c->rank == root && err == MPI_SUCCESS)
        memcpy(recvbuf, acc, bytes);
    free(acc);
    return err;
}

/* A chain: rank r receives the result of ranks 0..r-1 from r-1, combines its own contribution and sends
 * the result on to r+1. */
int __thesis_scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int exclusive,
                  MPI_Comm comm, struct __mpi_comm *c)
{
    int bytes = count * __coll_extent(type), err = MPI_SUCCESS, room = (bytes + 15) & ~7;
    char *acc = (char *)malloc(2 * room), *in = acc + room;
    if (!acc)
        return MPI_ERR_NO_MEM;
    memcpy(acc, sendbuf, bytes);
    if (c->rank > 0) {
        err = __coll_recv(in, count, type, c->rank - 1, TAG_SCAN, comm);
        if (err == MPI_SUCCESS && exclusive)
            memcpy(recvbuf, in, bytes);
        if (err == MPI_SUCCESS)
            err = __mpi_op_combine(op, type, in, acc, acc, count);
    }
    if (err == MPI_SUCCESS && c->rank + 1 < c->size)
        err = __coll_send(acc, count, type, c->rank + 1, TAG_SCAN, comm);
    if (err == MPI_SUCCESS && !exclusive)
        memcpy(recvbuf, acc, bytes);
    free(acc);
    return err;
}

/* MPI_Reduce to rank 0, then MPI_Bcast from rank 0 (section 6.4). */
int __thesis_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm, struct __mpi_comm *c)
{
    int err = __thesis_reduce(sendbuf, recvbuf, count, type, op, 0, comm, c);
    if (err != MPI_SUCCESS)
        return err;
    return __thesis_bcast(recvbuf, count, type, 0, comm, c);
}

/* The gather to rank 0, then a broadcast of the whole result from rank 0 (as allreduce). */
int __thesis_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                        const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c)
{
    int lo = -1, hi = 0, i, ext = __coll_extent(rtype);
    int err = __thesis_gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, 0, comm, c);
    if (err != MPI_SUCCESS)
        return err;
    /* the broadcast covers the span of the blocks */
    for (i = 0; i < c->size; i++) {
        if (rcounts[i] == 0)
            continue;
        if (lo < 0 || displs[i] < lo)
            lo = displs[i];
        if (displs[i] + rcounts[i] > hi)
            hi = displs[i] + rcounts[i];
    }
    if (lo < 0 || hi <= lo)
        return MPI_SUCCESS;
    return __thesis_bcast((char *)rbuf + lo * ext, hi - lo, rtype, 0, comm, c);
}

/* MPI_Reduce of the whole vector to rank 0, then MPI_Scatterv of the pieces (section 4.2.4 puts
 * reduce_scatter with the reductions). */
int __thesis_reduce_scatter(const void *sendbuf, void *recvbuf, const int *rcounts, MPI_Datatype type,
                            MPI_Op op, MPI_Comm comm, struct __mpi_comm *c)
{
    int ext = __coll_extent(type), *displs = (int *)malloc(c->size * sizeof(int)), i, total, err;
    char *all;
    if (!displs)
        return MPI_ERR_NO_MEM;
    for (i = 0, total = 0; i < c->size; i++) {
        displs[i] = total;
        total += rcounts[i];
    }
    all = c->rank == 0 ? (char *)malloc(total * ext + 1) : 0;
    if (c->rank == 0 && !all) {
        free(displs);
        return MPI_ERR_NO_MEM;
    }
    err = total == 0 ? MPI_SUCCESS : c->size == 1
        ? (__coll_copy(all, type, total, sendbuf, type, total), MPI_SUCCESS)
        : __thesis_reduce(sendbuf, all, total, type, op, 0, comm, c);
    if (err == MPI_SUCCESS) {
        if (c->size == 1)
            __coll_copy(recvbuf, type, total, all, type, total);
        else
            err = __thesis_scatterv(all, rcounts, displs, type, recvbuf, rcounts[c->rank], type, 0, comm, c);
    }
    free(all);
    free(displs);
    return err;
}
