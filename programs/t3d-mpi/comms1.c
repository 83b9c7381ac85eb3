/* COMMS1 (GENESIS ping-pong, seed 001 section 4.1) on the T3D's MPI: ranks 0 and 1 reflect a message of
 * each size back and forth; half the round trip is the latency. Standard (MPI_Send) and synchronous
 * (MPI_Ssend) modes. Prints: mode bytes cycles-per-transfer us MB/s. Usage: comms1 [reps] [maxbytes] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, reps = argc > 1 ? atoi(argv[1]) : 10, max = argc > 2 ? atoi(argv[2]) : 4096, mode, bytes, i;
    char *buf;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = (char *)calloc(max > 8 ? max : 8, 1);
    for (mode = 0; mode < 2; mode++)
        for (bytes = 8; bytes <= max; bytes = bytes < 64 ? bytes + 8 : bytes * 2) {
            /* fewer repetitions of the long messages: their time is their bandwidth, not noise */
            int n = bytes <= 4096 ? reps : reps * 4096 / bytes < 2 ? 2 : reps * 4096 / bytes;
            double t0, t;
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            for (i = 0; i < n && rank < 2; i++) {
                if (rank == 0) {
                    if (mode)
                        MPI_Ssend(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                    else
                        MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                    MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    if (mode)
                        MPI_Ssend(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
                    else
                        MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
                }
            }
            t = (MPI_Wtime() - t0) / (2.0 * n);
            if (rank == 0)
                printf("%s %d %.0f %.2f %.2f\n", mode ? "sync" : "standard", bytes, t * 150e6, t * 1e6,
                       bytes / (t * 1e6));
        }
    MPI_Finalize();
    return 0;
}
