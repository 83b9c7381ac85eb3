/* universe.c - the predefined attributes MPI_UNIVERSE_SIZE and MPI_APPNUM (MPI-2) of MPI_COMM_WORLD, of
 * MPI_COMM_SELF and of a duplicate: MPI_APPNUM is 0 (one application); MPI_UNIVERSE_SIZE, when the library gives
 * it, is at least the size of MPI_COMM_WORLD (libmpi gives that size: nothing can be spawned; MPICH under mpiexec
 * without -usize gives none); neither can be put or deleted. Rank 0 prints; the output is the same under MPICH. */
#include <stdio.h>
#include <mpi.h>
#include "check.h"

static void look(MPI_Comm comm)
{
    int flag, *v;
    MPI_Comm_get_attr(comm, MPI_APPNUM, &v, &flag);
    check(flag && *v == 0);
    MPI_Comm_get_attr(comm, MPI_UNIVERSE_SIZE, &v, &flag);
    check(!flag || *v >= size);
}

int main(int argc, char **argv)
{
    MPI_Comm dup;
    int err;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("universe: %d processes\n", size);
    look(MPI_COMM_WORLD);
    report("MPI_APPNUM and MPI_UNIVERSE_SIZE on MPI_COMM_WORLD");
    look(MPI_COMM_SELF);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    look(dup);
    MPI_Comm_free(&dup);
    report("on MPI_COMM_SELF and a duplicate");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_APPNUM, (void *)0);
    check(err != MPI_SUCCESS);
    err = MPI_Comm_delete_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE);
    check(err != MPI_SUCCESS);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    report("neither can be put or deleted");
    if (rank == 0)
        printf("universe: %s\n", failed ? "FAILED" : "OK");
    MPI_Finalize();
    return failed;
}
