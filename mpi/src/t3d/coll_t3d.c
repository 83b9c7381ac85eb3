/* Collectives and communicator contexts on the Cray T3D, the EPCC design (docs/mpi-t3d.md, "Collectives";
 * seed 001 section 3.3): the family table of the T3D libmpi.
 *
 * The collectives do not use the point-to-point envelope queue: every process has, per communicator, a
 * record for every other rank with two protocol slots, up and down, that only that rank writes (so no lock),
 * and a collective loops on the slot it expects. A slot message is one packet of four words from registers
 * (__t3d_put4): the message's number, then two words of protocol. Numbers replace the seed's reset: the
 * writer counts the messages it has put into a slot, the reader the ones it has consumed, and a message has
 * come when the slot's number reaches the reader's count. A later message may overwrite an earlier one not
 * yet read; that loses nothing, because only buffer descriptions carry words that matter and the writer of
 * a description always waits for the transfer it asked for before it writes into that process's slots
 * again. Data moves as the seed says: the receiver sends the sender a buffer description (address and
 * length: the user's buffer when it is one word-aligned run of whole words, else a landing buffer), the
 * sender puts the data there and then a completion message (puts of one pair land in order, docs/t3d.md),
 * and the receiver invalidates the landed lines and unpacks.
 *
 * Barrier: the hardware barrier when the communicator spans the partition, else the unbalanced tree of the
 * seed's Figure 3. Broadcast: the same tree from any root. Reduce: a binary tree rooted at rank 0 that
 * combines each process's buffer with its two children's in rank order, the result forwarded to the root.
 * Allreduce: reduce and broadcast. Gather(v), scatter(v): straight between the root and the others over
 * the slots. Alltoall(v): the naive exchange, step i to rank + i. Allgather(v), reduce-scatter and the scans
 * are coll_thesis.c's algorithms over point to point. Communicators are made by comm.c's split with contexts
 * from a counter on one PE and an area of records exchanged by the split (__coll_area_*). */
#include <stdlib.h>
#include <string.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"

void __t3d_put4(void *remote, int pe, int w0, int w1, int w2, int w3);

/* A record: words 0..3 the up slot, 4..7 the down slot (one 32-byte cache line, written by the peer);
 * 8, 9 the messages consumed from them, 10, 11 the messages put into the peer's. */
#define REC 16
#define UP 0
#define DOWN 4
#define WORLD_MAX 1024                  /* MPI_COMM_WORLD's records are static (symmetric) up to this size */

static volatile int *rec(struct __mpi_comm *c, int j)
{
    return (volatile int *)c->slots.rec + REC * j;
}

/* Writes a message (a, b) into slot `slot` of this rank's record at rank j. */
static void sig(struct __mpi_comm *c, int j, int slot, int a, int b)
{
    volatile int *r = rec(c, j);
    int n = ++r[10 + slot / 4];
    __t3d_put4((void *)(c->slots.peer[j] + 4 * slot), c->nodes[j], n, a, b, 0);
}

/* Waits for the next message of rank j in slot `slot`; returns the slot (words 1 and 2 are the message).
 * While it waits the process serves point to point, so that a sender blocked on its queue gets on. */
static volatile int *await(struct __mpi_comm *c, int j, int slot)
{
    volatile int *r = rec(c, j), *s = r + slot;
    int want = ++r[8 + slot / 4];
    for (;;) {
        t3d_cache_invalidate((const void *)s, 16);
        if (s[0] - want >= 0)
            return s;
        __mpi_progress();
    }
}

/* ---- Transfers: the receiver's buffer description, the sender's put ------------------------------------- */

struct land {                           /* a receive buffer */
    char *at;                           /* where the data lands */
    char *tmp;                          /* a landing buffer to unpack, or 0 */
    void *buf;
    int count, cap;
    struct __mpi_type *tp;
};

static void land_open(struct land *l, void *buf, int count, MPI_Datatype type)
{
    l->tp = __mpi_type_get(type);
    l->buf = buf;
    l->count = count;
    l->cap = count * l->tp->size;
    l->tmp = 0;
    l->at = __mpi_type_contig(l->tp, buf, count);
    if (!l->at || ((unsigned)l->at & 3) || (l->cap & 3))
        l->at = l->tmp = (char *)__mpi_xmalloc(l->cap + 4, "a collective");
}

/* Sends the description of l to rank j in `slot`. */
static void describe(struct __mpi_comm *c, int j, int slot, const struct land *l)
{
    sig(c, j, slot, (int)l->at, l->cap);
}

/* The data has landed (its completion message has come). */
static void land_close(struct land *l)
{
    t3d_cache_invalidate(l->at, l->cap);
    if (l->tmp) {
        __mpi_unpack(l->tmp, l->cap, (char *)l->buf, l->count, l->tp);
        free(l->tmp);
    }
}

struct src {                            /* a send buffer: one word-aligned run */
    const char *data;
    char *tmp;
    int bytes;
};

static void src_open(struct src *s, const void *buf, int count, MPI_Datatype type)
{
    struct __mpi_type *tp = __mpi_type_get(type);
    s->bytes = count * tp->size;
    s->tmp = 0;
    s->data = __mpi_type_contig(tp, (void *)buf, count);
    if (!s->data || ((unsigned)s->data & 3)) {
        s->tmp = (char *)__mpi_xmalloc(s->bytes + 4, "a collective");
        __mpi_pack((const char *)buf, count, tp, s->tmp);
        s->data = s->tmp;
    }
}

/* Puts s into the buffer rank j described (d), then the completion into `slot`. */
static void deliver(struct __mpi_comm *c, int j, const struct src *s, volatile int *d, int slot)
{
    int at = d[1], n = s->bytes < d[2] ? s->bytes : d[2];
    if (n > 0)
        t3d_put((void *)at, s->data, (n + 3) >> 2, c->nodes[j]);
    sig(c, j, slot, n, 0);
}

/* The puts have read their words: the buffer may change. */
static void src_close(struct src *s)
{
    t3d_quiet();
    free(s->tmp);
    s->tmp = 0;
}

/* ---- Barrier and broadcast: the unbalanced tree ------------------------------------------------------------ */

/* The unbalanced tree (seed 001, Figure 3): the upper half of m processes sends to the lower half, h
 * apart, and the lower part goes on alone, until one is left. ms[], hs[] get the (m, h) pairs, top first. */
static int tree_steps(int p, int *ms, int *hs)
{
    int n = 0, m = p;
    while (m > 1) {
        int h = (m + 1) / 2;
        ms[n] = m;
        hs[n++] = h;
        m = h;
    }
    return n;
}

static int tree_barrier(struct __mpi_comm *c)
{
    int ms[32], hs[32], n = tree_steps(c->size, ms, hs), i, r = c->rank;
    for (i = 0; i < n; i++) {                   /* up: everybody has arrived at rank 0 */
        if (r >= hs[i] && r < ms[i]) {
            sig(c, r - hs[i], UP, 0, 0);
            break;
        }
        if (r + hs[i] < ms[i])
            await(c, r + hs[i], UP);
    }
    for (i = n - 1; i >= 0; i--) {              /* down: the release, in the reverse order */
        if (r >= hs[i] && r < ms[i])
            await(c, r - hs[i], DOWN);
        else if (r + hs[i] < ms[i])
            sig(c, r + hs[i], DOWN, 0, 0);
    }
    return MPI_SUCCESS;
}

static int family_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    int dummy = 0;
    if (c->size == t3d_n_pes() && !c->inter) {
        /* every envelope sent before is in its receiver's queue (posts wait for their landing) */
        t3d_barrier();
        return MPI_SUCCESS;
    }
    if (c->size == 1)
        return MPI_SUCCESS;
    if (!c->slots.rec)                          /* no records (a world beyond WORLD_MAX): point to point */
        return __thesis_allreduce(&dummy, &dummy, 1, MPI_INT, MPI_SUM, comm, c);
    return tree_barrier(c);
}

/* The seed's four steps: describe the buffer to the parent and wait for its data (all but the root), then
 * put it into each child's buffer, the nearest first (the number of processes holding the data doubles at
 * each step). */
static int t3d_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int ms[32], hs[32], n, i, p = c->size, v = (c->rank - root + p) % p, first = -1;
    struct src s;
    if (p == 1)
        return MPI_SUCCESS;
    if (!c->slots.rec)
        return __thesis_bcast(buf, count, type, root, comm, c);
    n = tree_steps(p, ms, hs);
    for (i = n - 1; i >= 0 && first < 0; i--)
        if (v >= hs[i] && v < ms[i])
            first = i;
    if (first >= 0) {
        struct land l;
        int parent = (v - hs[first] + root) % p;
        land_open(&l, buf, count, type);
        describe(c, parent, UP, &l);
        await(c, parent, DOWN);
        land_close(&l);
    } else {
        first = n;
    }
    if (first == 0)
        return MPI_SUCCESS;
    src_open(&s, buf, count, type);
    for (i = first - 1; i >= 0; i--)
        if (v + hs[i] < ms[i]) {
            int child = (v + hs[i] + root) % p;
            deliver(c, child, &s, await(c, child, UP), DOWN);
        }
    src_close(&s);
    return MPI_SUCCESS;
}

/* ---- Reduce: the binary tree ---------------------------------------------------------------------------- */

/* The binary tree over ranks [0, p): the process lo of a range [lo, hi) has the ranges [lo+1, mid) and
 * [mid, hi) below it, each rooted at its first rank, so a subtree holds consecutive ranks and combining a
 * process's buffer with its left child's and then its right child's keeps MPI's rank order. Finds rank
 * r's parent (-1 for rank 0) and children (-1 when absent). */
static void reduce_tree(int p, int r, int *parent, int *left, int *right)
{
    int lo = 0, hi = p, up = -1;
    for (;;) {
        int mid = lo + 1 + (hi - lo) / 2;
        if (mid > hi)
            mid = hi;
        if (r == lo) {
            *parent = up;
            *left = lo + 1 < mid ? lo + 1 : -1;
            *right = mid < hi ? mid : -1;
            return;
        }
        up = lo;
        if (r < mid) {
            lo = lo + 1;
            hi = mid;
        } else {
            lo = mid;
        }
    }
}

static int t3d_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                      MPI_Comm comm, struct __mpi_comm *c)
{
    int bytes = count * __coll_extent(type), room = (bytes + 15) & ~7, kids[2], parent, i, err = MPI_SUCCESS;
    char *acc, *in[2];
    if (!c->slots.rec)
        return __thesis_reduce(sendbuf, recvbuf, count, type, op, root, comm, c);
    reduce_tree(c->size, c->rank, &parent, &kids[0], &kids[1]);
    acc = (char *)malloc(3 * room);
    if (!acc)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < 2; i++) {                   /* the children's buffers, described at once */
        in[i] = acc + (i + 1) * room;
        if (kids[i] >= 0)
            sig(c, kids[i], DOWN, (int)in[i], bytes);
    }
    memcpy(acc, sendbuf, bytes);
    for (i = 0; i < 2; i++)
        if (kids[i] >= 0) {
            await(c, kids[i], UP);
            t3d_cache_invalidate(in[i], bytes);
            if (err == MPI_SUCCESS)
                err = __mpi_op_combine(op, type, acc, in[i], acc, count);
        }
    if (parent >= 0) {
        volatile int *d = await(c, parent, DOWN);
        if (bytes > 0)
            t3d_put((void *)d[1], acc, (bytes + 3) >> 2, c->nodes[parent]);
        sig(c, parent, UP, bytes, 0);
        t3d_quiet();
    }
    if (root != 0) {                            /* rank 0 forwards the result */
        if (c->rank == root) {
            sig(c, 0, DOWN, (int)acc, bytes);
            await(c, 0, UP);
            t3d_cache_invalidate(acc, bytes);
        } else if (c->rank == 0) {
            volatile int *d = await(c, root, DOWN);
            if (bytes > 0)
                t3d_put((void *)d[1], acc, (bytes + 3) >> 2, c->nodes[root]);
            sig(c, root, UP, bytes, 0);
            t3d_quiet();
        }
    }
    if (c->rank == root)
        memcpy(recvbuf, acc, bytes);
    free(acc);
    return err;
}

static int t3d_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                         MPI_Comm comm, struct __mpi_comm *c)
{
    int err = t3d_reduce(sendbuf, recvbuf, count, type, op, 0, comm, c);
    if (err != MPI_SUCCESS)
        return err;
    return t3d_bcast(recvbuf, count, type, 0, comm, c);
}

/* ---- Gather, scatter, all-to-all: straight between the pairs ------------------------------------------------ */

static int t3d_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                       const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int i, p = c->size, ext;
    struct land *l;
    if (!c->slots.rec)
        return __thesis_gatherv(sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, c);
    if (c->rank != root) {
        struct src s;
        src_open(&s, sbuf, scount, stype);
        deliver(c, root, &s, await(c, root, DOWN), UP);
        src_close(&s);
        return MPI_SUCCESS;
    }
    ext = __coll_extent(rtype);
    l = (struct land *)malloc(p * sizeof *l);
    if (!l)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < p; i++)
        if (i != root) {
            land_open(&l[i], (char *)rbuf + displs[i] * ext, rcounts[i], rtype);
            describe(c, i, DOWN, &l[i]);
        }
    __coll_copy((char *)rbuf + displs[root] * ext, rtype, rcounts[root], sbuf, stype, scount);
    for (i = 0; i < p; i++)
        if (i != root) {
            await(c, i, UP);
            land_close(&l[i]);
        }
    free(l);
    return MPI_SUCCESS;
}

static int t3d_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype,
                        void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int i, p = c->size, ext;
    if (!c->slots.rec)
        return __thesis_scatterv(sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, c);
    if (c->rank != root) {
        struct land l;
        land_open(&l, rbuf, rcount, rtype);
        describe(c, root, UP, &l);
        await(c, root, DOWN);
        land_close(&l);
        return MPI_SUCCESS;
    }
    ext = __coll_extent(stype);
    __coll_copy(rbuf, rtype, rcount, (const char *)sbuf + displs[root] * ext, stype, scounts[root]);
    for (i = 1; i < p; i++) {                   /* root + 1 first, round the ranks */
        int j = (root + i) % p;
        struct src s;
        src_open(&s, (const char *)sbuf + displs[j] * ext, scounts[j], stype);
        deliver(c, j, &s, await(c, j, UP), DOWN);
        if (s.tmp)
            src_close(&s);
    }
    t3d_quiet();
    return MPI_SUCCESS;
}

/* The naive all-to-all the seed found fastest: every process describes all its receive blocks, then at
 * step i puts its block for rank + i, so that no two processes put to the same one at a time. */
static int t3d_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype,
                         void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                         struct __mpi_comm *c)
{
    int i, p = c->size, r = c->rank, sx = __coll_extent(stype), rx = __coll_extent(rtype);
    struct land *l;
    if (!c->slots.rec)
        return __thesis_alltoallv(sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm, c);
    l = (struct land *)malloc(p * sizeof *l);
    if (!l)
        return MPI_ERR_NO_MEM;
    for (i = 1; i < p; i++) {
        int j = (r - i + p) % p;
        land_open(&l[j], (char *)rbuf + rdispls[j] * rx, rcounts[j], rtype);
        describe(c, j, UP, &l[j]);
    }
    __coll_copy((char *)rbuf + rdispls[r] * rx, rtype, rcounts[r], (const char *)sbuf + sdispls[r] * sx, stype,
                scounts[r]);
    for (i = 1; i < p; i++) {
        int j = (r + i) % p;
        struct src s;
        src_open(&s, (const char *)sbuf + sdispls[j] * sx, scounts[j], stype);
        deliver(c, j, &s, await(c, j, UP), DOWN);
        if (s.tmp)
            src_close(&s);
    }
    for (i = 1; i < p; i++) {
        int j = (r - i + p) % p;
        await(c, j, DOWN);
        land_close(&l[j]);
    }
    t3d_quiet();
    free(l);
    return MPI_SUCCESS;
}

/* ---- Contexts ------------------------------------------------------------------------------------------ */

/* The next free context, on the last PE of MPI_COMM_WORLD; -1 while a process takes some. Contexts are not
 * reused on the T3D: a run makes far fewer than the 8192 an envelope can name. */
static volatile int next_context = 2;

static int allocator_pe(void)
{
    struct __mpi_comm *w = __mpi_comm(MPI_COMM_WORLD);
    return w->nodes[w->size - 1];
}

void __mpi_get_contexts(int k, int members, int *out)
{
    int pe = allocator_pe(), h, i;
    (void)members;
    while ((h = (int)t3d_swap((void *)&next_context, -1, pe)) < 0)
        ;
    t3d_swap((void *)&next_context, h + k, pe);
    for (i = 0; i < k; i++)
        out[i] = h + i;
}

void __mpi_set_context_refs(int k, const int *ctxs, const int *refs)
{
    (void)k;
    (void)ctxs;
    (void)refs;
}

/* ---- The records' areas ------------------------------------------------------------------------------------ */

/* MPI_COMM_WORLD's records: static, so at one address on every PE. */
static int world_area[WORLD_MAX * REC + 8];

/* An area of `size` zeroed records, its slots on 32-byte lines; the word before it is the block to free. */
struct __coll_rec *__coll_area_alloc(int size)
{
    char *raw = (char *)__mpi_xmalloc(size * REC * 4 + 36, "a communicator");
    int *area = (int *)(((unsigned)raw + 4 + 31) & ~31u);
    memset(area, 0, size * REC * 4);
    area[-1] = (int)raw;
    return (struct __coll_rec *)area;
}

/* Communicator c's records are `area` here; bases[j] is rank j's area. */
void __coll_area_set(struct __mpi_comm *c, struct __coll_rec *area, const int *bases)
{
    int j;
    if (!area)
        return;
    c->slots.rec = area;
    c->slots.peer = (int *)__mpi_xmalloc(c->size * sizeof(int), "a communicator");
    for (j = 0; j < c->size; j++)
        c->slots.peer[j] = bases[j] + c->rank * REC * 4;
    c->slots.nodes = c->nodes;
    c->slots.rank = c->rank;
    c->slots.size = c->size;
}

void __coll_area_free(struct __mpi_comm *c)
{
    int *area = (int *)c->slots.rec;
    if (!area)
        return;
    if (c->context != MPI_COMM_WORLD)
        free((void *)area[-1]);
    free(c->slots.peer);
    c->slots.rec = 0;
    c->slots.peer = 0;
}

void __coll_area_world(struct __mpi_comm *w)
{
    int *bases, j, area = ((int)world_area + 31) & ~31;
    if (w->size > WORLD_MAX || w->rank < 0)
        return;
    bases = (int *)__mpi_xmalloc(w->size * sizeof(int), "MPI_Init");
    for (j = 0; j < w->size; j++)
        bases[j] = area;
    __coll_area_set(w, (struct __coll_rec *)area, bases);
    free(bases);
}

const struct __mpi_family __mpi_t3d = {
    "t3d", 0, 0, 0,
    0, 0, 0, 0, 0, 0,
    family_barrier, t3d_bcast, t3d_reduce, t3d_allreduce, t3d_gatherv, t3d_scatterv,
    __thesis_allgatherv, t3d_alltoallv, __thesis_reduce_scatter, __thesis_scan,
    __ours_comm_split, __ours_comm_dup, __ours_comm_create,
    1,
};
