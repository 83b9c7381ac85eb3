/* The runs of a target's datatype, one call each, for the libraries whose one-sided calls move a target's bytes
 * run by run with a function (t3d/win_t3d.c over the T3D's shell, sp/win_lapi.c over LAPI, sp/win_mpci.c over
 * MPCI's messages), and an accumulate's elements: their type, one by one for a pair type with a gap (combined into
 * the window and read from it by win_elements.h, which SCMP's win.c shares). Included after win_common.h; needs a
 * `struct win`. */
#ifndef MPI_WIN_RUNS_H
#define MPI_WIN_RUNS_H

/* Calls fn for every run of count items of type t at the target address addr, with the run's offset in the
 * packed stream; stops at the first error. */
static int for_runs(struct __mpi_type *t, int count, char *addr,
                    int (*fn)(struct win *, int, char *, int, int, void *), struct win *w, int rank, void *arg)
{
    int i, k, off = 0, err = MPI_SUCCESS, ext = t->ub - t->lb;
    char *one = __mpi_type_contig(t, addr, count);
    if (one)
        return t->size * count > 0 ? fn(w, rank, one, t->size * count, 0, arg) : MPI_SUCCESS;
    if (t->flags & TF_COMPACT) {        /* many runs, read in order (datatype.c) */
        struct __mpi_runs r;
        for (i = 0; i < count && err == MPI_SUCCESS; i++) {
            __mpi_runs_start(&r, t);
            for (k = 0; k < t->nblocks && err == MPI_SUCCESS; k++) {
                __MPI_RUNS_NEXT(&r);
                err = fn(w, rank, addr + i * ext + r.disp, r.len, off, arg);
                off += r.len;
            }
        }
        return err;
    }
    for (i = 0; i < count && err == MPI_SUCCESS; i++)
        for (k = 0; k < t->nblocks && err == MPI_SUCCESS; k++) {
            err = fn(w, rank, addr + i * ext + t->blocks[k].disp, t->blocks[k].len, off, arg);
            off += t->blocks[k].len;
        }
    return err;
}

/* acc_elements, GAP_PAIR, combine() and elements_at(), SCMP's win.c's too. */
#include "win_elements.h"

/* The bytes of window memory that n bytes of packed elements of type cover from their first (a pair with a gap:
 * one element, its value to its int's end). */
#define SPAN(type, n) (GAP_PAIR(type) ? __mpi_type_get(type)->blocks[1].disp + 4 : (n))

/* for_runs' function and its argument, for for_elements. */
struct each {
    int (*fn)(struct win *, int, char *, int, int, void *);
    void *arg;
    int es;                         /* a pair's packed bytes */
};

/* One run of a type made of a pair type with a gap: the elements that start in it (their value's run), one each. */
static int each_element(struct win *w, int rank, char *a, int len, int off, void *arg)
{
    struct each *e = (struct each *)arg;
    int x, err = MPI_SUCCESS;
    for (x = (e->es - off % e->es) % e->es; x < len && err == MPI_SUCCESS; x += e->es)
        err = e->fn(w, rank, a + x, e->es, off + x, e->arg);
    return err;
}

/* for_runs over the pieces an accumulate's fn combines (combine(), elements_at()): the runs themselves, or for a
 * pair type with a gap its elements one by one, a the element's value, len its packed bytes. */
static int for_elements(struct __mpi_type *t, int count, char *addr, MPI_Datatype et,
                        int (*fn)(struct win *, int, char *, int, int, void *), struct win *w, int rank, void *arg)
{
    struct each e;
    if (!GAP_PAIR(et))
        return for_runs(t, count, addr, fn, w, rank, arg);
    e.fn = fn;
    e.arg = arg;
    e.es = __mpi_type_get(et)->size;
    return for_runs(t, count, addr, each_element, w, rank, &e);
}

/* An accumulate's operands (the origin's data packed), operation and type, for each library's acc_one. */
struct acc {
    const char *src;
    MPI_Op op;
    MPI_Datatype type;
};

/* A get-accumulate's (win_atomics.h): the same, and where the target's old bytes go, packed. */
struct gacc {
    const char *src;                /* the operands, packed, or 0 (MPI_NO_OP) */
    char *result;
    MPI_Op op;
    MPI_Datatype type;
};

#endif
