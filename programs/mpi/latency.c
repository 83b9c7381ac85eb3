/* latency.c - ping-pong latency between neighbouring nodes 0 and 1, in cycles (half a round trip, the mean
 * of REPS rounds after a warm-up), for message sizes from 0 to 65536 bytes: first with the native library
 * (libscmp: sendDataIntValue for one word, else sendDataBlock, the receiver waiting for the last word to
 * change), then with MPI_Send/MPI_Recv under the protocol family the run selects. docs/mpi.md, "Latency":
 *     scmpcc -O1 -o latency programs/mpi/latency.c
 *     scmpsim -n 2 latency; scmpsim -n 2 --mpi-protocol thesis latency
 * Needs exactly 2 ranks; more ranks only wait. The numbers are cycles of the simulated machine. */
#include <stdio.h>
#include <mpi.h>
#ifdef __SCMP__
#include <scmp.h>
#define CYCLES() ((long long)scmp_cycles())
#else
#define CYCLES() ((long long)(MPI_Wtime() * 1e9))
#endif

#define REPS 16
#define MAXW 16384

static const int sizes[] = {0, 4, 8, 16, 32, 64, 84, 88, 128, 256, 1024, 4096, 16384, 65536};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static int buf[MAXW];
static volatile int landing[MAXW];
static long long native[NSIZES], mpi[NSIZES];

#ifdef __SCMP__
/* rank 0 and 1 bounce `words` words; the receiver waits for the last word to take the round's value */
static long long native_pingpong(int rank, int words)
{
    int i, k;
    long long t0 = 0;
    for (k = 0; k < words - 1; k++)
        buf[k] = k;
    for (i = -2; i < REPS; i++) {
        int v = 1000 * words + i + 3;   /* a value no earlier round left there */
        if (i == 0)
            t0 = CYCLES();
        buf[words - 1] = v;
        if (rank == 0) {
            if (words == 1)
                sendDataIntValue(1, (int *)landing, v);
            else
                sendDataBlock(1, (int *)landing, 1, buf, 1, words);
            waitFlag(&landing[words - 1], v);
        } else {
            waitFlag(&landing[words - 1], v);
            if (words == 1)
                sendDataIntValue(0, (int *)landing, v);
            else
                sendDataBlock(0, (int *)landing, 1, buf, 1, words);
        }
    }
    return (CYCLES() - t0) / REPS / 2;
}
#endif

int main(int argc, char **argv)
{
    int rank, size, k, i;
    const char *family = "mpi";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
#ifdef __SCMP__
    {
        extern int __mpi_protocol;
        family = __mpi_protocol == 0 ? "thesis" : "ours";
    }
#endif
    for (k = 0; k < NSIZES; k++) {
        int n = sizes[k];
        long long t0 = 0;
        MPI_Barrier(MPI_COMM_WORLD);
#ifdef __SCMP__
        if (rank < 2 && n >= 4)
            native[k] = native_pingpong(rank, n / 4);
        MPI_Barrier(MPI_COMM_WORLD);
#endif
        for (i = -2; i < REPS; i++) {
            if (i == 0)
                t0 = CYCLES();
            if (rank == 0) {
                MPI_Send(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
        }
        mpi[k] = (CYCLES() - t0) / REPS / 2;
    }
    if (rank == 0) {
        printf("ping-pong between ranks 0 and 1 (%d ranks), cycles one way (half a round trip)\n", size);
        printf("%8s %10s %10s\n", "bytes", "native", family);
        for (k = 0; k < NSIZES; k++) {
            if (sizes[k] >= 4)
                printf("%8d %10lld %10lld\n", sizes[k], native[k], mpi[k]);
            else
                printf("%8d %10s %10lld\n", sizes[k], "-", mpi[k]);
        }
    }
    MPI_Finalize();
    return 0;
}
