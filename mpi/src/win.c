/* One-sided communication (MPI-2 chapter 6, MPI-3 chapter 11): windows, MPI_Put, MPI_Get, MPI_Accumulate,
 * MPI_Win_fence, MPI_Win_lock/unlock, and at the end of the file MPI-3's lock_all, flushes and atomics and
 * MPI-2's general active target, on the chip's own messages (docs/mpi.md, "One-sided communication"). The
 * same for both protocol families: none of it goes through the point-to-point engine.
 *
 * The network may deliver two messages of one sender in either order (docs/libscmp.md, "Ordering"), so
 * nothing here relies on it: THREAD messages are counted by their handlers, and DATA messages are known to
 * have landed by a word whose value was announced and which held something else before.
 * - A put is DATA messages: the target's NIU writes them into the window, no thread of the target runs
 *   (the deposit model). They leave at the next synchronisation, after a THREAD message per two runs has had
 *   the target store the complement of each run's last word there and say so; the target then watches
 *   those words. Runs that are not whole aligned words go as THREAD messages whose handler copies them.
 * - A get asks the target's handler to send the words back as one DATA message followed by a token word,
 *   into a buffer of the origin's whose token slot holds the token's complement until it lands.
 * - An accumulate sends its operands in THREAD messages whose handler combines them into the window: a
 *   handler runs to its end before another starts, so each element's read-modify-write is atomic.
 * - Accumulates and atomics of more than BULK_MIN bytes, and the short runs of a put when they are many, go in
 *   bulk: one DATA message of operands and target pieces into a buffer the target allocated, one THREAD
 *   message whose handler applies it whole ("Many small runs or elements in bulk" below). Smaller accumulates
 *   to one target are gathered until a synchronisation ("Small accumulates gathered").
 * - Accumulate-type messages are numbered per origin and target and applied in that order ("Accumulates in
 *   order").
 * Each THREAD message carries its sender's rank and the parity of the sender's epoch (its synchronisations
 * so far); the target counts them per sender and parity. A fence marker and an unlock request tell the
 * target how many the sender has sent it in all, so the target knows when everything has been applied. */
#include <stdlib.h>
#include <string.h>
#include <scmp.h>
#include "mpi_internal.h"
#include "win_checks.h"

#define PAYLOAD 4           /* words of data in a THREAD message of put bytes or accumulate operands (8 words
                             * in all reach a C handler: its argument registers) */

/* A put's run of whole words, deposited at the next synchronisation. */
struct put_later {
    struct put_later *next;
    int rank;
    int *dst, *src, words;
    int round;                      /* send_puts' round at its target (runs that overlap go in separate rounds) */
    char *copy;                     /* the packed origin data it reads from, freed after it left, or 0 */
};

/* A get whose runs land, each in whole words and a token, in a buffer of the origin's first, to be unpacked
 * into its datatype once every token is there. */
struct get_later {
    struct get_later *next;
    int rank;
    char *words;
    int nruns;
    int *runs;                      /* per run: offset in words, first byte's offset in its word, bytes, token */
    void *buf;                      /* the origin's buffer, count items of type */
    int count;
    MPI_Datatype type;
    int bytes;                      /* its reply buffer's size, counted in the window's get_bytes until freed */
};

struct win {
    MPI_Comm comm;
    int id, rank, size;
    int *nodes;                     /* rank -> node */
    char **bases;                   /* each rank's window */
    int *sizes, *units, *ids;       /* its size, displacement unit and this window's number there */
    char *mine;                     /* this process's memory, if MPI_Win_allocate allocated it */
    /* as the origin */
    int epoch;                      /* synchronisations so far: its parity tags the THREAD messages */
    int *sent;                      /* [2 * rank + parity]: THREAD messages sent to rank, in all */
    int *locked;                    /* per rank: the lock type this process holds there, or 0 */
    int all_locked;                 /* MPI_Win_lock_all took them */
    int *pscw;                      /* general active target, made at its first use (pscw_of) */
    struct put_later *puts;
    struct get_later *gets;
    int tokens;
    volatile int *acked;            /* per rank: its answers to the announcements of puts */
    volatile int granted, released;
    /* as the target */
    volatile int *applied;          /* [2 * rank + parity]: THREAD messages from rank handled, in all */
    int *need;                      /* [2 * rank + parity]: how many rank has said it sent */
    volatile int *marked;           /* per rank: fence markers received */
    int *batch;                     /* per rank: messages of its current announcement of puts received */
    int fences;
    int *watch, nwatch, capwatch;   /* every announced run's (last word's address, its value, first word's) */
    int wlo, whi;                   /* the lowest first and highest last word of the watched runs (while any) */
    struct batch **building;        /* per rank: its announcement's runs until all its messages have come */
    struct batch *deferred;         /* complete announcements over watched runs, waiting for those to land */
    int deferring;                  /* a handler installs them */
    int exclusive, shared;          /* the lock's holders */
    struct lock_wait *queue;        /* and the requests waiting for it, in order */
    struct lock_wait *unlocks;      /* unlocks waiting for their holders' messages */
    int serving;                    /* a handler serves them */
    int get_bytes;                  /* the reply buffers of the gets not yet finished (GETS_PENDING_MAX) */
    /* accumulate order ("Accumulates in order" below) */
    int *acc_sent;                  /* as the origin, per rank: accumulate messages sent there, in all */
    int *acc_next;                  /* as the target, per rank: the number of its next one to apply */
    int *draining;                  /* per rank: a handler applies its held messages */
    struct held *held;              /* messages that came before an earlier one of their sender's */
    struct bulk *pend;              /* small accumulates gathered for one target (pend_flush) */
};

struct lock_wait {
    struct lock_wait *next;
    int node, type, who, total[2];  /* type 0: a flush, which keeps the lock */
    int *flag;
};

/* An announcement of put runs from one origin: runs[3 * i] is run i's last word, runs[3 * i + 1] the value it
 * will hold, runs[3 * i + 2] its first word. */
struct batch {
    struct batch *next;
    int node, n, cap;               /* (the origin's node: the window's table may not be filled yet) */
    volatile int *acks;
    int *runs;
};

static struct win **wins;
static int nwins;

static void unwatched(struct win *w, const char *a, int n, int main_thread);

static struct win *win_of(MPI_Win w)
{
    return w >= 0 && w < nwins ? wins[w] : 0;
}

/* A THREAD message's sender: its window number at the target, its rank and its epoch's parity. */
#define WHO(w, r) (((w)->ids[r] << 17) | ((w)->rank << 1) | ((w)->epoch & 1))
#define WHO_WIN(who) wins[(unsigned)(who) >> 17]
#define WHO_SLOT(who) ((who) & 0x1ffff)     /* 2 * rank + parity */

/* ---- Accumulates in order ---------------------------------------------------------------------------------
 * MPI applies one origin's accumulates to one target in the order it made them (accumulate_ordering's
 * default), but the network may deliver two messages in either order (--vc-select any), and a bulk message's
 * handler waits for its data, letting later handlers run. So every accumulate-type message (accumulate,
 * fetch_op, compare_swap, bulk_apply) carries its number among its sender's to that target, 16 bits in the
 * top of one of its words (SEQ); the target applies them in that order: one that comes early is held (its
 * eight words) and applied by the handler that applied the one before it. */
#define SEQ_MASK 0xffff

struct held {
    struct held *next;
    int rank, seq;
    void (*pc)();
    int m[8];
};

/* The number of the next accumulate-type message to rank, in the top 16 bits. */
static int acc_seq(struct win *w, int rank)
{
    int s = w->acc_sent[rank];
    w->acc_sent[rank] = (s + 1) & SEQ_MASK;
    return s << 16;
}

/* Keeps a message that came before its turn. */
static void hold(struct win *w, int r, int seq, void (*pc)(), int a, int b, int c, int who, int w0, int w1, int w2,
                 int w3)
{
    struct held *h = (struct held *)__mpi_xmalloc(sizeof *h, "MPI_Accumulate"), **p = &w->held;
    h->next = 0;
    h->rank = r;
    h->seq = seq;
    h->pc = pc;
    h->m[0] = a;
    h->m[1] = b;
    h->m[2] = c;
    h->m[3] = who;
    h->m[4] = w0;
    h->m[5] = w1;
    h->m[6] = w2;
    h->m[7] = w3;
    while (*p)
        p = &(*p)->next;
    *p = h;
}

/* Whether the handler's message (pc, its words; seq its number) is rank r's next; if not, it is held. */
#define IN_ORDER(w, r, seq, pc, a, b, c, who, w0, w1, w2, w3)                                               \
    ((int)(seq) == (w)->acc_next[r]                                                                         \
     || (hold(w, r, (int)(seq), (void (*)())(pc), (int)(a), (int)(b), (int)(c), who, w0, w1, w2, w3), 0))

/* Rank r's message has been applied: its held successors are, in order (by the first handler that gets
 * here; one that suspends, a bulk message waiting for its data, keeps the others held meanwhile). */
static void acc_done(struct win *w, int r)
{
    struct held **hp, *h;
    w->acc_next[r] = (w->acc_next[r] + 1) & SEQ_MASK;
    if (!w->held || w->draining[r])
        return;
    w->draining[r] = 1;
    for (;;) {
        for (hp = &w->held; (h = *hp) != 0 && !(h->rank == r && h->seq == w->acc_next[r]); hp = &h->next)
            ;
        if (!h)
            break;
        *hp = h->next;
        ((void (*)(int, int, int, int, int, int, int, int))h->pc)(h->m[0], h->m[1], h->m[2], h->m[3], h->m[4],
                                                                  h->m[5], h->m[6], h->m[7]);
        free(h);
    }
    w->draining[r] = 0;
}

/* ---- Handlers, on the target --------------------------------------------------------------------------- */

/* Bytes that are not whole aligned words. */
static void put_bytes(char *addr, int n, int unused, int who, int w0, int w1, int w2, int w3)
{
    int w[PAYLOAD];
    struct win *win = WHO_WIN(who);
    (void)unused;
    if (win->nwatch)
        unwatched(win, addr, n, 0);
    w[0] = w0;
    w[1] = w1;
    w[2] = w2;
    w[3] = w3;
    memcpy(addr, w, n);
    win->applied[WHO_SLOT(who)]++;
}

/* acc_elements, GAP_PAIR, combine() (an accumulate's elements combined into the window where they arrive) and
 * elements_at(), the same text as the T3D's and the SP's. */
#include "win_elements.h"

/* op_type: SEQ | op << 8 | element type. */
static void accumulate(char *addr, int op_type, int n, int who, int w0, int w1, int w2, int w3)
{
    struct win *win = WHO_WIN(who);
    double d[PAYLOAD / 2];          /* the operands, aligned for any type */
    int *w = (int *)d, r = WHO_SLOT(who) >> 1;
    if (!IN_ORDER(win, r, (unsigned)op_type >> 16, accumulate, addr, op_type, n, who, w0, w1, w2, w3))
        return;
    w[0] = w0;
    w[1] = w1;
    w[2] = w2;
    w[3] = w3;
    if (win->nwatch)
        unwatched(win, addr, n, 0);
    combine(addr, (op_type >> 8) & 0xff, op_type & 0xff, (char *)w, n);
    win->applied[WHO_SLOT(who)]++;
    acc_done(win, r);
}

/* ---- Puts announced, watched until they land ---------------------------------------------------------------
 * An origin announces the runs of its puts to a target (two a message: each run's last word, the value it will
 * hold and its length in words); once the whole announcement has come, the target stores the complement of
 * each value in its word, watches those words and tells the origin it may send the data. Runs of one origin in
 * one announcement never overlap (send_puts' rounds), but another origin's may (concurrent conflicting puts: MPI
 * leaves the words' values undefined, yet every synchronisation must end). A run over a watched run's last word
 * would leave that watch waiting for ever once its data landed after the watched value; so an announcement with
 * a run that overlaps a watched run waits (deferred), complements unwritten and the origin unanswered, until the
 * watched runs it overlaps have landed; announcements are installed whole, so none waits for one that waits.
 * A handler's write into the window (bytes of a put, accumulates, atomics), and a process's own put or
 * accumulate to itself, waits likewise until no watched last word lies under it (programs/mpi/putconflict.c). */

/* Whether one of the n runs overlaps a watched run (runs sorted by first word here when they are not). */
static int by_first(const void *a, const void *b)
{
    int x = ((const int *)a)[2], y = ((const int *)b)[2];
    return x < y ? -1 : x > y;
}

static int overlaps_watched(struct win *w, int *runs, int n)
{
    int i, j, lo = runs[2], hi = runs[0], sorted = 1;
    if (w->nwatch == 0)
        return 0;
    for (i = 1; i < n; i++) {
        if (runs[3 * i + 2] < runs[3 * i - 1])
            sorted = 0;
        if (runs[3 * i + 2] < lo)
            lo = runs[3 * i + 2];
        if (runs[3 * i] > hi)
            hi = runs[3 * i];
    }
    if (hi < w->wlo || lo > w->whi)
        return 0;
    if (!sorted)
        qsort(runs, n, 3 * sizeof(int), by_first);
    for (j = 0; j < w->nwatch; j++) {
        int wl = w->watch[3 * j + 2], wh = w->watch[3 * j], a = 0, b = n;
        if (wh < lo || wl > hi)
            continue;
        while (a < b) {             /* a: the runs that begin at or below wh */
            int m = (a + b) >> 1;
            if (runs[3 * m + 2] <= wh)
                a = m + 1;
            else
                b = m;
        }
        if (a > 0 && runs[3 * (a - 1)] >= wl)
            return 1;
    }
    return 0;
}

/* The n runs are watched, their last words hold their values' complements, and the origin hears it may send. */
static void install(struct win *w, int node, volatile int *acks, const int *runs, int n)
{
    int i;
    if (w->nwatch + n > w->capwatch) {
        w->capwatch = 2 * w->capwatch + n + 8;
        w->watch = (int *)__mpi_xrealloc(w->watch, 3 * w->capwatch * sizeof(int), "MPI_Put");
    }
    if (w->nwatch == 0) {
        w->wlo = runs[2];
        w->whi = runs[0];
    }
    for (i = 0; i < n; i++) {
        int *x = w->watch + 3 * w->nwatch++;
        x[0] = runs[3 * i];
        x[1] = runs[3 * i + 1];
        x[2] = runs[3 * i + 2];
        *(int *)x[0] = ~x[1];
        if (x[2] < w->wlo)
            w->wlo = x[2];
        if (x[0] > w->whi)
            w->whi = x[0];
    }
    __mpi_handler_send(OUT_ADD, node, (int)acks, 1, 0);
}

static int landed(struct win *w);

/* The deferred announcements are installed as the runs they overlap land (one handler does it, the others leave
 * theirs in the list). */
static void serve_deferred(struct win *w)
{
    if (w->deferring)
        return;
    w->deferring = 1;
    for (;;) {
        struct batch **bp = &w->deferred, *b;
        landed(w);
        while ((b = *bp) != 0) {
            if (overlaps_watched(w, b->runs, b->n)) {
                bp = &b->next;
                continue;
            }
            *bp = b->next;
            install(w, b->node, b->acks, b->runs, b->n);
            free(b->runs);
            free(b);
        }
        if (!w->deferred)
            break;
        suspendThread();
    }
    w->deferring = 0;
}

/* A whole announcement of node's: installed, or deferred (b: its runs, kept if deferred, else freed). */
static void announced(struct win *w, int node, volatile int *acks, struct batch *b)
{
    struct batch **bp = &w->deferred;
    if (!overlaps_watched(w, b->runs, b->n)) {
        install(w, node, acks, b->runs, b->n);
        free(b->runs);
        free(b);
        return;
    }
    b->node = node;
    b->acks = acks;
    b->next = 0;
    while (*bp)
        bp = &(*bp)->next;
    *bp = b;
    serve_deferred(w);
}

/* Up to two put runs announced: n_total is their number, 4 times the origin's node and 4096 times the messages of
 * the announcement (the origin's node is sent: a target may have a window's handlers run before its own
 * MPI_Win_create has filled the window's table of nodes); lens their lengths in words (the second's in the top
 * half when there are two). */
static void announce(volatile int *acks, int n_total, int lens, int who, int a0, int v0, int a1, int v1)
{
    struct win *w = WHO_WIN(who);
    int n = n_total & 3, node = (n_total >> 2) & 1023, total = (unsigned)n_total >> 12, r = WHO_SLOT(who) >> 1;
    int run[6], j;
    struct batch *b;
    if (total == 1) {
        /* the whole announcement in one message (the usual case), installed here unless it overlaps a watched run */
        int lo = a0 - 4 * ((n == 2 ? lens & 0xffff : lens) - 1), hi = a0, lo1 = lo, hi1 = hi, *x;
        if (n == 2) {
            lo1 = a1 - 4 * (((unsigned)lens >> 16) - 1);
            hi1 = a1;
        }
        for (j = 0; j < w->nwatch; j++) {
            int wl = w->watch[3 * j + 2], wh = w->watch[3 * j];
            if ((wl <= hi && lo <= wh) || (wl <= hi1 && lo1 <= wh))
                break;
        }
        if (j == w->nwatch) {
            if (w->nwatch + 2 > w->capwatch) {
                w->capwatch = 2 * w->capwatch + 8;
                w->watch = (int *)__mpi_xrealloc(w->watch, 3 * w->capwatch * sizeof(int), "MPI_Put");
            }
            if (w->nwatch == 0) {
                w->wlo = lo;
                w->whi = hi;
            }
            x = w->watch + 3 * w->nwatch;
            x[0] = a0;
            x[1] = v0;
            x[2] = lo;
            *(int *)a0 = ~v0;
            if (n == 2) {
                x[3] = a1;
                x[4] = v1;
                x[5] = lo1;
                *(int *)a1 = ~v1;
            }
            w->nwatch += n;
            if (lo1 < lo)
                lo = lo1;
            if (hi1 > hi)
                hi = hi1;
            if (lo < w->wlo)
                w->wlo = lo;
            if (hi > w->whi)
                w->whi = hi;
            w->applied[WHO_SLOT(who)]++;
            __mpi_handler_send(OUT_ADD, node, (int)acks, 1, 0);
            return;
        }
    }
    run[0] = a0;
    run[1] = v0;
    run[2] = a0 - 4 * ((n == 2 ? lens & 0xffff : lens) - 1);
    run[3] = a1;
    run[4] = v1;
    run[5] = a1 - 4 * (((unsigned)lens >> 16) - 1);
    w->applied[WHO_SLOT(who)]++;
    if (!w->building)
        w->building = (struct batch **)__mpi_xcalloc(w->size, sizeof *w->building, "MPI_Put");
    if (!(b = w->building[r])) {
        b = w->building[r] = (struct batch *)__mpi_xcalloc(1, sizeof *b, "MPI_Put");
        b->cap = total == 1 ? 2 : 16;
        b->runs = (int *)__mpi_xmalloc(3 * b->cap * sizeof(int), "MPI_Put");
    }
    if (b->n + n > b->cap) {
        b->cap = 2 * b->cap + n;
        b->runs = (int *)__mpi_xrealloc(b->runs, 3 * b->cap * sizeof(int), "MPI_Put");
    }
    memcpy(b->runs + 3 * b->n, run, 3 * n * sizeof(int));
    b->n += n;
    if (++w->batch[r] == total) {
        w->batch[r] = 0;
        w->building[r] = 0;
        announced(w, node, acks, b);
    }
}

/* Whether every announced put has landed (each one found is forgotten). */
static int landed(struct win *w)
{
    int i = 0;
    while (i < w->nwatch) {
        int *x = w->watch + 3 * i;
        if (*(volatile int *)x[0] == x[1]) {
            int *last = w->watch + 3 * --w->nwatch;
            x[0] = last[0];
            x[1] = last[1];
            x[2] = last[2];
        } else {
            i++;
        }
    }
    return w->nwatch == 0 && !w->deferred;
}

/* Whether a watched run's last word lies in the n bytes at a. */
static int under_watch(struct win *w, const char *a, int n)
{
    int j;
    if (w->nwatch == 0 || (int)a + n <= w->wlo || (int)a > w->whi)
        return 0;
    for (j = 0; j < w->nwatch; j++)
        if (w->watch[3 * j] + 4 > (int)a && w->watch[3 * j] < (int)a + n)
            return 1;
    return 0;
}

static void idle(void);

/* A write of n bytes at a waits until no watched run's last word is there; others run meanwhile (the node's
 * handlers; in a handler, main_thread 0, the other threads too). */
static void unwatched(struct win *w, const char *a, int n, int main_thread)
{
    while (under_watch(w, a, n)) {
        landed(w);
        if (!under_watch(w, a, n))
            break;
        if (main_thread)
            idle();
        else
            suspendThread();
    }
}

/* The words of a get, then its token, in one DATA message. */
static void get_words(int who, int node, int *dst, int *src, int words, int token)
{
    int *tmp = (int *)__mpi_xmalloc((words + 1) * sizeof(int), "MPI_Get");
    memcpy(tmp, src, words * sizeof(int));
    tmp[words] = token;
    WHO_WIN(who)->applied[WHO_SLOT(who)]++;
    __mpi_handler_send(OUT_BLOCK, node, (int)dst, (int)tmp, words + 1);      /* frees tmp */
}

static void marker(int who, int total)
{
    struct win *w = WHO_WIN(who);
    w->need[WHO_SLOT(who)] = total;
    w->marked[WHO_SLOT(who) >> 1]++;
}

static void grant(int node, int *flag)
{
    if (node == getNodeId())
        *flag = 1;
    else
        __mpi_handler_send(OUT_WORD, node, (int)flag, 1, 0);
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

/* An unlock waits until the holder's messages have all been handled and its puts have landed; then the lock
 * goes, the holder hears it, and the requests that can now have it get it. One handler serves the waiting
 * unlocks of a window (the others leave theirs in its list and end), so that waiting holds one context. */
static void serve_unlocks(struct win *w)
{
    w->serving = 1;
    for (;;) {
        struct lock_wait **up = &w->unlocks, *u;
        int all_landed = landed(w);
        while ((u = *up) != 0) {
            int slot = WHO_SLOT(u->who) & ~1;
            if (!all_landed || w->applied[slot] < u->total[0] || w->applied[slot + 1] < u->total[1]) {
                up = &u->next;
                continue;
            }
            *up = u->next;
            if (u->type == MPI_LOCK_EXCLUSIVE)
                w->exclusive = 0;
            else if (u->type == MPI_LOCK_SHARED)
                w->shared--;
            grant(u->node, u->flag);
            free(u);
        }
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
        if (!w->unlocks)
            break;
        suspendThread();
    }
    w->serving = 0;
}

/* An unlock (type: the lock's) or a flush (type 0): total0 and total1 are how many THREAD messages the holder
 * has sent here in all under each parity of its epoch (it may have changed parity while holding the lock, by
 * unlocking another target). */
static void unlock_request(int who, int node, int type, int *flag, int total0, int total1)
{
    struct win *w = WHO_WIN(who);
    struct lock_wait *u = (struct lock_wait *)__mpi_xmalloc(sizeof *u, "MPI_Win_unlock"), **p = &w->unlocks;
    u->next = 0;
    u->node = node;
    u->type = type;
    u->flag = flag;
    u->who = who;
    u->total[0] = total0;
    u->total[1] = total1;
    while (*p)
        p = &(*p)->next;
    *p = u;
    if (!w->serving)
        serve_unlocks(w);
}

/* ---- Windows --------------------------------------------------------------------------------------------- */

/* Lets the handlers run (sending what they left to send) while waiting. */
static void idle(void)
{
    if (__mpi_outbox)
        __mpi_drain_outbox();
    else
        suspendThread();
}

static int create(void *base, int size, int disp_unit, MPI_Comm comm, MPI_Win *win, char *mine, const char *fn)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct win *w;
    int id, i, mine4[4], *all, err, p;
    CREATE_CHECKS(c, comm, size, disp_unit, win, fn);
    p = c->size;
    w = (struct win *)calloc(1, sizeof *w);
    all = (int *)malloc(4 * p * sizeof(int));
    if (w)
        w->nodes = (int *)calloc(p, 17 * sizeof(int) + sizeof(char *));
    for (id = 0; id < nwins && wins[id]; id++)
        ;
    if (w && all && w->nodes && id == nwins) {
        struct win **more = (struct win **)realloc(wins, (nwins + 8) * sizeof *wins);
        if (more) {
            wins = more;
            for (i = nwins; i < nwins + 8; i++)
                wins[i] = 0;
            nwins += 8;
        }
    }
    if (!w || !all || !w->nodes || id == nwins) {
        if (w)
            free(w->nodes);
        free(w);
        free(all);
        return __mpi_no_mem(comm, fn, 4 * p * (int)sizeof(int) + p * (17 * (int)sizeof(int) + 4));
    }
    w->comm = comm;
    w->id = id;
    w->rank = c->rank;
    w->size = p;
    w->sizes = w->nodes + p;
    w->units = w->sizes + p;
    w->ids = w->units + p;
    w->locked = w->ids + p;
    w->sent = w->locked + p;
    w->applied = w->sent + 2 * p;
    w->need = (int *)w->applied + 2 * p;
    w->marked = w->need + 2 * p;
    w->batch = (int *)w->marked + p;
    w->bases = (char **)(w->batch + p);
    w->acc_sent = (int *)(w->bases + p);
    w->acc_next = w->acc_sent + p;
    w->draining = w->acc_next + p;
    w->acked = w->draining + p;
    w->mine = mine;
    wins[id] = w;
    mine4[0] = (int)base;
    mine4[1] = size;
    mine4[2] = disp_unit;
    mine4[3] = id;
    /* once a process has everyone's entry, everyone has made theirs: no barrier */
    err = MPI_Allgather(mine4, 4, MPI_INT, all, 4, MPI_INT, comm);
    for (i = 0; i < p; i++) {
        w->nodes[i] = c->nodes[i];
        w->bases[i] = (char *)all[4 * i];
        w->sizes[i] = all[4 * i + 1];
        w->units[i] = all[4 * i + 2];
        w->ids[i] = all[4 * i + 3];
    }
    free(all);
    *win = id;
    return err;
}

#include "win_entry.h"

static void pend_free(struct win *w);

/* Collective: when every process has arrived nobody accesses the window any more (its epochs are closed). Its
 * attributes go first (their delete callbacks, win_extra.c): one that fails keeps the window. */
int MPI_Win_free(MPI_Win *win)
{
    struct win *w = win ? win_of(*win) : 0;
    int err, i;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_free");
    if ((err = __mpi_win_freed(*win)) != MPI_SUCCESS)
        return __mpi_win_error(*win, err, "MPI_Win_free");
    err = MPI_Barrier(w->comm);
    wins[*win] = 0;
    pend_free(w);
    while (w->held) {
        struct held *h = w->held;
        w->held = h->next;
        free(h);
    }
    free(w->mine);
    free(w->watch);
    if (w->building) {
        for (i = 0; i < w->size; i++)
            if (w->building[i]) {
                free(w->building[i]->runs);
                free(w->building[i]);
            }
        free(w->building);
    }
    free(w->pscw);
    free(w->nodes);
    free(w);
    *win = MPI_WIN_NULL;
    return err;
}

/* ---- Communication ---------------------------------------------------------------------------------------- */

#include "win_common.h"

/* Runs the statement for every run of count items of type t at addr (target addresses): a is the run's
 * address, n its bytes, off its offset in the packed stream. */
#define FOR_RUNS(t, count, addr, a, n, off, ...)                                                            \
    do {                                                                                                    \
        int i_, k_, ext_ = (t)->ub - (t)->lb;                                                               \
        char *one_ = __mpi_type_contig(t, addr, count);                                                     \
        off = 0;                                                                                            \
        if (one_) {                 /* one run */                                                           \
            a = one_;                                                                                       \
            n = (t)->size * (count);                                                                        \
            if (n > 0) {                                                                                    \
                __VA_ARGS__;                                                                                \
            }                                                                                               \
            break;                                                                                          \
        }                                                                                                   \
        if ((t)->flags & TF_COMPACT) {  /* many runs, read in order (datatype.c) */                         \
            struct __mpi_runs r_;                                                                           \
            for (i_ = 0; i_ < (count); i_++) {                                                              \
                __mpi_runs_start(&r_, t);                                                                   \
                for (k_ = 0; k_ < (t)->nblocks; k_++) {                                                     \
                    __MPI_RUNS_NEXT(&r_);                                                                   \
                    a = (addr) + i_ * ext_ + r_.disp;                                                       \
                    n = r_.len;                                                                             \
                    __VA_ARGS__;                                                                            \
                    off += n;                                                                               \
                }                                                                                           \
            }                                                                                               \
            break;                                                                                          \
        }                                                                                                   \
        for (i_ = 0; i_ < (count); i_++)                                                                    \
            for (k_ = 0; k_ < (t)->nblocks; k_++) {                                                         \
                a = (addr) + i_ * ext_ + (t)->blocks[k_].disp;                                              \
                n = (t)->blocks[k_].len;                                                                    \
                __VA_ARGS__;                                                                                \
                off += n;                                                                                   \
            }                                                                                               \
    } while (0)

/* A THREAD message of 8 words (all that reach a C handler): three, the sender, four of data. */
static void thread8(struct win *w, int rank, void (*pc)(), int a, int b, int c, const void *data)
{
    int m[8];
    m[0] = a;
    m[1] = b;
    m[2] = c;
    m[3] = WHO(w, rank);
    memcpy(m + 4, data, PAYLOAD * sizeof(int));
    __scmp_send_thread(w->nodes[rank], pc, m, 8);
    w->sent[2 * rank + (w->epoch & 1)]++;
}

/* ---- Many small runs or elements in bulk ----------------------------------------------------------------------
 * An accumulate of more than BULK_MIN bytes, an atomic of as many, and a put's runs of at most 16 bytes when there
 * are more than BULK_MIN bytes of them, go in bulk: the origin asks the target for a buffer (a THREAD message whose
 * handler allocates it and writes its address back), deposits there one DATA message of the target's pieces
 * (address and bytes each) and their packed operand bytes followed by a token word, then sends one THREAD
 * message whose handler waits for the token (on the ordered network it is there), reads the old elements
 * (get_accumulate: sent back in one DATA message and a token, as a get's reply) and combines the operands into
 * the window, the whole message in one handler: each element's read-modify-write is atomic with every other
 * accumulate, and the accumulates of one origin are applied in the order it made them. A put's pieces are
 * combined with MPI_REPLACE on bytes. Each message carries at most BULK_BYTES operand bytes and BULK_PIECES
 * pieces, so a target's buffer stays small. */
#define BULK_MIN (16 * PAYLOAD * 4)
#define BULK_BYTES (16 * 1024)
#define BULK_PIECES 1024
#define BULK_TOKEN 0x1f83d9ab
#define FETCH_TOKEN 0x5be0cd19

/* A buffer of words for a bulk message of who's, its address into *where at node (0 when there is no memory). */
static void bulk_alloc(int who, int node, int *where, int words)
{
    int *b = (int *)malloc(words * sizeof(int));
    if (b)
        b[words - 1] = ~BULK_TOKEN;
    WHO_WIN(who)->applied[WHO_SLOT(who)]++;
    if (node == getNodeId())
        *where = (int)b;
    else
        __mpi_handler_send(OUT_WORD, node, (int)where, (int)b, 0);
}

/* A bulk message, once landed (its last word the token): the packed operands (none for MPI_NO_OP) from buf,
 * then at buf + ow np pieces, each its address and bytes; meta SEQ | op << 8 | element type. dst: where the
 * old elements go back, packed, followed by FETCH_TOKEN, or 0. */
static void bulk_apply(int *buf, int meta, int *dst, int who, int words, int bytes, int np, int ow)
{
    struct win *w = WHO_WIN(who);
    int i, o = 0, *tmp = 0, *piece = buf + ow, r = WHO_SLOT(who) >> 1;
    MPI_Op op = (meta >> 8) & 0xff;
    MPI_Datatype type = meta & 0xff;
    if (!IN_ORDER(w, r, (unsigned)meta >> 16, bulk_apply, buf, meta, dst, who, words, bytes, np, ow))
        return;
    while (((volatile int *)buf)[words - 1] != BULK_TOKEN)
        suspendThread();
    if (dst)
        tmp = (int *)__mpi_xmalloc(((bytes + 3) / 4 + 1) * sizeof(int), "MPI_Get_accumulate");
    for (i = 0; i < np; i++) {
        char *a = (char *)piece[2 * i];
        int n = piece[2 * i + 1];
        if (w->nwatch)
            unwatched(w, a, n, 0);
        if (tmp)
            elements_at(type, a, (char *)tmp + o, n);
        if (op == MPI_REPLACE && n == 4 && (((int)a | o) & 3) == 0)
            *(int *)a = buf[o >> 2];    /* a put's word */
        else
            combine(a, op, type, (char *)buf + o, n);
        o += n;
    }
    free(buf);
    w->applied[WHO_SLOT(who)]++;
    if (tmp) {
        tmp[(bytes + 3) / 4] = FETCH_TOKEN;
        __mpi_handler_send(OUT_BLOCK, w->nodes[r], (int)dst, (int)tmp, (bytes + 3) / 4 + 1);
    }
    acc_done(w, r);
}

/* An operation's bulk messages being made: pieces are added in the order of the packed stream. */
struct bulk {
    struct win *w;
    int rank, meta;
    const char *src;                /* the packed operands, or 0 (MPI_NO_OP) */
    int *buf;                       /* the message being made: operands, then room for the pieces (0: only
                                     * counting messages and reply words) */
    int *piece;                     /* its pieces (address, bytes), after the room in buf */
    int np, bytes;                  /* their number and bytes */
    int n, words;                   /* messages so far, and their replies' words with tokens */
    struct get_later *g;            /* where replies go, or 0 */
};

/* The pieces made so far (of an accumulate or a put: b->g is 0) as accumulate messages of 16 bytes of whole
 * elements each. */
static void bulk_messages(struct bulk *b)
{
    int i, o = 0, d[PAYLOAD], et = b->meta & 0xff, es = __coll_size(et), per = (PAYLOAD * 4 / es) * es;
    for (i = 0; i < b->np; i++) {
        char *a = (char *)b->piece[2 * i];
        int n = b->piece[2 * i + 1], x;
        for (x = 0; x < n; x += per) {
            int len = n - x < per ? n - x : per;
            memcpy(d, (char *)b->buf + o + x, len);
            thread8(b->w, b->rank, (void (*)())accumulate, (int)(a + x), acc_seq(b->w, b->rank) | b->meta, len, d);
        }
        o += n;
    }
}

static void fetch_op(char *addr, int meta, int *dst, int who, int w0, int w1, int w2, int w3);
static struct get_later *fetch_later(struct win *w, int rank, int nruns, void *buf, int count, MPI_Datatype type);
static void fetch_run(struct win *w, struct get_later *g, int r, void (*pc)(), char *a, int meta, int len,
                      const int *data);
#define FETCH_META(bytes, op, type) ((bytes) << 11 | (op) << 6 | (type))  /* under SEQ: 5, 5 and 6 bits */

/* The pieces made so far of a MPI_Get_accumulate as fetching messages of 16 bytes of whole elements each, as
 * a small one goes, when the target has no room for the bulk message: their replies are gathered by a get of
 * their own into slot, where the bulk message's reply would have come (its token set now). That get is nearer
 * the head of the window's list than the operation's (b->g), so a synchronisation finishes it first. */
static int fetch_messages(struct bulk *b, int *slot)
{
    struct win *w = b->w;
    struct get_later *g;
    int i, o = 0, m = 0, x, et = b->meta & 0xff, op = (b->meta >> 8) & 0xff, es = __coll_size(et);
    int per = (PAYLOAD * 4 / es) * es;
    for (i = 0; i < b->np; i++)
        m += (b->piece[2 * i + 1] + per - 1) / per;
    g = fetch_later(w, b->rank, m, slot, b->bytes, MPI_BYTE);
    if (!g)
        return MPI_ERR_NO_MEM;
    for (i = 0, m = 0; i < b->np; i++) {
        char *a = (char *)b->piece[2 * i];
        int n = b->piece[2 * i + 1];
        for (x = 0; x < n; x += per) {
            int len = n - x < per ? n - x : per, d[PAYLOAD] = {0, 0, 0, 0};
            if (b->src)
                memcpy(d, (char *)b->buf + o + x, len);
            fetch_run(w, g, m++, (void (*)())fetch_op, a + x, acc_seq(w, b->rank) | FETCH_META(len, op, et), len, d);
        }
        o += n;
    }
    slot[(b->bytes + 3) / 4] = FETCH_TOKEN;
    g->next = w->gets;
    w->gets = g;
    return MPI_SUCCESS;
}

/* The message made so far leaves. Returns an error code. */
static int bulk_flush(struct bulk *b)
{
    struct win *w = b->w;
    int node = w->nodes[b->rank];
    if (b->np == 0)
        return MPI_SUCCESS;
    if (b->buf) {
        int ow = b->src ? (b->bytes + 7) / 8 * 2 : 0, words = ow + 2 * b->np + 1, *slot = 0, d[PAYLOAD];
        volatile int where = -1;
        memcpy(b->buf + ow, b->piece, 2 * b->np * sizeof(int));
        b->buf[words - 1] = BULK_TOKEN;
        __scmp_thread6(node, (void (*)())bulk_alloc, WHO(w, b->rank), getNodeId(), (int)&where, words, 0, 0);
        w->sent[2 * b->rank + (w->epoch & 1)]++;
        while (where == -1)
            idle();
        if (b->g) {
            int *r = b->g->runs + 4 * b->n;
            slot = (int *)(b->g->words + 4 * b->words);
            r[0] = b->words;
            r[1] = 0;
            r[2] = b->bytes;
            r[3] = FETCH_TOKEN;
            slot[(b->bytes + 3) / 4] = ~FETCH_TOKEN;
        }
        if (where) {
            sendDataBlock(node, (int *)where, 1, b->buf, 1, words);
            d[0] = words;
            d[1] = b->bytes;
            d[2] = b->np;
            d[3] = ow;
            thread8(w, b->rank, (void (*)())bulk_apply, where, acc_seq(w, b->rank) | b->meta, (int)slot, d);
        } else if (b->g) {
            int err = fetch_messages(b, slot);      /* no room at the target */
            if (err != MPI_SUCCESS)
                return err;
        } else {
            bulk_messages(b);           /* no room at the target */
        }
    }
    b->n++;
    b->words += (b->bytes + 3) / 4 + 1;
    b->np = 0;
    b->bytes = 0;
    return MPI_SUCCESS;
}

/* Piece a of len bytes, at off in the packed stream, joins the message. */
static int bulk_piece(struct bulk *b, char *a, int len, int off)
{
    int err = MPI_SUCCESS;
    if (b->np == BULK_PIECES || b->bytes + len > BULK_BYTES)
        err = bulk_flush(b);
    if (b->buf) {
        if (!b->src)
            ;
        else if (len == 4 && (((int)b->src + off | b->bytes) & 3) == 0)
            b->buf[b->bytes >> 2] = *(const int *)(b->src + off);     /* a word (transposes) */
        else
            memcpy((char *)b->buf + b->bytes, b->src + off, len);
        b->piece[2 * b->np] = (int)a;
        b->piece[2 * b->np + 1] = len;
    }
    b->np++;
    b->bytes += len;
    return err;
}

/* A bulk operation to rank of the packed operands src (or none), op on elements of type et; make: messages are
 * made and sent (else only counted). The caller frees b->buf. */
static int bulk_start(struct bulk *b, struct win *w, int rank, const char *src, MPI_Op op, MPI_Datatype et,
                      int make)
{
    b->w = w;
    b->rank = rank;
    b->src = src;
    b->meta = op << 8 | et;
    b->buf = 0;
    b->np = b->bytes = b->n = b->words = 0;
    b->g = 0;
    if (make) {
        b->buf = (int *)malloc(BULK_BYTES + (4 * BULK_PIECES + 4) * sizeof(int));
        if (!b->buf)
            return MPI_ERR_NO_MEM;
        b->piece = b->buf + BULK_BYTES / 4 + 2 * BULK_PIECES + 4;
    }
    return MPI_SUCCESS;
}

/* ---- Small accumulates gathered ---------------------------------------------------------------------------
 * An accumulate of at most BULK_MIN bytes to another process is not sent at the call: its pieces join the
 * window's pending message (w->pend) while the calls go to one target with one operation and element type; it
 * leaves at the next synchronisation, before an atomic or a bulk accumulate to that target, before one to
 * another target or of another operation or type, and whenever it is full: as one bulk message when it holds
 * more than BULK_MIN bytes, else as the 16-byte accumulate messages it was made of. MPI completes an
 * accumulate only at the synchronisation, and one origin's accumulates to one target still apply in the order
 * made (they leave in that order, numbered); each bulk message is applied by one handler, so every element's
 * read-modify-write stays atomic. MPICH's rma/atomic_get_* make 10000 accumulates of one pair in an epoch, each
 * a message and a handler before. */

static void pend_free(struct win *w)
{
    if (w->pend)
        free(w->pend->buf);
    free(w->pend);
    w->pend = 0;
}

/* The pending accumulates leave (all of them, or those to rank); keep: the buffer stays for more. */
static int pend_flush(struct win *w, int rank, int keep)
{
    struct bulk *b = w->pend;
    int err = MPI_SUCCESS;
    if (!b || (rank >= 0 && b->rank != rank))
        return MPI_SUCCESS;
    if (b->bytes > BULK_MIN)
        err = bulk_flush(b);
    else
        bulk_messages(b);
    b->np = b->bytes = 0;
    if (!keep)
        pend_free(w);
    return err;
}

/* The pending message, made ready for an accumulate to rank of op on elements et (the one pending for another
 * target, operation or type leaves first); 0 when there is no memory for it. */
static struct bulk *pend_for(struct win *w, int rank, MPI_Op op, MPI_Datatype et)
{
    struct bulk *b = w->pend;
    if (b && (b->rank != rank || b->meta != (op << 8 | et))) {
        pend_flush(w, -1, 1);
        b->rank = rank;
        b->meta = op << 8 | et;
    }
    if (!b) {
        b = (struct bulk *)malloc(sizeof *b);
        if (!b || bulk_start(b, w, rank, 0, op, et, 1) != MPI_SUCCESS) {
            free(b);
            return 0;
        }
        w->pend = b;
    }
    return b;
}

static int finish_gets(struct win *w, int rank);
/* At most this much of a node's memory waits in the reply buffers of gets: beyond it MPI_Get finishes the
 * pending gets first (a get's bytes are unpacked through a copy of their size when it finishes). */
#define GETS_PENDING_MAX (2 * 1024 * 1024)

/* A put's packed origin data: the origin's buffer itself until a run must wait for the synchronisation, then a
 * copy of it as it is now (the program may change its buffer before the fence: programs/mpi/onesided.c). */
struct put_src {
    const char *src;
    char *copy;                     /* the copy, until a waiting run takes it (send_puts frees it) */
    int copied, bytes;
};

/* A run of a put to another process: its whole aligned words wait for the synchronisation (they read the
 * packed stream, kept until then as a copy), the bytes around them go now. */
static int put_run(struct win *w, int rank, char *a, struct put_src *ps, int off, int len)
{
    int d[PAYLOAD];
    const char *src = ps->src + off;
    int head = (4 - ((int)a & 3)) & 3, words;
    if (head > len)
        head = len;
    /* (the words are read from the copy, made aligned when the first run waits) */
    words = ((ps->copied ? (int)(src + head) : off + head) & 3) == 0 ? (len - head) / 4 : 0;
    if (words == 0)
        head = len;
    while (head > 0) {
        int n = head < 4 * PAYLOAD ? head : 4 * PAYLOAD;
        memcpy(d, src, n);
        thread8(w, rank, (void (*)())put_bytes, (int)a, n, 0, d);
        a += n;
        src += n;
        len -= n;
        head -= n;
    }
    if (words > 0) {
        struct put_later *p = (struct put_later *)malloc(sizeof *p);
        if (!p)
            return MPI_ERR_NO_MEM;
        if (!ps->copied) {
            int at = src - ps->src;
            ps->copy = (char *)malloc(ps->bytes + 4);
            if (!ps->copy) {
                free(p);
                return MPI_ERR_NO_MEM;
            }
            memcpy(ps->copy, ps->src, ps->bytes);
            ps->src = ps->copy;
            ps->copied = 1;
            src = ps->src + at;
        }
        p->rank = rank;
        p->dst = (int *)a;
        p->src = (int *)src;
        p->words = words;
        p->copy = ps->copy;     /* the first run that reads the copy frees it */
        ps->copy = 0;
        p->next = w->puts;
        w->puts = p;
        a += 4 * words;
        src += 4 * words;
        len -= 4 * words;
    }
    while (len > 0) {
        int n = len < 4 * PAYLOAD ? len : 4 * PAYLOAD;
        memcpy(d, src, n);
        thread8(w, rank, (void (*)())put_bytes, (int)a, n, 0, d);
        a += n;
        src += n;
        len -= n;
    }
    return MPI_SUCCESS;
}

int MPI_Put(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    struct put_src ps;
    char *base, *copy, *src, *a;
    int err, len, off;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Put");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Put");
    tt = __mpi_type_get(target_datatype);
    if (tt->size * target_count == 0)
        return MPI_SUCCESS;         /* nothing moves (the origin's buffer may be NULL) */
    src = packed(origin_addr, origin_count, origin_datatype, &copy);
    if (!src)
        return __mpi_win_no_mem(win, "MPI_Put", origin_count * __mpi_type_get(origin_datatype)->size);
    if (target_rank == w->rank) {
        FOR_RUNS(tt, target_count, base, a, len, off, {
            if (w->nwatch)
                unwatched(w, a, len, 1);
            memcpy(a, src + off, len);
        });
    } else {
        /* runs of at most 16 bytes in bulk when they are many (MPICH's rma/transpose1: 10^6 runs of an int,
         * each remembered until the fence before), the others as they were */
        struct bulk b;
        int small = 0;
        b.buf = 0;
        ps.src = src;
        ps.copy = copy;
        ps.copied = copy != 0;
        ps.bytes = tt->size * target_count;
        if (tt->nblocks > 1 || target_count > 1)
            FOR_RUNS(tt, target_count, base, a, len, off,
                     if (len <= 4 * PAYLOAD && (small += len) > BULK_MIN) goto counted);
    counted:
        if (small > BULK_MIN)
            bulk_start(&b, w, target_rank, src, MPI_REPLACE, MPI_BYTE, 1);
        FOR_RUNS(tt, target_count, base, a, len, off, if (err == MPI_SUCCESS) {
            if (b.buf && len <= 4 * PAYLOAD)
                err = bulk_piece(&b, a, len, off);
            else
                err = put_run(w, target_rank, a, &ps, off, len);
        });
        if (b.buf && err == MPI_SUCCESS)
            err = bulk_flush(&b);
        free(b.buf);
        copy = ps.copy;
    }
    free(copy);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Put", (int)sizeof(struct put_later));
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt, *ot;
    struct get_later *g;
    char *base, *a;
    int err, len, off, words = 0, r = 0;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Get");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Get");
    tt = __mpi_type_get(target_datatype);
    ot = __mpi_type_get(origin_datatype);
    if (target_rank == w->rank) {
        /* the window is here: its runs as a stream, unpacked into the origin's layout */
        char *s = (char *)malloc(tt->size * target_count + 4);
        if (!s)
            return __mpi_win_no_mem(win, "MPI_Get", tt->size * target_count);
        FOR_RUNS(tt, target_count, base, a, len, off, memcpy(s + off, a, len));
        __mpi_unpack(s, tt->size * target_count, (char *)origin_addr, origin_count, ot);
        free(s);
        return MPI_SUCCESS;
    }
    /* every run of the target's as whole words and a token, one request each */
    FOR_RUNS(tt, target_count, base, a, len, off, (words += (((int)a & 3) + len + 3) / 4 + 1, r++));
    g = (struct get_later *)malloc(sizeof *g + 4 * r * sizeof(int) + 4 * words + 8);
    if (!g || (w->gets && w->get_bytes > GETS_PENDING_MAX - 4 * words)) {
        /* gets not yet finished would fill the node (MPICH's rma/manyget: 1000 gets of 128 KiB in one epoch):
         * they finish now, their tokens awaited as the synchronisation would, and their buffers go */
        free(g);
        finish_gets(w, -1);
        g = (struct get_later *)malloc(sizeof *g + 4 * r * sizeof(int) + 4 * words + 8);
    }
    if (!g)
        return __mpi_win_no_mem(win, "MPI_Get", 4 * words);
    g->bytes = 4 * words;           /* counted only once it exists; finish_gets takes it off when it frees g */
    w->get_bytes += g->bytes;
    g->runs = (int *)(g + 1);
    g->words = (char *)(((int)(g->runs + 4 * r) + 7) & ~7);
    g->nruns = r;
    g->rank = target_rank;
    g->buf = origin_addr;
    g->count = origin_count;
    g->type = origin_datatype;
    words = 0;
    r = 0;
    FOR_RUNS(tt, target_count, base, a, len, off, {
        int n = (((int)a & 3) + len + 3) / 4, token = 0x6a09e667 + 0x3c6ef372 * ++w->tokens;
        int *slot = (int *)(g->words + 4 * words);
        g->runs[4 * r] = words;
        g->runs[4 * r + 1] = (int)a & 3;
        g->runs[4 * r + 2] = len;
        g->runs[4 * r + 3] = token;
        slot[n] = ~token;
        __scmp_thread6(w->nodes[target_rank], (void (*)())get_words, WHO(w, target_rank), getNodeId(), (int)slot,
                       (int)a & ~3, n, token);
        w->sent[2 * target_rank + (w->epoch & 1)]++;
        words += n + 1;
        r++;
    });
    g->next = w->gets;
    w->gets = g;
    return MPI_SUCCESS;
}

/* Runs the statement for the elements of count items of type t at addr (target addresses) whose type is et,
 * in pieces that combine() takes: a is the piece's address, len its bytes in the packed stream (at most per for
 * a run of whole elements; one element of a pair type with a gap), off its offset in the stream. */
#define FOR_ELEMENTS(t, count, addr, et, per, a, len, off, ...)                                             \
    do {                                                                                                    \
        char *ra_;                                                                                          \
        int rlen_, roff_, x_, es_ = __mpi_type_get(et)->size, gap_ = GAP_PAIR(et);                          \
        FOR_RUNS(t, count, addr, ra_, rlen_, roff_, {                                                       \
            for (x_ = gap_ ? (es_ - roff_ % es_) % es_ : 0; x_ < rlen_; x_ += gap_ ? es_ : (per)) {         \
                a = ra_ + x_;                                                                               \
                off = roff_ + x_;                                                                           \
                len = gap_ ? es_ : rlen_ - x_ < (per) ? rlen_ - x_ : (per);                                 \
                __VA_ARGS__;                                                                                \
            }                                                                                               \
        });                                                                                                 \
    } while (0)

int MPI_Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    MPI_Datatype et = 0;
    char *base, *copy, *src, *a;
    int err, len, off, per;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Accumulate");
    /* The common cases at once: the same type on both sides, as many items, a few bytes to another process, in
     * the window. (target()'s checks and FOR_ELEMENTS's walk cost more than the rest of the call; MPICH's
     * rma/atomic_get_* make two million such calls.) Anything else, an error among it, goes the general way below. */
    if (origin_datatype == target_datatype && origin_count == target_count && origin_count > 0
        && origin_count <= BULK_MIN && target_rank >= 0 && target_rank < w->size && target_rank != w->rank
        && target_disp >= 0 && target_disp <= w->sizes[target_rank]) {
        struct bulk *b;
        if (__coll_contig_basic(target_datatype)) {
            /* one predefined type without gaps: its one run joins the pending message */
            len = origin_count * __coll_size(target_datatype);
            if (len <= BULK_MIN && target_disp * w->units[target_rank] + len <= w->sizes[target_rank]
                && acc_elements(origin_datatype, target_datatype, op, 0, &et) == MPI_SUCCESS
                && (b = pend_for(w, target_rank, op, et)) != 0) {
                b->src = (const char *)origin_addr;
                err = bulk_piece(b, w->bases[target_rank] + target_disp * w->units[target_rank], len, 0);
                return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", BULK_BYTES);
            }
        } else if (GAP_PAIR(target_datatype)) {
            /* a pair type with a gap (MPI_DOUBLE_INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT), one piece per element:
             * its value and its int packed as combine() takes them, the element's value at base + i * extent */
            struct __mpi_type *pt = __mpi_type_get(target_datatype);
            int es = pt->size, ext = pt->ub - pt->lb, v = pt->blocks[0].len, k = pt->blocks[1].disp, i;
            char ops[BULK_MIN];
            len = origin_count * es;
            if (len <= BULK_MIN
                && target_disp * w->units[target_rank] + (origin_count - 1) * ext + k + 4 <= w->sizes[target_rank]
                && acc_elements(origin_datatype, target_datatype, op, 0, &et) == MPI_SUCCESS
                && (b = pend_for(w, target_rank, op, et)) != 0) {
                base = w->bases[target_rank] + target_disp * w->units[target_rank];
                if (k == v) {
                    /* the int right after the value (MPI_DOUBLE_INT): an element's packed bytes are its first es */
                    b->src = (const char *)origin_addr;
                    for (i = 0, err = MPI_SUCCESS; i < origin_count && err == MPI_SUCCESS; i++)
                        err = bulk_piece(b, base + i * ext, es, i * ext);
                } else {
                    /* elements_at()'s packing, inline (a call per element made ten MPI_SHORT_INT 11% dearer) */
                    for (i = 0; i < origin_count; i++) {
                        memcpy(ops + i * es, (char *)origin_addr + i * ext, v);
                        memcpy(ops + i * es + v, (char *)origin_addr + i * ext + k, 4);
                    }
                    b->src = ops;
                    for (i = 0, err = MPI_SUCCESS; i < origin_count && err == MPI_SUCCESS; i++)
                        err = bulk_piece(b, base + i * ext, es, i * es);
                }
                return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", BULK_BYTES);
            }
        }
    }
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    /* (when nothing moves, the types need not agree, as in MPICH) */
    if (err == MPI_SUCCESS && __mpi_type_get(target_datatype)->size * target_count > 0)
        err = acc_elements(origin_datatype, target_datatype, op, 0, &et);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Accumulate");
    tt = __mpi_type_get(target_datatype);
    if (!et)
        return MPI_SUCCESS;
    src = packed(origin_addr, origin_count, origin_datatype, &copy);
    if (!src)
        return __mpi_win_no_mem(win, "MPI_Accumulate", tt->size * target_count);
    if (target_rank != w->rank && tt->size * target_count > BULK_MIN) {
        struct bulk b;
        pend_flush(w, target_rank, 1);      /* the accumulates before it apply first */
        err = bulk_start(&b, w, target_rank, src, op, et, 1);
        per = (BULK_BYTES / __coll_size(et)) * __coll_size(et);
        if (err == MPI_SUCCESS) {
            FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off,
                         if (err == MPI_SUCCESS) err = bulk_piece(&b, a, len, off));
            if (err == MPI_SUCCESS)
                err = bulk_flush(&b);
        }
        free(b.buf);
        free(copy);
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", BULK_BYTES);
    }
    if (target_rank == w->rank) {
        /* here: whole runs */
        FOR_ELEMENTS(tt, target_count, base, et, tt->size * target_count, a, len, off, {
            if (w->nwatch)
                unwatched(w, a, len, 1);
            combine(a, op, et, src + off, len);
        });
    } else {
        /* to another process: its pieces join the pending message (above, "Small accumulates gathered") */
        struct bulk *b = pend_for(w, target_rank, op, et);
        if (b) {
            b->src = src;
            FOR_ELEMENTS(tt, target_count, base, et, tt->size * target_count, a, len, off,
                         if (err == MPI_SUCCESS) err = bulk_piece(b, a, len, off));
        } else {
            /* no memory for a pending message (so none is pending): whole elements, 16 bytes a message at
             * most, now */
            per = (PAYLOAD * 4 / __coll_size(et)) * __coll_size(et);
            FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off, {
                int d[PAYLOAD];
                memcpy(d, src + off, len);
                thread8(w, target_rank, (void (*)())accumulate, (int)a, acc_seq(w, target_rank) | op << 8 | et, len,
                        d);
            });
        }
    }
    free(copy);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", BULK_BYTES);
}

/* ---- Synchronisation ------------------------------------------------------------------------------------- */

/* Until *word reaches value. */
static void wait_for(volatile int *word, int value)
{
    while (*word < value)
        idle();
}

/* Whether run p overlaps an earlier run of go to its target in the same round: the runs' spans there (span[2 *
 * rank]: lowest word, span[2 * rank + 1]: past the highest) say no at once when p lies wholly above or below them,
 * as runs made in address order do; else the runs are compared, at most OVERLAP_SCAN of them (more: taken as an
 * overlap, which costs a round, never correctness). */
#define OVERLAP_SCAN 256

static int overlaps(struct put_later *go, struct put_later *p, int *span)
{
    struct put_later *q;
    int n = 0, lo = (int)p->dst, hi = (int)(p->dst + p->words);
    if (hi <= span[2 * p->rank] || lo >= span[2 * p->rank + 1])
        return 0;
    for (q = go; q != p; q = q->next)
        if (q->rank == p->rank && q->round == p->round) {
            if (++n > OVERLAP_SCAN || (lo < (int)(q->dst + q->words) && (int)q->dst < hi))
                return 1;
        }
    return 0;
}

/* The puts to rank (or to everyone: rank -1) leave: announced two runs a message, then, once the targets have
 * answered (their last words hold something else than what they will), deposited. The target knows a run has
 * landed by its last word's value, so no other run of the same synchronisation may write that word before the
 * target has seen it: runs to one target that overlap (two puts to one word in one epoch, MPICH's
 * rma/overlap_wins_put; before, the second run's announcement replaced the first's complement and its data the
 * first's value, so the first's watch never ended) go in rounds, in the order they were made. Each round is
 * announced and deposited; before the next, the target answers once every run it watches has landed (an
 * unlock_request that keeps the lock, as a flush), so the next round's complements and data come after. */
static void deposit(struct win *w, struct put_later *go);

static void send_puts(struct win *w, int rank)
{
    struct put_later *go = 0, **pp = &w->puts, *p;
    pend_flush(w, rank, 0);         /* the gathered accumulates too */
    while ((p = *pp) != 0) {
        if (rank >= 0 && p->rank != rank) {
            pp = &p->next;
            continue;
        }
        *pp = p->next;
        p->next = go;           /* go: oldest first */
        go = p;
    }
    if (go)
        deposit(w, go);
}

/* The runs of go (oldest first), in rounds, each announced and then deposited. */
static void deposit(struct win *w, struct put_later *go)
{
    struct put_later *p, *q;
    int pass, pair[PAYLOAD], *msgs, *span, *rounds, round, last = 0, lens, t, i, nw, ready;
    msgs = (int *)__mpi_xcalloc(4 * w->size, sizeof(int), "MPI_Win_fence");
    span = msgs + w->size;          /* (then, in each round, the targets not yet answered) */
    rounds = span + 2 * w->size;    /* per rank: its current round */
    for (p = go; p; p = p->next) {
        int *sp = span + 2 * p->rank;
        p->round = rounds[p->rank];
        if (sp[1] == 0) {
            sp[0] = (int)p->dst;
            sp[1] = (int)(p->dst + p->words);
        } else if (overlaps(go, p, span)) {
            p->round = ++rounds[p->rank];
            sp[0] = (int)p->dst;
            sp[1] = (int)(p->dst + p->words);
            if (p->round > last)
                last = p->round;
        } else {
            if ((int)p->dst < sp[0])
                sp[0] = (int)p->dst;
            if ((int)(p->dst + p->words) > sp[1])
                sp[1] = (int)(p->dst + p->words);
        }
    }
    for (round = 0; round <= last; round++) {
        if (round > 0) {
            /* the targets of this round have seen the last one's runs land */
            for (p = go; p; p = p->next)
                if (p->round == round && msgs[p->rank] >= 0) {
                    msgs[p->rank] = -1;
                    w->released = 0;
                    __scmp_thread6(w->nodes[p->rank], (void (*)())unlock_request, WHO(w, p->rank), getNodeId(), 0,
                                   (int)&w->released, w->sent[2 * p->rank], w->sent[2 * p->rank + 1]);
                    wait_for(&w->released, 1);
                }
            for (p = go; p; p = p->next)
                msgs[p->rank] = 0;
        }
        /* pass 0 counts each target's messages, pass 1 sends them with the count */
        nw = 0;
        for (pass = 0; pass < 2; pass++)
            for (p = go; p; p = q) {
                q = p->next;
                if (p->round != round)
                    continue;
                while (q && q->round != round && q->rank == p->rank)
                    q = q->next;
                pair[0] = (int)(p->dst + p->words - 1);
                pair[1] = p->src[p->words - 1];
                pair[2] = pair[3] = 0;
                lens = p->words;
                if (q && q->rank == p->rank && q->round == round && p->words <= 0xffff && q->words <= 0xffff) {
                    pair[2] = (int)(q->dst + q->words - 1);
                    pair[3] = q->src[q->words - 1];
                    lens |= q->words << 16;
                    q = q->next;
                }
                if (pass == 0) {
                    if (msgs[p->rank]++ == 0)
                        span[nw++] = p->rank;
                } else {
                    thread8(w, p->rank, (void (*)())announce, (int)(w->acked + p->rank),
                            (pair[2] ? 2 : 1) | getNodeId() << 2 | msgs[p->rank] << 12, lens, pair);
                }
            }
        /* each target's runs leave once it has answered: waiting for every target first could wait for ever (one
         * target defers this origin's announcement behind another origin's runs, whose origin waits likewise for
         * the other target) */
        while (nw > 0) {
            if (nw == 1)
                wait_for(w->acked + span[0], 1);    /* (one target: the lean loop) */
            for (i = 0, ready = 0; i < nw;)
                if (w->acked[t = span[i]]) {
                    w->acked[t] = 0;
                    msgs[t] = -2;   /* answered: its runs leave now */
                    span[i] = span[--nw];
                    ready = 1;
                } else {
                    i++;
                }
            if (!ready) {
                idle();
                continue;
            }
            for (p = go; p; p = p->next)
                if (p->round == round && msgs[p->rank] == -2)
                    sendDataBlock(w->nodes[p->rank], p->dst, 1, p->src, 1, p->words);
            for (p = go; p; p = p->next)
                if (msgs[p->rank] == -2)
                    msgs[p->rank] = 1;
        }
    }
    free(msgs);
    for (p = go; p; p = q) {
        q = p->next;
        free(p->copy);
        free(p);
    }
}

/* Until a get's token has landed (its words before it, in the same message, have then landed too). */
static void wait_for_token(volatile int *slot, int token)
{
    while (*slot != token)
        idle();
}

/* The gets from rank (or from everyone): once their tokens have landed, their bytes into their buffers. */
static int finish_gets(struct win *w, int rank)
{
    struct get_later **gp = &w->gets, *g;
    int err = MPI_SUCCESS, i;
    while ((g = *gp) != 0) {
        char *s;
        int total = 0;
        if (rank >= 0 && g->rank != rank) {
            gp = &g->next;
            continue;
        }
        for (i = 0; i < g->nruns; i++) {
            int *runs = g->runs + 4 * i, n = (runs[1] + runs[2] + 3) / 4;
            wait_for_token((volatile int *)(g->words + 4 * (runs[0] + n)), runs[3]);
            total += runs[2];
        }
        s = __mpi_type_contig(__mpi_type_get(g->type), g->buf, g->count);
        if (s) {
            /* the origin's buffer is one run: the bytes go straight there (no copy of their size: MPICH's
             * rma/rma_contig gets 2 MiB beside its two 2 MiB buffers) */
            for (i = 0, total = 0; i < g->nruns; i++) {
                int *runs = g->runs + 4 * i;
                memcpy(s + total, g->words + 4 * runs[0] + runs[1], runs[2]);
                total += runs[2];
            }
        } else if (!(s = (char *)malloc(total + 4))) {
            err = MPI_ERR_NO_MEM;
        } else {
            for (i = 0, total = 0; i < g->nruns; i++) {
                int *runs = g->runs + 4 * i;
                memcpy(s + total, g->words + 4 * runs[0] + runs[1], runs[2]);
                total += runs[2];
            }
            __mpi_unpack(s, total, (char *)g->buf, g->count, __mpi_type_get(g->type));
            free(s);
        }
        *gp = g->next;
        w->get_bytes -= g->bytes;
        free(g);
    }
    return err;
}

int MPI_Win_fence(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, err, done;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_fence");
    send_puts(w, -1);
    /* a marker to every process with how many THREAD messages it has had from this one in all; then the
     * replies of its gets and atomics are awaited (meanwhile the targets apply what the markers count) */
    for (i = 1; i < w->size; i++) {
        int r = (w->rank + i) % w->size;
        __scmp_thread2(w->nodes[r], (void (*)())marker, WHO(w, r), w->sent[2 * r + (w->epoch & 1)]);
    }
    err = finish_gets(w, -1);
    w->fences++;
    w->epoch++;
    /* one from each, and everything they said they sent handled, and their puts landed */
    do {
        done = landed(w);
        for (i = 0; i < w->size && done; i++)
            done = i == w->rank || (w->marked[i] >= w->fences && w->applied[2 * i] >= w->need[2 * i]
                                    && w->applied[2 * i + 1] >= w->need[2 * i + 1]);
        if (!done)
            idle();
    } while (!done);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, "MPI_Win_fence");
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_lock");
    if (lock_type != MPI_LOCK_EXCLUSIVE && lock_type != MPI_LOCK_SHARED)
        return __mpi_win_error(win, MPI_ERR_LOCKTYPE, "MPI_Win_lock");
    if (rank < 0 || rank >= w->size)
        return __mpi_win_error(win, rank == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK, "MPI_Win_lock");
    if (w->locked[rank])
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_lock");
    w->granted = 0;
    if (rank == w->rank)
        lock_request(w->id, getNodeId(), lock_type, (int *)&w->granted);
    else
        __scmp_thread4(w->nodes[rank], (void (*)())lock_request, w->ids[rank], getNodeId(), lock_type,
                       (int)&w->granted);
    wait_for(&w->granted, 1);
    w->locked[rank] = lock_type;
    return MPI_SUCCESS;
}

/* Deposits the puts to rank, finishes the gets from it, and waits until the target has handled every message
 * of this process's and seen its puts land; then the target lets the lock go (type: the lock's) or keeps it
 * (type 0, a flush). */
static int release(struct win *w, int rank, int type)
{
    int err;
    send_puts(w, rank);
    w->released = 0;
    if (rank == w->rank) {
        err = finish_gets(w, rank);
        unlock_request(WHO(w, rank), getNodeId(), type, (int *)&w->released, 0, 0);
        /* Completed at once, but the node's handlers (other processes' accumulates and atomics on this
         * window) have not run: let them, so that a program polling its own window with atomics and flushes
         * (MPICH's linked_list_lockall) sees the others' updates. */
        suspendThread();
    } else {
        /* the request goes before the replies of the gets and atomics are awaited: both round trips at once
         * (the target answers once it has applied every message, the replies come as it does) */
        __scmp_thread6(w->nodes[rank], (void (*)())unlock_request, WHO(w, rank), getNodeId(), type,
                       (int)&w->released, w->sent[2 * rank], w->sent[2 * rank + 1]);
        err = finish_gets(w, rank);
    }
    wait_for(&w->released, 1);
    return err;
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
    struct win *w = win_of(win);
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_unlock");
    if (rank < 0 || rank >= w->size)
        return __mpi_win_error(win, rank == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK, "MPI_Win_unlock");
    if (!w->locked[rank])
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_unlock");
    err = release(w, rank, w->locked[rank]);
    w->locked[rank] = 0;
    w->epoch++;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, "MPI_Win_unlock");
}

/* ---- MPI-3 passive target: every target at once, and completion without unlocking (win_mpi3.h) ------------- */

/* This process's operations to rank complete there, as an unlock completes them, the lock kept (a macro, not a
 * function: the flushes' code stays what it was). */
#define flush_one(w, rank) release(w, rank, 0)

#include "win_mpi3.h"

/* The public and private copies of a window are one memory here (the unified model): nothing to copy. But a
 * program may poll its window's memory with MPI_Win_sync alone while the others update it (MPI-3.1 11.5.4):
 * the node's handlers (their accumulates, and the announcements their puts wait for) run now, as at a flush to
 * one's own rank (programs/mpi/winsync.c). */
int MPI_Win_sync(MPI_Win win)
{
    if (!win_of(win))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_sync");
    suspendThread();
    return MPI_SUCCESS;
}

/* ---- MPI-3 atomics: MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap ----------------------------
 * A THREAD message per at most PAYLOAD words of whole elements, whose handler copies the target's bytes into
 * a reply, then combines the operand into them (or swaps it in): a handler runs to its end before another
 * starts, so each element's read-modify-write is atomic with every other accumulate. The reply is one DATA
 * message, the old bytes and then a token, into a slot of the origin's that held the token's complement; the
 * origin's next synchronisation (fence, unlock, flush) waits for it as for a get's and unpacks the bytes into
 * the result buffer. The token can be one constant: each slot is new and holds its complement until then. */

/* The old elements at addr go back into dst, packed; then the operands (meta: SEQ | FETCH_META, the bytes of
 * packed elements) are combined into them as combine() does (MPI_NO_OP: they stay). */
static void fetch_op(char *addr, int meta, int *dst, int who, int w0, int w1, int w2, int w3)
{
    struct win *w = WHO_WIN(who);
    double d[PAYLOAD / 2];          /* the operands, aligned for any type */
    int *o = (int *)d, n = (meta >> 11) & 31, words = (n + 3) / 4, r = WHO_SLOT(who) >> 1, *tmp;
    MPI_Op op = (meta >> 6) & 31;
    MPI_Datatype type = meta & 63;
    if (!IN_ORDER(w, r, (unsigned)meta >> 16, fetch_op, addr, meta, dst, who, w0, w1, w2, w3))
        return;
    tmp = (int *)__mpi_xmalloc((words + 1) * sizeof(int), "MPI_Get_accumulate");
    o[0] = w0;
    o[1] = w1;
    o[2] = w2;
    o[3] = w3;
    if (w->nwatch)
        unwatched(w, addr, n, 0);
    elements_at(type, addr, (char *)tmp, n);
    tmp[words] = FETCH_TOKEN;
    combine(addr, op, type, (char *)o, n);
    w->applied[WHO_SLOT(who)]++;
    __mpi_handler_send(OUT_BLOCK, w->nodes[r], (int)dst, (int)tmp, words + 1);  /* frees tmp */
    acc_done(w, r);
}

/* The n old bytes at addr go back into dst; the new ones replace them if they were the compare ones (sn: SEQ | n). */
static void compare_swap(char *addr, int sn, int *dst, int who, int c0, int c1, int n0, int n1)
{
    struct win *w = WHO_WIN(who);
    double d[2];
    int *c = (int *)d, n = sn & 0xffff, words = (n + 3) / 4, r = WHO_SLOT(who) >> 1, *tmp;
    if (!IN_ORDER(w, r, (unsigned)sn >> 16, compare_swap, addr, sn, dst, who, c0, c1, n0, n1))
        return;
    tmp = (int *)__mpi_xmalloc((words + 1) * sizeof(int), "MPI_Compare_and_swap");
    c[0] = c0;
    c[1] = c1;
    c[2] = n0;
    c[3] = n1;
    if (w->nwatch)
        unwatched(w, addr, n, 0);
    memcpy(tmp, addr, n);
    tmp[words] = FETCH_TOKEN;
    if (memcmp(addr, c, n) == 0)
        memcpy(addr, c + 2, n);
    w->applied[WHO_SLOT(who)]++;
    __mpi_handler_send(OUT_BLOCK, w->nodes[r], (int)dst, (int)tmp, words + 1);  /* frees tmp */
    acc_done(w, r);
}

/* The replies of nruns fetching messages to rank, unpacked at the synchronisation into count items of type
 * at buf: a slot of PAYLOAD words and a token per message. */
static struct get_later *fetch_later(struct win *w, int rank, int nruns, void *buf, int count, MPI_Datatype type)
{
    struct get_later *g = (struct get_later *)malloc(sizeof *g + 4 * nruns * sizeof(int)
                                                     + nruns * (PAYLOAD + 1) * sizeof(int) + 8);
    if (!g)
        return 0;
    g->runs = (int *)(g + 1);
    g->words = (char *)(((int)(g->runs + 4 * nruns) + 7) & ~7);
    g->nruns = nruns;
    g->rank = rank;
    g->buf = buf;
    g->count = count;
    g->type = type;
    g->bytes = 0;                   /* not counted in get_bytes, as before (a few words each) */
    return g;
}

/* Run r of g: a fetching message (its handler pc) for len bytes at the target's a. */
static void fetch_run(struct win *w, struct get_later *g, int r, void (*pc)(), char *a, int meta, int len,
                      const int *data)
{
    int *slot = (int *)(g->words + 4 * (PAYLOAD + 1) * r);
    g->runs[4 * r] = (PAYLOAD + 1) * r;
    g->runs[4 * r + 1] = 0;
    g->runs[4 * r + 2] = len;
    g->runs[4 * r + 3] = FETCH_TOKEN;
    slot[(len + 3) / 4] = ~FETCH_TOKEN;
    thread8(w, g->rank, pc, (int)a, meta, (int)slot, data);
}

static int get_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                          int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                          int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, const char *fn)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    struct get_later *g;
    MPI_Datatype et = 0, eo = 0;
    char *base, *copy = 0, *src = 0, *a;
    int err, len, off, per, r = 0;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, fn);
    /* The common cases at once, as in MPI_Accumulate (one test of the target for both): one predefined type without
     * gaps on every side, as many items, a few bytes to another process, in the window (MPICH's rma/atomic_rmw_gacc
     * makes 450000 such calls, each followed by a flush); or a pair type with a gap (MPI_DOUBLE_INT, MPI_SHORT_INT,
     * MPI_LONG_DOUBLE_INT), a message per element: its value and its int packed as combine() takes them, the
     * element's value at base + i * extent (the replies are packed elements, unpacked into the result's layout).
     * Anything else, an error among it, goes the general way below. */
    if (result_datatype == target_datatype && result_count == target_count
        && (op == MPI_NO_OP || (origin_datatype == target_datatype && origin_count == target_count))
        && target_count > 0 && target_count <= BULK_MIN
        && target_rank >= 0 && target_rank < w->size && target_rank != w->rank && target_disp >= 0
        && target_disp <= w->sizes[target_rank]) {
        if (__coll_contig_basic(target_datatype)) {
            int d[PAYLOAD] = {0, 0, 0, 0}, es = __coll_size(target_datatype);
            len = target_count * es;
            per = (PAYLOAD * 4 / es) * es;
            if (len <= BULK_MIN && target_disp * w->units[target_rank] + len <= w->sizes[target_rank]
                && acc_elements(target_datatype, target_datatype, op, 1, &et) == MPI_SUCCESS
                && (g = fetch_later(w, target_rank, (len + per - 1) / per, result_addr, result_count,
                                    result_datatype)) != 0) {
                base = w->bases[target_rank] + target_disp * w->units[target_rank];
                pend_flush(w, target_rank, 1);      /* the accumulates before it apply first */
                for (off = 0; off < len; off += per) {
                    int n = len - off < per ? len - off : per;
                    if (op != MPI_NO_OP)
                        memcpy(d, (char *)origin_addr + off, n);
                    fetch_run(w, g, r++, (void (*)())fetch_op, base + off, acc_seq(w, target_rank)
                              | FETCH_META(n, op, et), n, d);
                }
                g->next = w->gets;
                w->gets = g;
                return MPI_SUCCESS;
            }
        } else if (GAP_PAIR(target_datatype)) {
            struct __mpi_type *pt = __mpi_type_get(target_datatype);
            int es = pt->size, ext = pt->ub - pt->lb, v = pt->blocks[0].len, k = pt->blocks[1].disp, i;
            if (es <= 4 * PAYLOAD
                && target_disp * w->units[target_rank] + (target_count - 1) * ext + k + 4 <= w->sizes[target_rank]
                && acc_elements(target_datatype, target_datatype, op, 1, &et) == MPI_SUCCESS
                && (g = fetch_later(w, target_rank, target_count, result_addr, result_count, result_datatype))
                       != 0) {
                base = w->bases[target_rank] + target_disp * w->units[target_rank];
                pend_flush(w, target_rank, 1);
                for (i = 0; i < target_count; i++) {
                    int d[PAYLOAD] = {0, 0, 0, 0};
                    if (op != MPI_NO_OP) {
                        memcpy(d, (char *)origin_addr + i * ext, v);
                        memcpy((char *)d + v, (char *)origin_addr + i * ext + k, 4);
                    }
                    fetch_run(w, g, i, (void (*)())fetch_op, base + i * ext, acc_seq(w, target_rank)
                              | FETCH_META(es, op, et), es, d);
                }
                g->next = w->gets;
                w->gets = g;
                return MPI_SUCCESS;
            }
        }
    }
    err = target(w, target_rank, target_disp, target_count, target_datatype, result_count, result_datatype, &base);
    if (err == MPI_SUCCESS && op != MPI_NO_OP)
        err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype,
                     &base);
    /* as for MPI_Accumulate, the result's type too: one predefined type's elements on every side (when
     * something moves) */
    if (err == MPI_SUCCESS && __mpi_type_get(target_datatype)->size * target_count > 0) {
        err = acc_elements(result_datatype, target_datatype, op, 1, &et);
        if (err == MPI_SUCCESS && op != MPI_NO_OP)
            err = acc_elements(origin_datatype, target_datatype, op, 1, &eo);
    }
    if (err == MPI_SUCCESS && eo && et && eo != et)
        err = MPI_ERR_TYPE;
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, fn);
    tt = __mpi_type_get(target_datatype);
    if (!et || tt->size * target_count == 0)
        return MPI_SUCCESS;
    if (op != MPI_NO_OP && !(src = packed(origin_addr, origin_count, origin_datatype, &copy)))
        return __mpi_win_no_mem(win, fn, tt->size * target_count);
    if (target_rank == w->rank) {
        /* the old elements as a stream, then the combination, then the stream into the result's layout */
        char *s = (char *)malloc(tt->size * target_count + 4);
        if (!s) {
            free(copy);
            return __mpi_win_no_mem(win, fn, tt->size * target_count);
        }
        FOR_ELEMENTS(tt, target_count, base, et, tt->size * target_count, a, len, off, {
            if (w->nwatch)
                unwatched(w, a, len, 1);
            elements_at(et, a, s + off, len);
            combine(a, op, et, src ? src + off : 0, len);
        });
        __mpi_unpack(s, tt->size * target_count, (char *)result_addr, result_count,
                     __mpi_type_get(result_datatype));
        free(s);
        free(copy);
        return MPI_SUCCESS;
    }
    pend_flush(w, target_rank, 1);  /* the accumulates before it apply first */
    if (tt->size * target_count > BULK_MIN) {
        /* in bulk: count the messages and their replies' words, then make them */
        struct bulk b;
        per = (BULK_BYTES / __coll_size(et)) * __coll_size(et);
        bulk_start(&b, w, target_rank, src, op, et, 0);
        FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off, bulk_piece(&b, a, len, off));
        bulk_flush(&b);
        g = (struct get_later *)malloc(sizeof *g + 4 * b.n * sizeof(int) + 4 * b.words + 8);
        if (g) {
            g->runs = (int *)(g + 1);
            g->words = (char *)(((int)(g->runs + 4 * b.n) + 7) & ~7);
        }
        err = g ? bulk_start(&b, w, target_rank, src, op, et, 1) : MPI_ERR_NO_MEM;
        if (err != MPI_SUCCESS) {
            free(g);
            free(copy);
            return __mpi_win_no_mem(win, fn, BULK_BYTES);
        }
        g->rank = target_rank;
        g->buf = result_addr;
        g->count = result_count;
        g->type = result_datatype;
        g->bytes = 0;
        g->nruns = 0;
        g->next = w->gets;          /* (before the fallback's replies: fetch_messages) */
        w->gets = g;
        b.g = g;
        FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off,
                     if (err == MPI_SUCCESS) err = bulk_piece(&b, a, len, off));
        if (err == MPI_SUCCESS)
            err = bulk_flush(&b);
        g->nruns = b.n;             /* the messages sent, whose replies the synchronisation waits for */
        free(b.buf);
        free(copy);
        return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, fn, BULK_BYTES);
    }
    per = (PAYLOAD * 4 / __coll_size(et)) * __coll_size(et);       /* whole elements per message */
    FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off, r++);
    g = fetch_later(w, target_rank, r, result_addr, result_count, result_datatype);
    if (!g) {
        free(copy);
        return __mpi_win_no_mem(win, fn, r * (PAYLOAD + 5) * (int)sizeof(int));
    }
    r = 0;
    FOR_ELEMENTS(tt, target_count, base, et, per, a, len, off, {
        int d[PAYLOAD] = {0, 0, 0, 0};
        if (src)
            memcpy(d, src + off, len);
        fetch_run(w, g, r++, (void (*)())fetch_op, a, acc_seq(w, target_rank) | FETCH_META(len, op, et), len, d);
    });
    g->next = w->gets;
    w->gets = g;
    free(copy);
    return MPI_SUCCESS;
}

/* MPI_Get_accumulate and MPI_Fetch_and_op over get_accumulate above; MPI_Compare_and_swap is this file's own
 * below (its remote case a THREAD message whose reply waits as a get's). */
#define WIN_OWN_GET_ACCUMULATE
#define WIN_OWN_COMPARE_AND_SWAP
#include "win_atomics.h"

int MPI_Compare_and_swap(void *origin_addr, void *compare_addr, void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    struct win *w = win_of(win);
    struct get_later *g;
    char *base;
    int err, n, d[PAYLOAD];
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Compare_and_swap");
    err = target(w, target_rank, target_disp, 1, datatype, 1, datatype, &base);
    if (err == MPI_SUCCESS && !CAS_TYPE_OK(datatype))
        err = MPI_ERR_TYPE;
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Compare_and_swap");
    n = __coll_size(datatype);
    if (target_rank == w->rank) {
        if (w->nwatch)
            unwatched(w, base, n, 1);
        memcpy(d, base, n);
        if (memcmp(base, compare_addr, n) == 0)
            memcpy(base, origin_addr, n);
        memcpy(result_addr, d, n);
        return MPI_SUCCESS;
    }
    g = fetch_later(w, target_rank, 1, result_addr, 1, datatype);
    if (!g)
        return __mpi_win_no_mem(win, "MPI_Compare_and_swap", (PAYLOAD + 5) * (int)sizeof(int));
    memcpy(d, compare_addr, n);
    memcpy(d + 2, origin_addr, n);
    pend_flush(w, target_rank, 1);  /* the accumulates before it apply first */
    fetch_run(w, g, 0, (void (*)())compare_swap, base, acc_seq(w, target_rank) | n, n, d);
    g->next = w->gets;
    w->gets = g;
    return MPI_SUCCESS;
}

/* ---- General active target (MPI-2 section 6.4.2): MPI_Win_post/start/complete/wait --------------------------
 * Counted, never ordered: a target's MPI_Win_post sends each origin of its group a THREAD message that counts
 * a post there; MPI_Win_start waits until each target of its group has posted once more than the epochs it
 * started there. MPI_Win_complete deposits the puts and finishes the gets, then sends each target a THREAD
 * message with how many THREAD messages it has sent it in all (under each parity); MPI_Win_wait waits until
 * each origin of its group has completed once more, every message it said it sent has been handled and every
 * announced put has landed. An origin cannot start its next epoch at a target before the target posts again,
 * which it does after its wait, so one epoch's totals never mix with the next's. */

/* Per rank: posts received from it (as an origin), epochs started at it, completions received from it (as a
 * target), epochs waited for; the messages its last completion said it sent under each parity (two); the
 * groups of the current access and exposure epochs (as ranks of the window's communicator). */
#define PS_POSTS 0
#define PS_STARTED 1
#define PS_COMPLETES 2
#define PS_WAITED 3
#define PS_TOTALS 4
#define PS_START 6
#define PS_POST 7
#define PS_SLOTS 8

/* PS(), pscw_of() and group_ranks() */
#define WIN_PSCW_GROUPS_ONLY
#include "win_pscw.h"

static void post_notice(int who)
{
    struct win *w = WHO_WIN(who);
    pscw_of(w);
    ((volatile int *)w->pscw)[PS_POSTS * w->size + (WHO_SLOT(who) >> 1)]++;
}

static void complete_notice(int who, int total0, int total1)
{
    struct win *w = WHO_WIN(who);
    int r = WHO_SLOT(who) >> 1;
    pscw_of(w);
    w->pscw[PS_TOTALS * w->size + 2 * r] = total0;
    w->pscw[PS_TOTALS * w->size + 2 * r + 1] = total1;
    ((volatile int *)w->pscw)[PS_COMPLETES * w->size + r]++;
}

int MPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, n;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_post");
    if ((n = group_ranks(w, group, PS_POST)) < 0)
        return __mpi_win_error(win, MPI_ERR_GROUP, "MPI_Win_post");
    PS_NPOST(w) = n;
    for (i = 0; i < n; i++) {
        int o = PS(w, PS_POST, i);
        if (o == w->rank)
            PS(w, PS_POSTS, o)++;
        else
            __scmp_thread1(w->nodes[o], (void (*)())post_notice, WHO(w, o));
    }
    return MPI_SUCCESS;
}

int MPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int i, n;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_start");
    if ((n = group_ranks(w, group, PS_START)) < 0)
        return __mpi_win_error(win, MPI_ERR_GROUP, "MPI_Win_start");
    PS_NSTART(w) = n;
    for (i = 0; i < n; i++) {
        int t = PS(w, PS_START, i);
        wait_for((volatile int *)&PS(w, PS_POSTS, t), PS(w, PS_STARTED, t) + 1);
        PS(w, PS_STARTED, t)++;
    }
    return MPI_SUCCESS;
}

int MPI_Win_complete(MPI_Win win)
{
    struct win *w = win_of(win);
    int i, err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_complete");
    pscw_of(w);
    send_puts(w, -1);
    err = finish_gets(w, -1);
    for (i = 0; i < PS_NSTART(w); i++) {
        int t = PS(w, PS_START, i);
        if (t == w->rank)
            PS(w, PS_COMPLETES, t)++;   /* its operations on its own window were done at once */
        else
            __scmp_thread3(w->nodes[t], (void (*)())complete_notice, WHO(w, t), w->sent[2 * t],
                           w->sent[2 * t + 1]);
    }
    PS_NSTART(w) = 0;
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, "MPI_Win_complete");
}

/* Whether every origin of the exposure epoch has completed and its operations are all in the window. */
static int exposure_done(struct win *w)
{
    int i, all_landed = landed(w);
    for (i = 0; i < PS_NPOST(w); i++) {
        int o = PS(w, PS_POST, i);
        if (!all_landed || ((volatile int *)w->pscw)[PS_COMPLETES * w->size + o] <= PS(w, PS_WAITED, o)
            || w->applied[2 * o] < PS(w, PS_TOTALS, 2 * o) || w->applied[2 * o + 1] < PS(w, PS_TOTALS, 2 * o + 1))
            return 0;
    }
    for (i = 0; i < PS_NPOST(w); i++)
        PS(w, PS_WAITED, PS(w, PS_POST, i))++;
    PS_NPOST(w) = 0;
    return 1;
}

int MPI_Win_wait(MPI_Win win)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_wait");
    pscw_of(w);
    while (!exposure_done(w))
        idle();
    return MPI_SUCCESS;
}

int MPI_Win_test(MPI_Win win, int *flag)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_test");
    pscw_of(w);
    *flag = exposure_done(w);
    if (!*flag)
        idle();
    return MPI_SUCCESS;
}
