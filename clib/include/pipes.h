/* pipes.h: Pipes, the reliable byte stream of the SP's native MPI stack (libhal, the SP sysroot's own: scmpcc
 * -mmachine=sp), over HAL. docs/mpi-sp.md ("The native stack") specifies it: one ordered, reliable stream of bytes
 * from each task to each other over the switch's reordering routes, with sequence numbers, a sliding window of
 * PIPES_WINDOW packets, cumulative acknowledgements (carried by the reverse stream's packets, or sent alone),
 * a reordering buffer and retransmission on timeout. A program uses either Pipes or LAPI: both take every packet
 * of HAL's ring. */
#ifndef _PIPES_H
#define _PIPES_H

/* Packets a sender may have unacknowledged per target. */
#define PIPES_WINDOW 32
/* Stream bytes a packet carries: HAL's payload (the 8-byte HAL header, whose user word carries the Pipes
 * sequence number, acknowledgement and flags, is the packet's only header). */
#define PIPES_PACKET_BYTES 1016
/* The bytes at each end of a message that go through the pipe buffers (docs/mpi-sp.md, "Copies"). */
#define PIPES_COPY_BYTES 16384

/* The reader of the streams: called, in each stream's order, with the bytes that have come from task `src`
 * (they are valid during the call only). It runs inside pipes_poll and pipes_write, so it may not write. */
typedef void pipes_reader_t(int src, const char *bytes, int n);

/* Gives HAL its ring and sets the reader. Returns 0. */
int pipes_init(pipes_reader_t *reader);
/* Appends `n` bytes to the stream to `dst`: into the packet being filled, sending each packet as it fills.
 * `staged`: the bytes go through the send pipe buffer first (one copy more), and the packets that carry them
 * go through the receiver's pipe buffer (docs/mpi-sp.md, "Copies"). Waits (taking packets) while the window is
 * full. Returns when every byte is in a HAL send buffer: `buf` may change. */
void pipes_write(int dst, const void *buf, int n, int staged);
/* Sends the packet being filled for `dst`, if any. */
void pipes_push(int dst);
/* Takes at most one packet (its bytes go to the reader, or wait in the reordering buffer) and returns 1; else
 * sends the acknowledgements and retransmissions that are due and returns 0, when `block` once a packet has
 * landed or the next timer has passed. */
int pipes_poll(int block);
/* Interrupt mode (`on` 1) or polling mode (0). In interrupt mode HAL's interrupt handler, with the adapter's
 * hysteresis (the native MPI's scheme, docs/sp.md "HAL"), takes the packets that land while the program's thread
 * has given up the core (hal_yield, or waiting in the adapter), and after each calls `after`, which may write
 * unless the program's thread is in the middle of a write; pipes_poll still takes packets in the program's
 * thread. */
void pipes_interrupts(int on, void (*after)(void));
/* Packets not yet acknowledged, over all targets. */
int pipes_unacked(void);
/* Sends every acknowledgement owed at once. */
void pipes_ack_now(void);

/* Counts since pipes_init: packets sent again, duplicates dropped, packets that came out of order,
 * acknowledgement packets sent alone, bytes copied into the pipe buffers (the send pipe buffer's staged bytes;
 * the receive pipe buffer's staged packets and every packet that came early); then, of the acknowledgements sent
 * alone, those sent after half a window of packets and those sent because one was owed for ACK_DELAY_CYCLES (the
 * delayed acknowledgement's timer; `acks` also counts pipes_ack_now's and the answers to duplicates), and the
 * polls a write made while the window was full, waiting for acknowledgements. (Acknowledgements that data packets
 * carry are not counted: the counts cost the path that sends a packet nothing.) */
typedef struct {
    int retransmissions, duplicates, reordered, acks, copied;
    int acks_window, acks_delayed, window_full;
} pipes_stats_t;
void pipes_stats(pipes_stats_t *s);

#endif
