/* The opening of a send's start on the polling transports (t3d/p2p_t3d.c, sp/p2p_lapi.c, sp/p2p_mpci.c): the
 * request's bookkeeping, then the two cases that end the start at once, a send to MPI_PROC_NULL (done) and a
 * buffered send's outer request (packed into the attached buffer, whose inner send is standard). A statement
 * macro that may return from the function it opens, not a function, so each transport compiles to the code it
 * had with the lines written out (the compiler does not inline; the cycle figures of docs/mpi-sp.md and
 * docs/mpi-t3d.md rest on that). */
#ifndef POLL_SEND_H
#define POLL_SEND_H

#define SEND_OPEN(r, bytes)                     \
    (r)->bytes = (bytes);                       \
    (r)->source = -1;                           \
    (r)->error = MPI_SUCCESS;                   \
    (r)->cancelled = 0;                         \
    if ((r)->peer == MPI_PROC_NULL) {           \
        (r)->state = ST_DONE;                   \
        return MPI_SUCCESS;                     \
    }                                           \
    if ((r)->mode == MODE_BUFFERED && !(r)->bseg) \
        return __mpi_bsend_start(r)

#endif
