/* Collective operations, as the thesis built them (section 4.2.4): a barrier counted on rank 0, a linear
 * broadcast, a reduction that halves the participants at every step, allreduce = reduce + broadcast.
 * Their point-to-point traffic uses the communicator's collective queues, never matched by user receives. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

/* Every rank but 0 adds 1 to rank 0's barrier_arrived (a THREAD message: additions never overwrite each
 * other); rank 0 waits for size - 1 of them, takes them away, and adds 1 to every other rank's
 * barrier_release, which those ranks wait for and take away. Counting, rather than setting flags, keeps
 * consecutive barriers apart whatever order the messages arrive in. */
int MPI_Barrier(MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int i;
    if (!c)
        return MPI_ERR_COMM;
    if (c->size == 1)
        return MPI_SUCCESS;
    if (c->rank == 0) {
        waitCount(&c->barrier_arrived, c->size - 1);
        c->barrier_arrived -= c->size - 1;
        for (i = 1; i < c->size; i++)
            sendAddIntValue(c->nodes[i], &c->barrier_release, 1);
    } else {
        sendAddIntValue(c->nodes[0], &c->barrier_arrived, 1);
        waitCount(&c->barrier_release, 1);
        c->barrier_release -= 1;
    }
    return MPI_SUCCESS;
}

/* Linear: the root starts a send to every other rank, then waits for all of them. */
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    MPI_Request *reqs;
    int i, n, err;
    if (!c)
        return MPI_ERR_COMM;
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (c->rank != root) {
        MPI_Request r;
        err = __mpi_irecv(buffer, count, datatype, root, TAG_BCAST, comm, Q_COLL, &r);
        if (err != MPI_SUCCESS)
            return err;
        return MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    reqs = (MPI_Request *)malloc(c->size * sizeof(MPI_Request));
    n = 0;
    err = MPI_SUCCESS;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++)
        if (i != root)
            err = __mpi_isend(buffer, count, datatype, i, TAG_BCAST, comm, Q_COLL, &reqs[n++]);
    if (err != MPI_SUCCESS)
        n--;
    MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    return err;
}

/* Halving (thesis Figure 4.3), in ranks relative to the root: at step k (mask = 2^k) a rank whose relative
 * rank has bit k set sends its partial result to the rank mask below it and leaves; the others that
 * have a partner mask above receive and combine. ceil(log2(size)) steps; the root ends with the result. */
int MPI_Reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    int size = __mpi_type_extent(datatype);     /* buffers hold count items of extent bytes */
    int bytes, vr, mask, err = MPI_SUCCESS;
    char *acc, *in;
    if (!c)
        return MPI_ERR_COMM;
    if (size <= 0)
        return MPI_ERR_TYPE;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (root < 0 || root >= c->size)
        return MPI_ERR_ROOT;
    if (op <= MPI_OP_NULL || op > MPI_MINLOC)
        return MPI_ERR_OP;
    if (sendbuf == MPI_IN_PLACE)
        sendbuf = recvbuf;
    bytes = count * size;
    acc = (char *)malloc(bytes > 0 ? bytes : 1);
    in = (char *)malloc(bytes > 0 ? bytes : 1);
    memcpy(acc, sendbuf, bytes);
    vr = (c->rank - root + c->size) % c->size;
    for (mask = 1; mask < c->size; mask <<= 1) {
        if (vr & mask) {
            int dst = (vr - mask + root) % c->size;
            MPI_Request r;
            err = __mpi_isend(acc, count, datatype, dst, TAG_REDUCE, comm, Q_COLL, &r);
            if (err == MPI_SUCCESS)
                err = MPI_Wait(&r, MPI_STATUS_IGNORE);
            break;
        }
        if (vr + mask < c->size) {
            int src = (vr + mask + root) % c->size;
            MPI_Request r;
            err = __mpi_irecv(in, count, datatype, src, TAG_REDUCE, comm, Q_COLL, &r);
            if (err == MPI_SUCCESS)
                err = MPI_Wait(&r, MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = __mpi_apply_op(op, datatype, in, acc, count);
            if (err != MPI_SUCCESS)
                break;
        }
    }
    if (c->rank == root && err == MPI_SUCCESS)
        memcpy(recvbuf, acc, bytes);
    free(acc);
    free(in);
    return err;
}

int MPI_Allreduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm)
{
    int err = MPI_Reduce(sendbuf, recvbuf, count, datatype, op, 0, comm);
    if (err != MPI_SUCCESS)
        return err;
    return MPI_Bcast(recvbuf, count, datatype, 0, comm);
}
