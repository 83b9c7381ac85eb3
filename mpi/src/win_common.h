/* What the one-sided calls of both machines' libraries check and prepare the same way (win.c on SCMP,
 * t3d/win_t3d.c on the T3D): an operation's arguments against the window and the target's address, and the
 * origin's data as one packed stream. Included by each where its own code would stand; needs a `struct win`
 * with size, bases, sizes and units. */
#ifndef MPI_WIN_COMMON_H
#define MPI_WIN_COMMON_H

/* Checks an operation and finds the target's address; returns an error code. */
static int target(struct win *w, int rank, MPI_Aint disp, int tcount, MPI_Datatype ttype, int ocount,
                  MPI_Datatype otype, char **addr)
{
    struct __mpi_type *tt = __mpi_type_get(ttype), *ot = __mpi_type_get(otype);
    int ext;
    if (!tt || !ot || __mpi_type_usable(ttype) != MPI_SUCCESS || __mpi_type_usable(otype) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    if (tcount < 0 || ocount < 0)
        return MPI_ERR_COUNT;
    if (rank < 0 || rank >= w->size)
        return rank == MPI_PROC_NULL ? WIN_PROC_NULL : MPI_ERR_RANK;
    if (disp < 0)
        return MPI_ERR_DISP;
    if (tt->size * tcount != ot->size * ocount)
        return MPI_ERR_TRUNCATE;
    *addr = w->bases[rank] + disp * w->units[rank];
    ext = tt->ub - tt->lb;
    if (tcount > 0 && disp * w->units[rank] + (tcount - 1) * ext + tt->true_ub > w->sizes[rank])
        return MPI_ERR_DISP;
    return MPI_SUCCESS;
}

/* The origin's data as one packed stream: the buffer itself when it is one run, else a copy (*copy). */
static char *packed(void *buf, int count, MPI_Datatype type, char **copy)
{
    struct __mpi_type *t = __mpi_type_get(type);
    char *s = __mpi_type_contig(t, buf, count);
    *copy = 0;
    if (s || t->size * count == 0)
        return s ? s : (char *)buf;
    *copy = (char *)malloc(t->size * count);
    if (*copy)
        __mpi_pack((const char *)buf, count, t, *copy);
    return *copy;
}

#endif
