/* MPI_Win_create and MPI_Win_allocate over the library's own create() (win.c on SCMP, t3d/win_t3d.c on the
 * T3D, sp/win_lapi.c and sp/win_mpci.c on the SP), the same on every machine: included by each right after its
 * create(). A window made is entered in win_extra.c's table (its attributes, flavor, name). */
#ifndef MPI_WIN_ENTRY_H
#define MPI_WIN_ENTRY_H

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    int err = create(base, (int)size, disp_unit, comm, win, 0, "MPI_Win_create");
    if (err == MPI_SUCCESS) {
        __mpi_win_made(*win, comm, base, (int)size, disp_unit, MPI_WIN_FLAVOR_CREATE);
        if (info != MPI_INFO_NULL)      /* the hints it is made with (win_extra.c) */
            err = MPI_Win_set_info(*win, info);
    }
    return err;
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    char *mem = (char *)malloc(size > 0 ? (int)size : 1);
    int err;
    if (!mem)
        return __mpi_no_mem(comm, "MPI_Win_allocate", (int)size);
    if (baseptr)
        *(void **)baseptr = mem;
    err = create(mem, (int)size, disp_unit, comm, win, mem, "MPI_Win_allocate");
    if (err == MPI_SUCCESS) {
        __mpi_win_made(*win, comm, mem, (int)size, disp_unit, MPI_WIN_FLAVOR_ALLOCATE);
        if (info != MPI_INFO_NULL)
            err = MPI_Win_set_info(*win, info);
    }
    return err;
}

#endif
