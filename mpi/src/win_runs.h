/* The runs of a target's datatype, one call each, for the libraries whose one-sided calls move a target's bytes
 * run by run with a function (t3d/win_t3d.c over the T3D's shell, sp/win_lapi.c over LAPI, sp/win_mpci.c over
 * MPCI's messages), and an accumulate's elements: their type, combined into the window, read from it, one by one
 * for a pair type with a gap. Included after win_common.h; needs a `struct win`. */
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

/* The type an accumulate's elements are all of (mpi_core.h, __mpi_type_elements), into *et, as SCMP's win.c has
 * it: MPI requires that the origin's and the target's types (and the result's) be made of one predefined type, a
 * pair type counting as one, whatever their layouts; *et is 0 when neither has data. The operation must be
 * predefined and apply to it, or MPI_REPLACE (or MPI_NO_OP where no_op allows it). Returns an error code. */
/* (a predefined type's own handle at once: every one of them has data) */
#define ELEMENTS_OF(t) ((t) > MPI_DATATYPE_NULL && (t) <= MPI_LONG_DOUBLE_INT ? (int)(t) : __mpi_type_elements(t))

static int acc_elements(MPI_Datatype a, MPI_Datatype b, MPI_Op op, int no_op, MPI_Datatype *et)
{
    int ea = ELEMENTS_OF(a), eb = ELEMENTS_OF(b), e = ea ? ea : eb;
    if ((ea && eb && ea != eb) || e < 0 || e > MPI_LONG_DOUBLE_INT)
        return MPI_ERR_TYPE;
    if (op != MPI_REPLACE && !(no_op && op == MPI_NO_OP)
        && (op < MPI_MAX || op > MPI_MINLOC || (e && !__mpi_op_check(op, e))))
        return MPI_ERR_OP;
    *et = e;
    return MPI_SUCCESS;
}

/* A pair type with a gap (MPI_DOUBLE_INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT): its value and its int are two runs,
 * so the runs of a type made of it are never whole elements (datatype.c's set_pair merges the others' two). */
#define GAP_PAIR(et) ((et) == MPI_DOUBLE_INT || (et) == MPI_SHORT_INT || (et) == MPI_LONG_DOUBLE_INT)

/* n bytes of packed elements of type (MPI_Pack's form) combined into the window at a, where they are a run of
 * whole elements, or for a pair type with a gap one element: its value at a, its int at the pair's offset from a,
 * and nothing in between touched. MPI_REPLACE stores them, MPI_NO_OP leaves the window as it is. (SCMP's win.c
 * has the same as its apply().) */
static void combine(char *a, MPI_Op op, MPI_Datatype type, const char *s, int n)
{
    if (op == MPI_NO_OP)
        return;
    if (!GAP_PAIR(type)) {
        if (op == MPI_REPLACE)
            memcpy(a, s, n);
        else
            __mpi_op_combine(op, type, s, a, a, n / __coll_size(type));
    } else {
        struct __mpi_block *p = __mpi_type_get(type)->blocks;
        int v = p[0].len, k = p[1].disp;
        double o[2], t[2];          /* the operand and the target's element as the pair's struct */
        memcpy(o, s, v);
        memcpy((char *)o + k, s + v, 4);
        memcpy(t, a, v);
        memcpy((char *)t + k, a + k, 4);
        if (op == MPI_REPLACE)
            memcpy(t, o, sizeof t);
        else
            __mpi_op_combine(op, type, o, t, t, 1);
        memcpy(a, t, v);
        memcpy(a + k, (char *)t + k, 4);
    }
}

/* The n bytes of packed elements (as combine() takes them) that the window holds at a, into out. */
static void elements_at(MPI_Datatype type, const char *a, char *out, int n)
{
    if (!GAP_PAIR(type)) {
        memcpy(out, a, n);
    } else {
        struct __mpi_block *p = __mpi_type_get(type)->blocks;
        memcpy(out, a, p[0].len);
        memcpy(out + p[0].len, a + p[1].disp, 4);
    }
}

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
