/* Puts from different origins to the same words of one target within one epoch (concurrent conflicting
 * accesses: MPI leaves what the words hold undefined, but every synchronisation completes and the words that
 * only one origin writes are right). Several origins put runs that end at one word, runs that overlap their
 * neighbours', short runs inside a long one, bytes into a word another run ends at, and an accumulate onto
 * such a word, under fence (the target putting to itself too), shared locks and flushes. Each conflicting
 * word must hold what one of the origins that wrote it put there. On SCMP the target learns that a run has
 * landed by watching its last word for a value announced in advance; a second origin's run over that word
 * left the watch waiting for ever, and the fence, unlock or flush never ended. */
#include <stdio.h>
#include <mpi.h>

#define NW 320
#define ITER 4

static int nprocs;

/* What origin r puts at word k in iteration it. */
static int val(int r, int k, int it)
{
    return 100000 * (it + 1) + 1000 * r + k;
}

/* The origins of target t's window (ranks other than t; the first and second of them have parts of their
 * own), and whether t puts to itself too (in the fence part). */
static int first_origin(int t)
{
    return t == 0 ? 1 : 0;
}

static int second_origin(int t)
{
    int r = first_origin(t) + 1;
    return r == t ? r + 1 : r;
}

/* Origin r's puts to target t (itself included only when self is set). */
static void put_all(int r, int t, int it, int self, int *src, MPI_Win win)
{
    int k, l = first_origin(t), m = second_origin(t);
    if (r == t && !self)
        return;
    for (k = 0; k < NW; k++)
        src[k] = val(r, k, it);
    /* A: a run of 6 words ending at word 7, from everyone */
    MPI_Put(src + 2, 6, MPI_INT, t, 4 * 2, 6, MPI_INT, win);
    if (r == t)
        return;
    /* B: 8 words at 16 + 4r, overlapping the neighbours' halves */
    MPI_Put(src + 16 + 4 * r, 8, MPI_INT, t, 4 * (16 + 4 * r), 8, MPI_INT, win);
    /* C: a word of its own */
    MPI_Put(src + 100 + r, 1, MPI_INT, t, 4 * (100 + r), 1, MPI_INT, win);
    /* D: a long run of the first origin's, with the others' two-word runs inside it */
    if (r == l)
        MPI_Put(src + 200, 40, MPI_INT, t, 4 * 200, 40, MPI_INT, win);
    else
        MPI_Put(src + 200 + 2 * r, 2, MPI_INT, t, 4 * (200 + 2 * r), 2, MPI_INT, win);
    if (r == l) {
        /* E: a run ending at word 260, F: one ending at word 302 */
        MPI_Put(src + 259, 2, MPI_INT, t, 4 * 259, 2, MPI_INT, win);
        MPI_Put(src + 300, 3, MPI_INT, t, 4 * 300, 3, MPI_INT, win);
    } else if (r == m) {
        /* bytes 1 and 2 of word 260, a word of its own, and 5 added to word 302 */
        int five = 5;
        MPI_Put((char *)(src + 260) + 1, 2, MPI_CHAR, t, 4 * 260 + 1, 2, MPI_CHAR, win);
        MPI_Put(src + 262, 1, MPI_INT, t, 4 * 262, 1, MPI_INT, win);
        MPI_Accumulate(&five, 1, MPI_INT, t, 4 * 302, 1, MPI_INT, MPI_SUM, win);
    }
}

/* Whether word k of target t holds what one of its writers put there (it: the iterations that may have
 * written it; self: t put part A to itself). Returns the errors. */
static int check(int t, const int *w, int it_lo, int it_hi, int self)
{
    int k, r, it, errors = 0, l = first_origin(t), m = second_origin(t);
    for (k = 0; k < NW; k++) {
        int ok = 0, any = 0;
        if (k == 260 || k == 302)
            continue;           /* an int and two bytes of another's, a put and an accumulate: anything */
        for (it = it_lo; it <= it_hi && !ok; it++)
            for (r = 0; r < nprocs && !ok; r++) {
                int writes = 0;
                if (r == t && !(self && k >= 2 && k < 8))
                    continue;
                if (k >= 2 && k < 8)
                    writes = 1;
                else if (k >= 16 + 4 * r && k < 24 + 4 * r)
                    writes = 1;
                else if (k == 100 + r)
                    writes = 1;
                else if (r == l && ((k >= 200 && k < 240) || k == 259 || (k >= 300 && k < 303)))
                    writes = 1;
                else if (r != l && k >= 200 + 2 * r && k < 202 + 2 * r)
                    writes = 1;
                else if (r == m && k == 262)
                    writes = 1;
                if (!writes)
                    continue;
                any = 1;
                if (w[k] == val(r, k, it))
                    ok = 1;
            }
        if (!any)
            ok = w[k] == -1;
        /* the words of one writer only: its last iteration's */
        if (ok && any && ((k >= 100 && k < 100 + nprocs) || k == 259 || k == 262 || k == 300 || k == 301)) {
            int found = 0;
            for (r = 0; r < nprocs; r++)
                if (w[k] == val(r, k, it_hi))
                    found = 1;
            ok = found;
        }
        if (!ok) {
            if (errors < 5)
                printf("target %d: word %d holds %d\n", t, k, w[k]);
            errors++;
        }
    }
    return errors;
}

int main(int argc, char **argv)
{
    int rank, i, it, errors = 0, all, phase_errors, got;
    int mem[NW], src[NW];
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    for (i = 0; i < NW; i++)
        mem[i] = -1;
    MPI_Win_create(mem, sizeof mem, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    /* fence epochs: ranks 0 and size - 1 are targets of everyone, each putting part A to itself too */
    phase_errors = 0;
    for (it = 0; it < ITER; it++) {
        MPI_Win_fence(0, win);
        put_all(rank, 0, it, 1, src, win);
        if (nprocs > 1)
            put_all(rank, nprocs - 1, it, 1, src, win);
        MPI_Win_fence(0, win);
        if (rank == 0 || rank == nprocs - 1)
            phase_errors += check(rank, mem, it, it, 1);
        MPI_Win_fence(0, win);
        for (i = 0; i < NW; i++)
            mem[i] = -1;
    }
    MPI_Reduce(&phase_errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("fence: %s\n", all ? "errors" : "ok");
    errors += phase_errors;

    /* shared locks on rank 0, every other rank's epochs at once */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank != 0)
        for (it = 0; it < ITER; it++) {
            MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
            put_all(rank, 0, it, 0, src, win);
            MPI_Win_unlock(0, win);
        }
    MPI_Barrier(MPI_COMM_WORLD);
    phase_errors = 0;
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        phase_errors = check(0, mem, 0, ITER - 1, 0);
        for (i = 0; i < NW; i++)
            mem[i] = -1;
        MPI_Win_unlock(0, win);
        printf("lock: %s\n", phase_errors ? "errors" : "ok");
    }
    errors += phase_errors;

    /* flushes in one lock_all epoch; after each, an origin's own word is there for its get */
    MPI_Barrier(MPI_COMM_WORLD);
    phase_errors = 0;
    if (rank != 0) {
        MPI_Win_lock_all(0, win);
        for (it = 0; it < ITER; it++) {
            put_all(rank, 0, it, 0, src, win);
            MPI_Win_flush(0, win);
            MPI_Get(&got, 1, MPI_INT, 0, 4 * (100 + rank), 1, MPI_INT, win);
            MPI_Win_flush(0, win);
            if (got != val(rank, 100 + rank, it)) {
                printf("rank %d: got %d after a flush, expected %d\n", rank, got, val(rank, 100 + rank, it));
                phase_errors++;
            }
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        phase_errors += check(0, mem, 0, ITER - 1, 0);
        MPI_Win_unlock(0, win);
    }
    MPI_Reduce(&phase_errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("flush: %s\n", all ? "errors" : "ok");
    errors += phase_errors;

    MPI_Win_free(&win);
    MPI_Reduce(&errors, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("putconflict: %d processes, %d errors\n", nprocs, all);
    MPI_Finalize();
    return 0;
}
