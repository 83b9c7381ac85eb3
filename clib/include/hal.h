/* hal.h: HAL, the packet layer of the IBM SP over its switch adapter (libhal, the SP sysroot's own: scmpcc
 * -mmachine=sp). docs/sp.md ("HAL") specifies each call: the network instructions behind it, its timing and what
 * the program sees. A packet carries up to HAL_MAX_BYTES bytes of payload, in whole words, and a 32-bit user word;
 * the switch has four routes between each pair of nodes, so packets of one pair may arrive out of order. */
#ifndef _HAL_H
#define _HAL_H

/* The node clock: cycles / SP_CLOCK_MHZ is microseconds. */
#define SP_CLOCK_MHZ 332
unsigned long long __scmp_cycles(void);
#define hal_cycles() __scmp_cycles()

/* A switch packet's bytes (header included) and its payload: the model's default packetBytes, 1024. */
#define HAL_PACKET_BYTES 1024
#define HAL_MAX_BYTES (HAL_PACKET_BYTES - 8)
/* Receive slots in the ring HAL gives the adapter. */
#define HAL_RING_SLOTS 32

/* The adapter's status (niustat): sends whose data the adapter has not read yet, a packet in the ring. */
#define HAL_SENDING 1
#define HAL_RECEIVED 2

/* What a received packet was: its sender, its user word, its payload bytes (a multiple of 4). */
typedef struct {
    int src;
    int user;
    int bytes;
} hal_packet_t;

int hal_my_node(void);
int hal_nodes(void);
unsigned hal_status(void);

/* Gives the adapter HAL's receive ring; every node calls it before packets can reach it (packets sent to a node
 * without a ring wait in the switch). Returns 0. */
int hal_init(void);
/* Sends `bytes` bytes (1..HAL_MAX_BYTES, rounded up to words) from `buf` to node `node` with the user word `user`.
 * It returns at once: the adapter's DMA reads `buf` later, so it must not change before hal_send_wait(). */
void hal_send(int node, int user, const void *buf, int bytes);
/* Returns when the adapter has read the data of every packet this node has sent. */
void hal_send_wait(void);
/* Takes the oldest packet of the ring: copies at most `max` bytes of its payload to `buf`, describes it in
 * `*info`, frees its slot and returns 1; returns 0 at once when the ring is empty. */
int hal_poll(hal_packet_t *info, void *buf, int max);
/* Waits (blocked in the adapter, so other threads run) until the ring holds a packet. */
void hal_wait_packet(void);
/* As hal_poll, but waits (blocked in the adapter, so other threads run) until a packet is there. */
void hal_recv(hal_packet_t *info, void *buf, int max);

/* Interrupt mode: from now on a packet landing in the ring starts `handler` in a thread of its own after the
 * interrupt's cost; HAL calls it while packets are there, then polls for further packets for the hysteresis
 * time (the adapter's hysteresisCycles) before the handler returns. The handler takes packets with hal_poll.
 * hal_polling() goes back to polling mode. The core multitasks cooperatively, so the handler runs when the
 * program's thread blocks (hal_recv, hal_send_wait) or suspends. */
void hal_interrupts(void (*handler)(void));
void hal_polling(void);
/* The handler's hysteresis from the next hal_interrupts on: `cycles` (0: none, the handler returns as soon as the
 * ring is empty, as LAPI's does), or -1 (the default) for the adapter's hysteresisCycles, the native MPI's scheme
 * (docs/sp.md, "HAL"). */
void hal_hysteresis(int cycles);
/* Gives up the processor to the next ready thread (an interrupt handler waiting to run): suspend. */
void hal_yield(void);
/* Starts entry() in a free thread context of this node, ready in the cycle after the call (the adapter faults
 * when no context is free); returning from entry ends the thread. It runs when the running thread blocks,
 * suspends or ends, and keeps the core until it does one of those itself. entry's argument is the adapter's
 * threadSwitchCycles: what switching to an operating-system thread and back costs the node, which the core's
 * hardware contexts do not (docs/sp.md, "Constants and their sources"); hal_switch(cycles) charges it. */
void hal_thread(void (*entry)(int switch_cycles));
/* Keeps the core busy for `cycles` cycles: an operating-system thread switch's work (hal_thread). */
void hal_switch(int cycles);
/* Interrupt handlers started so far on this node. */
int hal_interrupt_count(void);

#endif
