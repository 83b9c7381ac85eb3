/* The schedule of a nonblocking collective (nbc.c), shared with the vector ones and the scans (nbcv.c). */
#ifndef MPI_NBC_H
#define MPI_NBC_H

struct __mpi_nbc {
    int n;                          /* requests posted */
    int left;                       /* of them not completed */
    int error;                      /* the first error of a request */
    MPI_Request *reqs;
    /* a reduction: the vectors of ranks 0 .. size-1, each `bytes` long, combined in rank order into out */
    char *vecs;
    char *out;
    int count, bytes, size;
    MPI_Datatype type;
    MPI_Op op;
    /* A request of kind REQ_NBC that is not a collective's schedule has its own completion (isendrecv.c,
     * comm_idup.c, greq.c), which MPI_Wait, MPI_Test and the rest call instead of the schedule's (nbc.c, pt2pt.c):
     * own(r, how, status), how one of NBC_* (mpi_internal.h). Once complete it sets r->state = ST_DONE; 0 for a collective. */
    int (*own)(struct __mpi_request *r, int how, MPI_Status *status);
};

struct __mpi_nbc *__nbc_schedule(int nreq, int extra);   /* room for nreq requests and `extra` bytes, or 0 */
int __nbc_post(struct __mpi_nbc *s, int send, void *buf, int count, MPI_Datatype type, int peer, int tag,
               MPI_Comm comm);                          /* a send or receive on the collective queue */
int __nbc_complete(struct __mpi_nbc *s);                /* waits for every request, finishes: the first error */
int __nbc_type_ok(MPI_Datatype t, int count);
int __nbc_started(struct __mpi_nbc *s, int err, MPI_Comm comm, MPI_Request *request, const char *fn);
int __nbc_tag(struct __mpi_comm *c);                    /* a tag of its own for each nonblocking collective */
void __mpi_own_request(struct __mpi_request *r, MPI_Comm comm, struct __mpi_nbc *s);  /* r holds s, own set */
int __nbc_exchange(struct __mpi_nbc **sp, void *sendbuf, const int *scounts, const int *sdispls,
                   const MPI_Datatype *stypes, void *recvbuf, const int *rcounts, const int *rdispls,
                   const MPI_Datatype *rtypes, int tag, MPI_Comm comm, struct __mpi_comm *c, const char *fn);

/* The communicator and the request's address, checked; the schedule s to come (NEW). */
#define START(fn, s, c, comm, request)                                                                        \
    struct __mpi_comm *c = __mpi_comm(comm);                                                                  \
    struct __mpi_nbc *s;                                                                                      \
    if (!c || c->inter)                                                                                       \
        return __mpi_error(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, fn);                                      \
    if (!(request))                                                                                           \
        return __mpi_error(comm, MPI_ERR_ARG, fn);                                                            \
    *(request) = MPI_REQUEST_NULL

#define NEW(s, c, comm, fn, extra)                                                                           \
    do {                                                                                                      \
        s = __nbc_schedule(2 * (c)->size, (extra));                                                           \
        if (!s)                                                                                               \
            return __mpi_no_mem(comm, fn, 2 * (c)->size * (int)sizeof(MPI_Request) + (extra));                \
    } while (0)

/* On an intercommunicator, the call goes to nbc_inter.c. */
#define INTER(comm, call)                                                                                     \
    do {                                                                                                      \
        struct __mpi_comm *ic_ = __mpi_comm(comm);                                                            \
        if (ic_ && ic_->inter)                                                                                \
            return call;                                                                                      \
    } while (0)

/* nbc_inter.c */
int __inbc_barrier(MPI_Comm comm, MPI_Request *request);
int __inbc_bcast(void *buffer, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request);
int __inbc_gatherv(void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                   int recvcount, const int *displs, MPI_Datatype recvtype, int root, int all, MPI_Comm comm,
                   MPI_Request *request, const char *fn);
int __inbc_scatterv(void *sendbuf, const int *sendcounts, int sendcount, const int *displs, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                    MPI_Request *request, const char *fn);
int __inbc_alltoallw(void *sendbuf, const int *scounts, const int *sdispls, const MPI_Datatype *stypes,
                     void *recvbuf, const int *rcounts, const int *rdispls, const MPI_Datatype *rtypes, int one_type,
                     MPI_Comm comm, MPI_Request *request, const char *fn);
int __inbc_alltoallv(void *sendbuf, const int *sendcounts, int sendcount, const int *sdispls, MPI_Datatype sendtype,
                     void *recvbuf, const int *recvcounts, int recvcount, const int *rdispls, MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Request *request, const char *fn);
int __inbc_reduce(void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, int all,
                  MPI_Comm comm, MPI_Request *request, const char *fn);
int __inbc_reduce_scatter(void *sendbuf, void *recvbuf, const int *counts, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, MPI_Request *request, const char *fn);

#define FAIL(fn, e) return __mpi_error(comm, (e), fn)

#endif
