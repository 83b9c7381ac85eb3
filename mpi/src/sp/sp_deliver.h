/* What both SP stacks' engines do with a message that has come, once it is its pair's next (p2p_lapi.c) or as it
 * comes (p2p_mpci.c, whose streams are ordered): match it against the posted receives, else queue it as
 * unexpected, or in limbo when its communicator is not made here yet. The engines differ only in their message
 * type, so this file is the function's one text and the includer names that type before including it:
 *   SP_MSG  the message's type, a struct with the envelope `e` first and `ready` (a ready-mode send)
 * and has take(r, m, src) (receive r takes message m from rank src) and fatal(why). A macro rather than a cast
 * to a common type, so each engine compiles to the code it had with the function written out. */

static void deliver(SP_MSG *m)
{
    int q, src;
    struct __mpi_comm *c = comm_of(m->e.context, &q);
    struct __mpi_request **pp, *r;
    struct __mpi_env **ep;
    if (!c) {
        for (ep = &__mpi_limbo; *ep; ep = &(*ep)->next)
            ;
        *ep = &m->e;
        return;
    }
    src = __mpi_rank_of_node(c, m->e.src_node);
    for (pp = &c->recvs[q]; (r = *pp) != 0; pp = &r->next)
        if (matches(r->peer, r->tag, src, m->e.tag)) {
            *pp = r->next;
            take(r, m, src);
            return;
        }
    if (m->ready)
        fatal("a ready-mode message arrived before its receive was posted");
    for (ep = &c->sends[q]; *ep; ep = &(*ep)->next)
        ;
    *ep = &m->e;
    __mpi_arrivals++;
}

#undef SP_MSG
