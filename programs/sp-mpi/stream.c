/* stream.c - the native stack's byte streams at work (docs/mpi-sp.md, "The native stack"): rank 0 sends rank 1
 * messages of 1 byte to 100000 bytes, eager and rendezvous, with MPI_Send; rank 1 checks every byte and sends each
 * back, which rank 0 checks again. Rank 0 then prints the errors and its Pipes counts (packets sent again,
 * duplicates dropped, packets that came out of order, acknowledgements sent alone, bytes copied through the pipe
 * buffers; then, of the acknowledgements alone, those sent after half a window and by the delayed
 * acknowledgement's timer, and the polls of writes that found the window full): under MPI-LAPI they stay 0.
 * Run it with --param dropEvery=N to lose packets on the way, and with --env MP_CSS_INTERRUPT=yes in interrupt
 * mode. */
#include <stdio.h>
#include <stdlib.h>
#include <pipes.h>
#include <mpi.h>

static const int sizes[] = {1, 100, 1017, 4095, 4096, 20000, 40000, 100000};
#define N (int)(sizeof sizes / sizeof sizes[0])

static unsigned char pattern(int k, int i)
{
    return (unsigned char)(i * 7 + k * 31 + (i >> 8));
}

int main(int argc, char **argv)
{
    int rank, k, i, errors = 0;
    unsigned char *buf = malloc(100000);
    MPI_Status st;
    pipes_stats_t ps;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (k = 0; k < N && rank < 2; k++) {
        int n = sizes[k], got;
        if (rank == 0) {
            for (i = 0; i < n; i++)
                buf[i] = pattern(k, i);
            MPI_Send(buf, n, MPI_BYTE, 1, k, MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                buf[i] = 0;
        }
        MPI_Recv(buf, n, MPI_BYTE, 1 - rank, k, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &got);
        errors += got != n || st.MPI_SOURCE != 1 - rank || st.MPI_TAG != k;
        for (i = 0; i < n; i++)
            errors += buf[i] != pattern(k, i);
        if (rank == 1)
            MPI_Send(buf, n, MPI_BYTE, 0, k, MPI_COMM_WORLD);
    }
    pipes_stats(&ps);
    if (rank == 0)
        printf("stream: %d messages each way, %d error(s); sent again %d, duplicates %d, out of order %d, "
               "acknowledgements alone %d, bytes copied %d (alone after half a window %d, "
               "delayed %d; polls with the window full %d)\n", N, errors, ps.retransmissions, ps.duplicates,
               ps.reordered, ps.acks, ps.copied, ps.acks_window, ps.acks_delayed, ps.window_full);
    MPI_Finalize();
    return errors != 0;
}
