/* deadlock.c - a deadlocked MPI program, for scmpsim's per-rank report: ranks 0 and 1 both receive from each
 * other before sending; rank 2 has sent rank 0 an eager message that rank 0 has not received; rank 3 has
 * started a large send to rank 0 that waits for its receive; the other ranks wait for rank 1. scmpsim must
 * end the run with the deadlock report, every rank's MPI queues included, and a non-zero status. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, v[4] = {0, 0, 0, 0}, big[100];
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 2)
        MPI_Send(v, 3, MPI_INT, 0, 77, MPI_COMM_WORLD);
    if (rank == 3)
        MPI_Isend(big, 100, MPI_INT, 0, 78, MPI_COMM_WORLD, &r);
    MPI_Recv(v, 1, MPI_INT, rank == 0 ? 1 : rank == 1 ? 0 : 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(v, 1, MPI_INT, rank == 0 ? 1 : 0, 5, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
