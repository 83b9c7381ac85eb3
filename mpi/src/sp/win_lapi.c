/* One-sided communication on the IBM SP model (docs/mpi-sp.md, "One-sided communication"): windows, MPI_Put,
 * MPI_Get, MPI_Accumulate, MPI_Win_fence and MPI_Win_lock/unlock, and MPI-3's lock_all, flushes and atomics and
 * MPI-2's general active target, over LAPI (<lapi.h>, docs/sp.md "LAPI"), as
 * the seed's section 3 has LAPI meant for: a put or get moves the target's bytes without any code of the target's
 * program running, and its completion is seen in a counter.
 *
 * - A put is a LAPI_Put per run of the target's datatype, with the window's completion counter: LAPI raises it
 *   when the target has acknowledged the whole run. The origin counter says when LAPI has read the origin's
 *   bytes (a packed copy is freed then; LAPI_Put copies them into its packets before it returns).
 * - A get is a LAPI_Get per run into the origin's buffer (contiguous) or a packed stream unpacked at the next
 *   synchronisation, with the window's get counter: LAPI raises it when the run's bytes are all here.
 * - An accumulate is a LAPI_Amsend per run (or piece of a run: whole elements, as many as a user header holds)
 *   whose user header carries the target address, the operation, the type and the operands; its header handler
 *   combines them into the window. A header handler runs to its end before another packet is taken, so each
 *   element's read-modify-write is atomic. The completion counter counts it as a put's.
 * - A fence waits until the window's completion and get counters have counted every operation this process
 *   started (LAPI_Waitcntr), then for everyone: LAPI_Gfence when the window spans every task, else MPI_Barrier.
 * - The passive-target lock is a word at the target, changed only by LAPI_Rmw (by the target itself with plain
 *   loads and stores, which nothing interrupts between them): 0 free, EXCLUSIVE while a process holds it
 *   exclusively, plus one per shared holder (and per shared request under way), plus WAITER per request that
 *   waits for its turn. An exclusive lock is a COMPARE_AND_SWAP of 0 to EXCLUSIVE, a shared one a FETCH_AND_ADD
 *   of 1 kept when the word was neither negative nor counted a waiter (one LAPI_Rmw when nobody waits, as
 *   before). Else the request waits in turn (MPI's progress for a waiting process, which a process locking again
 *   and again would otherwise starve): it adds WAITER (keeping newcomers off that fast path), takes a ticket
 *   (FETCH_AND_ADD on a word after the notices), waits until its ticket is served, then until the lock is free
 *   for its type, takes it and drops its WAITER in one COMPARE_AND_SWAP, and serves the next ticket. An unlock
 *   waits for the epoch's operations as a fence does, then gives the lock back with a FETCH_AND_ADD.
 * - MPI_Fetch_and_op and MPI_Get_accumulate of one aligned 4-byte element with MPI_SUM or MPI_BOR (integers),
 *   MPI_REPLACE or MPI_NO_OP, and MPI_Compare_and_swap of one, are a LAPI_Rmw (FETCH_AND_ADD, FETCH_AND_OR, SWAP,
 *   FETCH_AND_ADD of 0, COMPARE_AND_SWAP) whose previous value lands in the result, counted by the get counter.
 *   Anything else is a LAPI_Amsend per piece of a run, as an accumulate's, whose header handler copies the old
 *   bytes, combines (or compares and swaps) and leaves the old bytes to its completion handler, which LAPI_Puts
 *   them into the origin's result with the origin's get counter as the target counter. LAPI serves an Rmw, as a
 *   header handler, to its end before it takes the next packet: each element's update is atomic with every other.
 * - The completion and get counters are per target, so a flush waits for its target's only (what a fence does
 *   before its barrier, for that target), and so does an unlock.
 * - General active target (../win_pscw.h): each notice is a FETCH_AND_ADD of 1 by LAPI_Rmw into the target's
 *   notice words, which follow its lock word; MPI_Win_complete waits for the counters first.
 *
 * These are the calls under MPI-LAPI (their names take the prefix __lapi_: sp/win_stack.h); under the native
 * stack (MP_MPI_STACK=native, where LAPI is not started) win_mpci.c's over MPCI's messages serve. */
#include <stdlib.h>
#include <string.h>
#include <lapi.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../win_checks.h"
#include "sp_stack.h"
#include "win_stack.h"     /* these calls are __lapi_Put, ...: win_mpci.c chooses by stack */

#define EXCLUSIVE (-(1 << 30))  /* the lock word of an exclusive holder (shared requests only add to it) */
#define ACC_HDR 4               /* words of an accumulate's user header before its operands */
#define FETCH_HDR 7             /* and of a fetching message's (get-accumulate, compare-and-swap) */
#define OP_CAS (-1)             /* a fetching message's operation: compare and swap */
#define NOTES(lock) ((lock) + 1)        /* a process's notices of general active target follow its lock word */
#define TICKETS(w) (1 + 2 * (w)->size)  /* and its lock's next ticket and the ticket served follow them */
#define WAITER (1 << 20)        /* added to the lock word by each request that waits for its ticket's turn */

extern lapi_handle_t __mpi_lapi;        /* p2p_lapi.c: MPI-LAPI's LAPI */

/* A get whose bytes land in a packed stream, unpacked into the origin's datatype at the synchronisation. */
struct get_later {
    struct get_later *next;
    int rank;                       /* its target */
    char *stream;
    void *buf;
    int count;
    MPI_Datatype type;
};

struct win {
    MPI_Comm comm;
    int rank, size;
    int *tasks;                     /* rank -> LAPI task */
    char **bases;                   /* each rank's window */
    int *sizes, *units;
    int **locks;                    /* each rank's lock word */
    int *locked;                    /* per rank: the lock type this process holds there, or 0 */
    int all_locked;                 /* MPI_Win_lock_all took them */
    int *pscw;                      /* general active target's state, made at its first use (../win_pscw.h) */
    char *mine;                     /* this process's memory, if MPI_Win_allocate allocated it */
    int *lock;                      /* this process's lock word, then its notices (NOTES) and tickets (TICKETS) */
    lapi_cntr_t *done;              /* per target: completion counter, puts and accumulates applied there */
    lapi_cntr_t *got;               /* per target: origin counter of the gets (and atomics), their bytes here */
    lapi_cntr_t read;               /* origin counter of the puts: LAPI has read their origin bytes */
    int *started, *gets, reads;     /* what each counter is waited for at the synchronisation (per target) */
    struct get_later *later;
};

static struct win **wins;
static int nwins;

static struct win *win_of(MPI_Win w)
{
    return w >= 0 && w < nwins ? wins[w] : 0;
}

/* ---- Windows ---------------------------------------------------------------------------------------------- */

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
    w->tasks = (int *)__mpi_xcalloc(p, 6 * sizeof(int), fn);
    w->done = (lapi_cntr_t *)__mpi_xcalloc(p, 2 * sizeof(lapi_cntr_t), fn);
    w->got = w->done + p;
    w->started = (int *)__mpi_xcalloc(p, 2 * sizeof(int), fn);
    w->gets = w->started + p;
    all = (int *)__mpi_xcalloc(p, 4 * sizeof(int), fn);
    w->lock = (int *)__mpi_xcalloc(3 + 2 * p, sizeof(int), fn);
    w->comm = comm;
    w->rank = c->rank;
    w->size = p;
    w->sizes = w->tasks + p;
    w->units = w->sizes + p;
    w->locked = w->units + p;
    w->bases = (char **)(w->locked + p);
    w->locks = (int **)(w->bases + p);
    w->mine = mine;
    wins[id] = w;
    mine4[0] = (int)base;
    mine4[1] = size;
    mine4[2] = disp_unit;
    mine4[3] = (int)w->lock;
    /* once a process has everyone's entry, everyone has made theirs (and zeroed its lock word): no barrier */
    err = MPI_Allgather(mine4, 4, MPI_INT, all, 4, MPI_INT, comm);
    for (i = 0; i < p; i++) {
        w->tasks[i] = c->nodes[i];
        w->bases[i] = (char *)all[4 * i];
        w->sizes[i] = all[4 * i + 1];
        w->units[i] = all[4 * i + 2];
        w->locks[i] = (int *)all[4 * i + 3];
    }
    free(all);
    *win = id;
    return err;
}

#include "../win_entry.h"

/* Until every operation this process started on the window towards rank is complete: its puts' and accumulates'
 * there, its gets' here (and unpacked). */
static void complete_at(struct win *w, int rank)
{
    struct get_later *g, **at = &w->later;
    if (w->started[rank]) {
        LAPI_Waitcntr(__mpi_lapi, &w->done[rank], w->started[rank], 0);
        w->started[rank] = 0;
    }
    if (w->gets[rank]) {
        LAPI_Waitcntr(__mpi_lapi, &w->got[rank], w->gets[rank], 0);
        w->gets[rank] = 0;
    }
    while ((g = *at) != 0) {
        struct __mpi_type *t = __mpi_type_get(g->type);
        if (g->rank != rank) {
            at = &g->next;
            continue;
        }
        *at = g->next;
        __mpi_unpack(g->stream, t->size * g->count, (char *)g->buf, g->count, t);
        free(g->stream);
        free(g);
    }
}

/* Until every operation this process started on the window is complete, at every target; its origin data read. */
static void complete(struct win *w)
{
    int r;
    for (r = 0; r < w->size; r++)
        if (w->started[r] || w->gets[r] || w->later)
            complete_at(w, r);
    LAPI_Waitcntr(__mpi_lapi, &w->read, w->reads, 0);
    w->reads = 0;
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
    complete(w);
    err = MPI_Barrier(w->comm);
    wins[*win] = 0;
    free(w->mine);
    free(w->pscw);
    free(w->lock);
    free(w->done);
    free(w->started);
    free(w->tasks);
    free(w);
    *win = MPI_WIN_NULL;
    return err;
}

/* ---- Communication ---------------------------------------------------------------------------------------- */

#include "../win_common.h"
#include "../win_runs.h"

static int put_one(struct win *w, int rank, char *a, int len, int off, void *src)
{
    if (rank == w->rank) {
        memcpy(a, (char *)src + off, len);
        return MPI_SUCCESS;
    }
    LAPI_Put(__mpi_lapi, w->tasks[rank], len, a, (char *)src + off, 0, &w->read, &w->done[rank]);
    w->started[rank]++;
    w->reads++;
    return MPI_SUCCESS;
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
    if (copy) {                     /* LAPI reads it until the origin counter says so */
        LAPI_Waitcntr(__mpi_lapi, &w->read, w->reads, 0);
        w->reads = 0;
        free(copy);
    }
    return err;
}

static int get_one(struct win *w, int rank, char *a, int len, int off, void *dst)
{
    if (rank == w->rank) {
        memcpy((char *)dst + off, a, len);
        return MPI_SUCCESS;
    }
    LAPI_Get(__mpi_lapi, w->tasks[rank], len, a, (char *)dst + off, 0, &w->got[rank]);
    w->gets[rank]++;
    return MPI_SUCCESS;
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt, *ot;
    struct get_later *g;
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
    /* the target's runs as one packed stream: the origin's buffer itself when it is one run */
    s = __mpi_type_contig(ot, origin_addr, origin_count);
    if (s || bytes == 0)
        return for_runs(tt, target_count, base, get_one, w, target_rank, s ? s : (char *)origin_addr);
    s = (char *)malloc(bytes + 4);
    g = (struct get_later *)malloc(sizeof *g);
    if (!s || !g) {
        free(s);
        free(g);
        return __mpi_win_no_mem(win, "MPI_Get", bytes);
    }
    g->rank = target_rank;
    g->stream = s;
    g->buf = origin_addr;
    g->count = origin_count;
    g->type = origin_datatype;
    g->next = w->later;
    w->later = g;
    err = for_runs(tt, target_count, base, get_one, w, target_rank, s);
    if (target_rank == w->rank) {   /* here already: unpack now */
        w->later = g->next;
        __mpi_unpack(s, bytes, (char *)origin_addr, origin_count, ot);
        free(s);
        free(g);
    }
    return err;
}

/* MPI_Accumulate over acc_one (below), and the combining of an accumulate's operands into the window, in the
 * target's header handler (or here for its own): ../win_accumulate.h. */
static int acc_one(struct win *w, int rank, char *a, int len, int off, void *arg);
#include "../win_accumulate.h"

/* An accumulate's header handler. The user header: target address, operation, type, bytes, then the operands. */
static void *acc_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                         void **info)
{
    int *u = (int *)uhdr;
    double ops[(1016 - 32) / sizeof(double)];   /* the operands, aligned for any type */
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    (void)info;
    memcpy(ops, u + ACC_HDR, u[3]);
    combine((char *)u[0], u[1], u[2], (const char *)ops, u[3]);
    *ch = 0;
    return 0;
}

/* What a fetching message's target sends back: n old bytes for dst in task `task`, raising its counter cntr. */
struct reply {
    int task, n;
    char *dst;
    lapi_cntr_t *cntr;
};

/* The reply's completion handler: the old bytes LAPI_Put back (a LAPI call, which a header handler may not make;
 * LAPI_Put has copied them into its packets when it returns). */
static void reply_hdl(lapi_handle_t *h, void *info)
{
    struct reply *r = (struct reply *)info;
    LAPI_Put(*h, r->task, r->n, r->dst, r + 1, r->cntr, 0, 0);
    free(r);
}

/* A fetching message's header handler. The user header: target address, operation (OP_CAS, MPI_NO_OP, MPI_REPLACE
 * or a predefined one), type, bytes, the origin's task, where the old bytes go there and the counter they raise;
 * then the operands (a compare-and-swap's: the compare bytes, then the new ones). */
static void *fetch_hdr_hdl(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **ch,
                           void **info)
{
    int *u = (int *)uhdr, n = u[3];
    double ops[(1016 - 32) / sizeof(double)];   /* the operands, aligned for any type */
    struct reply *r = (struct reply *)__mpi_xmalloc(sizeof *r + n, "MPI_Get_accumulate");
    char *a = (char *)u[0];
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    r->task = u[4];
    r->n = n;
    r->dst = (char *)u[5];
    r->cntr = (lapi_cntr_t *)u[6];
    elements_at(u[2], a, (char *)(r + 1), n);
    if (u[1] == OP_CAS) {
        memcpy(ops, u + FETCH_HDR, 2 * n);
        if (memcmp(a, ops, n) == 0)
            memcpy(a, (char *)ops + n, n);
    } else if (u[1] != MPI_NO_OP) {
        memcpy(ops, u + FETCH_HDR, n);
        combine(a, u[1], u[2], (const char *)ops, n);
    }
    *ch = reply_hdl;
    *info = r;
    return 0;
}

/* A run's operands s (0 for MPI_NO_OP) in as many active messages as their user headers need: whole elements
 * each; accumulates (old is 0) or fetching messages whose old bytes land at old. LAPI_Amsend has copied the user
 * header when it returns, so the callers free a packed copy at once. */
static void pieces(struct win *w, int rank, char *a, int len, const char *s, char *old, MPI_Op op, MPI_Datatype type)
{
    int most, esize = __coll_size(type), hdr = old ? FETCH_HDR : ACC_HDR, per, u[(1016 - 32) / 4];
    LAPI_Qenv(__mpi_lapi, MAX_UHDR_SZ, &most);
    if (most > (int)sizeof u)
        most = sizeof u;
    per = (most - hdr * 4) / esize * esize;
    while (len > 0) {
        int n = len < per ? len : per;
        u[0] = (int)a;
        u[1] = op;
        u[2] = type;
        u[3] = n;
        if (s)
            memcpy(u + hdr, s, n);
        if (old) {
            u[4] = w->tasks[w->rank];
            u[5] = (int)old;
            u[6] = (int)&w->got[rank];
            LAPI_Amsend(__mpi_lapi, w->tasks[rank], (void *)fetch_hdr_hdl, u, hdr * 4 + (s ? n : 0), 0, 0, 0, 0, 0);
            w->gets[rank]++;
            old += n;
        } else {
            LAPI_Amsend(__mpi_lapi, w->tasks[rank], (void *)acc_hdr_hdl, u, hdr * 4 + n, 0, 0, 0, 0,
                        &w->done[rank]);
            w->started[rank]++;
        }
        a += n;
        if (s)
            s += n;
        len -= n;
    }
}

static int acc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct acc *c = (struct acc *)arg;
    const char *s = c->src + off;
    if (rank == w->rank) {          /* nothing takes the core between the loads and the stores */
        combine(a, c->op, c->type, s, len);
        return MPI_SUCCESS;
    }
    pieces(w, rank, a, len, s, 0, c->op, c->type);
    return MPI_SUCCESS;
}

/* ---- MPI-3 atomics (../win_atomics.h) ---------------------------------------------------------------------- */

/* The LAPI_Rmw that applies op to one 4-byte element of type at the (aligned) address a, if there is one. */
static int rmw_of(MPI_Op op, MPI_Datatype type, char *a, RMW_ops_t *rop)
{
    int integer = __mpi_op_check(MPI_BOR, type);
    if (__coll_size(type) != 4 || ((int)a & 3) != 0)
        return 0;
    if (op == MPI_NO_OP || (op == MPI_SUM && integer))
        *rop = FETCH_AND_ADD;
    else if (op == MPI_REPLACE)
        *rop = SWAP;
    else if (op == MPI_BOR && integer)
        *rop = FETCH_AND_OR;
    else
        return 0;
    return 1;
}

static int gacc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct gacc *c = (struct gacc *)arg;
    const char *s = c->src ? c->src + off : 0;
    char *old = c->result + off;
    RMW_ops_t rop;
    if (rank == w->rank) {          /* nothing takes the core between the loads and the stores */
        elements_at(c->type, a, old, len);
        combine(a, c->op, c->type, s, len);
        return MPI_SUCCESS;
    }
    if (len == 4 && rmw_of(c->op, c->type, a, &rop)) {
        int in[2] = {0, 0};
        if (s && c->op != MPI_NO_OP)
            memcpy(in, s, 4);
        LAPI_Rmw(__mpi_lapi, rop, w->tasks[rank], (int *)a, in, (int *)old, &w->got[rank]);
        w->gets[rank]++;
        return MPI_SUCCESS;
    }
    pieces(w, rank, a, len, s, old, c->op, c->type);
    return MPI_SUCCESS;
}

/* The old bytes: unpacked now from this process's own window, else at the synchronisation (complete()). */
static int fetched(struct win *w, int rank, char *stream, int bytes, void *buf, int count, MPI_Datatype type)
{
    struct get_later *g;
    if (rank == w->rank) {
        __mpi_unpack(stream, bytes, (char *)buf, count, __mpi_type_get(type));
        free(stream);
        return MPI_SUCCESS;
    }
    g = (struct get_later *)__mpi_xmalloc(sizeof *g, "MPI_Get_accumulate");
    g->rank = rank;
    g->stream = stream;
    g->buf = buf;
    g->count = count;
    g->type = type;
    g->next = w->later;
    w->later = g;
    return MPI_SUCCESS;
}

static int cas_one(struct win *w, int rank, char *a, const char *origin, const char *compare, char *result, int n)
{
    int u[FETCH_HDR + 4];
    if (rank == w->rank) {
        char old[8];
        memcpy(old, a, n);
        if (memcmp(a, compare, n) == 0)
            memcpy(a, origin, n);
        memcpy(result, old, n);
        return MPI_SUCCESS;
    }
    if (n == 4 && ((int)a & 3) == 0 && ((int)result & 3) == 0) {
        memcpy(u, compare, 4);
        memcpy(u + 1, origin, 4);
        LAPI_Rmw(__mpi_lapi, COMPARE_AND_SWAP, w->tasks[rank], (int *)a, u, (int *)result, &w->got[rank]);
        w->gets[rank]++;
        return MPI_SUCCESS;
    }
    u[0] = (int)a;
    u[1] = OP_CAS;
    u[2] = MPI_BYTE;
    u[3] = n;
    u[4] = w->tasks[w->rank];
    u[5] = (int)result;
    u[6] = (int)&w->got[rank];
    memcpy(u + FETCH_HDR, compare, n);
    memcpy((char *)(u + FETCH_HDR) + n, origin, n);
    LAPI_Amsend(__mpi_lapi, w->tasks[rank], (void *)fetch_hdr_hdl, u, FETCH_HDR * 4 + 2 * n, 0, 0, 0, 0, 0);
    w->gets[rank]++;
    return MPI_SUCCESS;
}

#include "../win_atomics.h"

/* ---- Synchronisation -------------------------------------------------------------------------------------- */

int MPI_Win_fence(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int tasks;
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_fence");
    complete(w);                    /* this process's operations are complete */
    LAPI_Qenv(__mpi_lapi, NUM_TASKS, &tasks);
    if (w->size == tasks) {         /* and everyone's */
        LAPI_Gfence(__mpi_lapi);
        return MPI_SUCCESS;
    }
    return MPI_Barrier(w->comm);
}

/* LAPI_Rmw on the word at of rank's lock words (0 the lock word, TICKETS and the next its tickets; plain loads and
 * stores on this process's own), waited for; returns the word's value before. */
static int rmw_at(struct win *w, int rank, int at, RMW_ops_t op, int in0, int in1)
{
    static lapi_cntr_t answered;
    int in[2], prev, *word = w->locks[rank] + at;
    if (rank == w->rank) {
        prev = *word;
        if (op == FETCH_AND_ADD)
            *word = prev + in0;
        else if (prev == in0)       /* COMPARE_AND_SWAP */
            *word = in1;
        return prev;
    }
    in[0] = in0;
    in[1] = in1;
    LAPI_Rmw(__mpi_lapi, op, w->tasks[rank], word, in, &prev, &answered);
    LAPI_Waitcntr(__mpi_lapi, &answered, 1, 0);
    return prev;
}

#define rmw(w, rank, op, in0, in1) rmw_at(w, rank, 0, op, in0, in1)

/* Lets the packets in (and so the others' lock changes here) between two tries. */
static void let_in(void)
{
    lapi_cntr_t none;
    int v;
    none.cntr = 0;
    LAPI_Getcntr(__mpi_lapi, &none, &v);
}

/* The slow path of a lock (see the head of the file): this process counted among the waiters in the lock word, it
 * takes a ticket and waits for its turn, then for the lock to be free for the type, and takes it (no longer a
 * waiter) with a COMPARE_AND_SWAP; it passes the turn on. While it waits its turn the others that wait do not
 * try the lock, and the waiter count in the word keeps newcomers off the fast path: requests are granted in the
 * order of their tickets. */
static void lock_slowly(struct win *w, int rank, int type)
{
    int at = TICKETS(w), ticket, word;
    rmw_at(w, rank, 0, FETCH_AND_ADD, WAITER, 0);
    ticket = rmw_at(w, rank, at, FETCH_AND_ADD, 1, 0);
    while (rmw_at(w, rank, at + 1, FETCH_AND_ADD, 0, 0) != ticket)
        let_in();
    for (;;) {
        word = rmw_at(w, rank, 0, FETCH_AND_ADD, 0, 0);
        if (type == MPI_LOCK_EXCLUSIVE ? word >= 0 && (word & (WAITER - 1)) == 0 : word >= 0) {
            int taken = word - WAITER + (type == MPI_LOCK_EXCLUSIVE ? EXCLUSIVE : 1);
            if (rmw_at(w, rank, 0, COMPARE_AND_SWAP, word, taken) == word)
                break;
        }
        let_in();
    }
    rmw_at(w, rank, at + 1, FETCH_AND_ADD, 1, 0);
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    int old;
    (void)assert;
    LOCK_CHECKS(w, lock_type, rank);
    if (lock_type == MPI_LOCK_EXCLUSIVE) {
        if (rmw(w, rank, COMPARE_AND_SWAP, 0, EXCLUSIVE) != 0)
            lock_slowly(w, rank, lock_type);
    } else if ((old = rmw(w, rank, FETCH_AND_ADD, 1, 0)) < 0 || old >= WAITER) {
        rmw(w, rank, FETCH_AND_ADD, -1, 0);
        lock_slowly(w, rank, lock_type);
    }
    w->locked[rank] = lock_type;
    return MPI_SUCCESS;
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
    struct win *w = win_of(win);
    UNLOCK_CHECKS(w, rank);
    complete_at(w, rank);           /* the epoch's operations there are complete before the lock goes */
    rmw(w, rank, FETCH_AND_ADD, w->locked[rank] == MPI_LOCK_EXCLUSIVE ? -EXCLUSIVE : -1, 0);
    w->locked[rank] = 0;
    return MPI_SUCCESS;
}

/* ---- MPI-3 passive target: every target at once, and completion without unlocking (../win_mpi3.h) ---------- */

/* This process's operations to rank complete, as a fence has them before its barrier (its counters: the
 * other targets' operations may still be under way). */
static int flush_one(struct win *w, int rank)
{
    complete_at(w, rank);
    if (rank == w->rank)
        let_in();           /* the others' operations here: a process polling its own window sees them land */
    return MPI_SUCCESS;
}

#include "../win_mpi3.h"

/* LAPI writes the window's memory itself, and the cores see it (the unified model): nothing to copy. The
 * packets that are there come in, as at a flush to one's own rank, so that a program polling its window with
 * MPI_Win_sync alone sees the others' operations land (programs/mpi/winsync.c). */
int MPI_Win_sync(MPI_Win win)
{
    if (!win_of(win))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_sync");
    let_in();
    return MPI_SUCCESS;
}

/* ---- General active target (../win_pscw.h) ------------------------------------------------------------------ */

static void notify(struct win *w, int rank, int kind, int count)
{
    int *at = NOTES(w->locks[rank]) + kind * w->size + w->rank, one[2] = {1, 0};
    if (rank == w->rank)
        *(volatile int *)at = count;
    else
        LAPI_Rmw(__mpi_lapi, FETCH_AND_ADD, w->tasks[rank], at, one, 0, 0);
}

static int noted(struct win *w, int kind, int rank)
{
    return ((volatile int *)NOTES(w->lock))[kind * w->size + rank];
}

static int complete_all(struct win *w)
{
    complete(w);
    return MPI_SUCCESS;
}

static void pscw_idle(struct win *w)
{
    (void)w;
    let_in();
}

static void exposed(struct win *w)
{
    (void)w;
}

#include "../win_pscw.h"
