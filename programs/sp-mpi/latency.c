/* latency.c - the seed's latency test (section 6.1, Figure 16) over message sizes: ranks 0 and 1 send a message
 * back and forth with MPI_Send and MPI_Recv, three times per size; rank 0 prints the cycles of the last round
 * trip of each size (332 MHz, docs/sp.md). Run it under each stack (MP_MPI_STACK) to compare them. */
#include <stdio.h>
#include <stdlib.h>
#include <hal.h>
#include <mpi.h>

static const int sizes[] = {4, 64, 256, 1024, 4000, 8192, 32768, 65536};

int main(int argc, char **argv)
{
    int rank, k, i;
    char *buf = calloc(65536, 1);
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (k = 0; k < (int)(sizeof sizes / sizeof sizes[0]); k++) {
        unsigned long long t0 = 0, t1 = 0;
        for (i = 0; i < 3; i++) {
            if (rank == 0) {
                t0 = hal_cycles();
                MPI_Send(buf, sizes[k], MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, sizes[k], MPI_BYTE, 1, 0, MPI_COMM_WORLD, &st);
                t1 = hal_cycles();
            } else if (rank == 1) {
                MPI_Recv(buf, sizes[k], MPI_BYTE, 0, 0, MPI_COMM_WORLD, &st);
                MPI_Send(buf, sizes[k], MPI_BYTE, 0, 0, MPI_COMM_WORLD);
            }
        }
        if (rank == 0)
            printf("latency: %6d bytes, round trip %7u cycles, one way %6.1f us\n", sizes[k], (unsigned)(t1 - t0),
                   (double)(t1 - t0) / 2 / SP_CLOCK_MHZ);
    }
    MPI_Finalize();
    return 0;
}
