/* One-sided communication under the SP's native stack (docs/mpi-sp.md, "One-sided communication"): windows,
 * MPI_Put, MPI_Get, MPI_Accumulate, MPI_Win_fence and MPI_Win_lock/unlock over MPCI's own messages in Pipes'
 * streams (p2p_mpci.c), as MPI implementations without remote memory access do: the target's progress engine (any
 * of its MPI calls takes the packets, or HAL's interrupt handler with MP_CSS_INTERRUPT=yes) applies the puts and
 * accumulates and answers the gets. The messages (sp_stack.h, MPCI_K_RMA on; word 0 kind << 24 | low):
 *
 *   PUT     tag: the target address, bytes, then the data, written there as the reader takes them
 *   ACC     low: the operation, tag: the target address, req: the type, bytes, then the operands: gathered and
 *           combined into the window when all are in; the reader runs to its end before another packet is taken,
 *           so each element's read-modify-write is atomic
 *   GET     tag: the target address, bytes, req: the origin's address; answered by GOT (req, bytes, the data)
 *   FLUSH   answered by DONE: a stream is ordered and the target takes it in order, so when DONE comes every
 *           operation sent before the FLUSH is applied and every GET answered
 *   LOCK    low: the lock type, tag: the target's lock; answered by DONE when granted (at once, or when an unlock
 *           lets it: the target keeps the requests that wait, first come first granted, and grants none past
 *           them, so a shared request does not overtake an exclusive one that waits)
 *   UNLOCK  low, tag as LOCK; answered by DONE once everything the origin sent before it is applied
 *   FETCH   low: the operation (FETCH_CAS: compare and swap) | the type << 8, tag: the target address, bytes: the
 *           run's, req: where its old bytes go at the origin; then the operands (none for MPI_NO_OP, the compare
 *           bytes and the new ones for a compare-and-swap, whose bytes are both's): when all are in, the reader
 *           copies the old bytes aside, combines (or compares and swaps) and answers with a GOT of the old bytes,
 *           all before another packet is taken: atomic per element with every other accumulate and atomic
 *   NOTE    low: the kind (post, complete), tag: the target's lock (its window's), bytes: the count, req: the
 *           sender's rank: general active target's notice (../win_pscw.h), written by the reader
 *
 * A fence sends FLUSH to every process this one has sent operations to since the last, waits for their DONE, then
 * MPI_Barrier. A lock waits for its DONE; an unlock sends UNLOCK and waits for its DONE. An operation on this
 * process's own window is done at once (a lock of its own: taken when free, polling meanwhile). A get into an
 * origin datatype of more than one run goes into a packed stream and waits for its answers, then unpacks.
 * MPI-3's flushes (../win_mpi3.h) are a fence without the barrier, to the one target named: a FLUSH there if
 * anything was sent there since, and its DONE; lock_all and unlock_all are a lock and an unlock at each process;
 * MPI_Win_sync takes the packets that are there (the reader writes the window when a call takes them).
 *
 * The calls' MPI names are defined at the end: each calls this file's or win_lapi.c's by MP_MPI_STACK
 * (win_stack.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "../mpi_machine.h"
#include "../mpi_internal.h"
#include "../win_checks.h"
#include "sp_stack.h"
#define WIN_STACK_PREFIX(name) __mpci_##name
#include "win_stack.h"

#define EXCLUSIVE (-(1 << 30))  /* the lock word of an exclusive holder */
#define MAX_TASKS 128

#define FETCH_CAS 0xFF            /* a FETCH message's operation: compare and swap */

enum { R_PUT = MPCI_K_RMA, R_ACC, R_GET, R_GOT, R_FLUSH, R_DONE, R_LOCK, R_UNLOCK, R_FETCH, R_NOTE };

/* A lock request that waits at its target. */
struct waiter {
    struct waiter *next;
    int node, type;
};

/* A window's lock at this process: 0 free, EXCLUSIVE, or the number of shared holders; and who waits. */
struct lock {
    int word;
    struct waiter *q, **tail;
};

struct win {
    MPI_Comm comm;
    int rank, size;
    int *nodes;                     /* rank -> task */
    char **bases;                   /* each rank's window */
    int *sizes, *units;
    int *locks;                     /* each rank's struct lock, as its address there */
    int *locked;                    /* per rank: the lock type this process holds there, or 0 */
    int *sent;                      /* per rank: operations sent there since the last synchronisation */
    int all_locked;                 /* MPI_Win_lock_all took them */
    int *pscw;                      /* general active target's state, made at its first use (../win_pscw.h) */
    int *notes;                     /* its notices here: per kind and rank, the count that rank sent (NOTE) */
    char *mine;                     /* this process's memory, if MPI_Win_allocate allocated it */
    struct lock lock;               /* this process's lock */
};

/* An accumulate or a fetching message being read, per source: its operands, gathered at ops. */
struct acc_in {
    char *at, *ops;
    MPI_Op op;
    MPI_Datatype type;
    int bytes;
    char *old;                      /* a fetching message's: where the old bytes go at the origin; else 0 */
    int n;                          /* and the run's bytes */
};

static struct win **wins;
static int nwins;
static struct acc_in acc_in[MAX_TASKS];
static volatile int answers;    /* DONE answers this process waits for */

static struct win *win_of(MPI_Win w)
{
    return w >= 0 && w < nwins ? wins[w] : 0;
}

/* What the origin's calls share with the other machines' (../win_common.h, ../win_runs.h), and MPI_Accumulate
 * over acc_one with the combining of an accumulate's operands into the window, here for this process's own and in
 * the reader for the others' (../win_accumulate.h). */
#include "../win_common.h"
#include "../win_runs.h"
static int acc_one(struct win *w, int rank, char *a, int len, int off, void *arg);
#include "../win_accumulate.h"

/* A fetching message's run at a: its old bytes copied to old, then the operands s combined into it (op), or, for
 * FETCH_CAS, its bytes replaced by the second n of s if they were the first n; MPI_NO_OP leaves it. */
static void fetch_apply(char *a, int n, char *old, MPI_Op op, MPI_Datatype type, const char *s)
{
    elements_at(op == FETCH_CAS ? MPI_BYTE : type, a, old, n);
    if (op == FETCH_CAS) {
        if (memcmp(a, s, n) == 0)
            memcpy(a, s + n, n);
    } else if (op != MPI_NO_OP) {
        combine(a, op, type, s, n);
    }
}

/* ---- The target: the reader's side ------------------------------------------------------------------------- */

/* Takes lock l of the given type if it is free for it. */
static int take_lock(struct lock *l, int type)
{
    if (type == MPI_LOCK_EXCLUSIVE ? l->word != 0 : l->word < 0)
        return 0;
    l->word = type == MPI_LOCK_EXCLUSIVE ? EXCLUSIVE : l->word + 1;
    return 1;
}

/* Gives lock l back and grants it to the requests that wait, in their order, while it is free for them. */
static void give_lock(struct lock *l, int type)
{
    struct waiter *q;
    l->word = type == MPI_LOCK_EXCLUSIVE ? 0 : l->word - 1;
    while ((q = l->q) != 0 && take_lock(l, q->type)) {
        l->q = q->next;
        if (!l->q)
            l->tail = &l->q;
        __mpci_rma_reply(q->node, R_DONE << 24, 0, 0, 0, 0);
        free(q);
    }
}

/* A one-sided message's header from src (p2p_mpci.c's reader): returns how many data bytes follow, *to where. */
static int rma_in(int src, const int *h, char **to)
{
    int kind = (unsigned)h[0] >> 24, low = h[0] & 0xFFFFFF;
    char *at = (char *)h[1];
    struct lock *l = (struct lock *)h[1];
    switch (kind) {
    case R_PUT:
        *to = at;
        return h[2];
    case R_ACC:
        if (h[2] == 0)
            return 0;
        acc_in[src].at = at;
        acc_in[src].op = low;
        acc_in[src].type = h[3];
        acc_in[src].bytes = h[2];
        acc_in[src].old = 0;
        *to = acc_in[src].ops = (char *)__mpi_xmalloc(h[2], "an accumulate's operands");
        return h[2];
    case R_FETCH: {
        int op = low & 0xFF, n = op == FETCH_CAS ? h[2] / 2 : h[2];
        if (n == 0)
            return 0;
        if (op == MPI_NO_OP) {      /* no operands: answered now */
            char *old = (char *)__mpi_xmalloc(n, "MPI_Get_accumulate");
            elements_at(low >> 8, at, old, n);
            __mpci_rma_reply(src, R_GOT << 24 | MPCI_RMA_FREE, 0, n, h[3], old);
            return 0;
        }
        acc_in[src].at = at;
        acc_in[src].op = op;
        acc_in[src].type = low >> 8;
        acc_in[src].bytes = h[2];
        acc_in[src].old = (char *)h[3];
        acc_in[src].n = n;
        *to = acc_in[src].ops = (char *)__mpi_xmalloc(h[2], "MPI_Get_accumulate");
        return h[2];
    }
    case R_NOTE: {
        struct win *w = (struct win *)((char *)l - offsetof(struct win, lock));
        w->notes[low * w->size + h[3]] = h[2];
        return 0;
    }
    case R_GET:
        __mpci_rma_reply(src, R_GOT << 24, 0, h[2], h[3], at);
        return 0;
    case R_GOT:
        *to = (char *)h[3];
        return h[2];
    case R_FLUSH:
        __mpci_rma_reply(src, R_DONE << 24, 0, 0, 0, 0);
        return 0;
    case R_DONE:
        answers--;
        return 0;
    case R_LOCK:
        if (!l->q && take_lock(l, low)) {      /* not past the requests that wait: they are granted in order */
            __mpci_rma_reply(src, R_DONE << 24, 0, 0, 0, 0);
        } else {
            struct waiter *q = (struct waiter *)__mpi_xmalloc(sizeof *q, "a lock request");
            q->next = 0;
            q->node = src;
            q->type = low;
            *l->tail = q;
            l->tail = &q->next;
        }
        return 0;
    case R_UNLOCK:
        __mpci_rma_reply(src, R_DONE << 24, 0, 0, 0, 0);
        give_lock(l, low);
        return 0;
    }
    return 0;
}

/* An accumulate's operands are all in: combined into the window. (PUT and GOT data need nothing more.) */
static void rma_end(int src)
{
    struct acc_in *a = &acc_in[src];
    if (a->ops && a->old) {         /* a fetching message: the old bytes go back */
        char *old = (char *)__mpi_xmalloc(a->n, "MPI_Get_accumulate");
        fetch_apply(a->at, a->n, old, a->op, a->type, a->ops);
        __mpci_rma_reply(src, R_GOT << 24 | MPCI_RMA_FREE, 0, a->n, (int)a->old, old);
        free(a->ops);
        a->ops = 0;
    } else if (a->ops) {
        combine(a->at, a->op, a->type, a->ops, a->bytes);
        free(a->ops);
        a->ops = 0;
    }
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
    __mpci_rma_in = rma_in;
    __mpci_rma_end = rma_end;
    w = (struct win *)__mpi_xcalloc(1, sizeof *w, fn);
    w->nodes = (int *)__mpi_xcalloc(p, 8 * sizeof(int), fn);
    all = (int *)__mpi_xcalloc(p, 4 * sizeof(int), fn);
    w->comm = comm;
    w->rank = c->rank;
    w->size = p;
    w->sizes = w->nodes + p;
    w->units = w->sizes + p;
    w->locks = w->units + p;
    w->locked = w->locks + p;
    w->sent = w->locked + p;
    w->bases = (char **)(w->sent + p);
    w->mine = mine;
    w->notes = (int *)__mpi_xcalloc(2 * p, sizeof(int), fn);
    w->lock.tail = &w->lock.q;
    wins[id] = w;
    mine4[0] = (int)base;
    mine4[1] = size;
    mine4[2] = disp_unit;
    mine4[3] = (int)&w->lock;
    /* once a process has everyone's entry, everyone has made theirs: no barrier */
    err = MPI_Allgather(mine4, 4, MPI_INT, all, 4, MPI_INT, comm);
    for (i = 0; i < p; i++) {
        w->nodes[i] = c->nodes[i];
        w->bases[i] = (char *)all[4 * i];
        w->sizes[i] = all[4 * i + 1];
        w->units[i] = all[4 * i + 2];
        w->locks[i] = all[4 * i + 3];
    }
    free(all);
    *win = id;
    return err;
}

#include "../win_entry.h"

/* Sends `kc` to rank and waits for its DONE. */
static void ask(struct win *w, int rank, int kc, int tag)
{
    answers++;
    __mpci_rma_send(w->nodes[rank], kc, tag, 0, 0, 0);
    while (answers)
        __mpi_progress();
}

/* Until every operation this process started on the window is complete: applied at its target, or here. */
static void complete(struct win *w)
{
    int i;
    for (i = 0; i < w->size; i++)
        if (w->sent[i]) {
            w->sent[i] = 0;
            answers++;
            __mpci_rma_send(w->nodes[i], R_FLUSH << 24, 0, 0, 0, 0);
        }
    while (answers)
        __mpi_progress();
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
    free(w->notes);
    free(w->nodes);
    free(w);
    *win = MPI_WIN_NULL;
    return err;
}

/* ---- Communication ---------------------------------------------------------------------------------------- */

/* A run's bytes go into the HAL send buffers before __mpci_rma_send returns: the origin's may change at once. */
static int put_one(struct win *w, int rank, char *a, int len, int off, void *src)
{
    if (rank == w->rank) {
        memcpy(a, (char *)src + off, len);
        return MPI_SUCCESS;
    }
    __mpci_rma_send(w->nodes[rank], R_PUT << 24, (int)a, len, 0, (char *)src + off);
    w->sent[rank]++;
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
    free(copy);
    return err;
}

static int get_one(struct win *w, int rank, char *a, int len, int off, void *dst)
{
    if (rank == w->rank) {
        memcpy((char *)dst + off, a, len);
        return MPI_SUCCESS;
    }
    __mpci_rma_send(w->nodes[rank], R_GET << 24, (int)a, len, (int)((char *)dst + off), 0);
    w->sent[rank]++;
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
    /* the target's runs as one packed stream: the origin's buffer itself when it is one run */
    s = __mpi_type_contig(ot, origin_addr, origin_count);
    if (s || bytes == 0)
        return for_runs(tt, target_count, base, get_one, w, target_rank, s ? s : (char *)origin_addr);
    s = (char *)malloc(bytes + 4);
    if (!s)
        return __mpi_win_no_mem(win, "MPI_Get", bytes);
    err = for_runs(tt, target_count, base, get_one, w, target_rank, s);
    if (w->sent[target_rank]) {     /* its answers, before the stream is unpacked */
        w->sent[target_rank] = 0;
        ask(w, target_rank, R_FLUSH << 24, 0);
    }
    __mpi_unpack(s, bytes, (char *)origin_addr, origin_count, ot);
    free(s);
    return err;
}

/* A run's operands in one ACC message (into the HAL send buffers before it returns: MPI_Accumulate,
 * ../win_accumulate.h, frees a packed copy at once). */
static int acc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct acc *c = (struct acc *)arg;
    if (rank == w->rank) {          /* nothing takes the core between the loads and the stores */
        combine(a, c->op, c->type, c->src + off, len);
        return MPI_SUCCESS;
    }
    __mpci_rma_send(w->nodes[rank], R_ACC << 24 | c->op, (int)a, len, c->type, c->src + off);
    w->sent[rank]++;
    return MPI_SUCCESS;
}

/* ---- MPI-3 atomics (../win_atomics.h): FETCH messages, answered by GOT before a later FLUSH's DONE ---------- */

static int gacc_one(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct gacc *c = (struct gacc *)arg;
    const char *s = c->src ? c->src + off : 0;
    if (rank == w->rank) {          /* nothing takes the core between the loads and the stores */
        fetch_apply(a, len, c->result + off, c->op, c->type, s);
        return MPI_SUCCESS;
    }
    __mpci_rma_send(w->nodes[rank], R_FETCH << 24 | c->type << 8 | c->op, (int)a, len, (int)(c->result + off),
                    c->op == MPI_NO_OP ? 0 : s);
    w->sent[rank]++;
    return MPI_SUCCESS;
}

/* The old bytes of a result buffer of more than one run, in a packed stream: its answers waited for (a FLUSH to
 * the target), then unpacked. */
static int fetched(struct win *w, int rank, char *stream, int bytes, void *buf, int count, MPI_Datatype type)
{
    if (w->sent[rank]) {
        w->sent[rank] = 0;
        ask(w, rank, R_FLUSH << 24, 0);
    }
    __mpi_unpack(stream, bytes, (char *)buf, count, __mpi_type_get(type));
    free(stream);
    return MPI_SUCCESS;
}

static int cas_one(struct win *w, int rank, char *a, const char *origin, const char *compare, char *result, int n)
{
    char both[16];
    memcpy(both, compare, n);
    memcpy(both + n, origin, n);
    if (rank == w->rank) {
        fetch_apply(a, n, result, FETCH_CAS, MPI_BYTE, both);
        return MPI_SUCCESS;
    }
    __mpci_rma_send(w->nodes[rank], R_FETCH << 24 | FETCH_CAS, (int)a, 2 * n, (int)result, both);
    w->sent[rank]++;
    return MPI_SUCCESS;
}

#include "../win_atomics.h"

/* ---- Synchronisation -------------------------------------------------------------------------------------- */

int MPI_Win_fence(int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    (void)assert;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_fence");
    complete(w);                    /* this process's operations are complete */
    return MPI_Barrier(w->comm);    /* and everyone's */
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct win *w = win_of(win);
    (void)assert;
    LOCK_CHECKS(w, lock_type, rank);
    if (rank == w->rank) {
        while (!take_lock(&w->lock, lock_type))
            __mpi_progress();
    } else {
        ask(w, rank, R_LOCK << 24 | lock_type, w->locks[rank]);
    }
    w->locked[rank] = lock_type;
    return MPI_SUCCESS;
}

int MPI_Win_unlock(int rank, MPI_Win win)
{
    struct win *w = win_of(win);
    UNLOCK_CHECKS(w, rank);
    if (rank == w->rank) {
        give_lock(&w->lock, w->locked[rank]);
        __mpi_progress();           /* the grants it gave */
    } else {
        w->sent[rank] = 0;          /* the unlock's answer completes them */
        ask(w, rank, R_UNLOCK << 24 | w->locked[rank], w->locks[rank]);
    }
    w->locked[rank] = 0;
    return MPI_SUCCESS;
}

/* ---- MPI-3 passive target (../win_mpi3.h): a fence without its barrier, to one target ---------------------- */

/* This process's operations to rank complete there (and their answers here): a FLUSH if any went since. */
static int flush_one(struct win *w, int rank)
{
    if (w->sent[rank]) {
        w->sent[rank] = 0;
        ask(w, rank, R_FLUSH << 24, 0);
    }
    if (rank == w->rank)
        __mpi_progress();   /* the others' packets here: a process polling its own window sees them land */
    return MPI_SUCCESS;
}

#define WIN_MPI3_NO_ALLOC_MEM       /* win_lapi.c's serve both stacks */
#include "../win_mpi3.h"

/* The reader writes the window's memory when an MPI call takes the packets: those that are here are taken. */
int MPI_Win_sync(MPI_Win win)
{
    if (!win_of(win))
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_sync");
    __mpi_progress();
    return MPI_SUCCESS;
}

/* ---- General active target (../win_pscw.h): NOTE messages, written by the target's reader -------------------- */

static void notify(struct win *w, int rank, int kind, int count)
{
    if (rank == w->rank)
        w->notes[kind * w->size + w->rank] = count;
    else
        __mpci_rma_send(w->nodes[rank], R_NOTE << 24 | kind, w->locks[rank], count, w->rank, 0);
}

static int noted(struct win *w, int kind, int rank)
{
    return ((volatile int *)w->notes)[kind * w->size + rank];
}

/* The notice of completion follows the epoch's operations in each target's stream, so the target has them
 * applied when it reads it; the flushes are for the answers here (gets, fetches). */
static int complete_all(struct win *w)
{
    complete(w);
    return MPI_SUCCESS;
}

static void pscw_idle(struct win *w)
{
    (void)w;
    __mpi_progress();
}

static void exposed(struct win *w)
{
    (void)w;
}

#include "../win_pscw.h"

/* ---- The MPI names: this file's calls under the native stack, win_lapi.c's under MPI-LAPI ---------------- */

#define BY_STACK(call, args) return __mpi_sp_native ? __mpci_##call args : __lapi_##call args

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    BY_STACK(Win_create, (base, size, disp_unit, info, comm, win));
}

int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    BY_STACK(Win_allocate, (size, disp_unit, info, comm, baseptr, win));
}

int PMPI_Win_free(MPI_Win *win)
{
    BY_STACK(Win_free, (win));
}

int PMPI_Put(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    BY_STACK(Put, (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                   target_datatype, win));
}

int PMPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    BY_STACK(Get, (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                   target_datatype, win));
}

int PMPI_Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    BY_STACK(Accumulate, (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, op, win));
}

int PMPI_Win_fence(int assert, MPI_Win win)
{
    BY_STACK(Win_fence, (assert, win));
}

int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    BY_STACK(Win_lock, (lock_type, rank, assert, win));
}

int PMPI_Win_unlock(int rank, MPI_Win win)
{
    BY_STACK(Win_unlock, (rank, win));
}

int PMPI_Win_lock_all(int assert, MPI_Win win)
{
    BY_STACK(Win_lock_all, (assert, win));
}

int PMPI_Win_unlock_all(MPI_Win win)
{
    BY_STACK(Win_unlock_all, (win));
}

int PMPI_Win_flush(int rank, MPI_Win win)
{
    BY_STACK(Win_flush, (rank, win));
}

int PMPI_Win_flush_all(MPI_Win win)
{
    BY_STACK(Win_flush_all, (win));
}

int PMPI_Win_flush_local(int rank, MPI_Win win)
{
    BY_STACK(Win_flush_local, (rank, win));
}

int PMPI_Win_flush_local_all(MPI_Win win)
{
    BY_STACK(Win_flush_local_all, (win));
}

int PMPI_Win_sync(MPI_Win win)
{
    BY_STACK(Win_sync, (win));
}

int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    BY_STACK(Win_get_group, (win, group));
}

int PMPI_Get_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    BY_STACK(Get_accumulate, (origin_addr, origin_count, origin_datatype, result_addr, result_count,
                               result_datatype, target_rank, target_disp, target_count, target_datatype, op, win));
}

int PMPI_Fetch_and_op(void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    BY_STACK(Fetch_and_op, (origin_addr, result_addr, datatype, target_rank, target_disp, op, win));
}

int PMPI_Compare_and_swap(void *origin_addr, void *compare_addr, void *result_addr, MPI_Datatype datatype,
                          int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    BY_STACK(Compare_and_swap, (origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win));
}

int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    BY_STACK(Win_post, (group, assert, win));
}

int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    BY_STACK(Win_start, (group, assert, win));
}

int PMPI_Win_complete(MPI_Win win)
{
    BY_STACK(Win_complete, (win));
}

int PMPI_Win_wait(MPI_Win win)
{
    BY_STACK(Win_wait, (win));
}

int PMPI_Win_test(MPI_Win win, int *flag)
{
    BY_STACK(Win_test, (win, flag));
}
