/* Our collective algorithms, the default family (MPI_PROTO_OURS; docs/mpi.md, "Our collectives"). Small
 * messages of predefined types move through the slot engine (coll_slot.c): one DATA message per hop,
 * no handshake. Larger ones, and derived datatypes, move through the point-to-point engine on the
 * collective queues. Algorithms, chosen by size and communicator shape:
 *
 * - barrier: dissemination, ceil(log2 p) rounds of one empty slot message;
 * - bcast: binomial tree from the root (slots when small, point to point when large);
 * - reduce: the halving tree of the thesis, in ranks relative to the root (so results are those of the
 *   thesis family, bit for bit), chunk by chunk through slots when small;
 * - allreduce: recursive doubling when p is a power of two (the same combination tree as reduce, so every
 *   rank gets the bits MPI_Reduce gives), else reduce + bcast;
 * - gather, scatter: binomial trees when small, straight to or from the root when large; the v forms
 *   straight (only the root knows the counts);
 * - allgather: recursive doubling when p is a power of two and small, else a ring in rank order;
 * - alltoall: small blocks all sent, then all received, through slots; else pairwise, step i to r + i and
 *   from r - i;
 * - reduce_scatter: reduce + scatterv; scan, exscan: recursive doubling (Hillis-Steele).
 *
 * Every combination is __mpi_op_combine(lower ranks' part, higher ranks' part), so non-commutative
 * operations get rank order; reductions of non-commutative operations use trees rooted at rank 0. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

/* Messages up to this many bytes per hop go through slots. */
#define SLOT_MAX 2048

/* The choice depends only on what both ends of a hop know: the byte count (type signatures match). */
static int use_slots(struct __mpi_comm *c, MPI_Datatype type, int bytes)
{
    (void)type;
    return bytes <= SLOT_MAX && __slot_ready(c);
}

/* The slot reductions combine a chunk of whole items per slot message (at most SLOTW words): an item
 * longer than that (a derived type of a few hundred bytes, as a matrix) goes point to point. */
static int reduce_slots(struct __mpi_comm *c, MPI_Datatype type, int bytes)
{
    return __coll_extent(type) <= 4 * SLOTW && use_slots(c, type, bytes);
}

static int is_pow2(int p)
{
    return (p & (p - 1)) == 0;
}

/* ---- Items of any datatype through slots ----------------------------------------------------------------
 * The two ends of a transfer may describe the same data with different datatypes (a strided vector at the
 * root, contiguous ints elsewhere): only the type signatures match. So every choice is made on the bytes of
 * data (count * size, gaps left out), which both ends know alike, and what travels is the packed form: the
 * items as they lie when they are one run, else packed or unpacked a slot message at a time. */

/* count items of type at buf as one run of their bytes, or 0 */
static const char *run_of(const void *buf, int count, MPI_Datatype type)
{
    if (__coll_contig_basic(type))
        return (const char *)buf;
    return __mpi_type_contig(__mpi_type_get(type), (void *)buf, count);
}

static void slot_send_items(struct __mpi_comm *c, int dst, const void *buf, int count, MPI_Datatype type)
{
    int bytes = count * __coll_data_size(type), tmp[SLOTW];
    const char *run = run_of(buf, count, type);
    struct __mpi_cursor k;
    if (run) {
        __slot_send(c, dst, run, bytes);
        return;
    }
    __mpi_cursor_init(&k, buf, count, __mpi_type_get(type));
    do {                                /* the pieces of __slot_send: one slot message each */
        int b = bytes < 4 * SLOTW ? bytes : 4 * SLOTW;
        __mpi_cursor_pack(&k, tmp, b);
        SLOT_PUT(c, dst, tmp, (b + 3) >> 2);
        bytes -= b;
    } while (bytes > 0);
}

static void slot_recv_items(struct __mpi_comm *c, int src, void *buf, int count, MPI_Datatype type)
{
    int bytes = count * __coll_data_size(type), tmp[SLOTW];
    const char *run = run_of(buf, count, type);
    struct __mpi_cursor k;
    if (run) {
        __slot_recv(c, src, (void *)run, bytes);
        return;
    }
    __mpi_cursor_init(&k, buf, count, __mpi_type_get(type));
    do {
        int b = bytes < 4 * SLOTW ? bytes : 4 * SLOTW, w = (b + 3) >> 2;
        volatile int *in = SLOT_GET(c, src, w);
        __copy_words(tmp, in, w);
        SLOT_ACK(c, src);
        __mpi_cursor_unpack(&k, tmp, b);
        bytes -= b;
    } while (bytes > 0);
}

/* sends and receives at once (point to point) */
static int exchange(void *sbuf, int scount, MPI_Datatype stype, int dst, void *rbuf, int rcount,
                    MPI_Datatype rtype, int src, int tag, MPI_Comm comm)
{
    MPI_Request rr, sr;
    int err = __mpi_irecv(rbuf, rcount, rtype, src, tag, comm, Q_COLL, &rr), e2;
    if (err != MPI_SUCCESS)
        return err;
    err = __mpi_isend(sbuf, scount, stype, dst, tag, comm, Q_COLL, &sr);
    e2 = MPI_Wait(&rr, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = MPI_Wait(&sr, MPI_STATUS_IGNORE);
    return err != MPI_SUCCESS ? err : e2;
}

/* Sends count items to dst and receives from src at once, a slot message of each in turn (as
 * __slot_exchange); dst or src may be -1 (none). */
static void slot_exchange_items(struct __mpi_comm *c, int dst, const void *sbuf, int scount, MPI_Datatype stype,
                                int src, void *rbuf, int rcount, MPI_Datatype rtype)
{
    int sbytes = scount * __coll_data_size(stype), rbytes = rcount * __coll_data_size(rtype);
    const char *srun = run_of(sbuf, scount, stype), *rrun = run_of(rbuf, rcount, rtype);
    struct __mpi_cursor ks, kr;
    int ns, nr, tmp[SLOTW];
    if (srun && rrun) {
        __slot_exchange(c, dst, srun, sbytes, src, (void *)rrun, rbytes);
        return;
    }
    __mpi_cursor_init(&ks, sbuf, scount, __mpi_type_get(stype));
    __mpi_cursor_init(&kr, rbuf, rcount, __mpi_type_get(rtype));
    ns = dst < 0 ? 0 : sbytes == 0 ? 1 : (sbytes + 4 * SLOTW - 1) / (4 * SLOTW);
    nr = src < 0 ? 0 : rbytes == 0 ? 1 : (rbytes + 4 * SLOTW - 1) / (4 * SLOTW);
    while (ns > 0 || nr > 0) {
        if (ns > 0) {
            int b = sbytes < 4 * SLOTW ? sbytes : 4 * SLOTW;
            __mpi_cursor_pack(&ks, tmp, b);
            SLOT_PUT(c, dst, tmp, (b + 3) >> 2);
            sbytes -= b;
            ns--;
        }
        if (nr > 0) {
            int b = rbytes < 4 * SLOTW ? rbytes : 4 * SLOTW, w = (b + 3) >> 2;
            volatile int *in = SLOT_GET(c, src, w);
            __copy_words(tmp, in, w);
            SLOT_ACK(c, src);
            __mpi_cursor_unpack(&kr, tmp, b);
            rbytes -= b;
            nr--;
        }
    }
}

/* ---- Barrier ---------------------------------------------------------------------------------------- */

int __ours_barrier(MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, r = c->rank, k, err;
    char dummy = 0;
    if (__slot_ready(c)) {
        __slot_barrier(&c->slots);
        return MPI_SUCCESS;
    }
    for (k = 1; k < p; k <<= 1) {
        err = exchange(&dummy, 0, MPI_BYTE, (r + k) % p, &dummy, 0, MPI_BYTE, (r - k + p) % p, TAG_GATHER, comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    return MPI_SUCCESS;
}

/* ---- Broadcast -------------------------------------------------------------------------------------- */

static int aligned(const void *p)
{
    return ((unsigned)p & 3) == 0;
}

/* The binomial broadcast tree in ranks relative to the root: this rank's parent (-1 at the root) and its
 * children, the largest subtree first. */
static int bcast_tree(struct __mpi_comm *c, int root, int *parent, int *kids)
{
    int p = c->size, n = 0, vr = c->rank - root, mask = 1;
    *parent = -1;
    if (vr < 0)
        vr += p;
    while (mask < p) {
        if (vr & mask) {
            *parent = c->rank - mask;
            if (*parent < 0)
                *parent += p;
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0; mask >>= 1)
        if (vr + mask < p) {
            int k = c->rank + mask;
            kids[n++] = k >= p ? k - p : k;
        }
    return n;
}

/* Long messages: straight into the receivers' buffers, down the binomial tree (docs/mpi.md, "Our
 * collectives"). The root knows the message's last word X and takes S = ~X as its sentinel:
 *
 *   parent                                    child
 *   HDR: S, tail bytes (slots) ------------>  stores S in the last word of its buffer; HDR on to its
 *                                             children
 *                             <------------   READY: the buffer's address (slots)
 *   the message: one DATA message, DMA,
 *   straight into the child's buffer ------>  it has landed when its last word is no longer S (a message's
 *                                             words land in order); then on to the children
 *
 * The sentinel is chosen by the one who knows the data, so the last word always changes when the message
 * lands: no flags and no copies; the control messages run ahead of the data. A pipelined chain along the
 * mesh (the message in chunks, each node passing chunk k on while chunk k + 1 comes in) measured slower:
 * a node's NIU has one memory port, incoming words take it first, so a forwarding node moves at most one
 * word per cycle, and waiting for a parent's chunks costs more than it saves (64 KB: 26.6K cycles on 4
 * nodes and 36.8K on 16, against 18.5K and 36K down the binomial tree). */
static int bcast_deposit(char *buf, int bytes, int root, struct __mpi_comm *c)
{
    int nw = bytes >> 2, j, parent, kids[32], kaddr[32], nk, hdr[2];
    volatile int *w = (volatile int *)buf;
    nk = bcast_tree(c, root, &parent, kids);
    if (parent < 0) {
        hdr[0] = ~w[nw - 1];
        hdr[1] = 0;
        memcpy(&hdr[1], buf + 4 * nw, bytes & 3);
        for (j = 0; j < nk; j++)
            __slot_send(c, kids[j], hdr, 8);
    } else {
        int addr = (int)buf;
        __slot_recv(c, parent, hdr, 8);
        for (j = 0; j < nk; j++)           /* on down first: the children set up while this rank does */
            __slot_send(c, kids[j], hdr, 8);
        w[nw - 1] = hdr[0];
        __slot_send(c, parent, &addr, 4);
    }
    for (j = 0; j < nk; j++)
        __slot_recv(c, kids[j], &kaddr[j], 4);
    if (parent >= 0)
        while (w[nw - 1] == hdr[0])
            suspendThread();
    for (j = 0; j < nk; j++) {
        /* one message however long (sendm moves at most 65535 words), so that its last word lands last */
        int left = nw;
        const volatile int *src = w;
        __scmp_sendh_data(c->nodes[kids[j]], (void *)kaddr[j], 1);
        while (left > 65535) {
            __scmp_sendm((const void *)src, (1u << 16) | 65535u);
            src += 65535;
            left -= 65535;
        }
        __scmp_sendme((const void *)src, (1u << 16) | (unsigned)left);
    }
    if (parent >= 0)
        memcpy(buf + 4 * nw, &hdr[1], bytes & 3);
    while (__scmp_niustat() & SCMP_NIU_DMA_BUSY)     /* the buffer is the caller's again */
        suspendThread();
    return MPI_SUCCESS;
}

/* Short messages through slots down a binomial tree, chunk by chunk; long ones deposited straight into
 * the receivers' buffers; point to point for what the slot engine cannot take (derived datatypes, or a
 * communicator without slot areas). */
int __ours_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int bytes = count * __coll_data_size(type), err = MPI_SUCCESS, parent, kids[32], nk, j;
    if (__slot_ready(c) && bytes > SLOT_MAX) {
        /* every rank takes this way (it depends on the size of the data only); DMA wants the data as one
         * word-aligned run: another layout goes through a packed copy */
        const char *run = run_of(buf, count, type);
        char *tmp;
        if (run && aligned(run))
            return bcast_deposit((char *)run, bytes, root, c);
        tmp = (char *)malloc(bytes + 4);
        if (!tmp)
            return MPI_ERR_NO_MEM;
        if (c->rank == root)
            __coll_copy(tmp, MPI_BYTE, bytes, buf, type, count);
        err = bcast_deposit(tmp, bytes, root, c);
        if (c->rank != root)
            __coll_copy(buf, type, count, tmp, MPI_BYTE, bytes);
        free(tmp);
        return err;
    }
    nk = bcast_tree(c, root, &parent, kids);
    if (use_slots(c, type, bytes)) {
        /* chunk by chunk, so that a long message streams down the tree */
        const char *run = run_of(buf, count, type);
        char *ptr = (char *)run;
        int left = bytes;
        if (!run) {
            /* a derived type: the whole (short) message down the tree, packed a slot message at a time */
            if (parent >= 0)
                slot_recv_items(c, parent, buf, count, type);
            for (j = 0; j < nk; j++)
                slot_send_items(c, kids[j], buf, count, type);
            return MPI_SUCCESS;
        }
        do {
            int b = left < 4 * SLOTW ? left : 4 * SLOTW;
            if (parent >= 0)
                __slot_recv(c, parent, ptr, b);
            for (j = 0; j < nk; j++)
                __slot_send(c, kids[j], ptr, b);
            ptr += b;
            left -= b;
        } while (left > 0);
        return MPI_SUCCESS;
    }
    if (parent >= 0)
        err = __coll_recv(buf, count, type, parent, TAG_BCAST, comm);
    for (j = 0; j < nk && err == MPI_SUCCESS; j++)
        err = __coll_send(buf, count, type, kids[j], TAG_BCAST, comm);
    return err;
}

/* ---- Reduce ------------------------------------------------------------------------------------------ */

/* The halving tree on count elements, in ranks relative to top: src holds this rank's contribution, acc
 * receives the partial results (src and acc may be the same); through slots, one chunk of at most SLOTW
 * words at a time so that a hop is a single slot message. On return, top's acc holds the result. */
static int halving(const char *src, char *acc, int count, MPI_Datatype type, MPI_Op op, int top, MPI_Comm comm,
                   struct __mpi_comm *c, int slots)
{
    int p = c->size, vr = c->rank - top, ext = __coll_extent(type), mask, err = MPI_SUCCESS;
    if (vr < 0)
        vr += p;
    if (slots) {
        __mpi_combine_fn f = __mpi_op_fn(op, type);
        int per = count * ext <= 4 * SLOTW ? count : (4 * SLOTW) / ext, off;
        for (off = 0; off < count; off += per) {
            int n = count - off < per ? count - off : per, w = (n * ext + 3) >> 2;
            const char *mine = src + off * ext;
            char *a = acc + off * ext;
            for (mask = 1; mask < p; mask <<= 1) {
                if (vr & mask) {
                    int dst = c->rank - mask;
                    if (dst < 0)
                        dst += p;
                    SLOT_PUT(c, dst, mine, w);
                    break;
                }
                if (vr + mask < p) {
                    int from = c->rank + mask;
                    const void *in;
                    if (from >= p)
                        from -= p;
                    in = (const void *)SLOT_GET(c, from, w);
                    if (f)
                        f(mine, in, a, n);
                    else
                        err = __mpi_op_combine(op, type, mine, in, a, n);
                    SLOT_ACK(c, from);
                    mine = a;
                    if (err != MPI_SUCCESS)
                        return err;
                }
            }
            if (mine != a)
                memcpy(a, mine, n * ext);
        }
        return MPI_SUCCESS;
    } else {
        char *in = (char *)malloc(count * ext + 8);
        const char *mine = src;
        if (!in)
            return MPI_ERR_NO_MEM;
        for (mask = 1; mask < p; mask <<= 1) {
            if (vr & mask) {
                err = __coll_send((void *)mine, count, type, (vr - mask + top) % p, TAG_REDUCE, comm);
                break;
            }
            if (vr + mask < p) {
                err = __coll_recv(in, count, type, (vr + mask + top) % p, TAG_REDUCE, comm);
                if (err == MPI_SUCCESS)
                    err = __mpi_op_combine(op, type, mine, in, acc, count);
                mine = acc;
                if (err != MPI_SUCCESS)
                    break;
            }
        }
        if (err == MPI_SUCCESS && mine != acc)
            memcpy(acc, mine, count * ext);
        free(in);
        return err;
    }
}

int __ours_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                  MPI_Comm comm, struct __mpi_comm *c)
{
    int ext = __coll_extent(type), bytes = count * ext, err;
    int top = __mpi_op_commutative(op) ? root : 0;
    int slots = reduce_slots(c, type, bytes);
    double small[SLOT_MAX / 8 + 1], copy[SLOT_MAX / 8 + 1];
    char *acc;
    /* every rank takes the same way (by the size); slots want word-aligned buffers */
    if (slots && !aligned(sendbuf)) {
        memcpy(copy, sendbuf, bytes);
        sendbuf = copy;
    }
    /* the root accumulates in recvbuf; the others need room only if they receive before they send */
    if (c->rank == root && top == root && (slots ? aligned(recvbuf) : 1))
        acc = (char *)recvbuf;
    else
        acc = bytes <= (int)sizeof small ? (char *)small : (char *)malloc(bytes + 8);
    if (!acc)
        return MPI_ERR_NO_MEM;
    err = halving((const char *)sendbuf, acc, count, type, op, top, comm, c, slots);
    if (err == MPI_SUCCESS && top != root) {
        if (c->rank == top)
            err = __coll_send(acc, count, type, root, TAG_REDUCE, comm);
        else if (c->rank == root)
            err = __coll_recv(acc, count, type, top, TAG_REDUCE, comm);
    }
    if (err == MPI_SUCCESS && c->rank == root && acc != (char *)recvbuf)
        memcpy(recvbuf, acc, bytes);
    if (acc != (char *)small && acc != (char *)recvbuf)
        free(acc);
    return err;
}

/* ---- Allreduce ------------------------------------------------------------------------------------------ */

int __ours_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, r = c->rank, ext = __coll_extent(type), bytes = count * ext, mask, err = MPI_SUCCESS;
    if (!is_pow2(p)) {
        err = __ours_reduce(sendbuf, recvbuf, count, type, op, 0, comm, c);
        if (err != MPI_SUCCESS)
            return err;
        return __ours_bcast(recvbuf, count, type, 0, comm, c);
    }
    /* recursive doubling: at step mask, exchange with rank r ^ mask and combine (lower part first); the
     * partial results go straight into recvbuf (through aligned copies if need be: every rank takes the
     * same way, by the size) */
    if (reduce_slots(c, type, bytes)) {
        __mpi_combine_fn f = __mpi_op_fn(op, type);
        int per = bytes <= 4 * SLOTW ? count : (4 * SLOTW) / ext, off;
        double sb[SLOT_MAX / 8 + 1], rb[SLOT_MAX / 8 + 1];
        void *result = recvbuf;
        if (!aligned(sendbuf)) {
            memcpy(sb, sendbuf, bytes);
            sendbuf = sb;
        }
        if (!aligned(recvbuf))
            recvbuf = rb;
        for (off = 0; off < count && err == MPI_SUCCESS; off += per) {
            int n = count - off < per ? count - off : per, w = (n * ext + 3) >> 2;
            const char *mine = (const char *)sendbuf + off * ext;
            char *a = (char *)recvbuf + off * ext;
            for (mask = 1; mask < p; mask <<= 1) {
                int peer = r ^ mask;
                const void *in;
                SLOT_PUT(c, peer, mine, w);
                in = (const void *)SLOT_GET(c, peer, w);
                if (f) {
                    if (peer > r)
                        f(mine, in, a, n);
                    else
                        f(in, mine, a, n);
                } else {
                    err = peer > r ? __mpi_op_combine(op, type, mine, in, a, n)
                                   : __mpi_op_combine(op, type, in, mine, a, n);
                }
                SLOT_ACK(c, peer);
                mine = a;
                if (err != MPI_SUCCESS)
                    break;
            }
        }
        if (result != recvbuf)
            memcpy(result, recvbuf, bytes);
        return err;
    } else {
        char *in = (char *)malloc(bytes + 8);
        const char *mine = (const char *)sendbuf;
        if (!in)
            return MPI_ERR_NO_MEM;
        for (mask = 1; mask < p && err == MPI_SUCCESS; mask <<= 1) {
            int peer = r ^ mask;
            err = exchange((void *)mine, count, type, peer, in, count, type, peer, TAG_REDUCE, comm);
            if (err == MPI_SUCCESS)
                err = peer > r ? __mpi_op_combine(op, type, mine, in, recvbuf, count)
                               : __mpi_op_combine(op, type, in, mine, recvbuf, count);
            mine = (const char *)recvbuf;
        }
        free(in);
        return err;
    }
}

/* ---- Gather and scatter ------------------------------------------------------------------------------ */

/* Straight to the root: the root takes the blocks in rank order. A block goes through slots when its data
 * (count * size, which both ends know alike) fits SLOT_MAX. */
int __ours_gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                   const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, i, err = MPI_SUCCESS, sbytes = scount * __coll_data_size(stype);
    int slots = __slot_ready(c);
    if (c->rank != root) {
        if (slots && sbytes <= SLOT_MAX) {
            slot_send_items(c, root, sbuf, scount, stype);
            return MPI_SUCCESS;
        }
        return __coll_send((void *)sbuf, scount, stype, root, TAG_GATHER, comm);
    } else {
        int ext = __coll_extent(rtype), size = __coll_data_size(rtype), n = 0;
        MPI_Request *reqs = (MPI_Request *)malloc(p * sizeof(MPI_Request));
        if (!reqs)
            return MPI_ERR_NO_MEM;
        /* first the large blocks (point to point, all posted at once), then the small ones */
        for (i = 0; i < p && err == MPI_SUCCESS; i++) {
            int b = rcounts[i] * size;
            if (i != root && !(slots && b <= SLOT_MAX)) {
                err = __mpi_irecv((char *)rbuf + displs[i] * ext, rcounts[i], rtype, i, TAG_GATHER, comm,
                                  Q_COLL, &reqs[n]);
                if (err == MPI_SUCCESS)
                    n++;
            }
        }
        __coll_copy((char *)rbuf + displs[root] * ext, rtype, rcounts[root], sbuf, stype, scount);
        for (i = 0; i < p; i++) {
            int b = rcounts[i] * size;
            if (i != root && slots && b <= SLOT_MAX)
                slot_recv_items(c, i, (char *)rbuf + displs[i] * ext, rcounts[i], rtype);
        }
        for (i = 0; i < n; i++) {
            int e = MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = e;
        }
        free(reqs);
        return err;
    }
}

int __ours_scatterv(const void *sbuf, const int *scounts, const int *displs, MPI_Datatype stype,
                    void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, i, err = MPI_SUCCESS, rbytes = rcount * __coll_data_size(rtype);
    int slots = __slot_ready(c);
    if (c->rank != root) {
        if (slots && rbytes <= SLOT_MAX) {
            slot_recv_items(c, root, rbuf, rcount, rtype);
            return MPI_SUCCESS;
        }
        return __coll_recv(rbuf, rcount, rtype, root, TAG_SCATTER, comm);
    } else {
        int ext = __coll_extent(stype), size = __coll_data_size(stype), n = 0;
        MPI_Request *reqs = (MPI_Request *)malloc(p * sizeof(MPI_Request));
        if (!reqs)
            return MPI_ERR_NO_MEM;
        for (i = 0; i < p && err == MPI_SUCCESS; i++) {
            int b = scounts[i] * size;
            if (i != root && !(slots && b <= SLOT_MAX)) {
                err = __mpi_isend((char *)sbuf + displs[i] * ext, scounts[i], stype, i, TAG_SCATTER, comm,
                                  Q_COLL, &reqs[n]);
                if (err == MPI_SUCCESS)
                    n++;
            }
        }
        for (i = 0; i < p; i++) {
            int b = scounts[i] * size;
            if (i != root && slots && b <= SLOT_MAX)
                slot_send_items(c, i, (const char *)sbuf + displs[i] * ext, scounts[i], stype);
        }
        __coll_copy(rbuf, rtype, rcount, (const char *)sbuf + displs[root] * ext, stype, scounts[root]);
        for (i = 0; i < n; i++) {
            int e = MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = e;
        }
        free(reqs);
        return err;
    }
}

/* ---- Allgather ------------------------------------------------------------------------------------------ */

/* Blocks [from, to) of an allgatherv result, in rank order, packed into out (or unpacked from in): the
 * recursive doubling's ranges when the blocks are not one run of bytes. */
static void pack_blocks(void *rbuf, const int *rcounts, const int *displs, MPI_Datatype rtype, int from, int to,
                        char *mem, int unpack)
{
    int i, ext = __coll_extent(rtype), size = __coll_data_size(rtype);
    for (i = from; i < to; i++) {
        if (unpack)
            __coll_copy((char *)rbuf + displs[i] * ext, rtype, rcounts[i], mem, MPI_BYTE, rcounts[i] * size);
        else
            __coll_copy(mem, MPI_BYTE, rcounts[i] * size, (char *)rbuf + displs[i] * ext, rtype, rcounts[i]);
        mem += rcounts[i] * size;
    }
}

int __ours_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *rcounts,
                      const int *displs, MPI_Datatype rtype, MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, r = c->rank, ext = __coll_extent(rtype), size = __coll_data_size(rtype), i;
    int err = MPI_SUCCESS, maxb = 0, contiguous = __coll_contig_basic(rtype);
    for (i = 0; i < p; i++) {
        if (rcounts[i] * size > maxb)
            maxb = rcounts[i] * size;
        if (displs[i] != (i ? displs[i - 1] + rcounts[i - 1] : 0))
            contiguous = 0;
    }
    __coll_copy((char *)rbuf + displs[r] * ext, rtype, rcounts[r], sbuf, stype, scount);
    /* the way depends only on the counts, which every rank knows alike (not on this rank's displacements
     * or type) */
    if (is_pow2(p) && __slot_ready(c) && maxb * p <= SLOT_MAX) {
        /* recursive doubling: after step mask, a rank holds the blocks of the mask-aligned group of 2 mask;
         * the blocks travel as they lie when they are one run, else packed (they fit SLOT_MAX) */
        int mask;
        double mb_buf[SLOT_MAX / 8], tb_buf[SLOT_MAX / 8];
        for (mask = 1; mask < p; mask <<= 1) {
            int peer = r ^ mask, mine = r & ~(mask - 1), theirs = peer & ~(mask - 1), mb = 0, tb = 0;
            for (i = 0; i < mask; i++) {
                mb += rcounts[mine + i] * size;
                tb += rcounts[theirs + i] * size;
            }
            if (contiguous) {
                __slot_exchange(c, peer, (char *)rbuf + displs[mine] * ext, mb, peer,
                                (char *)rbuf + displs[theirs] * ext, tb);
            } else {
                pack_blocks(rbuf, rcounts, displs, rtype, mine, mine + mask, (char *)mb_buf, 0);
                __slot_exchange(c, peer, mb_buf, mb, peer, tb_buf, tb);
                pack_blocks(rbuf, rcounts, displs, rtype, theirs, theirs + mask, (char *)tb_buf, 1);
            }
        }
        return MPI_SUCCESS;
    }
    /* a ring in rank order: at step s, pass on the block that came in at step s - 1 */
    {
        int right = r + 1 == p ? 0 : r + 1, left = r == 0 ? p - 1 : r - 1, sb = r, rb = left;
        int slots = __slot_ready(c) && maxb <= SLOT_MAX;
        for (i = 0; i < p - 1 && err == MPI_SUCCESS; i++) {
            if (slots)
                slot_exchange_items(c, right, (char *)rbuf + displs[sb] * ext, rcounts[sb], rtype, left,
                                    (char *)rbuf + displs[rb] * ext, rcounts[rb], rtype);
            else
                err = exchange((char *)rbuf + displs[sb] * ext, rcounts[sb], rtype, right,
                               (char *)rbuf + displs[rb] * ext, rcounts[rb], rtype, left, TAG_ALLGATHER, comm);
            sb = rb;
            rb = rb == 0 ? p - 1 : rb - 1;
        }
    }
    return err;
}

/* ---- Alltoall ---------------------------------------------------------------------------------------- */

/* Blocks of one slot message each: all sent, then all received. Otherwise pairwise: at step i, to rank r + i
 * and from rank r - i, through slots when both blocks are small, point to point otherwise; one step at a
 * time, so that no node has more handshakes aimed at it than the pairs of a step (all at once, the
 * handshake handlers of a 16-node alltoall fill every thread context and wait on each other). A rank
 * whose blocks are all small may take the first way while another takes the second (alltoallv): its
 * sends never wait, and every pair still exchanges one message each way. */
int __ours_alltoallv(const void *sbuf, const int *scounts, const int *sdispls, MPI_Datatype stype,
                     void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype, MPI_Comm comm,
                     struct __mpi_comm *c)
{
    int p = c->size, r = c->rank, sx = __coll_extent(stype), rx = __coll_extent(rtype), i, dst, src;
    int ss = __coll_data_size(stype), rs = __coll_data_size(rtype);
    int err = MPI_SUCCESS, slots = __slot_ready(c);
    __coll_copy((char *)rbuf + rdispls[r] * rx, rtype, rcounts[r], (const char *)sbuf + sdispls[r] * sx, stype,
                scounts[r]);
    if (slots) {
        /* every block one slot message: all the sends, then all the receives (a send waits only for the
         * peer to have taken the previous collective's message, so nobody waits for anybody here) */
        int small = 1;
        for (i = 0; i < p; i++)
            if (scounts[i] * ss > 4 * SLOTW || rcounts[i] * rs > 4 * SLOTW)
                small = 0;
        if (small) {
            for (i = 1, dst = r + 1; i < p; i++, dst++) {
                if (dst == p)
                    dst = 0;
                slot_send_items(c, dst, (const char *)sbuf + sdispls[dst] * sx, scounts[dst], stype);
            }
            for (i = 1, src = r - 1; i < p; i++, src--) {
                if (src < 0)
                    src += p;
                slot_recv_items(c, src, (char *)rbuf + rdispls[src] * rx, rcounts[src], rtype);
            }
            return MPI_SUCCESS;
        }
    }
    for (i = 1, dst = r + 1, src = r - 1; i < p && err == MPI_SUCCESS; i++, dst++, src--) {
        int sb, rb;
        const char *s;
        char *d;
        if (dst == p)
            dst = 0;
        if (src < 0)
            src += p;
        sb = scounts[dst] * ss;
        rb = rcounts[src] * rs;
        s = (const char *)sbuf + sdispls[dst] * sx;
        d = (char *)rbuf + rdispls[src] * rx;
        /* each block goes the way its two ends agree on: by the size of its data */
        if (slots && sb <= SLOT_MAX && rb <= SLOT_MAX) {
            slot_exchange_items(c, dst, s, scounts[dst], stype, src, d, rcounts[src], rtype);
        } else if (slots && sb <= SLOT_MAX) {
            MPI_Request q;
            err = __mpi_irecv(d, rcounts[src], rtype, src, TAG_ALLTOALL, comm, Q_COLL, &q);
            slot_send_items(c, dst, s, scounts[dst], stype);
            if (err == MPI_SUCCESS)
                err = MPI_Wait(&q, MPI_STATUS_IGNORE);
        } else if (slots && rb <= SLOT_MAX) {
            MPI_Request q;
            err = __mpi_isend((void *)s, scounts[dst], stype, dst, TAG_ALLTOALL, comm, Q_COLL, &q);
            slot_recv_items(c, src, d, rcounts[src], rtype);
            if (err == MPI_SUCCESS)
                err = MPI_Wait(&q, MPI_STATUS_IGNORE);
        } else {
            err = exchange((void *)s, scounts[dst], stype, dst, d, rcounts[src], rtype, src, TAG_ALLTOALL, comm);
        }
    }
    return err;
}

/* ---- Reduce_scatter, scan ----------------------------------------------------------------------------- */

int __ours_reduce_scatter(const void *sendbuf, void *recvbuf, const int *rcounts, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, ext = __coll_extent(type), total = 0, i, err;
    int *displs = (int *)malloc(p * sizeof(int));
    char *all;
    if (!displs)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < p; i++) {
        displs[i] = total;
        total += rcounts[i];
    }
    /* the whole vector lands on rank 0 only */
    all = c->rank == 0 ? (char *)malloc(total * ext + 8) : 0;
    if (c->rank == 0 && !all) {
        free(displs);
        return MPI_ERR_NO_MEM;
    }
    err = total == 0 ? MPI_SUCCESS : __ours_reduce(sendbuf, all, total, type, op, 0, comm, c);
    if (err == MPI_SUCCESS)
        err = __ours_scatterv(all, rcounts, displs, type, recvbuf, rcounts[c->rank], type, 0, comm, c);
    free(all);
    free(displs);
    return err;
}

/* Recursive doubling (Hillis-Steele): at step mask, send the running result to rank r + mask and combine
 * the one from r - mask in front of it. exclusive keeps the result without the own contribution too. */
int __ours_scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int exclusive,
                MPI_Comm comm, struct __mpi_comm *c)
{
    int p = c->size, r = c->rank, ext = __coll_extent(type), bytes = count * ext, mask, err = MPI_SUCCESS;
    int slots = use_slots(c, type, bytes), have_ex = 0;
    int room = (bytes + 15) & ~7;       /* three buffers in one block, each 8-byte aligned */
    char *acc = (char *)malloc(3 * room), *in = acc + room, *ex = in + room;
    if (!acc)
        return MPI_ERR_NO_MEM;
    memcpy(acc, sendbuf, bytes);
    for (mask = 1; mask < p && err == MPI_SUCCESS; mask <<= 1) {
        int dst = r + mask, src = r - mask;
        if (slots) {
            __slot_exchange(c, dst < p ? dst : -1, acc, bytes, src, in, bytes);
        } else if (dst < p && src >= 0) {
            err = exchange(acc, count, type, dst, in, count, type, src, TAG_SCAN, comm);
        } else if (dst < p) {
            err = __coll_send(acc, count, type, dst, TAG_SCAN, comm);
        } else if (src >= 0) {
            err = __coll_recv(in, count, type, src, TAG_SCAN, comm);
        }
        if (err != MPI_SUCCESS || src < 0)
            continue;
        if (exclusive) {
            if (have_ex)
                err = __mpi_op_combine(op, type, in, ex, ex, count);
            else
                memcpy(ex, in, bytes);
            have_ex = 1;
        }
        if (err == MPI_SUCCESS)
            err = __mpi_op_combine(op, type, in, acc, acc, count);
    }
    if (err == MPI_SUCCESS) {
        if (!exclusive)
            memcpy(recvbuf, acc, bytes);
        else if (have_ex)
            memcpy(recvbuf, ex, bytes);
    }
    free(acc);
    return err;
}
