/* Collectives on intercommunicators (MPI-2, section 7.3.1 of MPI-2.2; docs/mpi.md, "Intercommunicators"):
 * the same code under every family and machine, point to point on the communicator's collective queue, where
 * the ranks of an intercommunicator are those of the remote group (mpi_internal.h). Every message a process
 * sends or receives is posted at once and then waited for, so no step waits for another:
 *
 * - barrier: every process tells every process of the other group and hears from each;
 * - bcast, gather(v), scatter(v), reduce: the root (MPI_ROOT) sends to, or receives from, every process of
 *   the other group; the other members of its group (MPI_PROC_NULL) do nothing; a reduction's root combines
 *   the vectors in rank order (lower op higher), so non-commutative operations are right;
 * - allgather(v), alltoall(v), allreduce, reduce_scatter(_block): every process exchanges with every process
 *   of the other group; the reductions combine the other group's vectors in its rank order.
 *
 * Messages of one collective between two processes are one per direction, and a collective's receives all
 * complete before it returns, so consecutive collectives never take each other's messages (one tag each). */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

/* Requests of one collective, waited for together. */
struct posted {
    MPI_Request *r;
    int n;
};

static int begin(struct posted *q, int most)
{
    q->n = 0;
    q->r = (MPI_Request *)malloc((most > 0 ? most : 1) * sizeof(MPI_Request));
    return q->r ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static int post_recv(struct posted *q, void *buf, int count, MPI_Datatype type, int from, int tag, MPI_Comm comm)
{
    int err = __mpi_irecv(buf, count, type, from, tag, comm, Q_COLL, &q->r[q->n]);
    if (err == MPI_SUCCESS)
        q->n++;
    return err;
}

static int post_send(struct posted *q, const void *buf, int count, MPI_Datatype type, int to, int tag,
                     MPI_Comm comm)
{
    int err = __mpi_isend((void *)buf, count, type, to, tag, comm, Q_COLL, &q->r[q->n]);
    if (err == MPI_SUCCESS)
        q->n++;
    return err;
}

/* Waits for every posted request (also after a failure, so that none is left behind) and frees the array. */
static int finish(struct posted *q, int err)
{
    int i;
    for (i = 0; i < q->n; i++) {
        int e = MPI_Wait(&q->r[i], MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = e;
    }
    free(q->r);
    return err;
}

/* The root argument of a rooted collective: MPI_ROOT, MPI_PROC_NULL or a rank of the other group. */
static int check_root(struct __mpi_comm *c, int root)
{
    return root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < c->size) ? MPI_SUCCESS
                                                                                        : MPI_ERR_ROOT;
}

#define AT(buf, i, ext) ((char *)(buf) + (long)(i) * (ext))

int __inter_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, err = begin(&q, 2 * c->size);
    char none;
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, &none, 0, MPI_BYTE, i, TAG_BCAST, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, &none, 0, MPI_BYTE, i, TAG_BCAST, comm);
    return finish(&q, err);
}

int __inter_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, err = check_root(c, root);
    if (err != MPI_SUCCESS || root == MPI_PROC_NULL)
        return err;
    if (root != MPI_ROOT)
        return __coll_recv(buf, count, type, root, TAG_BCAST, comm);
    err = begin(&q, c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, buf, count, type, i, TAG_BCAST, comm);
    return finish(&q, err);
}

int __inter_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                    const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, ext = __coll_extent(rtype), err = check_root(c, root);
    if (err != MPI_SUCCESS || root == MPI_PROC_NULL)
        return err;
    if (root != MPI_ROOT)
        return __coll_send((void *)sbuf, scount, stype, root, TAG_GATHER, comm);
    err = begin(&q, c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, AT(rbuf, displs[i], ext), rcounts[i], rtype, i, TAG_GATHER, comm);
    return finish(&q, err);
}

int __inter_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype, void *rbuf,
                     int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, ext = __coll_extent(stype), err = check_root(c, root);
    if (err != MPI_SUCCESS || root == MPI_PROC_NULL)
        return err;
    if (root != MPI_ROOT)
        return __coll_recv(rbuf, rcount, rtype, root, TAG_SCATTER, comm);
    err = begin(&q, c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, AT(sbuf, displs[i], ext), scounts[i], stype, i, TAG_SCATTER, comm);
    return finish(&q, err);
}

int __inter_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                       const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, ext = __coll_extent(rtype), err = begin(&q, 2 * c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, AT(rbuf, displs[i], ext), rcounts[i], rtype, i, TAG_ALLGATHER, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, sbuf, scount, stype, i, TAG_ALLGATHER, comm);
    return finish(&q, err);
}

int __inter_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype, void *rbuf,
                      const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                      struct __mpi_comm *c)
{
    struct posted q;
    int i, sx = __coll_extent(stype), rx = __coll_extent(rtype), err = begin(&q, 2 * c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, AT(rbuf, rdispls[i], rx), rcounts[i], rtype, i, TAG_ALLTOALL, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, AT(sbuf, sdispls[i], sx), scounts[i], stype, i, TAG_ALLTOALL, comm);
    return finish(&q, err);
}

/* Receives count items from every process of the other group (to_all: and sends sbuf to each of them) and
 * leaves their combination in rank order in out. */
static int combine_remote(const void *sbuf, void *out, int count, MPI_Datatype type, MPI_Op op, int to_all,
                          MPI_Comm comm, struct __mpi_comm *c)
{
    struct posted q;
    int i, ext = __coll_extent(type), bytes = count * ext, err;
    char *all;
    if (count == 0)
        return MPI_SUCCESS;
    all = (char *)malloc((long)c->size * bytes + 8);
    if (!all)
        return MPI_ERR_NO_MEM;
    err = begin(&q, 2 * c->size);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, all + (long)i * bytes, count, type, i, TAG_REDUCE, comm);
    for (i = 0; to_all && i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, sbuf, count, type, i, TAG_REDUCE, comm);
    if (q.r)
        err = finish(&q, err);
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
        err = __mpi_op_combine(op, type, all, all + (long)i * bytes, all, count);
    if (err == MPI_SUCCESS)
        memcpy(out, all, bytes);
    free(all);
    return err;
}

int __inter_reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                   MPI_Comm comm, struct __mpi_comm *c)
{
    int err = check_root(c, root);
    if (err != MPI_SUCCESS || root == MPI_PROC_NULL)
        return err;
    if (root != MPI_ROOT)
        return __coll_send((void *)sbuf, count, type, root, TAG_REDUCE, comm);
    return combine_remote(0, rbuf, count, type, op, 0, comm, c);
}

int __inter_allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                      struct __mpi_comm *c)
{
    return combine_remote(sbuf, rbuf, count, type, op, 1, comm, c);
}

/* The whole vector (total items, the same in both groups) reduced over the other group; this rank keeps
 * its block of it (rcounts are the local group's). */
int __inter_reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts, MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, struct __mpi_comm *c)
{
    int i, first = 0, total = 0, ext = __coll_extent(type), err;
    char *all;
    for (i = 0; i < c->lsize; i++) {
        if (i < c->rank)
            first += rcounts[i];
        total += rcounts[i];
    }
    all = (char *)malloc((long)total * ext + 8);
    if (!all)
        return MPI_ERR_NO_MEM;
    err = combine_remote(sbuf, all, total, type, op, 1, comm, c);
    if (err == MPI_SUCCESS)
        memcpy(rbuf, all + (long)first * ext, (long)rcounts[c->rank] * ext);
    free(all);
    return err;
}

/* MPI_Alltoallw: a datatype and a displacement in bytes per process of the other group (no MPI_IN_PLACE). */
int __inter_alltoallw(const void *sbuf, const int *scounts, const int *sdispls, const MPI_Datatype *stypes,
                      void *rbuf, const int *rcounts, const int *rdispls, const MPI_Datatype *rtypes, MPI_Comm comm,
                      struct __mpi_comm *c)
{
    struct posted q;
    int i, err;
    if (sbuf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    err = begin(&q, 2 * c->size);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_recv(&q, (char *)rbuf + rdispls[i], rcounts[i], rtypes[i], i, TAG_ALLTOALLW, comm);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        err = post_send(&q, (const char *)sbuf + sdispls[i], scounts[i], stypes[i], i, TAG_ALLTOALLW, comm);
    return finish(&q, err);
}
