/* What the polling engines (t3d/p2p_t3d.c, sp/p2p_lapi.c for both SP stacks) end with alike, included at the end
 * of each: completing a request without waiting, cancelling, and the C entry points of the calls SCMP's libmpi
 * has in assembly. Needs the engine's __mpi_ready and __mpi_progress (poll_wait.c waits with the same two). */

int __mpi_ready_now(struct __mpi_request *r)
{
    if (__mpi_ready(r))
        return 1;
    __mpi_progress();
    return __mpi_ready(r);
}

/* A receive not yet matched leaves its queue (request.c); a send cannot be taken back once it is announced (its
 * envelope or request to send is out). */
int __mpi_cancel(struct __mpi_request *r)
{
    return r->kind == REQ_RECV ? __mpi_cancel_recv(r) : MPI_SUCCESS;
}

/* ---- The entry points SCMP's libmpi has in assembly (fast.S) ---------------------------------------------------- */

int __mpi_Send_c(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int __mpi_Recv_c(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                 MPI_Status *status);
int __mpi_Bcast_c(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int __mpi_Reduce_c(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                   MPI_Comm comm);

int MPI_Send(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return __mpi_Send_c(buf, count, datatype, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    return __mpi_Recv_c(buf, count, datatype, source, tag, comm, status);
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    return __mpi_Bcast_c(buffer, count, datatype, root, comm);
}

int MPI_Reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    return __mpi_Reduce_c(sendbuf, recvbuf, count, datatype, op, root, comm);
}
