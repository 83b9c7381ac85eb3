/* Point to point on the Cray T3D, the EPCC design (docs/mpi-t3d.md; seed 001 section 3.2): the request
 * engine that pt2pt.c's API calls, over libt3d's put, get, swap and quiet. No handlers run on the T3D: a
 * process makes progress (reads its envelope queue, answers protocol messages) when it calls MPI.
 *
 * Every process has a shared-access envelope queue of MPI_SM_POOL slots of one cache line (8 words). A
 * writer takes the queue's head index with an atomic swap that leaves -1 (locked) behind, puts the slot,
 * waits for the put to land and releases the queue by swapping the next index in. The reader sees the head
 * in the lock word and consumes slots in order, so envelopes from one sender stay in order (MPI's
 * non-overtaking rule); its `consumed` count tells writers how much room is left. */
#include <stdlib.h>
#include <string.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../poll_send.h"
#include "../mpi_layout.h"
#include <stddef.h>

/* ready_t3d.S reads a request's words at mpi_layout.h's offsets */
_Static_assert(offsetof(struct __mpi_request, state) == R_STATE, "mpi_layout.h: R_STATE");
_Static_assert(offsetof(struct __mpi_request, flag) == R_FLAG, "mpi_layout.h: R_FLAG");
_Static_assert(ST_DONE == K_ST_DONE && ST_DATA == K_ST_DATA, "mpi_layout.h: K_ST_DONE, K_ST_DATA");

#define SLOT_WORDS 8                    /* one 32-byte cache line */
#define T_BYTES 24                      /* the user data an envelope carries: 6 words */
#define POOL_MAX 256                    /* the largest MPI_SM_POOL */

/* Envelope kinds (word 0 bits 29..31) */
#define K_T 1                           /* data in the envelope */
#define K_TA 2                          /* data in the envelope, acknowledge on match */
#define K_RTA 3                         /* receiver gets the data, then acknowledges */
#define K_RAT 4                         /* receiver returns its target address; sender puts, then reverse ack */

static volatile int q_lock;             /* the head index, or -1 while a writer holds the queue */
static volatile int q_consumed;         /* slots this process has consumed */
static volatile int q_slots[POOL_MAX * SLOT_WORDS];
static int q_tail;                      /* = q_consumed, kept in a register-friendly copy */
static int pool = 64;                   /* MPI_SM_POOL */
int __mpi_t3d_buffer_max = 1 << 20;     /* MPI_BUFFER_MAX: longer standard sends go synchronous */
int __mpi_t3d_buffer_total = 4 << 20;   /* MPI_BUFFER_TOTAL: bytes of copies standard sends may hold */
int __mpi_t3d_rat_min = 512;            /* MPI_RAT_MIN: longer in-place transfers are RAT, shorter RTA */
static int buffered;                    /* bytes of copies held now */
static int *room_seen;                  /* per PE: the consumed count last read from it */

const struct __mpi_family *__mpi_family;
int __mpi_eager_limit;                  /* SCMP's eager limit (init.c reads SCMP_MPI_EAGER): unused here */
struct __mpi_request *__mpi_active;
struct __mpi_request *__mpi_background;
struct __mpi_env *__mpi_limbo;
struct __mpi_env *__mpi_early;
volatile int __mpi_arrivals;
int __mpi_in_handler;
struct __mpi_out *__mpi_outbox;
static struct __mpi_request *rat_sends;   /* synchronous sends waiting for the receiver's address */

/* A send's copy: the acknowledgement word the receiver writes, then the bytes. */
struct copy {
    volatile int ack;
    int bytes;
    struct copy *next;
    int pad;
};
static struct copy *copies;

/* What other PEs write into this one's memory reaches the memory alone, not the data cache (docs/t3d.md, "Data
 * cache"): every word here that another PE writes (the queue's head in q_lock, a request's acknowledgement in
 * `state`, RAT's address words and flag, a copy's `ack`) is read only after its line has been invalidated, or a
 * PE with the cache on could spin on a stale value for good. The slots are invalidated before they are read, the
 * data a RAT put landed before it is used. The model's PEs have the cache only with --param dataCache=true:
 * MPI_Init finds out (__mpi_t3d_dcache), and without it these invalidations are skipped, at the cost of a test. */
int __mpi_t3d_dcache;
/* Two words 4128 bytes apart, on different lines of the 8 KB direct-mapped cache (__mpi_p2p_setup). */
#define PROBE_FAR 1032
static volatile int probe[PROBE_FAR + 1];
#define FRESH(p, bytes)                                                                                         \
    do {                                                                                                        \
        if (__mpi_t3d_dcache)                                                                                   \
            t3d_cache_invalidate((const void *)(p), (bytes));                                                   \
    } while (0)
/* A request's words a peer writes: `state` (TA and RTA acknowledgements) through RAT's lastword .. flag. */
#define REQ_FRESH(r) FRESH(&(r)->state, (int)((char *)&(r)->flag - (char *)&(r)->state) + 4)

static int env_int(const char *name, int dflt, int lo, int hi)
{
    const char *s = getenv(name);
    int v = s ? atoi(s) : dflt;
    return v < lo ? lo : v > hi ? hi : v;
}

void __mpi_p2p_setup(void)
{
    int n = t3d_n_pes(), i;
    pool = env_int("MPI_SM_POOL", 64, 2, POOL_MAX);
    __mpi_t3d_buffer_max = env_int("MPI_BUFFER_MAX", 1 << 20, 0, 1 << 30);
    __mpi_t3d_buffer_total = env_int("MPI_BUFFER_TOTAL", 4 << 20, 0, 1 << 30);
    __mpi_t3d_rat_min = env_int("MPI_RAT_MIN", 512, 0, 1 << 30);
    room_seen = (int *)__mpi_xmalloc(n * sizeof(int), "MPI_Init");
    for (i = 0; i < n; i++)
        room_seen[i] = 0;
    /* A word just loaded and then changed by a put of this PE's own still reads as before only through a data
     * cache: then the words other PEs write are invalidated before they are read (FRESH). Two words on different
     * lines, and one stale is proof: a line evicted between the load and the look (by whatever the put, the quiet
     * or this frame touch: at -O0 the stack) reads the new value, and with one word a cache could go unseen. */
    probe[0] = 0;
    probe[PROBE_FAR] = 0;
    i = probe[0] + probe[PROBE_FAR];
    t3d_put_word((void *)&probe[0], 1, t3d_my_pe());
    t3d_put_word((void *)&probe[PROBE_FAR], 1, t3d_my_pe());
    t3d_quiet();
    __mpi_t3d_dcache = probe[0] == i || probe[PROBE_FAR] == i;
    t3d_cache_invalidate((const void *)&probe[0], 4);
    t3d_cache_invalidate((const void *)&probe[PROBE_FAR], 4);
    /* every queue must be usable before anyone writes into it: q_lock starts at 0 in the image */
}

void __mpi_drain_outbox(void)
{
}

static int matches(int want_src, int want_tag, int src, int tag)
{
    return (want_src == src || want_src == MPI_ANY_SOURCE) && (want_tag == tag || want_tag == MPI_ANY_TAG);
}

/* ---- The envelope queue --------------------------------------------------------------------------------- */

/* Puts one envelope (SLOT_WORDS words at w) into PE pe's queue. While that queue is full, this process
 * keeps taking in its own envelopes, so two processes flooding each other cannot deadlock. */
static void post(int pe, const int *w)
{
    for (;;) {
        int h = (int)t3d_swap((void *)&q_lock, -1, pe);
        if (h < 0) {
            __mpi_progress();
            continue;
        }
        if (h - room_seen[pe] >= pool) {
            int seen;
            t3d_get(&seen, (const void *)&q_consumed, 1, pe);
            room_seen[pe] = seen;
        }
        if (h - room_seen[pe] < pool) {
            t3d_put((void *)&q_slots[(h % pool) * SLOT_WORDS], w, SLOT_WORDS, pe);
            t3d_quiet();
            t3d_swap((void *)&q_lock, h + 1, pe);
            return;
        }
        t3d_swap((void *)&q_lock, h, pe);     /* full: release, take in our own, try again */
        __mpi_progress();
    }
}

static void arrived(struct __mpi_env *e);

/* Takes in every envelope written into this process's queue so far. */
void __mpi_take_in(void)
{
    int h;
    FRESH(&q_lock, 4);
    h = q_lock;
    if (h < 0 || h == q_tail)
        return;
    while (q_tail != h) {
        volatile int *s = &q_slots[(q_tail % pool) * SLOT_WORDS];
        unsigned w0;
        struct __mpi_env *e;
        int bytes;
        t3d_cache_invalidate((const void *)s, SLOT_WORDS * 4);
        w0 = (unsigned)s[0];
        bytes = (w0 >> 29) <= K_TA ? (int)((w0 >> 24) & 31) : s[2];
        e = (struct __mpi_env *)__mpi_xmalloc(sizeof *e + T_BYTES, "the envelope queue");
        e->next = 0;
        e->kind = (int)(w0 >> 29);
        e->src_node = (int)((w0 >> 14) & 1023);
        e->context = (int)(w0 & 0x3fff);
        e->tag = s[1];
        e->bytes = bytes;
        e->payload = (char *)(e + 1);
        if (e->kind <= K_TA) {
            memcpy(e->payload, (const void *)(s + 2), T_BYTES);
            e->sreq = s[7];         /* TA: the sender's request (word 7 is free: TA carries <= 20 bytes) */
        } else {
            e->sreq = s[3];
            e->lastword = s[4];     /* RTA: the address of the data on the sender */
        }
        q_tail++;
        q_consumed = q_tail;
        arrived(e);
    }
}

/* ---- Matching -------------------------------------------------------------------------------------------- */

/* Acknowledges a TA or RTA send: its request (or copy) word on the sender becomes ST_DONE. */
static void ack(struct __mpi_env *e)
{
    t3d_put_word((void *)e->sreq, ST_DONE, e->src_node);
    t3d_quiet();
}

/* Where a message of `bytes` bytes lands for r: the user buffer when it is one word-aligned run of whole
 * words, else a landing buffer unpacked on completion. */
static char *landing(struct __mpi_request *r, int bytes)
{
    char *d = __mpi_type_contig(r->tp, r->buf, r->count);
    if (d && ((unsigned)d & 3) == 0 && (bytes & 3) == 0)
        return d;
    r->tmp = (char *)__mpi_xmalloc(bytes + 4, "a receive");
    return r->tmp;
}

static void finish(struct __mpi_request *r, char *at, int bytes)
{
    if (bytes > r->bytes) {
        r->error = MPI_ERR_TRUNCATE;
        bytes = r->bytes;
    }
    if (at == r->tmp)
        __mpi_unpack(at, bytes, (char *)r->buf, r->count, r->tp);
    if (r->tmp) {
        free(r->tmp);
        r->tmp = 0;
    }
    r->state = ST_DONE;
}

/* A receive r has matched envelope e (rank src): runs the receiver's side of e's protocol. */
static void match(struct __mpi_request *r, struct __mpi_env *e, int src)
{
    int bytes = e->bytes;
    r->source = src;
    r->rtag = e->tag;
    r->msgbytes = bytes;
    if (e->kind <= K_TA) {
        __mpi_unpack(e->payload, bytes < r->bytes ? bytes : r->bytes, (char *)r->buf, r->count, r->tp);
        if (bytes > r->bytes)
            r->error = MPI_ERR_TRUNCATE;
        if (e->kind == K_TA)
            ack(e);
        r->state = ST_DONE;
    } else if (e->kind == K_RTA) {
        int n = bytes < r->bytes ? bytes : r->bytes;
        char *at = landing(r, n);
        if (n > 0)
            t3d_get(at, (const void *)e->lastword, (n + 3) >> 2, e->src_node);
        ack(e);
        finish(r, at, bytes);
    } else {                        /* RAT: tell the sender where to put, wait for its reverse ack */
        int n = bytes < r->bytes ? bytes : r->bytes, w[4];
        char *at = landing(r, n);
        w[0] = (int)at;
        w[1] = (int)r;
        w[2] = n;
        w[3] = 1;
        r->flag = 0;
        r->lastp = (volatile int *)at;
        r->state = ST_DATA;
        t3d_put((void *)&((struct __mpi_request *)e->sreq)->lastword, w, 4, e->src_node);
        t3d_quiet();
    }
    free(e);
}

static struct __mpi_comm *comm_of(int context, int *q)
{
    struct __mpi_comm *c = __mpi_comm(context >> 1);
    *q = context & 1;
    return c && c->context == (context >> 1) ? c : 0;
}

static void arrived(struct __mpi_env *e)
{
    int q, src;
    struct __mpi_comm *c = comm_of(e->context, &q);
    struct __mpi_request **pp, *r;
    struct __mpi_env **ep;
    if (!c) {                       /* a communicator this process has not made yet */
        for (ep = &__mpi_limbo; *ep; ep = &(*ep)->next)
            ;
        *ep = e;
        return;
    }
    src = __mpi_rank_of_node(c, e->src_node);
    for (pp = &c->recvs[q]; (r = *pp) != 0; pp = &r->next)
        if (matches(r->peer, r->tag, src, e->tag)) {
            *pp = r->next;
            match(r, e, src);
            return;
        }
    for (ep = &c->sends[q]; *ep; ep = &(*ep)->next)
        ;
    *ep = e;
    __mpi_arrivals++;
}

void __mpi_comm_ready(MPI_Comm comm)
{
    struct __mpi_env *e = __mpi_limbo, *next;
    (void)comm;
    __mpi_limbo = 0;
    for (; e; e = next) {
        next = e->next;
        e->next = 0;
        arrived(e);
    }
}

/* ---- Sending --------------------------------------------------------------------------------------------- */

static int room(int bytes);         /* below: whether a copy fits once the delivered ones are given back */

int __mpi_start_send(struct __mpi_request *r)
{
    struct __mpi_comm *c = __mpi_comm(r->comm);
    int bytes = r->count * r->tp->size, w[SLOT_WORDS], pe, kind, sync;
    char *data;
    SEND_OPEN(r, bytes);           /* ../poll_send.h: PROC_NULL and a buffered send's outer request end here */
    pe = c->nodes[r->peer];
    memset(w, 0, sizeof w);
    w[1] = r->tag;
    if (bytes <= T_BYTES - (r->mode == MODE_SYNC ? 4 : 0)) {
        kind = r->mode == MODE_SYNC ? K_TA : K_T;
        __mpi_pack((const char *)r->buf, r->count, r->tp, (char *)(w + 2));
        w[0] = kind << 29 | bytes << 24 | __mpi_self_node << 14 | (2 * r->comm + r->q);
        if (kind == K_TA) {
            r->state = ST_POSTED;
            w[7] = (int)&r->state;
        }
        post(pe, w);
        if (kind == K_T)
            r->state = ST_DONE;
        return MPI_SUCCESS;
    }
    /* Synchronous mode, and standard sends above MPI_BUFFER_MAX, transfer in place: RTA up to
     * MPI_RAT_MIN bytes (the get costs less than RAT's extra protocol message), RAT above (the put's
     * bandwidth is twice the get's): the seed's second threshold, at 512 bytes. */
    sync = !r->bseg && (r->mode == MODE_SYNC || bytes > __mpi_t3d_buffer_max);
    w[0] = (sync && bytes > __mpi_t3d_rat_min ? K_RAT : K_RTA) << 29 | __mpi_self_node << 14 | (2 * r->comm + r->q);
    w[2] = bytes;
    w[3] = (int)&r->state;
    if ((unsigned)w[0] >> 29 == K_RAT) {
        r->flag = 0;
        r->state = ST_POSTED;
        r->bnext = rat_sends;       /* progress watches for the receiver's address */
        rat_sends = r;
        w[3] = (int)r;              /* the receiver answers into r's lastword .. flag */
        post(pe, w);
        return MPI_SUCCESS;
    }
    data = __mpi_type_contig(r->tp, r->buf, r->count);
    if (r->bseg) {                  /* already a copy (buffered mode): advertise it, complete on the ack */
        r->state = ST_POSTED;
        w[4] = (int)r->buf;
    } else if (sync) {
        goto advertise;
    } else if (buffered + bytes <= __mpi_t3d_buffer_total) {
        struct copy *k;
    copy:                           /* (from below, when giving back the delivered copies made room) */
        k = (struct copy *)malloc(sizeof *k + bytes + 4);
        if (!k)
            goto advertise;
        k->ack = 0;
        k->bytes = bytes;
        k->next = copies;
        copies = k;
        buffered += bytes;
        __mpi_pack((const char *)r->buf, r->count, r->tp, (char *)(k + 1));
        w[3] = (int)&k->ack;
        w[4] = (int)(k + 1);
        r->state = ST_DONE;
    } else if (room(bytes)) {
        goto copy;
    } else {
    advertise:                      /* synchronous, or no room for a copy: advertise the message itself, block */
        if (!data || ((unsigned)data & 3)) {
            r->tmp = (char *)__mpi_xmalloc(bytes + 4, "MPI_Send");
            __mpi_pack((const char *)r->buf, r->count, r->tp, r->tmp);
            data = r->tmp;
        }
        r->state = ST_POSTED;
        w[4] = (int)data;
    }
    post(pe, w);
    return MPI_SUCCESS;
}

/* RAT sends whose receiver has returned its address: put the data, then the reverse acknowledgement. */
static void serve_rat(void)
{
    struct __mpi_request **pp = &rat_sends, *r;
    while ((r = *pp) != 0) {
        FRESH(&r->lastword, 16);     /* the receiver's lastword, tailword, nwords, flag */
        if (!r->flag) {
            pp = &r->bnext;
            continue;
        }
        *pp = r->bnext;
        {
            struct __mpi_comm *c = __mpi_comm(r->comm);
            int pe = c->nodes[r->peer], n = r->nwords;
            char *data = __mpi_type_contig(r->tp, r->buf, r->count);
            char *tmp = 0;
            if (n > 0) {
                if (!data || ((unsigned)data & 3) || (n & 3)) {
                    tmp = (char *)__mpi_xmalloc(r->bytes + 4, "MPI_Ssend");
                    __mpi_pack((const char *)r->buf, r->count, r->tp, tmp);
                    data = tmp;
                }
                t3d_put((void *)r->lastword, data, (n + 3) >> 2, pe);
            }
            t3d_put_word((void *)&((struct __mpi_request *)r->tailword)->flag, 1, pe);
            t3d_quiet();
            free(tmp);
            r->state = ST_DONE;
        }
    }
}

/* ---- Receiving ------------------------------------------------------------------------------------------- */

/* The receive start (../poll_recv.h). */
#define RECV_START __mpi_start_recv
#define RECV_TAKE_IN() __mpi_take_in()
#define RECV_TAKE(r, e, src) match(r, e, src)
#include "../poll_recv.h"

/* ---- Progress and completion ----------------------------------------------------------------------------- */

void __mpi_progress(void)
{
    struct copy **kp = &copies, *k;
    struct __mpi_request **pp = &__mpi_background, *b;
    __mpi_take_in();
    if (rat_sends)
        serve_rat();
    while ((k = *kp) != 0) {        /* copies whose receiver has got them */
        FRESH(&k->ack, 4);
        if (k->ack) {
            *kp = k->next;
            buffered -= k->bytes;
            free(k);
        } else {
            kp = &k->next;
        }
    }
    while ((b = *pp) != 0) {
        REQ_FRESH(b);
        if (b->state == ST_DONE || (b->state == ST_DATA && b->flag)) {
            *pp = b->bnext;
            __mpi_complete(b);
            if (b->bseg)
                __mpi_bsend_release(b);
            __mpi_free_request(b);
        } else {
            pp = &b->bnext;
        }
    }
}

/* __mpi_ready, whether a request can complete, is ready_t3d.S: a leaf that invalidates the request's words first
 * when there is a data cache. */

void __mpi_complete(struct __mpi_request *r)
{
    if (r->kind == REQ_RECV && r->state == ST_DATA) {
        t3d_cache_invalidate((const void *)r->lastp, r->msgbytes + 4);
        finish(r, (char *)r->lastp, r->msgbytes);
    }
    if (r->kind == REQ_SEND && r->tmp) {
        free(r->tmp);
        r->tmp = 0;
    }
    r->state = ST_DONE;
}

void __mpi_flush_sends(void)
{
    while (__mpi_background || copies || rat_sends)
        __mpi_progress();
}

#include "../poll_entry.h"

/* Whether a copy of `bytes` more fits within MPI_BUFFER_TOTAL once the copies whose receivers have got them are
 * given back (__mpi_progress). A send whose receive was posted before its envelope came, or a receive that found
 * its message already announced, completes without a wait, and so without giving back the copies: without this a
 * program that only exchanged (both sides send, then receive) kept every copy it ever made on the books, and once
 * they passed MPI_BUFFER_TOTAL both sides advertised in place and waited for each other for good. */
static int room(int bytes)
{
    if (!copies)
        return 0;
    __mpi_progress();
    return buffered + bytes <= __mpi_t3d_buffer_total;
}
