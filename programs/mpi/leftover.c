/* leftover.c - a program that ends with MPI traffic left over, for scmpsim --mpi-state: rank 1 sends rank 0
 * a message that rank 0 never receives, and rank 0 posts a receive that nothing matches and never waits for
 * it. Both then finalize and exit normally. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, v = 42, w;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        MPI_Send(&v, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Irecv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 10, MPI_COMM_WORLD, &r);
    MPI_Finalize();
    if (rank == 0)
        printf("leftover: done\n");
    return 0;
}
