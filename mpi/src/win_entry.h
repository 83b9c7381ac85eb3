/* MPI_Win_create and MPI_Win_allocate over the library's own create() (win.c on SCMP, t3d/win_t3d.c on the
 * T3D), the same on both machines: included by each right after its create(). */
#ifndef MPI_WIN_ENTRY_H
#define MPI_WIN_ENTRY_H

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    (void)info;
    return create(base, (int)size, disp_unit, comm, win, 0, "MPI_Win_create");
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    char *mem = (char *)malloc(size > 0 ? (int)size : 1);
    (void)info;
    if (!mem)
        return __mpi_no_mem(comm, "MPI_Win_allocate", (int)size);
    if (baseptr)
        *(void **)baseptr = mem;
    return create(mem, (int)size, disp_unit, comm, win, mem, "MPI_Win_allocate");
}

#endif
