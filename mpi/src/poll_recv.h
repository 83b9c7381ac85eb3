/* The start of a receive on the polling transports (the T3D's, t3d/p2p_t3d.c, and the SP's two stacks,
 * sp/p2p_lapi.c and sp/p2p_mpci.c): a receive from MPI_PROC_NULL is done at once; else the transport takes in
 * what has arrived, and the receive takes the first early message (the unexpected queue) it matches, or joins
 * the end of the posted receives. The transports differ only in taking in and in what taking an early message
 * means, so this file is the function's one text and the includer names its hooks before including it:
 *   RECV_START            the function's name
 *   RECV_FIRST(r)         a statement run first, which may hand the call elsewhere (optional)
 *   RECV_TAKE_IN()        takes in what has arrived
 *   RECV_TAKE(r, e, src)  receive r takes early message e (its envelope, the queue's entry) from rank src
 * and a static matches(want_src, want_tag, src, tag). The hooks are macros, not function pointers, so that each
 * transport compiles to the code it would have with the function written out (SCMP's compiler does not inline);
 * the exact cycle figures of docs/mpi-sp.md and docs/mpi-t3d.md rest on that. SCMP's libmpi does not use it
 * (its p2p.c matches in the message handlers). */
#ifndef RECV_FIRST
#define RECV_FIRST(r)
#endif

int RECV_START(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    struct __mpi_env **ep, *e;
    struct __mpi_request **pp;
    RECV_FIRST(r);
    r->bytes = r->count * r->tp->size;
    r->error = MPI_SUCCESS;
    r->cancelled = 0;
    r->tmp = 0;
    if (r->peer == MPI_PROC_NULL) {
        MPI_RECV_NULL_DONE(r);
        return MPI_SUCCESS;
    }
    r->state = ST_POSTED;
    RECV_TAKE_IN();
    for (ep = &c->sends[r->q]; (e = *ep) != 0; ep = &e->next) {
        int src = __mpi_rank_of_node(c, e->src_node);
        if (matches(r->peer, r->tag, src, e->tag)) {
            *ep = e->next;
            RECV_TAKE(r, e, src);
            return MPI_SUCCESS;
        }
    }
    r->next = 0;
    for (pp = &c->recvs[r->q]; *pp; pp = &(*pp)->next)
        ;
    *pp = r;
    return MPI_SUCCESS;
}

#undef RECV_START
#undef RECV_FIRST
#undef RECV_TAKE_IN
#undef RECV_TAKE
