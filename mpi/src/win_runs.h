/* The runs of a target's datatype, one call each, for the libraries whose one-sided calls move a target's bytes
 * run by run with a function (t3d/win_t3d.c over the T3D's shell, sp/win_lapi.c over LAPI). Included after
 * win_common.h; needs a `struct win`. */
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

/* The predefined type an accumulate's elements are of: the origin's, or the target's when the origin's is
 * derived (as win.c has it: a flattened derived type keeps its runs' element sizes, not their type). */
#define ELEMENTS(origin, target) (__coll_contig_basic(origin) ? (origin) : (target))

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
