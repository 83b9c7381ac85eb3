/* mpi_bench.c - the seed's MPI measurements (sections 5.1 and 6.1) on ranks 0 and 1 of the SP model
 * (docs/sp-tables.md), for each message size from 4 bytes to MAX (times 4):
 *   pingpong  MPI_Send and MPI_Recv back and forth (Figures 13-16); the time is half a round trip, averaged over
 *             REPS round trips after one warm-up;
 *   stream    bandwidth (Figure 17): rank 0 sends STREAM messages back to back with MPI_Isend, rank 1 has posted
 *             as many MPI_Irecv and answers the last with a one-word MPI_Send; the time per message;
 *   interrupt with the argument "interrupt" instead (Figure 18): each rank posts an MPI_Irecv and then watches the
 *             receive buffer, calling no MPI function, until the message's last word has changed; then it
 *             completes the receive and sends the same size back. Only a library that makes progress outside
 *             its calls (interrupt mode) delivers the message: when nothing arrives within LIMIT cycles the run
 *             ends with status 3 and one line. The SCMP core multitasks cooperatively (docs/sp.md, "Interrupt
 *             mode"), so the watching loop suspends (hal_yield) to let an interrupt handler's thread run.
 * Prints "WHAT SIZE CYCLES US [MB/S]" lines (CYCLES per one-way message, at 332 MHz).
 * Run: scmpcc -mmachine=sp -O1 mpi_bench.c -o mb && scmpsim -n 2 mb [REPS [MAX [STREAM [interrupt]]]] (default 4 65536 32) */
#include <hal.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"
#include <string.h>

#define LIMIT 3320000ULL /* 10 ms */
#define SETTLE 33200ULL  /* 100 us: several interrupts, hysteresis and delayed acknowledgements */

static char sbuf[MAXBYTES];
static char *rbuf;
static int rank;

static void ping_pong(int n, int reps) {
    MPI_Status st;
    unsigned long long t0 = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank > 1)
        return;
    for (int k = 0; k <= reps; k++) {
        if (k == 1)
            t0 = hal_cycles();
        if (rank == 0) {
            MPI_Send(sbuf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(rbuf, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &st);
        } else {
            MPI_Recv(rbuf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &st);
            MPI_Send(sbuf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        line("pingpong", n, hal_cycles() - t0, 2 * reps, 0);
}

static void stream(int n, int count) {
    MPI_Request req[64];
    MPI_Status st[64];
    int ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    unsigned long long t0 = hal_cycles();
    if (rank == 0) {
        for (int k = 0; k < count; k++)
            MPI_Isend(sbuf, n, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &req[k]);
        MPI_Waitall(count, req, st);
        MPI_Recv(&ack, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, st);
        line("stream", n, hal_cycles() - t0, count, 1);
    } else if (rank == 1) {
        for (int k = 0; k < count; k++)
            MPI_Irecv(rbuf + (size_t)k * n, n, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &req[k]);
        MPI_Waitall(count, req, st);
        MPI_Send(&ack, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
}

/* Watches the last word of the receive buffer until it is `mark`. */
static void watch(int n, int mark) {
    volatile int *last = (volatile int *)(rbuf + n - 4);
    unsigned long long t0 = hal_cycles();
    while (*last != mark) {
        if (hal_cycles() - t0 > LIMIT) {
            fprintf(stderr, "mpi_bench: rank %d: no message in %llu cycles without an MPI call: the library is "
                    "not in interrupt mode\n", rank, LIMIT);
            exit(3);
        }
        hal_yield();
    }
}

/* Lets the packets of the exchange before a round (and their acknowledgements) be taken and the interrupt
 * handlers they started return, without an MPI call, so that the round's message lands at a node with no handler
 * running, as in the seed's measurement, which has no such exchange: otherwise a handler started for the
 * exchange's last packet, still running (or about to run, the core being cooperative) when the message lands,
 * takes it without an interrupt of its own. Before the exchange too: else rank 1's exchange packet for the next
 * round lands in the hysteresis of rank 0's handler for the answer, and lengthens it. */
static void settle(void) {
    unsigned long long t0 = hal_cycles();
    while (hal_cycles() - t0 < SETTLE)
        hal_yield();
}

static void interrupt_pong(int n, int reps) {
    MPI_Request r;
    MPI_Status st;
    unsigned long long total = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank > 1)
        return;
    for (int k = 0; k <= reps; k++) {
        int mark = (k + 1) * 2 + rank; /* what the other rank's message ends in this round */
        int mine = (k + 1) * 2 + (1 - rank);
        settle(); /* the last round's answer is taken before this round's exchange begins */
        *(int *)(rbuf + n - 4) = 0;
        memcpy(sbuf + n - 4, &mine, 4);
        MPI_Irecv(rbuf, n, MPI_BYTE, 1 - rank, 3, MPI_COMM_WORLD, &r);
        MPI_Send(0, 0, MPI_BYTE, 1 - rank, 4, MPI_COMM_WORLD); /* both receives posted before any message */
        MPI_Recv(0, 0, MPI_BYTE, 1 - rank, 4, MPI_COMM_WORLD, &st);
        settle();
        unsigned long long t0 = hal_cycles();
        if (rank == 0) {
            MPI_Send(sbuf, n, MPI_BYTE, 1, 3, MPI_COMM_WORLD);
            watch(n, mark);
            MPI_Wait(&r, &st);
        } else {
            watch(n, mark);
            MPI_Wait(&r, &st);
            MPI_Send(sbuf, n, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
        }
        if (k >= 1)
            total += hal_cycles() - t0; /* rank 0: the round trip, from its send to the answer's arrival */
    }
    if (rank == 0)
        line("interrupt", n, total, 2 * reps, 0);
}

int main(int argc, char **argv) {
    int size;
    int reps = argc > 1 ? atoi(argv[1]) : 4;
    int max = argc > 2 ? atoi(argv[2]) : 65536;
    int count = argc > 3 ? atoi(argv[3]) : 32;
    int intr = argc > 4 && strcmp(argv[4], "interrupt") == 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (reps < 1 || max < 4 || max > MAXBYTES || count < 1 || count > 64 || size < 2) {
        if (rank == 0)
            fprintf(stderr, "mpi_bench: usage: mpi_bench [REPS>=1 [MAX 4..%d [STREAM 1..64 [interrupt]]]] on 2 "
                    "or more ranks\n", MAXBYTES);
        MPI_Finalize();
        return 2;
    }
    rbuf = malloc((size_t)max * count);
    if (rbuf == 0) {
        fprintf(stderr, "mpi_bench: no memory for %d messages of %d bytes\n", count, max);
        return 2;
    }
    memset(sbuf, 1, sizeof sbuf);
    for (int n = 4; n <= max; n *= 4) {
        if (intr)
            interrupt_pong(n, reps);
        else
            ping_pong(n, reps);
    }
    if (!intr)
        for (int n = 4; n <= max; n *= 4)
            stream(n, count);
    MPI_Finalize();
    return 0;
}
