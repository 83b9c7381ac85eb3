/* Buffered sends (MPI-1.2 section 3.6.1): MPI_Buffer_attach gives libmpi a buffer; each MPI_Bsend packs its
 * message into a segment of it (MPI_BSEND_OVERHEAD bytes of header, then the data, 8-byte aligned) and
 * starts a standard send of the packed bytes from there, in the background. The MPI_Bsend is then complete:
 * the caller's buffer is free at once, whether or not a receive has been posted. A segment is given back
 * when its send has left the node (the background work of __mpi_progress); MPI_Buffer_detach waits for
 * all of them. Segments are kept in address order and allocated first fit. */
#include <stdlib.h>
#include <string.h>
#include "mpi_machine.h"
#include "mpi_internal.h"

struct __mpi_bseg {
    struct __mpi_bseg *next;        /* in address order */
    int size;                       /* bytes of the segment, header included */
    struct __mpi_request *req;
    int serial;                     /* which buffered send it holds, for MPI_Cancel */
};

static char *base;                  /* the attached buffer, 8-byte aligned start */
static char *user_base;             /* as the caller gave it */
static int user_size;
static int avail;                   /* bytes from base */
static struct __mpi_bseg *segs;
static int serials;

int __mpi_bseg_serial(struct __mpi_bseg *s)
{
    return s->serial;
}

int MPI_Buffer_attach(void *buffer, int size)
{
    int skip;
    if (user_base)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_BUFFER, "MPI_Buffer_attach");
    if (size < 0 || (!buffer && size > 0))
        return __mpi_error(MPI_COMM_WORLD, size < 0 ? MPI_ERR_ARG : MPI_ERR_BUFFER, "MPI_Buffer_attach");
    user_base = (char *)buffer;
    user_size = size;
    skip = (8 - ((unsigned)buffer & 7)) & 7;
    base = (char *)buffer + skip;
    avail = size - skip > 0 ? size - skip : 0;
    if (!user_base)
        user_base = (char *)1;      /* attached, empty */
    return MPI_SUCCESS;
}

int MPI_Buffer_detach(void *buffer_addr, int *size)
{
    if (!buffer_addr || !size)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Buffer_detach");
    if (!user_base)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_BUFFER, "MPI_Buffer_detach");
    /* the messages in it leave first */
    __mpi_flush_sends();
    *(void **)buffer_addr = user_base == (char *)1 ? 0 : user_base;
    *size = user_size;
    user_base = 0;
    base = 0;
    avail = 0;
    return MPI_SUCCESS;
}

/* A segment of `need` bytes (header and data) at the first gap that holds them. It takes `need` rounded up
 * to 8 bytes, so that the next segment's header is aligned, or the whole gap when that is less: a message
 * then fits in MPI_Pack_size + MPI_BSEND_OVERHEAD bytes, as MPI promises (section 3.6.1). */
static struct __mpi_bseg *take(int need)
{
    struct __mpi_bseg *s, **pp = &segs, *n;
    char *at = base;
    int room;
    for (;;) {
        s = *pp;
        room = (int)((s ? (char *)s : base + avail) - at);
        if (room >= need)
            break;
        if (!s)
            return 0;
        at = (char *)s + s->size;
        pp = &s->next;
    }
    n = (struct __mpi_bseg *)at;
    n->size = ((need + 7) & ~7) < room ? ((need + 7) & ~7) : room;
    n->next = s;
    n->req = 0;
    *pp = n;
    return n;
}

/* Packs the message of r into a segment and starts its send; r itself is complete. */
int __mpi_bsend_start(struct __mpi_request *r)
{
    struct __mpi_request *inner;
    struct __mpi_bseg *s;
    int bytes = r->count * r->tp->size;
    int need = MPI_BSEND_OVERHEAD + bytes;
    int err;
    __mpi_progress();               /* give back the segments of sends that have left */
    s = base ? take(need) : 0;
    if (!s)
        return MPI_ERR_BUFFER;
    inner = __mpi_new_request();
    if (!inner) {
        __mpi_bsend_release_seg(s);
        return MPI_ERR_NO_MEM;
    }
    __mpi_pack((const char *)r->buf, r->count, r->tp, (char *)(s + 1));
    inner->kind = REQ_SEND;
    inner->mode = MODE_STANDARD;
    inner->q = r->q;
    inner->comm = r->comm;
    inner->peer = r->peer;
    inner->tag = r->tag;
    inner->buf = s + 1;
    inner->count = bytes;
    inner->type = MPI_PACKED;
    inner->tp = __mpi_type_get(MPI_PACKED);
    inner->bseg = s;
    s->req = inner;
    err = __mpi_start(inner);
    if (err != MPI_SUCCESS) {
        __mpi_bsend_release(inner);
        __mpi_free_request(inner);
        return err;
    }
    /* what MPI_Cancel of r needs (p2p.c, "Cancelling"): an eager message's receiver and sequence number, or
     * the inner request and its segment's serial number */
    r->node = inner->node;
    r->proto = inner->proto;
    r->data = 0;
    if (inner->state == ST_DONE) {  /* an eager message: already gone */
        r->lastword = inner->lastword;
        __mpi_bsend_release(inner);
        __mpi_free_request(inner);
    } else {
        s->serial = ++serials;
        r->lastword = s->serial;
        r->data = (char *)inner;
        __mpi_background_add(inner);
    }
    r->bytes = bytes;
    r->state = ST_DONE;
    return MPI_SUCCESS;
}

void __mpi_bsend_release_seg(struct __mpi_bseg *s)
{
    struct __mpi_bseg **pp;
    for (pp = &segs; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            return;
        }
}

void __mpi_bsend_release(struct __mpi_request *r)
{
    if (r->bseg) {
        __mpi_bsend_release_seg(r->bseg);
        r->bseg = 0;
    }
}
