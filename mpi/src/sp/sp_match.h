/* What both SP stacks' engines (p2p_lapi.c, p2p_mpci.c) do alike with a message that has come: match it, find
 * where its data go, finish its receive. Static, so each engine has its own copy to inline. */
#ifndef SP_MATCH_H
#define SP_MATCH_H

static int matches(int want_src, int want_tag, int src, int tag)
{
    return (want_src == src || want_src == MPI_ANY_SOURCE) && (want_tag == tag || want_tag == MPI_ANY_TAG);
}

/* Where a message of `bytes` bytes for receive r is assembled: r's buffer when it is one run that holds it,
 * else a landing buffer that completion unpacks. */
static char *landing(struct __mpi_request *r, int bytes, int *direct)
{
    char *d = __mpi_type_contig(r->tp, r->buf, r->count);
    if (d && bytes <= r->bytes) {
        *direct = 1;
        return d;
    }
    *direct = 0;
    r->tmp = (char *)__mpi_xmalloc(bytes + 4, "a receive");
    return r->tmp;
}

/* Receive r has its message's bytes at `at`: copies them out unless they are in r's buffer already. */
static void finish(struct __mpi_request *r, char *at, int direct, int bytes)
{
    int n = bytes;
    if (bytes > r->bytes) {
        r->error = MPI_ERR_TRUNCATE;
        n = r->bytes;
    }
    if (!direct && n > 0)
        __mpi_unpack(at, n, (char *)r->buf, r->count, r->tp);
    if (r->tmp) {
        free(r->tmp);
        r->tmp = 0;
    }
    r->state = ST_DONE;
}

static struct __mpi_comm *comm_of(int context, int *q)
{
    struct __mpi_comm *c = __mpi_comm(context >> 1);
    *q = context & 1;
    return c && c->context == (context >> 1) ? c : 0;
}

#endif
