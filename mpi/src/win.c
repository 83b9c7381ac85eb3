/* One-sided communication (MPI-2 chapter 6): windows, MPI_Put, MPI_Get, MPI_Accumulate, MPI_Win_fence and
 * MPI_Win_lock/unlock, on the chip's own messages (docs/mpi.md, "One-sided communication"). The same for
 * both protocol families: none of it goes through the point-to-point engine.
 *
 * - A put is DATA messages: the target's NIU writes them into the window, no thread of the target runs
 *   (the deposit model). Runs of the target's layout that are not whole aligned words go as THREAD messages
 *   whose handler copies their bytes.
 * - A get asks the target's handler to send the words as DATA back and then to add one to a counter at the
 *   origin (a THREAD message behind the data, so the count means the data has landed).
 * - An accumulate sends its operands in THREAD messages whose handler combines them into the window: a
 *   handler runs to its end without another handler in between, so each element's read-modify-write is
 *   atomic, as MPI asks.
 * Messages between two nodes arrive in the order they were sent and their handlers start in that order
 * (docs/libscmp.md, "Ordering"): a message sent after a process's puts and accumulates to a target reaches
 * the target after they have been applied. MPI_Win_fence sends such a marker to every process and waits for
 * one from each; MPI_Win_unlock sends the unlock request and waits for the target's answer. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"

#define PAYLOAD 5           /* words of data in an accumulate message (8 words in all reach a C handler) */

/* A get whose words land in a buffer of the origin's first, to be unpacked into its datatype. */
struct get_later {
    struct get_later *next;
    char *words;                    /* the target's runs, each in whole words */
    int nruns;
    int *runs;                      /* per run: offset in words, first byte's offset in its word, bytes */
    void *buf;                      /* the origin's buffer, count items of type */
    int count;
    MPI_Datatype type;
};

struct win {
    MPI_Comm comm;
    int rank, size;
    int *nodes;                     /* rank -> node */
    char **bases;                   /* each rank's window */
    int *sizes, *units, *ids;       /* its size, displacement unit and this window's number there */
    char *mine;                     /* this process's memory, if MPI_Win_allocate allocated it */
    volatile int markers;           /* fence markers received */
    int fences;                     /* fences completed */
    volatile int got;               /* gets whose data has landed */
    int asked;                      /* gets sent */
    struct get_later *later;
    /* passive target, this process's window as the target: the holders and the queue of requests */
    int exclusive, shared;
    struct lock_wait *queue;
    /* as the origin: a target's answers */
    volatile int granted, released;
    int *locked;                    /* per rank: the lock type this process holds there, or 0 */
};

struct lock_wait {
    struct lock_wait *next;
    int node, type;
    int *flag;
};

static struct win **wins;
static int nwins;

static struct win *win_of(MPI_Win w)
{
    return w >= 0 && w < nwins ? wins[w] : 0;
}

/* ---- Handlers, on the target --------------------------------------------------------------------------- */

/* Bytes that are not whole aligned words: up to 20 of them in the message. */
static void put_bytes(char *addr, int n, int unused, int w0, int w1, int w2, int w3, int w4)
{
    int w[PAYLOAD];
    (void)unused;
    w[0] = w0;
    w[1] = w1;
    w[2] = w2;
    w[3] = w3;
    w[4] = w4;
    memcpy(addr, w, n);
}

static void accumulate(char *addr, int op_type, int n, int w0, int w1, int w2, int w3, int w4)
{
    double d[(PAYLOAD + 1) / 2];    /* the operands, aligned for any type */
    int *w = (int *)d;
    MPI_Op op = op_type >> 8;
    MPI_Datatype type = op_type & 0xff;
    w[0] = w0;
    w[1] = w1;
    w[2] = w2;
    w[3] = w3;
    w[4] = w4;
    if (op == MPI_REPLACE)
        memcpy(addr, w, n);
    else
        __mpi_op_combine(op, type, w, addr, addr, n / __coll_size(type));
}

/* The words the origin asked for go back as DATA, then one more for its counter. */
static void get_words(int node, int *dst, int *src, int words, volatile int *counter)
{
    sendDataBlock(node, dst, 1, src, 1, words);
    sendAddIntValue(node, counter, 1);
}

static void marker(int id)
{
    wins[id]->markers++;
}

static void grant(int node, int *flag)
{
    if (node == getNodeId())
        *flag = 1;
    else
        sendDataIntValue(node, flag, 1);
}

/* A lock is granted when nobody holds it exclusively, and (for an exclusive one) nobody holds it at all;
 * requests wait in order. */
static int can_lock(struct win *w, int type)
{
    return !w->exclusive && (type == MPI_LOCK_SHARED || !w->shared);
}

static void lock_request(int id, int node, int type, int *flag)
{
    struct win *w = wins[id];
    if (!w->queue && can_lock(w, type)) {
        if (type == MPI_LOCK_EXCLUSIVE)
            w->exclusive = 1;
        else
            w->shared++;
        grant(node, flag);
    } else {
        struct lock_wait *q = (struct lock_wait *)__mpi_xmalloc(sizeof *q, "MPI_Win_lock"), **p = &w->queue;
        q->next = 0;
        q->node = node;
        q->type = type;
        q->flag = flag;
        while (*p)
            p = &(*p)->next;
        *p = q;
    }
}

static void unlock_request(int id, int node, int type, int *flag)
{
    struct win *w = wins[id];
    if (type == MPI_LOCK_EXCLUSIVE)
        w->exclusive = 0;
    else
        w->shared--;
    grant(node, flag);
    while (w->queue && can_lock(w, w->queue->type)) {
        struct lock_wait *q = w->queue;
        w->queue = q->next;
        if (q->type == MPI_LOCK_EXCLUSIVE)
            w->exclusive = 1;
        else
            w->shared++;
        grant(q->node, q->flag);
        free(q);
    }
}

/* ---- Windows --------------------------------------------------------------------------------------------- */

extern struct __mpi_out *__mpi_outbox;
void __mpi_drain_outbox(void);

/* Until *word reaches value (handlers of this node make it move), sending what handlers left to send. */
static void wait_until(volatile int *word, int value)
{
    while (*word < value) {
        if (__mpi_outbox)
            __mpi_drain_outbox();
        else
            suspendThread();
    }
}

static int create(void *base, int size, int disp_unit, MPI_Comm comm, MPI_Win *win, char *mine, const char *fn)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct win *w;
    int id, i, mine4[4], *all, err;
    if (!c || c->inter)
        return __mpi_error(c ? comm : MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (size < 0)
        return __mpi_error(comm, MPI_ERR_SIZE, fn);
    if (disp_unit <= 0)
        return __mpi_error(comm, MPI_ERR_DISP, fn);
    if (!win)
        return __mpi_error(comm, MPI_ERR_ARG, fn);
    w = (struct win *)calloc(1, sizeof *w);
    all = (int *)malloc(4 * c->size * sizeof(int));
    if (w)
        w->nodes = (int *)malloc(c->size * (5 * sizeof(int) + sizeof(char *)));
    if (!w || !all || !w->nodes) {
        /* the others wait in the allgather: everybody still takes part, with a size that says so */
        if (w)
            free(w->nodes);
        free(w);
        free(all);
        return __mpi_no_mem(comm, fn, 4 * c->size * (int)sizeof(int) + (int)sizeof *w);
    }
    for (id = 0; id < nwins && wins[id]; id++)
        ;
    if (id == nwins) {
        struct win **more = (struct win **)realloc(wins, (nwins + 8) * sizeof *wins);
        if (!more) {
            free(w->nodes);
            free(w);
            free(all);
            return __mpi_no_mem(comm, fn, (nwins + 8) * (int)sizeof *wins);
        }
        wins = more;
        for (i = nwins; i < nwins + 8; i++)
            wins[i] = 0;
        nwins += 8;
    }
    w->comm = comm;
    w->rank = c->rank;
    w->size = c->size;
    w->sizes = w->nodes + c->size;
    w->units = w->sizes + c->size;
    w->ids = w->units + c->size;
    w->locked = w->ids + c->size;
    w->bases = (char **)(w->locked + c->size);
    w->mine = mine;
    wins[id] = w;
    mine4[0] = (int)base;
    mine4[1] = size;
    mine4[2] = disp_unit;
    mine4[3] = id;
    /* once a process has everyone's entry, everyone has made theirs: no barrier */
    err = MPI_Allgather(mine4, 4, MPI_INT, all, 4, MPI_INT, comm);
    for (i = 0; i < c->size; i++) {
        w->nodes[i] = c->nodes[i];
        w->bases[i] = (char *)all[4 * i];
        w->sizes[i] = all[4 * i + 1];
        w->units[i] = all[4 * i + 2];
        w->ids[i] = all[4 * i + 3];
        w->locked[i] = 0;
    }
    free(all);
    *win = id;
    return err;
}

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    (void)info;
    return create(base, (int)size, disp_unit, comm, win, 0, "MPI_Win_create");
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    char *mem = (char *)malloc(size > 0 ? (int)size : 1);
    (void)info;
    if (!mem)
        return __mpi_no_mem(comm, "MPI_Win_allocate", (int)size);
    if (baseptr)
        *(void **)baseptr = mem;
    return create(mem, (int)size, disp_unit, comm, win, mem, "MPI_Win_allocate");
}

/* Collective: when every process has arrived nobody accesses the window any more. */
int MPI_Win_free(MPI_Win *win)
{
    struct win *w = win ? win_of(*win) : 0;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_free");
    waitDataBlock();
    err = MPI_Barrier(w->comm);
    wins[*win] = 0;
    free(w->mine);
    free(w->nodes);
    free(w);
    *win = MPI_WIN_NULL;
    return err;
}

/* ---- Communication ---------------------------------------------------------------------------------------- */

/* Checks an operation and finds the target's address; returns an error code. */
static int target(struct win *w, int rank, MPI_Aint disp, int tcount, MPI_Datatype ttype, int ocount,
                  MPI_Datatype otype, char **addr)
{
    struct __mpi_type *tt = __mpi_type_get(ttype), *ot = __mpi_type_get(otype);
    int ext;
    if (!tt || !ot || __mpi_type_usable(ttype) != MPI_SUCCESS || __mpi_type_usable(otype) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    if (tcount < 0 || ocount < 0)
        return MPI_ERR_COUNT;
    if (rank < 0 || rank >= w->size)
        return MPI_ERR_RANK;
    if (disp < 0)
        return MPI_ERR_DISP;
    if (tt->size * tcount != ot->size * ocount)
        return MPI_ERR_TRUNCATE;
    *addr = w->bases[rank] + disp * w->units[rank];
    ext = tt->ub - tt->lb;
    if (tcount > 0 && disp * w->units[rank] + (tcount - 1) * ext + tt->true_ub > w->sizes[rank])
        return MPI_ERR_DISP;
    return MPI_SUCCESS;
}

/* The origin's data as one packed stream: the buffer itself when it is one run, else a copy (*copy). */
static char *packed(void *buf, int count, MPI_Datatype type, char **copy)
{
    struct __mpi_type *t = __mpi_type_get(type);
    char *s = __mpi_type_contig(t, buf, count);
    *copy = 0;
    if (s || t->size * count == 0)
        return s ? s : (char *)buf;
    *copy = (char *)malloc(t->size * count);
    if (*copy)
        __mpi_pack((const char *)buf, count, t, *copy);
    return *copy;
}

/* Calls fn for every run of count items of type at addr (target addresses), with the stream offset. */
#define FOR_RUNS(t, count, addr, a, len, off, ...)                                                          \
    do {                                                                                                    \
        int i_, k_, ext_ = (t)->ub - (t)->lb;                                                               \
        off = 0;                                                                                            \
        for (i_ = 0; i_ < (count); i_++)                                                                    \
            for (k_ = 0; k_ < (t)->nblocks; k_++) {                                                         \
                a = (addr) + i_ * ext_ + (t)->blocks[k_].disp;                                              \
                len = (t)->blocks[k_].len;                                                                  \
                __VA_ARGS__;                                                                                \
                off += len;                                                                                 \
            }                                                                                               \
    } while (0)

/* A THREAD message of 8 words: all that reach a C handler (its arguments a0..a7). */
static void thread8(int node, void (*pc)(), int a, int b, int c, const int *w)
{
    int m[8];
    m[0] = a;
    m[1] = b;
    m[2] = c;
    memcpy(m + 3, w, 5 * sizeof(int));
    __scmp_send_thread(node, pc, m, 8);
}

static void put_run(int node, char *a, const char *src, int len)
{
    int w[6];
    if (((int)a & 3) == 0 && ((int)src & 3) == 0 && len >= 4) {
        int words = len / 4;
        sendDataBlock(node, (int *)a, 1, (int *)src, 1, words);
        a += 4 * words;
        src += 4 * words;
        len -= 4 * words;
    }
    while (len > 0) {
        int n = len < 20 ? len : 20;
        memcpy(w, src, n);
        thread8(node, (void (*)())put_bytes, (int)a, n, 0, w);
        a += n;
        src += n;
        len -= n;
    }
}

int MPI_Put(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    char *base, *copy, *src, *a;
    int err, len, off;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Put");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_error(w->comm, err, "MPI_Put");
    src = packed(origin_addr, origin_count, origin_datatype, &copy);
    if (!src)
        return __mpi_no_mem(w->comm, "MPI_Put", origin_count * __mpi_type_get(origin_datatype)->size);
    tt = __mpi_type_get(target_datatype);
    if (target_rank == w->rank)
        FOR_RUNS(tt, target_count, base, a, len, off, memcpy(a, src + off, len));
    else
        FOR_RUNS(tt, target_count, base, a, len, off, put_run(w->nodes[target_rank], a, src + off, len));
    free(copy);     /* sendDataBlock has read it */
    return MPI_SUCCESS;
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt, *ot;
    struct get_later *g;
    char *base, *a;
    int err, len, off, words = 0, r = 0, node;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Get");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_error(w->comm, err, "MPI_Get");
    tt = __mpi_type_get(target_datatype);
    ot = __mpi_type_get(origin_datatype);
    if (target_rank == w->rank) {
        /* the window is here: its runs as a stream, unpacked into the origin's layout */
        char *s = (char *)malloc(tt->size * target_count + 4);
        if (!s)
            return __mpi_no_mem(w->comm, "MPI_Get", tt->size * target_count);
        FOR_RUNS(tt, target_count, base, a, len, off, memcpy(s + off, a, len));
        __mpi_unpack(s, tt->size * target_count, (char *)origin_addr, origin_count, ot);
        free(s);
        return MPI_SUCCESS;
    }
    /* every run of the target's as whole words, one request each; the bytes are picked out at the fence */
    FOR_RUNS(tt, target_count, base, a, len, off, (words += (((int)a & 3) + len + 3) / 4, r++));
    g = (struct get_later *)malloc(sizeof *g + 3 * r * sizeof(int) + 4 * words + 8);
    if (!g)
        return __mpi_no_mem(w->comm, "MPI_Get", 4 * words);
    g->runs = (int *)(g + 1);
    g->words = (char *)(((int)(g->runs + 3 * r) + 7) & ~7);
    g->nruns = r;
    g->buf = origin_addr;
    g->count = origin_count;
    g->type = origin_datatype;
    node = w->nodes[target_rank];
    words = 0;
    r = 0;
    FOR_RUNS(tt, target_count, base, a, len, off, {
        int n = (((int)a & 3) + len + 3) / 4;
        g->runs[3 * r] = words;
        g->runs[3 * r + 1] = (int)a & 3;
        g->runs[3 * r + 2] = len;
        if (n > 0) {
            __scmp_thread5(node, (void (*)())get_words, getNodeId(), (int)(g->words + 4 * words),
                           (int)a & ~3, n, (int)&w->got);
            w->asked++;
        }
        words += n;
        r++;
    });
    g->next = w->later;
    w->later = g;
    return MPI_SUCCESS;
}

/* The gets whose data has landed (all of them, once w->got == w->asked): their bytes into their buffers. */
static int unpack_gets(struct win *w)
{
    int err = MPI_SUCCESS;
    while (w->later) {
        struct get_later *g = w->later;
        struct __mpi_type *t = __mpi_type_get(g->type);
        int i, total = 0;
        char *s;
        for (i = 0; i < g->nruns; i++)
            total += g->runs[3 * i + 2];
        s = (char *)malloc(total + 4);
        if (!s) {
            err = MPI_ERR_NO_MEM;
        } else {
            for (i = 0, total = 0; i < g->nruns; total += g->runs[3 * i + 2], i++)
                memcpy(s + total, g->words + 4 * g->runs[3 * i] + g->runs[3 * i + 1], g->runs[3 * i + 2]);
            __mpi_unpack(s, total, (char *)g->buf, g->count, t);
            free(s);
        }
        w->later = g->next;
        free(g);
    }
    return err;
}

int MPI_Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    char *base, *copy, *src, *a;
    int err, len, off, esize, node;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Accumulate");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    /* a predefined operation (or MPI_REPLACE) on the origin's predefined type, the target's made of it */
    if (err == MPI_SUCCESS && (!__coll_contig_basic(origin_datatype) || __coll_size(origin_datatype) > 4 * PAYLOAD))
        err = MPI_ERR_TYPE;
    if (err == MPI_SUCCESS && op != MPI_REPLACE
        && (op < MPI_MAX || op > MPI_MINLOC || !__mpi_op_check(op, origin_datatype)))
        err = MPI_ERR_OP;
    if (err != MPI_SUCCESS)
        return __mpi_error(w->comm, err, "MPI_Accumulate");
    src = packed(origin_addr, origin_count, origin_datatype, &copy);
    if (!src)
        return __mpi_no_mem(w->comm, "MPI_Accumulate", origin_count * __coll_size(origin_datatype));
    tt = __mpi_type_get(target_datatype);
    esize = __coll_size(origin_datatype);
    node = w->nodes[target_rank];
    FOR_RUNS(tt, target_count, base, a, len, off, {
        const char *s = src + off;
        if (target_rank == w->rank) {
            if (op == MPI_REPLACE)
                memcpy(a, s, len);
            else
                __mpi_op_combine(op, origin_datatype, s, a, a, len / esize);
        } else {
            /* whole elements per message */
            int per = (PAYLOAD * 4 / esize) * esize, left = len;
            char *t = a;
            while (left > 0) {
                int n = left < per ? left : per, m[PAYLOAD];
                memcpy(m, s, n);
                thread8(node, (void (*)())accumulate, (int)t, (op << 8) | origin_datatype, n, m);
                t += n;
                s += n;
                left -= n;
            }
        }
    });
    free(copy);
    return MPI_SUCCESS;
}

/* ---- Synchronisation ------------------------------------------------------------------------------------- */

/* What this process started has left (puts read by the DMA engine) and what it asked for has come. */
static int own_done(struct win *w)
{
    waitDataBlock();
    wait_until(&w->got, w->asked);
    return unpack_gets(w);
}

int MPI_Win_fence(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, err;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_fence");
    err = own_done(w);
    /* a marker behind this process's puts and accumulates to every process; one from each ends the fence */
    for (i = 1; i < w->size; i++) {
        int r = (w->rank + i) % w->size;
        __scmp_thread1(w->nodes[r], (void (*)())marker, w->ids[r]);
    }
    w->markers++;
    w->fences++;
    wait_until(&w->markers, w->fences * w->size);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(w->comm, err, "MPI_Win_fence");
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_lock");
    if (lock_type != MPI_LOCK_EXCLUSIVE && lock_type != MPI_LOCK_SHARED)
        return __mpi_error(w->comm, MPI_ERR_LOCKTYPE, "MPI_Win_lock");
    if (rank < 0 || rank >= w->size)
        return __mpi_error(w->comm, MPI_ERR_RANK, "MPI_Win_lock");
    w->granted = 0;
    if (rank == w->rank)
        lock_request(w->ids[rank], getNodeId(), lock_type, (int *)&w->granted);
    else
        __scmp_thread4(w->nodes[rank], (void (*)())lock_request, w->ids[rank], getNodeId(), lock_type,
                       (int)&w->granted);
    wait_until(&w->granted, 1);
    w->locked[rank] = lock_type;
    return MPI_SUCCESS;
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
    struct win *w = win_of(win);
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_unlock");
    if (rank < 0 || rank >= w->size)
        return __mpi_error(w->comm, MPI_ERR_RANK, "MPI_Win_unlock");
    if (!w->locked[rank])
        return __mpi_error(w->comm, MPI_ERR_RMA_SYNC, "MPI_Win_unlock");
    err = own_done(w);
    w->released = 0;
    if (rank == w->rank)
        unlock_request(w->ids[rank], getNodeId(), w->locked[rank], (int *)&w->released);
    else
        __scmp_thread4(w->nodes[rank], (void (*)())unlock_request, w->ids[rank], getNodeId(), w->locked[rank],
                       (int)&w->released);
    wait_until(&w->released, 1);
    w->locked[rank] = 0;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_error(w->comm, err, "MPI_Win_unlock");
}
