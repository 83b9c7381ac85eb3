/* sizes.c - MPI-LAPI's protocols across the eager limit (docs/mpi-sp.md): rank 0 sends messages of 0, 4, 4095, 4096,
 * 4097 bytes (and 1 MiB, in standard and nonblocking mode) to rank 1 in every send mode, with the receive posted before the message comes (the header
 * handler finds it) and, for buffered and nonblocking sends, after (an early-arrival buffer, or a request to send
 * that waits); rank 1 checks every byte
 * and the status. Then rank 0 sends a stream of messages of alternating lengths (one packet, several packets,
 * rendezvous) that the switch may reorder, and rank 1 takes them with MPI_ANY_SOURCE and MPI_ANY_TAG: they must
 * come in the order they were sent. Prints the number of checks and errors on rank 0. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define BIG (1 << 20)
#define STREAM 24

static const int sizes[] = {0, 4, 4095, 4096, 4097, BIG};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))
enum { STANDARD, SYNCHRONOUS, BUFFERED, READY, NONBLOCKING, MODES };

static int errors, checks;

static unsigned char pattern(int i, int size, int mode)
{
    return (unsigned char)(i * 7 + size * 3 + mode * 11 + 1);
}

static void fill(unsigned char *b, int size, int mode)
{
    int i;
    for (i = 0; i < size; i++)
        b[i] = pattern(i, size, mode);
}

static void check(const unsigned char *b, int size, int mode, MPI_Status *st, int tag)
{
    int i, n, bad = 0;
    MPI_Get_count(st, MPI_BYTE, &n);
    checks++;
    if (n != size || st->MPI_SOURCE != 0 || st->MPI_TAG != tag) {
        printf("size %d mode %d: count %d source %d tag %d\n", size, mode, n, st->MPI_SOURCE, st->MPI_TAG);
        errors++;
        return;
    }
    for (i = 0; i < size; i++)
        if (b[i] != pattern(i, size, mode))
            bad++;
    if (bad) {
        printf("size %d mode %d: %d bad bytes\n", size, mode, bad);
        errors++;
    }
}

static void send(unsigned char *b, int size, int mode, int tag, MPI_Request *rq)
{
    *rq = MPI_REQUEST_NULL;
    fill(b, size, mode);
    switch (mode) {
    case STANDARD:
        MPI_Send(b, size, MPI_BYTE, 1, tag, MPI_COMM_WORLD);
        break;
    case SYNCHRONOUS:
        MPI_Ssend(b, size, MPI_BYTE, 1, tag, MPI_COMM_WORLD);
        break;
    case BUFFERED:
        MPI_Bsend(b, size, MPI_BYTE, 1, tag, MPI_COMM_WORLD);
        break;
    case READY:
        MPI_Rsend(b, size, MPI_BYTE, 1, tag, MPI_COMM_WORLD);
        break;
    default:
        MPI_Isend(b, size, MPI_BYTE, 1, tag, MPI_COMM_WORLD, rq);
        break;
    }
}

int main(int argc, char **argv)
{
    int rank, s, mode, late, i, total[2];
    unsigned char *b = (unsigned char *)malloc(BIG);
    char *attach = (char *)malloc(BIG + 4096);
    MPI_Status st;
    MPI_Request rq, stream[STREAM];
    unsigned char *out = (unsigned char *)malloc(STREAM * 4800);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Buffer_attach(attach, BIG + 4096);
    for (late = 0; late < 2; late++)
        for (s = 0; s < NSIZES; s++)
            for (mode = 0; mode < MODES; mode++) {
                int tag = 100 * s + mode;
                if (late && mode != BUFFERED && mode != NONBLOCKING)
                    continue;   /* the others would wait for the receive (ready mode needs it first) */
                if (sizes[s] == BIG && mode != (late ? NONBLOCKING : STANDARD))
                    continue;   /* 1 MiB once each way: its checks cost the most simulated time */
#ifdef TRACE
                printf("rank %d late %d size %d mode %d\n", rank, late, sizes[s], mode);
#endif
                if (rank == 0) {
                    if (!late)
                        MPI_Recv(0, 0, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &st);    /* the receive is posted */
                    send(b, sizes[s], mode, tag, &rq);
                    if (late)
                        MPI_Send(0, 0, MPI_BYTE, 1, 2, MPI_COMM_WORLD);      /* it is on its way */
                    MPI_Wait(&rq, MPI_STATUS_IGNORE);
                } else if (rank == 1) {
                    if (!late) {
                        MPI_Irecv(b, sizes[s], MPI_BYTE, 0, tag, MPI_COMM_WORLD, &rq);
                        MPI_Send(0, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
                        MPI_Wait(&rq, &st);
                    } else {
                        MPI_Recv(0, 0, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &st);
                        MPI_Recv(b, sizes[s], MPI_BYTE, 0, tag, MPI_COMM_WORLD, &st);
                    }
                    check(b, sizes[s], mode, &st, tag);
                }
            }
    /* a stream whose packets the switch reorders: lengths of 1, 3 and 5 packets and a rendezvous */
    for (i = 0; i < STREAM; i++) {
        static const int len[] = {4, 2900, 40, 4800, 12, 4000};
        int n = len[i % 6];
        if (rank == 0) {
            fill(out + i * 4800, n, i);
            MPI_Isend(out + i * 4800, n, MPI_BYTE, 1, i, MPI_COMM_WORLD, &stream[i]);
        } else if (rank == 1) {
            if (i == 0)
                MPI_Recv(0, 0, MPI_BYTE, 0, 1000, MPI_COMM_WORLD, &st);
            MPI_Recv(b, BIG, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            check(b, n, i, &st, i);
        }
        if (rank == 0 && i == STREAM / 2 - 1)
            MPI_Send(0, 0, MPI_BYTE, 1, 1000, MPI_COMM_WORLD);  /* half of them came before any receive */
    }
    if (rank == 0)
        MPI_Waitall(STREAM, stream, MPI_STATUSES_IGNORE);
    total[0] = checks;
    total[1] = errors;
    if (rank == 1)
        MPI_Send(total, 2, MPI_INT, 0, 4, MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Recv(total, 2, MPI_INT, 1, 4, MPI_COMM_WORLD, &st);
        printf("sizes: %d checks, %d error(s)\n", total[0], total[1]);
    }
    MPI_Finalize();
    return 0;
}
