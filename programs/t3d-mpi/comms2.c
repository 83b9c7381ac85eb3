/* COMMS2 (GENESIS exchange, seed 001 section 4.1) on the T3D's MPI: ranks 0 and 1 send each other a message
 * of each size at the same time, then receive; one iteration is one transfer, so the iteration time is the
 * latency. Standard mode only: a synchronous exchange would wait for a receive neither side has posted.
 * Prints: exchange bytes cycles-per-transfer us MB/s. Usage: comms2 [reps] [maxbytes] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, reps = argc > 1 ? atoi(argv[1]) : 10, max = argc > 2 ? atoi(argv[2]) : 4096, bytes, i;
    char *out, *in;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = (char *)calloc(max > 8 ? max : 8, 1);
    in = (char *)calloc(max > 8 ? max : 8, 1);
    for (bytes = 8; bytes <= max; bytes = bytes < 64 ? bytes + 8 : bytes * 2) {
        /* fewer repetitions of the long messages: their time is their bandwidth, not noise */
        int n = bytes <= 4096 ? reps : reps * 4096 / bytes < 2 ? 2 : reps * 4096 / bytes;
        double t0, t;
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (i = 0; i < n && rank < 2; i++) {
            MPI_Send(out, bytes, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD);
            MPI_Recv(in, bytes, MPI_BYTE, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        t = (MPI_Wtime() - t0) / n;
        if (rank == 0)
            printf("exchange %d %.0f %.2f %.2f\n", bytes, t * 150e6, t * 1e6, bytes / (t * 1e6));
    }
    MPI_Finalize();
    return 0;
}
