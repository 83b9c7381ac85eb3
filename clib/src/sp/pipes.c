/* Pipes over HAL (include/pipes.h, docs/mpi-sp.md "The native stack"): a reliable, ordered byte stream from each
 * task to each other, the layer under the native MPI stack's MPCI (seed 003 section 2).
 *
 * A Pipes packet is one HAL packet whose payload is stream bytes only; HAL's 32-bit user word is the Pipes header:
 *   bits 0-13   the packet's sequence number in its (sender, receiver) stream, modulo 2^14
 *   bits 14-27  the sender's cumulative acknowledgement of the reverse stream: every packet below it is here
 *   bit 28      staged: the bytes go through the receiver's pipe buffer
 *   bit 29      an acknowledgement alone (its payload: one word, bit i = packet ack + 1 + i is here)
 *   bits 30-31  the bytes short of the payload's last word (HAL moves whole words)
 * A sender keeps each packet in a HAL send buffer (its window, PIPES_WINDOW packets per target) until the
 * receiver's acknowledgement releases it; a packet not acknowledged RETRANSMIT_CYCLES after it was sent is sent
 * again (each time with twice the timeout, up to 16 times), as LAPI does. A receiver gives the packets' bytes to
 * the reader in sequence order: a packet that comes early waits in the reordering buffer (the receive pipe buffer,
 * one slot per window packet), a duplicate is dropped and acknowledged again. Acknowledgements ride on the reverse
 * stream's packets; a receiver sends one alone after half a window of packets, or when it owes one for
 * ACK_DELAY_CYCLES and has nothing to send (a delayed acknowledgement).
 *
 * Interrupt mode (pipes_interrupts): HAL's interrupt handler, with the adapter's hysteresis, takes the packets
 * that land while the program computes, and then calls the user's `after` unless the program's thread is in the
 * middle of a write. The program's thread still takes packets inside pipes_poll: the core does not preempt, and
 * the thread gives it up only where it waits for the adapter (in a send, or for a packet) after it has handed a
 * packet's bytes to the reader, so the handler never runs inside the reader. */
#include <hal.h>
#include <pipes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TASKS 128
#define SEQ_MASK 0x3FFF
#define U_STAGED (1u << 28)
#define U_ACK_ONLY (1u << 29)
#define RETRANSMIT_CYCLES 200000
/* Assumption: how long a receiver holds an acknowledgement back waiting for a packet of its own to carry it. */
#define ACK_DELAY_CYCLES 5000

/* A packet in a HAL send buffer: being filled, or sent and kept until acknowledged. */
typedef struct pkt {
    struct pkt *next;   /* the free list */
    int seq;
    int bytes;
    int staged;
    int sending;        /* its DMA is under way: an acknowledgement then only marks it */
    int acked;
    int tries;
    unsigned long long at;
    int words[PIPES_PACKET_BYTES / 4];
} pkt;

static pipes_reader_t *reader;
static int tasks;
static pkt *free_pkts;
static pkt *window[MAX_TASKS][PIPES_WINDOW];
static pkt *open_pkt[MAX_TASKS];                        /* the packet being filled for each target */
static int next_seq[MAX_TASKS], base_seq[MAX_TASKS];   /* per target: the next number, the oldest unacknowledged */
static int expect[MAX_TASKS];                           /* per source: the next number the reader takes */
static char *rbuf[MAX_TASKS];                           /* per source: the receive pipe buffer, a slot per packet */
static int rlen[MAX_TASKS][PIPES_WINDOW];
static int rhave[MAX_TASKS][PIPES_WINDOW];              /* the number + 1 of the packet in the slot, 0: none */
static int ack_due[MAX_TASKS];                          /* per source: packets taken and not acknowledged */
static unsigned long long owed_since[MAX_TASKS];
static int owed;                                        /* sources with ack_due > 0 */
static unsigned long long ack_deadline = ~0ULL, next_deadline = ~0ULL;
static int unacked;
static char send_pipe[PIPES_COPY_BYTES];                /* the send pipe buffer */
static pipes_stats_t stats;
static void (*intr_after)(void);                        /* interrupt mode: what the handler calls after a packet */

int pipes_init(pipes_reader_t *r) {
    reader = r;
    tasks = hal_nodes();
    hal_init();
    return 0;
}

int pipes_unacked(void) {
    return unacked;
}

void pipes_stats(pipes_stats_t *s) {
    *s = stats;
}

static pkt *new_pkt(void) {
    pkt *p = free_pkts;
    if (p) {
        free_pkts = p->next;
    } else {
        p = malloc(sizeof *p);
    }
    p->bytes = p->staged = p->sending = p->acked = p->tries = 0;
    return p;
}

static void free_pkt(pkt *p) {
    p->next = free_pkts;
    free_pkts = p;
}

/* The full number nearest `base` whose low 14 bits are `wire`. */
static int unwrap(int base, unsigned wire) {
    int d = (int)((wire - (unsigned)base) & SEQ_MASK);
    return base + (d >= 0x2000 ? d - 0x4000 : d);
}

/* An acknowledgement came or is carried: the receiver no longer owes one. */
static void ack_sent(int src) {
    if (ack_due[src]) {
        ack_due[src] = 0;
        owed--;
    }
}

/* The window (hal_rel.h): a packet's user word is the Pipes header, with the acknowledgement dst is owed. */
#define REL_PKT pkt
#define REL_WINDOW PIPES_WINDOW
#define REL_TIMEOUT ((unsigned long long)RETRANSMIT_CYCLES)
#define REL_FREE(p) free_pkt(p)
#define REL_PREPARE(dst, p)                                                                                 \
    int pad = (4 - ((p)->bytes & 3)) & 3;                                                                   \
    unsigned user = (unsigned)(p)->seq & SEQ_MASK;                                                          \
    user |= ((unsigned)expect[dst] & SEQ_MASK) << 14 | ((p)->staged ? U_STAGED : 0) | (unsigned)pad << 30;  \
    ack_sent(dst);
#define REL_USER ((int)user)
#define REL_RESENT stats.retransmissions
#include "hal_rel.h"

/* Task `dst` has every packet below `ack` (and, from an acknowledgement alone, those of `sack`'s bits). */
static void take_ack(int dst, unsigned wire, unsigned sack) {
    int ack = unwrap(base_seq[dst], wire);
    for (int s = base_seq[dst]; s < ack && s < next_seq[dst]; s++) {
        release(dst, s);
    }
    for (int i = 0; sack && i < PIPES_WINDOW; i++) {
        if (sack >> i & 1) {
            release(dst, ack + 1 + i);
        }
    }
    while (base_seq[dst] < next_seq[dst] && !window[dst][base_seq[dst] % PIPES_WINDOW]) {
        base_seq[dst]++;
    }
}

/* Sends src an acknowledgement alone: its cumulative number and the packets above it in the reordering buffer. */
static void send_ack(int src) {
    int sack = 0;
    for (int i = 0; i < PIPES_WINDOW; i++) {
        int s = expect[src] + 1 + i;
        if (rhave[src][s % PIPES_WINDOW] == s + 1) {
            sack |= 1 << i;
        }
    }
    ack_sent(src);
    stats.acks++;
    hal_send(src, (int)(U_ACK_ONLY | ((unsigned)expect[src] & SEQ_MASK) << 14), &sack, sizeof sack);
    hal_send_wait();   /* sack is on this thread's stack */
}

void pipes_ack_now(void) {
    for (int t = 0; owed > 0 && t < tasks; t++) {
        if (ack_due[t]) {
            send_ack(t);
        }
    }
    ack_deadline = ~0ULL;
}

/* Sends the acknowledgements held back for ACK_DELAY_CYCLES, and resets the time of the next one. */
static void acks_due(void) {
    unsigned long long now, soonest = ~0ULL;
    if (owed == 0) {
        return;     /* before the clock: an idle poll reads no counter (docs/mpi-sp.md, "A deadlocked program") */
    }
    now = hal_cycles();
    if (now < ack_deadline) {
        return;
    }
    for (int t = 0; owed > 0 && t < tasks; t++) {
        if (ack_due[t]) {
            if (now >= owed_since[t] + ACK_DELAY_CYCLES) {
                stats.acks_delayed += owed_since[t] != 0;   /* 0: a duplicate's answer, due at once */
                send_ack(t);
            } else if (owed_since[t] + ACK_DELAY_CYCLES < soonest) {
                soonest = owed_since[t] + ACK_DELAY_CYCLES;
            }
        }
    }
    ack_deadline = soonest;
}

/* A packet has been taken from src: one more owed acknowledgement. */
static void owe(int src) {
    if (ack_due[src]++ == 0) {
        owed++;
        owed_since[src] = hal_cycles();
        if (owed_since[src] + ACK_DELAY_CYCLES < ack_deadline) {
            ack_deadline = owed_since[src] + ACK_DELAY_CYCLES;
        }
    }
}

/* A data packet of src's stream: to the reader when it is the next, with the ones it lets go from the reordering
 * buffer; else into that buffer. */
static void data_in(int src, unsigned user, const char *p, int n) {
    int seq = unwrap(expect[src], user & SEQ_MASK), slot = seq % PIPES_WINDOW;
    if (seq < expect[src] || seq >= expect[src] + PIPES_WINDOW || rhave[src][slot] == seq + 1) {
        stats.duplicates++;     /* its acknowledgement was lost, or it was sent again too soon: say so again */
        owe(src);
        owed_since[src] = 0;
        ack_deadline = 0;
        return;
    }
    if (!rbuf[src]) {
        rbuf[src] = malloc(PIPES_WINDOW * PIPES_PACKET_BYTES);
    }
    char *at = rbuf[src] + slot * PIPES_PACKET_BYTES;
    if (seq != expect[src]) {
        memcpy(at, p, n);       /* early: it waits in the receive pipe buffer */
        stats.copied += n;
        rlen[src][slot] = n;
        rhave[src][slot] = seq + 1;
        stats.reordered++;
        return;
    }
    if (user & U_STAGED) {
        memcpy(at, p, n);       /* the copy from the HAL buffer into the receive pipe buffer */
        stats.copied += n;
        p = at;
    }
    expect[src]++;
    owe(src);
    reader(src, p, n);
    for (;;) {
        slot = expect[src] % PIPES_WINDOW;
        if (rhave[src][slot] != expect[src] + 1) {
            break;
        }
        rhave[src][slot] = 0;
        expect[src]++;
        owe(src);
        reader(src, rbuf[src] + slot * PIPES_PACKET_BYTES, rlen[src][slot]);
    }
}

int pipes_poll(int block) {
    int buf[PIPES_PACKET_BYTES / 4];
    hal_packet_t info;
    if (!hal_poll(&info, buf, sizeof buf)) {
        acks_due();
        retransmit_due();
        if (block) {
            if (unacked == 0 && owed == 0) {
                hal_wait_packet();
            } else {
                unsigned long long until = next_deadline < ack_deadline ? next_deadline : ack_deadline;
                while (!(hal_status() & HAL_RECEIVED) && hal_cycles() < until) {
                    hal_yield();
                }
            }
        }
        return 0;
    }
    unsigned user = (unsigned)info.user;
    int src = info.src;
    take_ack(src, user >> 14 & SEQ_MASK, (user & U_ACK_ONLY) ? (unsigned)buf[0] : 0);
    if (!(user & U_ACK_ONLY)) {
        data_in(src, user, (const char *)buf, info.bytes - (int)(user >> 30));
        if (ack_due[src] >= PIPES_WINDOW / 2) {
            stats.acks_window++;
            send_ack(src);
        }
    }
    return 1;
}

/* Sends dst's packet being filled: numbered, kept in the window (waiting while it is full). */
static void send_open(int dst) {
    pkt *p = open_pkt[dst];
    while (next_seq[dst] - base_seq[dst] >= PIPES_WINDOW) {
        stats.window_full++;    /* counted in the wait only: the path with room pays nothing for it */
        pipes_poll(1);      /* the window is full: wait for acknowledgements */
    }
    open_pkt[dst] = 0;
    p->seq = next_seq[dst]++;
    window[dst][p->seq % PIPES_WINDOW] = p;
    unacked++;
    transmit(dst, p);
}

void pipes_push(int dst) {
    if (open_pkt[dst] && open_pkt[dst]->bytes > 0) {
        send_open(dst);
    }
}

/* Appends n bytes to dst's packet being filled, sending each packet that fills (the copy into the HAL send
 * buffer). */
static void append(int dst, const char *from, int n, int staged) {
    while (n > 0) {
        pkt *p = open_pkt[dst];
        if (!p) {
            p = open_pkt[dst] = new_pkt();
        }
        int k = PIPES_PACKET_BYTES - p->bytes;
        if (k > n) {
            k = n;
        }
        memcpy((char *)p->words + p->bytes, from, k);
        p->bytes += k;
        p->staged |= staged;
        from += k;
        n -= k;
        if (p->bytes == PIPES_PACKET_BYTES) {
            send_open(dst);
        }
    }
}

void pipes_write(int dst, const void *buf, int n, int staged) {
    const char *p = buf;
    while (n > 0) {
        int k = n;
        const char *from = p;
        if (staged) {
            /* the pipe is a stream: MPCI copies into it what the packet being filled takes, and that packet
             * leaves before the next bytes are copied, so the copies overlap with the switch (copying all the
             * staged bytes before the first packet left made a 16 KB message wait for the whole copy) */
            int room = PIPES_PACKET_BYTES - (open_pkt[dst] ? open_pkt[dst]->bytes : 0);
            if (k > room) {
                k = room;
            }
            memcpy(send_pipe, p, k);    /* the copy from the user's buffer into the send pipe buffer */
            stats.copied += k;
            from = send_pipe;
        }
        append(dst, from, k, staged);
        p += k;
        n -= k;
    }
}

/* HAL's interrupt handler, called while the ring holds a packet: takes it, then lets the user send what it gave
 * rise to. */
/* Whether the program's thread is in the middle of a write: a packet being filled, or one the adapter is reading.
 * The handler runs only where that thread waits (hal_send_wait in transmit, or for the window in send_open), so
 * bytes it wrote now would land inside the program's message. Only the handler asks, so the polling path pays
 * nothing for it. */
static int writing(void) {
    for (int t = 0; t < tasks; t++) {
        if (open_pkt[t]) {
            return 1;
        }
        for (int s = base_seq[t]; unacked > 0 && s < next_seq[t]; s++) {
            pkt *p = window[t][s % PIPES_WINDOW];
            if (p && p->seq == s && p->sending) {
                return 1;
            }
        }
    }
    return 0;
}

static void on_interrupt(void) {
    pipes_poll(0);
    if (intr_after && !writing()) {
        intr_after();
    }
}

void pipes_interrupts(int on, void (*after)(void)) {
    intr_after = after;
    if (on) {
        hal_hysteresis(-1);     /* the native MPI's hysteresis: the adapter's hysteresisCycles */
        hal_interrupts(on_interrupt);
    } else {
        hal_polling();
    }
}
