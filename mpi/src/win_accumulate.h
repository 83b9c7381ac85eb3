/* MPI_Accumulate over the library's own acc_one(), which combines one run of the target's datatype (one element, for
 * a pair type with a gap) at the target, for the libraries whose one-sided calls go run by run (t3d/win_t3d.c,
 * sp/win_lapi.c, sp/win_mpci.c): included by each after its acc_one() (or a declaration of it); needs
 * win_common.h's target() and packed(), win_runs.h's for_elements() and win_elements.h's acc_elements() and
 * combine(), which the SP's libraries run where an accumulate's operands arrive (in LAPI's header handlers, in
 * MPCI's reader). The origin's and the target's datatypes may both be derived, of one predefined type's elements
 * (a pair type counting as one), in different layouts, as on SCMP (win.c). */
#ifndef MPI_WIN_ACCUMULATE_H
#define MPI_WIN_ACCUMULATE_H

int MPI_Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    struct acc c;
    char *base, *copy;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Accumulate");
    c.type = 0;
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    /* (when nothing moves, the types need not agree, as in MPICH) */
    tt = err == MPI_SUCCESS ? __mpi_type_get(target_datatype) : 0;
    if (tt && tt->size * target_count > 0)
        err = acc_elements(origin_datatype, target_datatype, op, 0, &c.type);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Accumulate");
    if (!c.type)
        return MPI_SUCCESS;
    c.src = packed(origin_addr, origin_count, origin_datatype, &copy);
    c.op = op;
    if (!c.src)
        return __mpi_win_no_mem(win, "MPI_Accumulate", tt->size * target_count);
    err = for_elements(tt, target_count, base, c.type, acc_one, w, target_rank, &c);
    free(copy);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", tt->size * target_count);
}

#endif
