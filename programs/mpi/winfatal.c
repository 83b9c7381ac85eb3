/* A window's MPI_ERRORS_ARE_FATAL is its own: with MPI_ERRORS_RETURN on MPI_COMM_WORLD and MPI_ERRORS_ARE_FATAL
 * set on the window, a put to a rank that does not exist ends the run (MPICH: status 6, MPI_ERR_RANK), after the
 * same error on a window given no handler has returned through MPI_COMM_WORLD's handler. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Win win;
    int mem[4], buf = 1, rank, size, err, cls;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    err = MPI_Put(&buf, 1, MPI_INT, size, 0, 1, MPI_INT, win);
    MPI_Error_class(err, &cls);
    if (rank == 0)
        printf("no window handler: put to rank size returns, class MPI_ERR_RANK: %d\n", cls == MPI_ERR_RANK);
    MPI_Win_fence(0, win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_ARE_FATAL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        fflush(stdout);
        MPI_Put(&buf, 1, MPI_INT, size, 0, 1, MPI_INT, win);
        printf("winfatal: the run went on after a fatal error\n");
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
