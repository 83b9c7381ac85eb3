/* The checks that open MPI_Win_create's and MPI_Win_allocate's common create() on both machines (win.c on SCMP,
 * t3d/win_t3d.c on the T3D): the communicator, an intracommunicator; the size; the displacement unit; the handle's
 * address. A statement macro that returns the error from create(), not a function, so that each create() compiles
 * to the code it had with the checks written out (SCMP's libmpi stays byte for byte what it was). Included at the
 * top of each, since win_common.h stands where each one's own code stood, after create(). */
#ifndef MPI_WIN_CHECKS_H
#define MPI_WIN_CHECKS_H

#define CREATE_CHECKS(c, comm, size, disp_unit, win, fn)                     \
    if (!(c) || (c)->inter)                                                  \
        return __mpi_error((c) ? (comm) : MPI_COMM_WORLD, MPI_ERR_COMM, fn); \
    if ((size) < 0)                                                          \
        return __mpi_error(comm, MPI_ERR_SIZE, fn);                          \
    if ((disp_unit) <= 0)                                                    \
        return __mpi_error(comm, MPI_ERR_DISP, fn);                          \
    if (!(win))                                                              \
        return __mpi_error(comm, MPI_ERR_ARG, fn)

/* The checks that open MPI_Win_lock and MPI_Win_unlock there (w: the window, or 0 for a handle that is none;
 * locked[rank]: the lock type this process holds at rank, or 0), returning the error from the call. */
#define LOCK_CHECKS(w, lock_type, rank)                                                   \
    if (!(w))                                                                             \
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_lock");                  \
    if ((lock_type) != MPI_LOCK_EXCLUSIVE && (lock_type) != MPI_LOCK_SHARED)              \
        return __mpi_win_error(win, MPI_ERR_LOCKTYPE, "MPI_Win_lock");                  \
    if ((rank) < 0 || (rank) >= (w)->size)                                                \
        return __mpi_win_error(win, (rank) == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK, "MPI_Win_lock");  \
    if ((w)->locked[rank])                                                                \
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_lock")

#define UNLOCK_CHECKS(w, rank)                                                            \
    if (!(w))                                                                             \
        return __mpi_error(MPI_COMM_WORLD, MPI_ERR_WIN, "MPI_Win_unlock");                \
    if ((rank) < 0 || (rank) >= (w)->size)                                                \
        return __mpi_win_error(win, (rank) == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK, "MPI_Win_unlock"); \
    if (!(w)->locked[rank])                                                               \
        return __mpi_win_error(win, MPI_ERR_RMA_SYNC, "MPI_Win_unlock")

/* MPI_Compare_and_swap's types (MPI-3.1 11.3.4 and 5.9.2): one element of a C integer, Fortran integer, logical,
 * multi-language (MPI_AINT, MPI_OFFSET, MPI_COUNT) or byte type, of at most 8 bytes: the predefined types
 * MPI_BAND or MPI_LAND takes (MPI_CHAR among them here), and MPI_CHARACTER, as MPICH 4.0.2 takes both; not
 * MPI_WCHAR, which MPICH refuses too. Floating, complex, pair types and MPI_PACKED are MPI_ERR_TYPE. */
#define CAS_TYPE_OK(t) (__coll_contig_basic(t) && __coll_size(t) <= 8 && (t) != MPI_WCHAR                       \
                        && ((t) == MPI_CHARACTER || __mpi_op_check(MPI_BAND, t) || __mpi_op_check(MPI_LAND, t)))

/* MPI_Fetch_and_op's type: a predefined one (MPI-3.1 11.3.4), as MPICH checks; the operation is checked against
 * it as an accumulate's. */
#define FOP_TYPE_OK(t) (__mpi_type_get(t) && (__mpi_type_get(t)->flags & TF_PREDEFINED))

#endif
