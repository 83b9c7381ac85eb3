/* MPI_Accumulate over the library's own acc_one(), which combines one run of the target's datatype at the target,
 * for the libraries whose one-sided calls go run by run (t3d/win_t3d.c, sp/win_lapi.c): included by each right
 * after its acc_one(); needs win_common.h's target() and packed(), win_checks.h's ACC_CHECKS and win_runs.h. */
#ifndef MPI_WIN_ACCUMULATE_H
#define MPI_WIN_ACCUMULATE_H

#ifdef WIN_ACC_COMBINE
/* An accumulate's operands s, len bytes of whole elements of type, combined into the window at a (MPI_REPLACE:
 * copied there), for the libraries that combine a run's operands where they arrive: the SP's sp/win_lapi.c (in
 * LAPI's header handlers) and sp/win_mpci.c (in MPCI's reader), and each for its own window. They define
 * WIN_ACC_COMBINE and include this before their acc_one, which they declare first. */
static void combine(char *a, MPI_Op op, MPI_Datatype type, const char *s, int len)
{
    if (op == MPI_REPLACE)
        memcpy(a, s, len);
    else
        __mpi_op_combine(op, type, s, a, a, len / __coll_size(type));
}
#endif

int MPI_Accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    struct win *w = win_of(win);
    struct acc c;
    char *base, *copy;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Accumulate");
    err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype, &base);
    ACC_CHECKS(err, ELEMENTS(origin_datatype, target_datatype), op);
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, "MPI_Accumulate");
    c.src = packed(origin_addr, origin_count, origin_datatype, &copy);
    c.op = op;
    c.type = ELEMENTS(origin_datatype, target_datatype);
    if (!c.src)
        return __mpi_win_no_mem(win, "MPI_Accumulate", origin_count * __coll_size(origin_datatype));
    err = for_runs(__mpi_type_get(target_datatype), target_count, base, acc_one, w, target_rank, &c);
    free(copy);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, "MPI_Accumulate", origin_count);
}

#endif
