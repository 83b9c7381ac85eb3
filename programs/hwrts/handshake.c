/* handshake.c - what the rendezvous handshake costs, between neighbouring nodes 0 and 1, in cycles
 * (docs/mpi.md, "Family thesis-hw"):
 *   1. ping-pong: half a round trip of MPI_Send/MPI_Recv (the mean of REPS rounds after a warm-up), for
 *      message sizes from 0 to 65536 bytes;
 *   2. a busy sender: rank 1 has posted its receive; rank 0 calls MPI_Isend, then computes for W cycles
 *      without calling MPI (its thread keeps the core: SCMP's threads are cooperative), then MPI_Wait. The
 *      figures are the cycles rank 0 computed and the time from the MPI_Isend to the return of rank 1's
 *      MPI_Recv. When a thread on the sender
 *      has to send the payload (the software handshake), the payload waits for the computation; when the
 *      sender's NIU answers the CTS itself (thesis section 2.3, family thesis-hw), it does not.
 * The family is the run's: scmpsim -n 2 --mpi-protocol thesis handshake, or
 *     scmpsim -n 2 --param hwRts=true --env SCMP_MPI_PROTOCOL=thesis-hw handshake
 * Needs exactly 2 ranks; more ranks only wait. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#ifdef __SCMP__
#include <scmp.h>
#define CYCLES() ((long long)scmp_cycles())
#else
#define CYCLES() ((long long)(MPI_Wtime() * 1e9))
#endif

#define REPS 8
#define MAXW 16384

static const int sizes[] = {0, 4, 64, 256, 1024, 4096, 16384, 65536};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))
static const int works[] = {0, 1000, 10000};
#define NWORKS ((int)(sizeof works / sizeof works[0]))
#define BUSY_BYTES 1024

static int buf[MAXW];

/* About w cycles of work that calls nothing and never gives up the core. */
static void compute(int w)
{
    volatile int sink = 0;
    int i;
    for (i = 0; i < w / 8; i++)
        sink += i;
}

int main(int argc, char **argv)
{
    int rank, size, k, i;
    long long lat[NSIZES], busy[NWORKS], spent[NWORKS];
    const char *family = getenv("SCMP_MPI_PROTOCOL");
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        if (rank == 0)
            printf("handshake: needs 2 ranks\n");
        MPI_Finalize();
        return 1;
    }
    if (rank < 2) {
        int peer = 1 - rank;
        for (k = 0; k < NSIZES; k++) {
            int n = sizes[k];
            long long t0 = 0;
            for (i = -2; i < REPS; i++) {
                if (i == 0)
                    t0 = CYCLES();
                if (rank == 0) {
                    MPI_Send(buf, n, MPI_BYTE, peer, k, MPI_COMM_WORLD);
                    MPI_Recv(buf, n, MPI_BYTE, peer, k, MPI_COMM_WORLD, &st);
                } else {
                    MPI_Recv(buf, n, MPI_BYTE, peer, k, MPI_COMM_WORLD, &st);
                    MPI_Send(buf, n, MPI_BYTE, peer, k, MPI_COMM_WORLD);
                }
            }
            lat[k] = (CYCLES() - t0) / REPS / 2;
        }
        for (k = 0; k < NWORKS; k++) {
            long long t[2];
            MPI_Request rq;
            MPI_Barrier(MPI_COMM_WORLD);
            if (rank == 0) {
                compute(8000);      /* rank 1 posts its receive meanwhile */
                t[0] = CYCLES();
                MPI_Isend(buf, BUSY_BYTES, MPI_BYTE, 1, 100 + k, MPI_COMM_WORLD, &rq);
                spent[k] = CYCLES();
                compute(works[k]);
                spent[k] = CYCLES() - spent[k];
                MPI_Wait(&rq, &st);
                MPI_Recv(&t[1], 1, MPI_LONG_LONG, 1, 200 + k, MPI_COMM_WORLD, &st);
                busy[k] = t[1] - t[0];
            } else {
                MPI_Recv(buf, BUSY_BYTES, MPI_BYTE, 0, 100 + k, MPI_COMM_WORLD, &st);
                t[1] = CYCLES();
                MPI_Send(&t[1], 1, MPI_LONG_LONG, 0, 200 + k, MPI_COMM_WORLD);
            }
        }
        if (rank == 0) {
            printf("family %s\n", family ? family : "(default)");
            printf("   bytes   latency\n");
            for (k = 0; k < NSIZES; k++)
                printf("%8d %9lld\n", sizes[k], lat[k]);
            printf("busy sender, %d bytes: computing  delivery\n", BUSY_BYTES);
            for (k = 0; k < NWORKS; k++)
                printf("%32lld %9lld\n", spent[k], busy[k]);
        }
    } else {
        for (k = 0; k < NWORKS; k++)
            MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
