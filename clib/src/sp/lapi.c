/* LAPI over HAL (include/lapi.h, docs/sp.md "LAPI"). Every LAPI packet is one HAL packet whose payload starts
 * with a 32-byte LAPI header (lapi_hdr below) and goes on with up to CHUNK data bytes at the header's offset in
 * the message, so the packets of a message may arrive in any order: a Put's and a Get reply's land at their
 * offsets at once, an active message's wait (copied aside) until its header packet has run the header handler.
 * A message is complete at its target when all its bytes are in; the target then raises the target counter and
 * answers with an acknowledgement, which raises the origin's completion counter and ends the message for
 * LAPI_Fence. Packets are taken inside LAPI calls (polling mode) or by HAL's interrupt handler (interrupt mode).
 * Every packet is numbered in its pair, acknowledged and sent again until it is (reliability, below); completion
 * handlers run in the completion-handler thread unless COMPL_INLINE is set. */
#include <hal.h>
#include <lapi.h>
#include <stdlib.h>
#include <string.h>

enum { PUT = 1, GET_REQ, GET_REPLY, AM_HDR, AM_DATA, ACK, ADDR, BARRIER, RMW_REQ, RMW_REPLY, RACK };

typedef struct {
    int type;     /* the packet's type, and its sequence number in the pair above the low 8 bits (0 for RACK) */
    int msgid;    /* RACK: the last sequence number below which every packet of the pair is here */    /* the origin's number of the message (a Get reply: the requester's) */
    int len;      /* the message's data bytes; Rmw request: the operation; RACK: bit i, sequence number
                   * msgid + 1 + i is here too */
    int offset;   /* where this packet's data go in them */
    int addr;     /* Put, Get reply: the data's address at the target; Get request: at the source; active message
                   * header: the header handler; ADDR: the address */
    int tcntr;    /* the target counter, in the receiving task; Rmw request: the first operand; Rmw reply: the
                   * previous value */
    int ccntr;    /* Put, active message: the origin's completion counter; Get and Rmw: the origin counter */
    int extra;    /* Get request: the origin's buffer; active message header: the user header's bytes; ADDR and
                   * BARRIER: the round; Rmw: where the previous value goes; Rmw request's data: the second
                   * operand */
} lapi_hdr;

#define CHUNK (HAL_MAX_BYTES - (int)sizeof(lapi_hdr))
#define MESSAGES 64
#define MAX_TASKS 128

/* An early data packet of an active message, kept until the header handler has said where it goes. */
typedef struct early {
    struct early *next;
    int offset;
    int bytes;
    char data[];
} early;

/* A message arriving here. */
typedef struct {
    int used;
    int src;
    int msgid;
    int type;
    int len;
    int got;
    char *buf;
    int header;           /* an active message's header handler has run */
    lapi_cntr_t *tcntr;
    int ccntr;
    compl_hndlr_t *ch;
    void *uinfo;
    early *stash;
} arriving;

/* A completed active message whose completion handler waits for the completion-handler thread. */
typedef struct {
    compl_hndlr_t *ch;
    void *uinfo;
    lapi_cntr_t *tcntr;
    int src, msgid, ccntr;
} completion;

#define COMPLETIONS 64

static completion pending[COMPLETIONS];
static int pending_head, pending_count, compl_inline;
static int compl_thread_on;   /* the completion-handler thread has been started and has not ended */
static int compl_tid = -1;    /* its context while it runs */

unsigned int __rdsr_tid(void);

static arriving msgs[MESSAGES];
static lapi_handle_t handle;
static int task, tasks, interrupts, next_msgid, outstanding;
static int round_of[2][MAX_TASKS];
static int arrivals[2];
static void *addr_recv[2][MAX_TASKS];
static int addr_round, barrier_round;

/* ---- Reliability (docs/sp.md, "Losing packets"): every packet but a RACK carries a sequence number of its
 * (origin, target) pair and stays in the origin's window of WINDOW packets until the target's RACK says it is
 * there; a packet not acknowledged RETRANSMIT_CYCLES after it was sent is sent again (and
 * each time it is, its timeout doubles, up to 16 times); the target takes a sequence
 * number once and acknowledges duplicates again. */

#define WINDOW 32

/* A packet in the origin's window: its bytes, kept until acknowledged. */
typedef struct {
    int seq;
    int bytes;
    int sending;    /* its DMA is under way: an acknowledgement then only marks it */
    int acked;
    int tries;      /* times sent again: each doubles its timeout, up to 16 times RETRANSMIT_CYCLES */
    unsigned long long at;   /* when it was last sent */
    int words[];
} sent_pkt;

static sent_pkt *window[MAX_TASKS][WINDOW];
static int next_seq[MAX_TASKS], base_seq[MAX_TASKS];   /* per target: the next number, the oldest unacknowledged */
static int cum_seq[MAX_TASKS];                          /* per origin: every number up to it is here */
static unsigned beyond[MAX_TASKS];                      /* per origin: bit i, number cum_seq + 1 + i is here */
static int ack_due[MAX_TASKS], acks_due;
static int unacked, retransmissions, duplicates;
static int retransmit_cycles = 200000;
static unsigned long long next_deadline = ~0ULL;

static int progress(int block);
static void take_holding(int dst);

/* Window packets are taken from a free list, each big enough for a full packet, and go back to it when
 * acknowledged (as Pipes keeps its HAL send buffers, pipes.c): a malloc and a free per packet cost a one-word
 * message more than its matching. */
static sent_pkt *free_pkts;

static sent_pkt *new_pkt(void) {
    sent_pkt *p = free_pkts;
    if (p) {
        free_pkts = *(sent_pkt **)p->words;
    } else {
        p = malloc(sizeof *p + HAL_MAX_BYTES);
    }
    return p;
}

static void free_pkt(sent_pkt *p) {
    *(sent_pkt **)p->words = free_pkts;
    free_pkts = p;
}

/* The window (hal_rel.h): a packet's user word is 0, its LAPI header is in its payload. */
#define REL_PKT sent_pkt
#define REL_WINDOW WINDOW
#define REL_TIMEOUT ((unsigned long long)(unsigned)retransmit_cycles)
#define REL_FREE(p) free_pkt(p)
#define REL_USER 0
#define REL_RESENT retransmissions
#include "hal_rel.h"

/* A RACK: src has every packet of the pair up to `cum` (its msgid), and number cum + 1 + i for each bit i of `bits`
 * (its len). */
static void take_rack(int src, int cum, unsigned bits) {
    for (int s = base_seq[src]; s <= cum && s < next_seq[src]; s++) {
        release(src, s);
    }
    int i = 0;
    for (; bits; bits >>= 1, i++) {   /* only as far as the highest bit */
        if (bits & 1) {
            release(src, cum + 1 + i);
        }
    }
    while (base_seq[src] < next_seq[src] && !window[src][base_seq[src] % WINDOW]) {
        base_seq[src]++;
    }
}

/* Sends every acknowledgement that is due: for each origin, the pair's cumulative number and the bits above it. */
static void flush_acks(void) {
    if (acks_due == 0) {
        return;
    }
    acks_due = 0;
    for (int t = 0; t < tasks; t++) {
        if (ack_due[t]) {
            ack_due[t] = 0;
            lapi_hdr a = {RACK, cum_seq[t], (int)beyond[t], 0, 0, 0, 0, 0};
            hal_send(t, 0, &a, sizeof a);
            hal_send_wait();   /* a is on this thread's stack */
        }
    }
}

/* Takes a packet's sequence number: returns 0 for a duplicate, which is acknowledged again and not dispatched. */
static int take_seq(int src, int seq) {
    ack_due[src] = 1;
    acks_due++;
    int d = seq - cum_seq[src] - 1;
    if (d < 0 || (d < WINDOW && (beyond[src] >> d & 1))) {
        duplicates++;
        return 0;
    }
    beyond[src] |= 1u << d;
    while (beyond[src] & 1) {
        beyond[src] >>= 1;
        cum_seq[src]++;
    }
    return 1;
}

/* Sends one LAPI packet: the header h and `bytes` data bytes, numbered in the pair and kept in the window. While
 * the window to dst is full, the sender waits for acknowledgements with `take` (below: send_pkt, the calls', takes
 * packets and dispatches them, as it always has; answer_pkt, dispatch's own sends, holds them). One text for both,
 * so that each compiles to the code send_pkt had (SCMP's compiler does not inline). */
#define SEND_PKT(take)                                                                                        \
    while (next_seq[dst] - base_seq[dst] >= WINDOW) {                                                         \
        retransmit_due();   /* the window is full: wait for acknowledgements */                               \
        /* the interrupt handler takes them, unless it is the sender (serving a Get, or a completion handler  \
         * that runs inline): the program runs in context 0, the completion handlers in compl_tid */          \
        int me;                                                                                               \
        if (interrupts && ((me = (int)__rdsr_tid()) == 0 || me == compl_tid)) {                              \
            hal_yield();                                                                                      \
        } else {                                                                                              \
            take;                                                                                             \
        }                                                                                                     \
    }                                                                                                         \
    sent_pkt *p = new_pkt();                                                                                  \
    p->seq = next_seq[dst]++;                                                                                 \
    p->bytes = (int)sizeof *h + bytes + bytes2;                                                               \
    p->sending = p->acked = p->tries = 0;                                                                     \
    memcpy(p->words, h, sizeof *h);                                                                           \
    p->words[0] = (h->type & 0xFF) | p->seq << 8;                                                             \
    if (bytes > 0) {                                                                                          \
        memcpy((char *)p->words + sizeof *h, data, bytes);                                                    \
    }                                                                                                         \
    if (bytes2 > 0) {                                                                                         \
        memcpy((char *)p->words + sizeof *h + bytes, data2, bytes2);                                          \
    }                                                                                                         \
    window[dst][p->seq % WINDOW] = p;                                                                         \
    unacked++;                                                                                                \
    transmit(dst, p)

/* send_pkt's packet is the header, `bytes` bytes from `data` and `bytes2` from `data2` (an active message's header
 * packet: its user header and the first of its data). */
static void send_pkt(int dst, lapi_hdr *h, const void *data, int bytes, const void *data2, int bytes2) {
    SEND_PKT(progress(1));
}

/* A packet that dispatch sends (an acknowledgement, a Get's reply, an Rmw's answer): it may be dispatching a packet
 * that came while the window was full, so it holds the packets it takes while it waits ("held", below). */
static void answer_pkt(int dst, lapi_hdr *h, const void *data, int bytes) {
    const void *data2 = 0;
    int bytes2 = 0;
    SEND_PKT(take_holding(dst));
}

static int live;   /* slots of msgs in use: find stops once it has seen them all */

static arriving *find(int src, int msgid, int type) {
    arriving *free_slot = 0;
    int i, seen = 0;
    for (i = 0; seen < live; i++) {
        arriving *m = &msgs[i];
        if (m->used) {
            seen++;
            if (m->src == src && m->msgid == msgid && m->type == type) {
                return m;
            }
        } else if (!free_slot) {
            free_slot = m;
        }
    }
    if (!free_slot) {
        if (i == MESSAGES) {
            abort();   /* more than MESSAGES messages arriving at once */
        }
        free_slot = &msgs[i];   /* every slot from i on is free */
    }
    live++;
    memset(free_slot, 0, sizeof *free_slot);
    free_slot->used = 1;
    free_slot->src = src;
    free_slot->msgid = msgid;
    free_slot->type = type;
    return free_slot;
}

static void acknowledge(int dst, int msgid, int ccntr) {
    lapi_hdr a = {ACK, msgid, 0, 0, 0, 0, ccntr, 0};
    answer_pkt(dst, &a, 0, 0);
}

/* The completion-handler thread (seed line 95: completion handlers run in a separate thread and may call LAPI):
 * runs the pending completion handlers in order, each followed by its message's target counter and
 * acknowledgement, and ends when none is left. It pays the operating system's switch into it when it starts and
 * back to the thread it woke when it ends (switch_cycles each, the adapter's threadSwitchCycles: seed section 5.2,
 * the cost the base version pays and the counters and enhanced versions avoid). */
static void compl_thread(int switch_cycles) {
    hal_switch(switch_cycles);
    compl_tid = (int)__rdsr_tid();
    while (pending_count > 0) {
        completion c = pending[pending_head];
        pending_head = (pending_head + 1) % COMPLETIONS;
        pending_count--;
        c.ch(&handle, c.uinfo);
        if (c.tcntr) {
            c.tcntr->cntr++;
        }
        acknowledge(c.src, c.msgid, c.ccntr);
    }
    compl_tid = -1;
    compl_thread_on = 0;
    hal_switch(switch_cycles);
}

/* Queues a completion handler for the completion-handler thread, starting the thread when it does not run. */
static void defer(compl_hndlr_t *ch, void *uinfo, lapi_cntr_t *tcntr, int src, int msgid, int ccntr) {
    while (pending_count == COMPLETIONS) {
        hal_yield();   /* the thread makes room */
    }
    completion *c = &pending[(pending_head + pending_count) % COMPLETIONS];
    c->ch = ch;
    c->uinfo = uinfo;
    c->tcntr = tcntr;
    c->src = src;
    c->msgid = msgid;
    c->ccntr = ccntr;
    pending_count++;
    if (!compl_thread_on) {
        compl_thread_on = 1;
        hal_thread(compl_thread);
    }
}

/* Tells whether the calling thread should give the core to the completion-handler thread rather than wait in the
 * adapter: the thread has work and is not the caller. */
static int handlers_waiting(void) {
    return compl_thread_on && compl_tid != (int)__rdsr_tid();
}

/* A message whose bytes are all here: its completion handler, its target counter, the acknowledgement. */
static void complete(arriving *m) {
    int src = m->src, msgid = m->msgid, ccntr = m->ccntr, type = m->type;
    lapi_cntr_t *tcntr = m->tcntr;
    compl_hndlr_t *ch = m->ch;
    void *uinfo = m->uinfo;
    m->used = 0;
    live--;
    if (type == GET_REPLY) {
        if (tcntr) {
            tcntr->cntr++;   /* the requester's origin counter */
        }
        outstanding--;
        return;
    }
    if (ch && !compl_inline) {
        defer(ch, uinfo, tcntr, src, msgid, ccntr);
        return;
    }
    if (ch) {
        ch(&handle, uinfo);
    }
    if (tcntr) {
        tcntr->cntr++;
    }
    acknowledge(src, msgid, ccntr);
}

static void data(arriving *m, int offset, const char *p, int bytes) {
    if (bytes > 0 && m->buf) {
        memcpy(m->buf + offset, p, bytes);
    }
    m->got += bytes;
}

static void dispatch(int src, const lapi_hdr *h, const char *p) {
    int bytes = h->len - h->offset < CHUNK ? h->len - h->offset : CHUNK;
    switch (h->type) {
    case PUT:
    case GET_REPLY: {
        arriving *m = find(src, h->msgid, h->type);
        m->len = h->len;
        m->buf = (char *)h->addr;
        m->tcntr = (lapi_cntr_t *)h->tcntr;
        m->ccntr = h->ccntr;
        data(m, h->offset, p, bytes);
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case GET_REQ: {
        const char *from = (const char *)h->addr;
        int off = 0;
        do {
            int n = h->len - off < CHUNK ? h->len - off : CHUNK;
            lapi_hdr r = {GET_REPLY, h->msgid, h->len, off, h->extra, h->ccntr, 0, 0};
            answer_pkt(src, &r, from + off, n);
            off += n;
        } while (off < h->len);
        if (h->tcntr) {
            ((lapi_cntr_t *)h->tcntr)->cntr++;
        }
        break;
    }
    case AM_HDR: {
        arriving *m = find(src, h->msgid, AM_DATA);
        unsigned uhdr_len = h->extra, msg_len = h->len;
        m->len = h->len;
        m->tcntr = (lapi_cntr_t *)h->tcntr;
        m->ccntr = h->ccntr;
        hdr_hndlr_t *hh = (hdr_hndlr_t *)h->addr;
        m->buf = hh(&handle, (void *)p, &uhdr_len, &msg_len, &m->ch, &m->uinfo);
        m->header = 1;
        int first = h->len < CHUNK - (int)h->extra ? h->len : CHUNK - (int)h->extra;
        data(m, 0, p + h->extra, first);   /* the data the header packet carries after the user header */
        for (early *e = m->stash; e;) {
            early *next = e->next;
            data(m, e->offset, e->data, e->bytes);
            free(e);
            e = next;
        }
        m->stash = 0;
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case AM_DATA: {
        arriving *m = find(src, h->msgid, AM_DATA);
        if (!m->header) {
            early *e = malloc(sizeof *e + bytes);
            e->offset = h->offset;
            e->bytes = bytes;
            memcpy(e->data, p, bytes);
            e->next = m->stash;
            m->stash = e;
            break;
        }
        data(m, h->offset, p, bytes);
        if (m->got == m->len) {
            complete(m);
        }
        break;
    }
    case RMW_REQ: {
        /* atomic: nothing between the load and the store gives up the core */
        int *var = (int *)h->addr, old = *var, in0 = h->tcntr, in1;
        memcpy(&in1, p, sizeof in1);
        switch (h->len) {
        case SWAP:
            *var = in0;
            break;
        case COMPARE_AND_SWAP:
            if (old == in0) {
                *var = in1;
            }
            break;
        case FETCH_AND_ADD:
            *var = old + in0;
            break;
        default:
            *var = old | in0;
            break;
        }
        lapi_hdr r = {RMW_REPLY, h->msgid, 0, 0, 0, old, h->ccntr, h->extra};
        answer_pkt(src, &r, 0, 0);
        break;
    }
    case RMW_REPLY:
        if (h->extra) {
            *(int *)h->extra = h->tcntr;
        }
        if (h->ccntr) {
            ((lapi_cntr_t *)h->ccntr)->cntr++;
        }
        outstanding--;
        break;
    case ACK:
        if (h->ccntr) {
            ((lapi_cntr_t *)h->ccntr)->cntr++;
        }
        outstanding--;
        break;
    case ADDR:
        addr_recv[h->extra & 1][src] = (void *)h->addr;
        arrivals[h->extra & 1]++;
        break;
    case BARRIER:
        round_of[h->extra & 1][src]++;
        break;
    }
}

/* Takes one packet and returns 1; else returns 0, when `block` once a packet has landed (blocked in the adapter
 * until then). */
static int progress(int block) {
    int buf[HAL_MAX_BYTES / 4];
    hal_packet_t info;
    if (!hal_poll(&info, buf, sizeof buf)) {
        flush_acks();
        retransmit_due();
        if (block) {
            if (unacked == 0) {
                hal_wait_packet();   /* the caller looks at its condition again */
            } else {
                /* packets may need sending again: no wait in the adapter beyond the next deadline */
                while (!(hal_status() & HAL_RECEIVED) && hal_cycles() < next_deadline) {
                    hal_yield();
                }
            }
        }
        return 0;
    }
    int type = buf[0] & 0xFF;
    if (type == RACK) {
        take_rack(info.src, buf[1], (unsigned)buf[2]);
    } else if (take_seq(info.src, (unsigned)buf[0] >> 8)) {
        buf[0] = type;
        dispatch(info.src, (const lapi_hdr *)buf, (const char *)buf + sizeof(lapi_hdr));
    }
    if (acks_due >= WINDOW / 2 || !(hal_status() & HAL_RECEIVED)) {
        flush_acks();
    }
    return 1;
}

/* ---- A packet that dispatch sends (answer_pkt: an acknowledgement, a Get's reply, an Rmw's answer) and that
 * waits for room in its window does not dispatch the packets it takes meanwhile: dispatching one may send into a
 * full window and so wait there again, a recursion one level deep per packet taken while waiting (an accumulate of
 * 1200 one-int runs, 1200 active messages each acknowledged, overflowed a 64 KiB stack that way). A packet that
 * comes while such a sender waits is numbered (and so acknowledged) and held; the RACKs it waits for are taken at
 * once. (The calls' own sends, send_pkt, take and dispatch packets while they wait, as before: they are not inside
 * a dispatch, and the figures of docs/sp-tables.md rest on them.) Once there is room the held packets are
 * dispatched in their order by the sender that waits outermost, in a loop: a packet they send may wait and hold
 * more, which the same loop dispatches. The stack is then at most three dispatches deep (a call's wait, an answer's,
 * a held packet's), however many packets wait. */

typedef struct held {
    struct held *next;
    int src;
    int words[];   /* the packet: its LAPI header, then its data */
} held;

static held *held_head, **held_tail = &held_head;
static int dispatching_held;   /* the loop runs: a sender that waits inside it only holds */
static int held_count;         /* packets held, over the run (LAPI_Qenv HELD_PACKETS) */

/* Takes one packet for a sender that waits for room in its window to dst: a RACK at once, any other held (a
 * duplicate acknowledged again, as by progress); when none is there, waits for one no longer than the next
 * retransmission deadline. Then, once the window has room, dispatches what was held, unless a sender further out
 * does (the loop below runs): it dispatches them until none is left. */
static void take_holding(int dst) {
    int buf[HAL_MAX_BYTES / 4];
    hal_packet_t info;
    if (!hal_poll(&info, buf, sizeof buf)) {
        flush_acks();
        retransmit_due();
        while (!(hal_status() & HAL_RECEIVED) && hal_cycles() < next_deadline) {
            hal_yield();
        }
    } else {
        int type = buf[0] & 0xFF;
        if (type == RACK) {
            take_rack(info.src, buf[1], (unsigned)buf[2]);
        } else if (take_seq(info.src, (unsigned)buf[0] >> 8)) {
            held *k = malloc(sizeof *k + info.bytes);
            buf[0] = type;
            memcpy(k->words, buf, info.bytes);
            k->src = info.src;
            k->next = 0;
            *held_tail = k;
            held_tail = &k->next;
            held_count++;
        }
        if (acks_due >= WINDOW / 2 || !(hal_status() & HAL_RECEIVED)) {
            flush_acks();
        }
    }
    if (next_seq[dst] - base_seq[dst] < WINDOW && held_head && !dispatching_held) {
        held *k;
        dispatching_held = 1;
        while ((k = held_head) != 0) {
            held_head = k->next;
            if (!held_head) {
                held_tail = &held_head;
            }
            dispatch(k->src, (const lapi_hdr *)k->words, (const char *)k->words + sizeof(lapi_hdr));
            free(k);
        }
        dispatching_held = 0;
    }
}

/* Lets packets in until `*flag` reaches `value`: by taking them (polling mode) or by letting the interrupt
 * handler run (interrupt mode). */
static void wait_until(volatile int *flag, int value) {
    while (*flag < value) {
        retransmit_due();
        if (interrupts || handlers_waiting()) {
            hal_yield();
        } else {
            progress(1);
        }
    }
    /* progress leaves the acknowledgements owed while another packet is in the ring, to send them once it has
     * taken that one too; the condition may have come true first, and the program may now compute for longer than
     * the sender's timeout: the acknowledgements go now (docs/sp.md, "Reliability") */
    flush_acks();
}

static void on_interrupt(void) {
    progress(0);
}

int LAPI_Init(lapi_handle_t *hndl, lapi_info_t *info) {
    (void)info;
    task = hal_my_node();
    tasks = hal_nodes();
    for (int t = 0; t < tasks; t++) {
        next_seq[t] = base_seq[t] = 1;   /* cum_seq 0: number 1 is the first */
    }
    hal_init();
    *hndl = handle = 1;
    return LAPI_SUCCESS;
}

int LAPI_Term(lapi_handle_t hndl) {
    LAPI_Gfence(hndl);
    /* the last packets' acknowledgements, for a bounded time: a task that has ended acknowledges nothing */
    unsigned long long give_up = hal_cycles() + 8ULL * (unsigned)retransmit_cycles;
    while ((unacked > 0 && hal_cycles() < give_up) || handlers_waiting()) {
        retransmit_due();
        if (interrupts || handlers_waiting()) {
            hal_yield();
        } else {
            progress(1);
        }
    }
    if (interrupts) {
        hal_polling();
        interrupts = 0;
    }
    return LAPI_SUCCESS;
}

int LAPI_Qenv(lapi_handle_t hndl, lapi_query_t query, int *ret_val) {
    (void)hndl;
    switch (query) {
    case TASK_ID:
        *ret_val = task;
        break;
    case NUM_TASKS:
        *ret_val = tasks;
        break;
    case MAX_UHDR_SZ:
        *ret_val = CHUNK;
        break;
    case INTERRUPT_SET:
        *ret_val = interrupts;
        break;
    case MAX_DATA_SZ:
        *ret_val = 1 << 24;
        break;
    case COMPL_INLINE:
        *ret_val = compl_inline;
        break;
    case RETRANSMIT_CYCLES:
        *ret_val = retransmit_cycles;
        break;
    case RETRANSMISSIONS:
        *ret_val = retransmissions;
        break;
    case DUPLICATES:
        *ret_val = duplicates;
        break;
    case HELD_PACKETS:
        *ret_val = held_count;
        break;
    default:
        return LAPI_ERR_BAD_PARAMETER;
    }
    return LAPI_SUCCESS;
}

int LAPI_Senv(lapi_handle_t hndl, lapi_query_t query, int set_val) {
    (void)hndl;
    if (query == COMPL_INLINE) {
        compl_inline = set_val != 0;
        return LAPI_SUCCESS;
    }
    if (query == RETRANSMIT_CYCLES) {
        if (set_val < 1) {
            return LAPI_ERR_BAD_PARAMETER;
        }
        retransmit_cycles = set_val;
        return LAPI_SUCCESS;
    }
    if (query != INTERRUPT_SET) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    interrupts = set_val != 0;
    if (interrupts) {
        hal_hysteresis(0);   /* LAPI's handler has no hysteresis (seed section 6.1): it returns once the ring is empty */
        hal_interrupts(on_interrupt);
    } else {
        hal_polling();
    }
    return LAPI_SUCCESS;
}

int LAPI_Setcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val) {
    (void)hndl;
    cntr->cntr = val;
    return LAPI_SUCCESS;
}

int LAPI_Getcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int *val) {
    (void)hndl;
    if (!interrupts) {
        while (progress(0)) {
        }
    } else {
        hal_yield();   /* the interrupt handler takes the packets that are there */
    }
    if (handlers_waiting()) {
        hal_yield();   /* the completion handlers of the messages taken run */
    }
    *val = cntr->cntr;
    return LAPI_SUCCESS;
}

int LAPI_Waitcntr(lapi_handle_t hndl, lapi_cntr_t *cntr, int val, int *cur_cntr) {
    (void)hndl;
    wait_until(&cntr->cntr, val);
    cntr->cntr -= val;
    if (cur_cntr) {
        *cur_cntr = cntr->cntr;
    }
    return LAPI_SUCCESS;
}

static int bad_task(unsigned tgt) {
    return tgt >= (unsigned)tasks;
}

/* Sends a message's data from offset `off` in packets of CHUNK bytes, each with the header h at its offset. */
static void send_data(int tgt, lapi_hdr *h, const char *from, int off) {
    do {
        int n = h->len - off < CHUNK ? h->len - off : CHUNK;
        h->offset = off;
        send_pkt(tgt, h, from + off, n, 0, 0);
        off += n;
    } while (off < h->len);
}

int LAPI_Put(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    (void)hndl;
    if (bad_task(tgt)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    lapi_hdr h = {PUT, next_msgid++, (int)len, 0, (int)tgt_addr, (int)tgt_cntr, (int)cmpl_cntr, 0};
    outstanding++;
    send_data(tgt, &h, org_addr, 0);
    if (org_cntr) {
        org_cntr->cntr++;   /* the adapter has read every packet: the origin buffer may change */
    }
    return LAPI_SUCCESS;
}

int LAPI_Get(lapi_handle_t hndl, unsigned tgt, unsigned len, void *tgt_addr, void *org_addr,
             lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr) {
    (void)hndl;
    if (bad_task(tgt)) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    lapi_hdr h = {GET_REQ, next_msgid++, (int)len, 0, (int)tgt_addr, (int)tgt_cntr, (int)org_cntr, (int)org_addr};
    outstanding++;
    send_pkt(tgt, &h, 0, 0, 0, 0);
    return LAPI_SUCCESS;
}

int LAPI_Amsend(lapi_handle_t hndl, unsigned tgt, void *hdr_hdl, void *uhdr, unsigned uhdr_len, void *udata,
                unsigned udata_len, lapi_cntr_t *tgt_cntr, lapi_cntr_t *org_cntr, lapi_cntr_t *cmpl_cntr) {
    (void)hndl;
    if (bad_task(tgt) || uhdr_len > (unsigned)CHUNK) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    int id = next_msgid++;
    lapi_hdr h = {AM_HDR, id, (int)udata_len, 0, (int)hdr_hdl, (int)tgt_cntr, (int)cmpl_cntr, (int)uhdr_len};
    outstanding++;
    /* the header packet: LAPI's header, the user header and as much of the data as fits (seed Figure 2, step 1) */
    int first = (int)udata_len < CHUNK - (int)uhdr_len ? (int)udata_len : CHUNK - (int)uhdr_len;
    send_pkt(tgt, &h, uhdr, uhdr_len, udata, first);
    if ((int)udata_len > first) {
        h.type = AM_DATA;
        send_data(tgt, &h, udata, first);
    }
    if (org_cntr) {
        org_cntr->cntr++;
    }
    return LAPI_SUCCESS;
}

int LAPI_Rmw(lapi_handle_t hndl, RMW_ops_t op, unsigned tgt, int *tgt_var, int *in_val, int *prev_tgt_val,
             lapi_cntr_t *org_cntr) {
    (void)hndl;
    if (bad_task(tgt) || (unsigned)op > FETCH_AND_OR || !in_val) {
        return LAPI_ERR_BAD_PARAMETER;
    }
    int second = op == COMPARE_AND_SWAP ? in_val[1] : 0;
    lapi_hdr h = {RMW_REQ, next_msgid++, op, 0, (int)tgt_var, in_val[0], (int)org_cntr, (int)prev_tgt_val};
    outstanding++;
    send_pkt(tgt, &h, &second, sizeof second, 0, 0);
    return LAPI_SUCCESS;
}

int LAPI_Fence(lapi_handle_t hndl) {
    (void)hndl;
    while (outstanding > 0) {
        retransmit_due();
        if (interrupts || handlers_waiting()) {
            hal_yield();
        } else {
            progress(1);
        }
    }
    return LAPI_SUCCESS;
}

int LAPI_Gfence(lapi_handle_t hndl) {
    LAPI_Fence(hndl);
    int r = barrier_round++ & 1;
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            lapi_hdr h = {BARRIER, 0, 0, 0, 0, 0, 0, r};
            send_pkt(t, &h, 0, 0, 0, 0);
        }
    }
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            wait_until(&round_of[r][t], 1);
            round_of[r][t]--;
        }
    }
    return LAPI_SUCCESS;
}

int LAPI_Address_init(lapi_handle_t hndl, void *my_addr, void *add_tab[]) {
    (void)hndl;
    int r = addr_round++ & 1;
    for (int t = 0; t < tasks; t++) {
        if (t != task) {
            lapi_hdr h = {ADDR, 0, 0, 0, (int)my_addr, 0, 0, r};
            send_pkt(t, &h, 0, 0, 0, 0);
        }
    }
    wait_until(&arrivals[r], tasks - 1);
    arrivals[r] -= tasks - 1;
    for (int t = 0; t < tasks; t++) {
        add_tab[t] = t == task ? my_addr : addr_recv[r][t];
    }
    return LAPI_SUCCESS;
}

/* LAPI_Getv (lapi_vec.c) counts its answer, an active message from the target, among this task's messages that
 * LAPI_Fence waits for. */
void __lapi_outstanding(int delta) {
    outstanding += delta;
}
