/* pingpong.c - the seed's latency test (section 5.1) in MPI-LAPI: ranks 0 and 1 send one word back and forth with
 * MPI_Send and MPI_Recv; rank 0 prints the cycles of the last round trip (after a warm-up one) and of one way,
 * read from the node's cycle counter (332 MHz, docs/sp.md). */
#include <stdio.h>
#include <hal.h>
#include <mpi.h>

#define ROUNDS 4

int main(int argc, char **argv)
{
    int rank, i, word = 0;
    unsigned long long t0 = 0, t1 = 0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < ROUNDS; i++) {
        if (rank == 0) {
            t0 = hal_cycles();
            MPI_Send(&word, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(&word, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &st);
            t1 = hal_cycles();
        } else if (rank == 1) {
            MPI_Recv(&word, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
            word++;
            MPI_Send(&word, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("pingpong: %d round trips, word %d, last round trip %u cycles, one way %u cycles\n", ROUNDS, word,
               (unsigned)(t1 - t0), (unsigned)(t1 - t0) / 2);
    MPI_Finalize();
    return 0;
}
