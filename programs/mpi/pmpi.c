/* The MPI profiling interface (docs/mpi.md, "Profiling interface"): this program defines its own MPI_Send,
 * MPI_Recv and MPI_Barrier, which count their calls and reach the library through PMPI_Send, PMPI_Recv and
 * PMPI_Barrier; every other MPI function it calls, and the library's own calls, are not intercepted. It also
 * calls a few functions by their PMPI_ names directly. Prints the counts: they show that each call went
 * through the wrapper exactly once. */
#include <stdio.h>
#include <mpi.h>

/* MPI-3 (MPICH, the reference these outputs come from) declares the send buffer const */
#ifdef MPICH_VERSION
#define SENDBUF const void *
#else
#define SENDBUF void *
#endif

static int sends, recvs, barriers, bytes_sent;

int MPI_Send(SENDBUF buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    int size;
    sends++;
    PMPI_Type_size(type, &size);
    bytes_sent += count * size;
    return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    recvs++;
    return PMPI_Recv(buf, count, type, source, tag, comm, status);
}

int MPI_Barrier(MPI_Comm comm)
{
    barriers++;
    return PMPI_Barrier(comm);
}

int main(int argc, char **argv)
{
    int rank, size, prank, i, token = 0, sum = 0;
    double v[4] = {1, 2, 3, 4};
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    PMPI_Comm_rank(MPI_COMM_WORLD, &prank);

    /* a ring: rank 0 starts the token, every rank adds its rank and passes it on */
    if (rank == 0) {
        MPI_Send(&token, 1, MPI_INT, 1 % size, 7, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, size - 1, 7, MPI_COMM_WORLD, &st);
    } else {
        MPI_Recv(&token, 1, MPI_INT, rank - 1, 7, MPI_COMM_WORLD, &st);
        token += rank;
        MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 7, MPI_COMM_WORLD);
    }
    for (i = 0; i < 3; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* collectives are the library's: their messages do not pass through the wrappers */
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Bcast(v, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Send(v, 4, MPI_DOUBLE, 0, 8, MPI_COMM_WORLD);
    } else if (rank == 0) {
        PMPI_Recv(v, 4, MPI_DOUBLE, 1, 8, MPI_COMM_WORLD, &st);
    }
    {
        int mine[6], all[6 * 64];
        mine[0] = prank;
        mine[1] = sends;
        mine[2] = bytes_sent;
        mine[3] = recvs;
        mine[4] = barriers;
        mine[5] = sum;
        MPI_Gather(mine, 6, MPI_INT, all, 6, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("%d ranks, token %d, v[3] %g\n", size, token, v[3]);
            for (i = 0; i < size && i < 64; i++) {
                printf("rank %d (PMPI_Comm_rank %d): %d sends (%d bytes), %d receives, %d barriers, sum %d\n", i,
                       all[6 * i], all[6 * i + 1], all[6 * i + 2], all[6 * i + 3], all[6 * i + 4], all[6 * i + 5]);
            }
        }
    }
    MPI_Finalize();
    return 0;
}
