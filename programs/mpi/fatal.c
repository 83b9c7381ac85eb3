/* fatal.c - MPI_ERRORS_ARE_FATAL, the default handler: the last rank sends to a rank that does not exist,
 * which ends the whole run with a non-zero status and a line on stderr naming the function, the error and the
 * rank. Rank 0 prints before, and would print after. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, v = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        printf("fatal: %d processes, rank %d will send to rank %d\n", size, size - 1, size + 1);
        fflush(stdout);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == size - 1)
        MPI_Send(&v, 1, MPI_INT, size + 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("fatal: still running (FAILED)\n");
    MPI_Finalize();
    return 1;
}
