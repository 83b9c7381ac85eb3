/* micro.h - shared by the micro-benchmarks of programs/micro (docs/benchmarks.md): the clock, the sizes and the
 * lines they print. Every program prints one line per measurement on node (rank) 0, then its verdict:
 *     micro latency SIZE CYCLES                  one-way latency of a SIZE-byte message (half a round trip)
 *     micro bandwidth SIZE BYTES_PER_CYCLE W     streaming bandwidth, W messages in flight
 *     micro barrier 0 AVG MAX                    cycles per barrier (back to back, node 0's clock)
 *     micro bcast|reduce|alltoall SIZE AVG MAX   cycles per operation: the mean over the nodes of each
 *                                                node's mean time in the call, and the largest of those means
 *     micro: OK | micro: FAILED (N errors)       whether every received byte and every sum was right
 * A cycle is the simulator's (1 ns at 1 GHz); the host MPI build of the MPI programs prints nanoseconds. */
#ifndef MICRO_H
#define MICRO_H

#ifdef __SCMP__
#include <scmp.h>
#define micro_now() scmp_cycles()
#else
#include <mpi.h>
#define micro_now() ((unsigned long long)(MPI_Wtime() * 1e9))
#endif

#define MICRO_MAX_SIZE 65536        /* largest point-to-point message, bytes */
#define MICRO_WINDOW_BYTES 524288   /* bandwidth: at most this many bytes in flight */
#define MICRO_WINDOW 64             /* bandwidth: at most this many messages in flight */
#define MICRO_MAX_COLL 4096         /* largest collective size, bytes */

/* The value of byte i of a message for round r, so that every received byte can be checked. */
#define MICRO_BYTE(r, i) ((unsigned char)((r) * 7 + (i) * 13 + 1))

static int micro_window(int size)
{
    int w = MICRO_WINDOW_BYTES / size;
    return w > MICRO_WINDOW ? MICRO_WINDOW : w;
}

#endif
