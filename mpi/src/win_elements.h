/* An accumulate's elements (all of one predefined type, MPI says; a pair type counts as one): their type, found
 * from every side's datatype and checked against the operation, and, where they meet the window, combined into it
 * and read from it. One text for every machine's one-sided calls: SCMP's win.c includes it directly (its THREAD
 * messages' handlers, its own window, its atomics), the run-by-run libraries (t3d/win_t3d.c, sp/win_lapi.c,
 * sp/win_mpci.c) through win_runs.h, where each run or element arrives. Needs mpi_internal.h and <string.h>. */
#ifndef MPI_WIN_ELEMENTS_H
#define MPI_WIN_ELEMENTS_H

/* The type an accumulate's elements are all of (mpi_core.h, __mpi_type_elements), into *et: MPI requires that
 * the origin's and the target's types (and the result's) be made of one predefined type, a pair type counting as
 * one, whatever their layouts; *et is 0 when neither has data. The operation must be predefined and apply to it,
 * or MPI_REPLACE (or MPI_NO_OP where no_op allows it). Returns an error code. */
/* (a predefined type's own handle at once: every one of them has data) */
#define ELEMENTS_OF(t) ((t) > MPI_DATATYPE_NULL && (t) <= MPI_LONG_DOUBLE_INT ? (int)(t) : __mpi_type_elements(t))

static int acc_elements(MPI_Datatype a, MPI_Datatype b, MPI_Op op, int no_op, MPI_Datatype *et)
{
    int ea = ELEMENTS_OF(a), eb = ELEMENTS_OF(b), e = ea ? ea : eb;
    if ((ea && eb && ea != eb) || e < 0 || e >= MPI_FIRST_DERIVED)     /* TF_MIXED too */
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
 * and nothing in between touched. MPI_REPLACE stores them, MPI_NO_OP leaves the window as it is. */
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

#endif
