/* MPI-3's atomics, MPI_Get_accumulate, MPI_Fetch_and_op and MPI_Compare_and_swap, for the libraries whose
 * one-sided calls go run by run (t3d/win_t3d.c, sp/win_lapi.c): the checks, the origin's operands as a packed
 * stream and the target's old bytes as another (the result buffer itself when it is one run), over the library's
 * - gacc_one (a for_elements function, its argument win_runs.h's struct gacc): the old bytes of one run of the
 *   target (one element of a pair type with a gap; elements_at()) into result + off, then the operands at src + off
 *   combined into it (combine(); MPI_NO_OP: src is 0, the run stays), atomic per element with every other
 *   accumulate;
 * - fetched(w, rank, stream, bytes, buf, count, type): the old bytes, once they are all in the stream (now or at
 *   the next synchronisation), unpacked into the result buffer and the stream freed, for a result buffer of more
 *   than one run; returns an error code;
 * - cas_one(w, rank, addr, origin, compare, result, n): the n bytes at the target's addr into result (now or at
 *   the next synchronisation), replaced by origin's if they were compare's, atomically.
 * Included after win_runs.h. SCMP's win.c, whose atomics go as THREAD messages rather than run by run, defines
 * WIN_OWN_GET_ACCUMULATE and WIN_OWN_COMPARE_AND_SWAP (its own get_accumulate, of the same arguments, and its
 * own MPI_Compare_and_swap) and includes this for the entry points MPI_Get_accumulate and MPI_Fetch_and_op. */
#ifndef MPI_WIN_ATOMICS_H
#define MPI_WIN_ATOMICS_H

#ifndef WIN_OWN_GET_ACCUMULATE
static int get_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                          int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                          int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, const char *fn)
{
    struct win *w = win_of(win);
    struct __mpi_type *tt;
    struct gacc c;
    char *base, *copy = 0, *stream;
    int err, bytes;
    MPI_Datatype eo = 0;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, fn);
    c.type = 0;
    err = target(w, target_rank, target_disp, target_count, target_datatype, result_count, result_datatype, &base);
    if (err == MPI_SUCCESS && op != MPI_NO_OP)
        err = target(w, target_rank, target_disp, target_count, target_datatype, origin_count, origin_datatype,
                     &base);
    /* as for MPI_Accumulate, the result's type too: one predefined type's elements on every side (when something
     * moves), and MPI_NO_OP */
    tt = err == MPI_SUCCESS ? __mpi_type_get(target_datatype) : 0;
    if (tt && tt->size * target_count > 0) {
        err = acc_elements(result_datatype, target_datatype, op, 1, &c.type);
        if (err == MPI_SUCCESS && op != MPI_NO_OP)     /* (MPI_Fetch_and_op's: the same) */
            err = origin_datatype == result_datatype ? (eo = c.type, MPI_SUCCESS)
                                                     : acc_elements(origin_datatype, target_datatype, op, 1, &eo);
    }
    if (err == MPI_SUCCESS && eo && c.type && eo != c.type)
        err = MPI_ERR_TYPE;
    if (err != MPI_SUCCESS)
        return __mpi_win_error(win, err, fn);
    if (!c.type)
        return MPI_SUCCESS;
    bytes = tt->size * target_count;
    c.op = op;
    c.src = 0;
    if (op != MPI_NO_OP && !(c.src = packed(origin_addr, origin_count, origin_datatype, &copy)))
        return __mpi_win_no_mem(win, fn, bytes);
    c.result = __mpi_type_contig(__mpi_type_get(result_datatype), result_addr, result_count);
    stream = c.result ? 0 : (char *)malloc(bytes + 4);
    if (!c.result && !(c.result = stream)) {
        free(copy);
        return __mpi_win_no_mem(win, fn, bytes);
    }
    err = for_elements(tt, target_count, base, c.type, gacc_one, w, target_rank, &c);
    free(copy);
    if (err != MPI_SUCCESS) {
        free(stream);
        return __mpi_win_no_mem(win, fn, bytes);
    }
    if (stream)
        err = fetched(w, target_rank, stream, bytes, result_addr, result_count, result_datatype);
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_no_mem(win, fn, bytes);
}
#endif

int MPI_Get_accumulate(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                       int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    return get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                          target_rank, target_disp, target_count, target_datatype, op, win, "MPI_Get_accumulate");
}

int MPI_Fetch_and_op(void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    if (!FOP_TYPE_OK(datatype)) {
        struct win *w = win_of(win);
        return w ? __mpi_win_error(win, MPI_ERR_TYPE, "MPI_Fetch_and_op")
                 : __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Fetch_and_op");
    }
    return get_accumulate(origin_addr, 1, datatype, result_addr, 1, datatype, target_rank, target_disp, 1,
                          datatype, op, win, "MPI_Fetch_and_op");
}

#ifndef WIN_OWN_COMPARE_AND_SWAP
/* One element of a predefined type of at most 8 bytes. */
int MPI_Compare_and_swap(void *origin_addr, void *compare_addr, void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    struct win *w = win_of(win);
    char *base;
    int err;
    if (!w)
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Compare_and_swap");
    err = target(w, target_rank, target_disp, 1, datatype, 1, datatype, &base);
    if (err == MPI_SUCCESS && !CAS_TYPE_OK(datatype))
        err = MPI_ERR_TYPE;
    if (err == MPI_SUCCESS)
        err = cas_one(w, target_rank, base, (const char *)origin_addr, (const char *)compare_addr,
                      (char *)result_addr, __coll_size(datatype));
    return err == MPI_SUCCESS ? MPI_SUCCESS : __mpi_win_error(win, err, "MPI_Compare_and_swap");
}
#endif

#endif
