/* One-sided communication on the Cray T3D (docs/mpi-t3d.md, "One-sided communication"): windows, MPI_Put,
 * MPI_Get, MPI_Accumulate, MPI_Win_fence and MPI_Win_lock/unlock, and MPI-3's lock_all, flushes and atomics and
 * MPI-2's general active target, straight over libt3d's put, get, swap and quiet. The T3D's shell is the deposit
 * model itself: a put writes the target's memory and a get reads it without any thread of the target running, so
 * none of SCMP's handler protocol (win.c) is needed here.
 *
 * - A put writes each whole word of the target's runs with t3d_put; the bytes of a run's first and last word
 *   that are not its own are kept by a read-modify-write of that word under the target window's mutex.
 * - A get reads the words around each run with t3d_get (which returns when they have landed) and unpacks.
 * - An accumulate reads, combines and writes back each run under the target window's mutex, so that every
 *   element's read-modify-write is atomic against other accumulates and edge words.
 * - The mutex is a word of the target's control block taken by an atomic swap of 1 (0 when free); the
 *   passive-target lock is a second word (0 free, -1 exclusive, else the number of shared holders) changed
 *   only under the mutex, granted in the order of its tickets (a ticket lock: MPI's progress for a waiting
 *   process, which a process locking again and again would otherwise starve): a lock takes the next ticket
 *   under the mutex, and the lock with it when it is that ticket's turn and the lock is free for its type;
 *   else it reads the words, backing off, until both hold and takes the lock and passes the turn on under the
 *   mutex. Shared requests in a row are granted together; an exclusive one waits for every request before it.
 * - A fence waits for this process's puts to land (t3d_quiet), then for everyone (MPI_Barrier), and drops
 *   the window's stale cache lines: remote writes do not update the data cache. An unlock waits for the puts
 *   and releases the lock.
 * - MPI_Get_accumulate, MPI_Fetch_and_op and MPI_Compare_and_swap read, combine (or compare and replace) and
 *   write back under the target's mutex, as an accumulate, keeping the old bytes: they are complete, and atomic
 *   per element with every accumulate, when the call returns. A flush is t3d_quiet: gets and accumulates are
 *   complete at once, puts once they have landed.
 * - General active target (../win_pscw.h) writes its notices into the control block's words with t3d_put_word;
 *   MPI_Win_complete's t3d_quiet first has the epoch's puts landed. */
#include <stdlib.h>
#include <string.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../win_checks.h"

/* A window's control block on every process: the mutex and the passive-target lock. Only swaps and gets
 * read it (libt3d invalidates what they bring back), so the data cache never shows it stale. The notices of
 * general active target follow it (NOTES: two words per rank, which only that rank writes, read after their
 * line is invalidated). */
struct ctl {
    volatile long mutex;
    volatile long lock;             /* 0 free, -1 held exclusively, else the number of shared holders */
    volatile long next;             /* the lock's next ticket */
    volatile long serving;          /* the ticket whose owner takes the lock next */
};

#define NOTES(ctl) ((volatile long *)((ctl) + 1))

struct win {
    MPI_Comm comm;
    int rank, size;
    int *pes;                       /* rank -> PE */
    char **bases;                   /* each rank's window */
    int *sizes, *units;
    struct ctl **ctls;              /* each rank's control block */
    struct ctl *ctl;                /* this process's */
    int *locked;                    /* per rank: the lock type this process holds there, or 0 */
    int all_locked;                 /* MPI_Win_lock_all took them */
    int *pscw;                      /* general active target's state, made at its first use (../win_pscw.h) */
    char *mine;                     /* this process's memory, if MPI_Win_allocate allocated it */
    MPI_Win id;                     /* its handle */
    int dynamic;                    /* MPI_Win_create_dynamic's: its memory the regions attached (win_extra.c) */
};

extern int __mpi_t3d_dcache;        /* p2p_t3d.c: whether this PE has the data cache */

static struct win **wins;
static int nwins;

static struct win *win_of(MPI_Win w)
{
    return w >= 0 && w < nwins ? wins[w] : 0;
}

/* ---- The target's mutex ------------------------------------------------------------------------------------ */

static void mutex_wait(struct win *w, int rank);

static void mutex_take(struct win *w, int rank)
{
    if (t3d_swap((void *)&w->ctls[rank]->mutex, 1, w->pes[rank]) != 0)
        mutex_wait(w, rank);
}

/* Releases it once everything written under it has landed. */
static void mutex_give(struct win *w, int rank)
{
    t3d_quiet();
    t3d_swap((void *)&w->ctls[rank]->mutex, 0, w->pes[rank]);
}

/* Waits a while before trying again, twice as long as the last time up to 4096 cycles, and a little longer on each
 * PE than on the one before: PEs that try again at once keep the network to the target full of their swaps, and
 * the holder's own requests (its operations, the swap that gives the mutex or lock back) wait behind them (eight
 * PEs taking one exclusive lock without it had not got through after 3 million cycles). */
static void back_off(int *tries)
{
    unsigned long long until = t3d_cycles() + (64u << *tries) + 16u * t3d_my_pe();
    if (*tries < 6)
        ++*tries;
    while (t3d_cycles() < until)
        ;
}

/* The mutex was taken: tried again, backing off, until it is this process's. */
static void mutex_wait(struct win *w, int rank)
{
    int tries = 0;
    do
        back_off(&tries);
    while (t3d_swap((void *)&w->ctls[rank]->mutex, 1, w->pes[rank]) != 0);
}

/* ---- Moving bytes ------------------------------------------------------------------------------------------ */

/* The whole words [from, to) of the target (word-aligned addresses) read into a local buffer. */
static void get_words(struct win *w, int rank, int *local, char *from, char *to)
{
    int words = (int)(to - from) >> 2;
    if (words > 0)
        t3d_get(local, from, words, w->pes[rank]);
}

/* len bytes from src to a on rank: the whole words by put (from an aligned copy, waited for, when src is not
 * aligned like a), the edge words' other bytes kept by reading and rewriting them under the mutex. The shell
 * reads src until the next t3d_quiet: MPI leaves the origin's buffer alone until the synchronisation. */
static int put_run(struct win *w, int rank, char *a, const char *src, int len)
{
    int pe = w->pes[rank];
    char *lo = (char *)((int)a & ~3), *hi = (char *)(((int)a + len + 3) & ~3);
    char *in = (char *)(((int)a + 3) & ~3), *out = (char *)((int)(a + len) & ~3);
    if (in < out) {                                   /* whole words of this run */
        const char *s = src + (in - a);
        int words = (int)(out - in) >> 2;
        if (((int)s & 3) == 0) {
            t3d_put(in, s, words, pe);
        } else {
            int *copy = (int *)malloc(words * 4);
            if (!copy)
                return MPI_ERR_NO_MEM;
            memcpy(copy, s, words * 4);
            t3d_put(in, copy, words, pe);
            t3d_quiet();
            free(copy);
        }
    }
    if (lo < in || out < hi) {                        /* partial words at either end */
        int edge[2];
        char *at[2];
        int n = 0, i;
        if (in > out) {                               /* the run lies inside one word */
            at[n++] = lo;
        } else {
            if (lo < in)
                at[n++] = lo;
            if (out < hi)
                at[n++] = out;
        }
        mutex_take(w, rank);
        for (i = 0; i < n; i++) {
            char *x = at[i] < a ? a : at[i], *y = at[i] + 4 > a + len ? a + len : at[i] + 4;
            t3d_get(&edge[i], at[i], 1, pe);
            memcpy((char *)&edge[i] + (x - at[i]), src + (x - a), y - x);
            t3d_put(at[i], &edge[i], 1, pe);
        }
        mutex_give(w, rank);
    }
    return MPI_SUCCESS;
}

/* ---- Windows ----------------------------------------------------------------------------------------------- */

static int create(void *base, int size, int disp_unit, MPI_Comm comm, MPI_Win *win, char *mine, const char *fn)
{
    struct __mpi_comm *c = __mpi_comm(comm);
    struct win *w;
    int id, i, mine4[4], *all, err, p;
    CREATE_CHECKS(c, comm, size, disp_unit, win, fn);
    p = c->size;
    for (id = 0; id < nwins && wins[id]; id++)
        ;
    if (id == nwins) {
        struct win **more = (struct win **)realloc(wins, (nwins + 8) * sizeof *wins);
        if (!more)
            return __mpi_no_mem(comm, fn, (nwins + 8) * (int)sizeof *wins);
        wins = more;
        for (i = nwins; i < nwins + 8; i++)
            wins[i] = 0;
        nwins += 8;
    }
    w = (struct win *)__mpi_xcalloc(1, sizeof *w, fn);
    w->pes = (int *)__mpi_xcalloc(p, 6 * sizeof(int), fn);
    w->ctl = (struct ctl *)__mpi_xcalloc(1, sizeof(struct ctl) + 2 * p * sizeof(long), fn);
    all = (int *)__mpi_xcalloc(p, 4 * sizeof(int), fn);
    w->comm = comm;
    w->rank = c->rank;
    w->size = p;
    w->sizes = w->pes + p;
    w->units = w->sizes + p;
    w->locked = w->units + p;
    w->bases = (char **)(w->locked + p);
    w->ctls = (struct ctl **)(w->bases + p);
    w->mine = mine;
    w->id = id;
    wins[id] = w;
    mine4[0] = (int)base;
    mine4[1] = size;
    mine4[2] = disp_unit;
    mine4[3] = (int)w->ctl;
    err = MPI_Allgather(mine4, 4, MPI_INT, all, 4, MPI_INT, comm);
    for (i = 0; i < p; i++) {
        w->pes[i] = c->nodes[i];
        w->bases[i] = (char *)all[4 * i];
        w->sizes[i] = all[4 * i + 1];
        w->units[i] = all[4 * i + 2];
        w->ctls[i] = (struct ctl *)all[4 * i + 3];
    }
    free(all);
    *win = id;
    return err;
}

#include "../win_entry.h"

/* MPI_Win_create_dynamic's window (win_extra.c: over the whole memory, displacements addresses): fresh() drops the
 * lines of the regions attached at the time. */
void __mpi_t3d_win_dynamic(MPI_Win win)
{
    struct win *w = win_of(win);
    if (w)
        w->dynamic = 1;
}

/* Collective: once every process has arrived, nobody accesses the window any more. Its attributes go first
 * (their delete callbacks, win_extra.c): one that fails keeps the window. */
int MPI_Win_free(MPI_Win *win)
{
    struct win *w = win ? win_of(*win) : 0;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_free");
    if ((err = __mpi_win_freed(*win)) != MPI_SUCCESS)
        return __mpi_win_error(*win, err, "MPI_Win_free");
    t3d_quiet();
    err = MPI_Barrier(w->comm);
    wins[*win] = 0;
    free(w->mine);
    free(w->pscw);
    free(w->ctl);
    free(w->pes);
    free(w);
    *win = MPI_WIN_NULL;
    return err;
}

/* ---- Communication ----------------------------------------------------------------------------------------- */

#include "../win_common.h"

#include "../win_runs.h"

static int put_one(struct win *w, int rank, char *a, int len, int off, void *src)
{
    if (rank == w->rank) {
        memcpy(a, (char *)src + off, len);
        return MPI_SUCCESS;
    }
    return put_run(w, rank, a, (char *)src + off, len);
}

int MPI_Put(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    char *base, *copy, *src;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Put");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Put");
    src = packed(origin_addr, origin_count, origin_datatype, &copy);
    if (!src)
        return __mpi_win_no_mem(win, "MPI_Put", origin_count * __mpi_type_get(origin_datatype)->size);
    err = for_runs(__mpi_type_get(target_datatype), target_count, base, put_one, w, target_rank, src);
    if (copy) {                     /* the shell reads the copy until the puts have landed */
        t3d_quiet();
        free(copy);
    }
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Put", origin_count);
}

/* The words around a target run read into a scratch buffer; *p points at the run's first byte there. */
static int *fetch(struct win *w, int rank, char *a, int len, char **p)
{
    char *lo = (char *)((int)a & ~3), *hi = (char *)(((int)a + len + 3) & ~3);
    int *words = (int *)malloc(hi - lo + 4);
    if (!words)
        return 0;
    if (rank == w->rank) {
        if (__mpi_t3d_dcache)                       /* others' puts and accumulates wrote memory behind it */
            t3d_cache_invalidate(lo, hi - lo);
        memcpy(words, lo, hi - lo);
    } else
        get_words(w, rank, words, lo, hi);
    *p = (char *)words + (a - lo);
    return words;
}

static int get_one(struct win *w, int rank, char *a, int len, int off, void *dst)
{
    char *p;
    int *words = fetch(w, rank, a, len, &p);
    if (!words)
        return MPI_ERR_NO_MEM;
    memcpy((char *)dst + off, p, len);
    free(words);
    return MPI_SUCCESS;
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt, *ot;
    char *base, *s;
    int err, bytes;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Get");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Get");
    tt = __mpi_type_get(target_datatype);
    ot = __mpi_type_get(origin_datatype);
    bytes = tt->size * target_count;
    /* the target's runs as one packed stream, unpacked into the origin's layout */
    s = (char *)malloc(bytes + 4);
    if (!s)
        return __mpi_win_no_mem(win, "MPI_Get", bytes);
    err = for_runs(tt, target_count, base, get_one, w, target_rank, s);
    if (err == MPI_SUCCESS)
        __mpi_unpack(s, bytes, (char *)origin_addr, origin_count, ot);
    free(s);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Get", bytes);
}

/* One run of the target read (len packed bytes of elements of type: for a pair type with a gap, one element, its
 * value at a and its int further on: win_runs.h's SPAN()), its old bytes copied to old packed (when not 0), and
 * written back combined with the operands s, all under the target's mutex: op is MPI_REPLACE, MPI_NO_OP (nothing
 * written) or a predefined operation on type; with cmp (a compare-and-swap) s replaces the run only if it held
 * cmp's bytes. */
static int update_run(struct win *w, int rank, char *a, int len, const char *s, const char *cmp, char *old, MPI_Op op,
                      MPI_Datatype type)
{
    char *p;
    int *words = 0, mem = SPAN(type, len);
    mutex_take(w, rank);
    if (rank == w->rank) {
        p = a;
        if (__mpi_t3d_dcache)                       /* the mutex's last holder may have written it remotely */
            t3d_cache_invalidate(a, mem);
    } else if (!(words = fetch(w, rank, a, mem, &p))) {
        mutex_give(w, rank);
        return MPI_ERR_NO_MEM;
    }
    if (old && GAP_PAIR(type))                      /* (win_runs.h: a value and an int apart) */
        elements_at(type, p, old, len);
    else if (old)
        memcpy(old, p, len);
    if (cmp && memcmp(p, cmp, len) != 0)
        op = MPI_NO_OP;
    if (GAP_PAIR(type))
        combine(p, op, type, s, len);
    else if (op == MPI_REPLACE)
        memcpy(p, s, len);
    else if (op != MPI_NO_OP)
        __mpi_op_combine(op, type, s, p, p, len / __coll_size(type));
    if (words && op != MPI_NO_OP) {
        char *lo = (char *)((int)a & ~3), *hi = (char *)(((int)a + mem + 3) & ~3);
        t3d_put(lo, words, (int)(hi - lo) >> 2, w->pes[rank]);
    }
    mutex_give(w, rank);            /* waits for the put, which reads words */
    free(words);
    return MPI_SUCCESS;
}

static int acc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct acc *c = (struct acc *)arg;
    return update_run(w, rank, a, len, c->src + off, 0, 0, c->op, c->type);
}

#include "../win_accumulate.h"

/* ---- MPI-3 atomics (../win_atomics.h): complete when the call returns ------------------------------------- */

static int gacc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct gacc *c = (struct gacc *)arg;
    return update_run(w, rank, a, len, c->src ? c->src + off : 0, 0, c->result + off, c->op, c->type);
}

static int fetched(struct win *w, int rank, char *stream, int bytes, void *buf, int count, MPI_Datatype type)
{
    (void)w;
    (void)rank;
    __mpi_unpack(stream, bytes, (char *)buf, count, __mpi_type_get(type));
    free(stream);
    return MPI_SUCCESS;
}

static int cas_one(struct win *w, int rank, char *a, const char *origin, const char *compare, char *result, int n)
{
    return update_run(w, rank, a, n, origin, compare, result, MPI_REPLACE, MPI_BYTE);
}

#include "../win_atomics.h"

/* ---- Synchronisation --------------------------------------------------------------------------------------- */

/* This process's window lines dropped from the data cache: others' puts have written memory behind it. A dynamic
 * window's memory is the regions attached now (win_extra.c), not the whole memory it spans. */
static void fresh(struct win *w)
{
    if (w->dynamic) {
        char *base;
        MPI_Aint size;
        int i;
        for (i = 0; __mpi_win_region(w->id, i, &base, &size); i++)
            if (size > 0)
                t3d_cache_invalidate(base, (int)size);
    } else if (w->sizes[w->rank] > 0) {
        t3d_cache_invalidate(w->bases[w->rank], w->sizes[w->rank]);
    }
}

int MPI_Win_fence(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int err;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_fence");
    t3d_quiet();                    /* this process's puts have landed */
    err = MPI_Barrier(w->comm);     /* and everyone's */
    fresh(w);
    return err;
}

/* Whether a lock of the given type is free for it in lock word state (0 free, -1 exclusive, else the number of
 * shared holders), and the word once it is taken. */
#define FREE_FOR(type, state) ((type) == MPI_LOCK_EXCLUSIVE ? (state) == 0 : (state) >= 0)
#define TAKEN(type, state) ((type) == MPI_LOCK_EXCLUSIVE ? -1 : (state) + 1)

/* Gives back this process's lock of the given type on rank: the lock word changed under the mutex. */
static void lock_give(struct win *w, int rank, int type)
{
    long state;
    mutex_take(w, rank);
    t3d_get(&state, (const void *)&w->ctls[rank]->lock, 1, w->pes[rank]);
    state = type == MPI_LOCK_EXCLUSIVE ? 0 : state - 1;
    t3d_put((void *)&w->ctls[rank]->lock, &state, 1, w->pes[rank]);
    mutex_give(w, rank);
}

/* Takes a ticket of rank's lock under its mutex, and the lock with it if the ticket is the one served and the lock
 * is free for the type (one get and one put of the three words, as an uncontended lock); returns the ticket, and
 * in *got whether it took the lock. */
static long lock_ticket(struct win *w, int rank, int type, int *got)
{
    long s[3];                      /* lock, next, serving */
    long ticket;
    int pe = w->pes[rank];
    mutex_take(w, rank);
    t3d_get(s, (const void *)&w->ctls[rank]->lock, 3, pe);
    ticket = s[1]++;
    *got = ticket == s[2] && FREE_FOR(type, s[0]);
    if (*got) {
        s[0] = TAKEN(type, s[0]);
        s[2] = ticket + 1;
        t3d_put((void *)&w->ctls[rank]->lock, s, 3, pe);
    } else {
        t3d_put((void *)&w->ctls[rank]->next, &s[1], 1, pe);
    }
    mutex_give(w, rank);
    return ticket;
}

/* Waits until the ticket is served and the lock free for the type, reading the words without the mutex (backing
 * off between reads), then takes the lock and serves the next ticket under the mutex. Only this ticket's owner
 * moves serving on past it, and while it waits holders only give the lock back: once it sees its turn and the
 * lock free, they stay so until it takes the lock. */
static void lock_wait(struct win *w, int rank, int type, long ticket)
{
    long s[3];
    int pe = w->pes[rank], tries = 0;
    for (;;) {
        back_off(&tries);
        t3d_get(s, (const void *)&w->ctls[rank]->lock, 3, pe);
        if (s[2] != ticket || !FREE_FOR(type, s[0]))
            continue;
        mutex_take(w, rank);
        t3d_get(s, (const void *)&w->ctls[rank]->lock, 3, pe);
        if (s[2] == ticket && FREE_FOR(type, s[0])) {
            s[0] = TAKEN(type, s[0]);
            s[2] = ticket + 1;
            t3d_put((void *)&w->ctls[rank]->lock, s, 3, pe);
            mutex_give(w, rank);
            return;
        }
        mutex_give(w, rank);
    }
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    long ticket;
    int got;
    (void)assert;
    LOCK_CHECKS(w, lock_type, rank);
    ticket = lock_ticket(w, rank, lock_type, &got);
    if (!got)
        lock_wait(w, rank, lock_type, ticket);
    w->locked[rank] = lock_type;
    if (rank == w->rank)
        fresh(w);
    return MPI_SUCCESS;
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
    struct win *w = win_of(win);
    UNLOCK_CHECKS(w, rank);
    t3d_quiet();                    /* the epoch's puts have landed before the lock goes */
    lock_give(w, rank, w->locked[rank]);
    w->locked[rank] = 0;
    if (rank == w->rank)
        fresh(w);
    return MPI_SUCCESS;
}

/* ---- MPI-3 passive target: every target at once, and completion without unlocking (../win_mpi3.h) ---------- */

/* Gets and accumulates are complete when they return; puts once they have landed. */
static int flush_one(struct win *w, int rank)
{
    t3d_quiet();
    if (rank == w->rank)
        fresh(w);
    return MPI_SUCCESS;
}

#include "../win_mpi3.h"

/* The window's memory as the others' completed operations left it: this process's puts landed and the
 * window's lines dropped from the data cache (the separate memory model's public and private copies made
 * one). */
int MPI_Win_sync(MPI_Win win)
{
    struct win *w = win_of(win);
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_sync");
    t3d_quiet();
    fresh(w);
    return MPI_SUCCESS;
}

/* ---- General active target (../win_pscw.h) ------------------------------------------------------------------ */

static void notify(struct win *w, int rank, int kind, int count)
{
    volatile long *at = NOTES(w->ctls[rank]) + kind * w->size + w->rank;
    if (rank == w->rank)
        *at = count;
    else
        t3d_put_word((void *)at, count, w->pes[rank]);
}

static int noted(struct win *w, int kind, int rank)
{
    volatile long *at = NOTES(w->ctl) + kind * w->size + rank;
    t3d_cache_invalidate((const void *)at, sizeof *at);
    return (int)*at;
}

/* Gets and accumulates are complete already; puts once they have landed. */
static int complete_all(struct win *w)
{
    (void)w;
    t3d_quiet();
    return MPI_SUCCESS;
}

/* A waiting PE spins: nothing of the others' needs it. */
static void pscw_idle(struct win *w)
{
    (void)w;
}

static void exposed(struct win *w)
{
    fresh(w);
}

#include "../win_pscw.h"
