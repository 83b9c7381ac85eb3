/* The sending half of the reliability that both of libhal's packet layers keep over HAL, LAPI (lapi.c, docs/sp.md
 * "LAPI", "Reliability") and Pipes (pipes.c, docs/mpi-sp.md "The native stack"): every packet is numbered in its
 * (origin, target) pair and stays in the origin's window, in a HAL send buffer, until the target acknowledges it;
 * a packet not acknowledged within its timeout is sent again, and each time it is, its timeout doubles, up to 16
 * times the first. The layers differ in their packets' headers, in their acknowledgements (receiving stays in each
 * file) and in where a packet's memory goes back, so this file is the one text of the functions below and the
 * includer names, before including it:
 *   REL_PKT              its packet type, with the members seq, bytes, sending (its DMA is under way: an
 *                        acknowledgement then only marks it), acked, tries, at (when it was last sent) and words
 *   REL_WINDOW           packets per target in the window
 *   REL_TIMEOUT          the first timeout, in cycles, as an unsigned long long
 *   REL_FREE(p)          gives packet p's memory back
 *   REL_PREPARE(dst, p)  declarations and statements that ready p's HAL user word (optional)
 *   REL_USER             HAL's user word for it
 *   REL_RESENT           the counter of packets sent again
 * and defines the window's state: tasks, window[][REL_WINDOW], next_seq[] and base_seq[] (per target: the next
 * number, the oldest unacknowledged), unacked and next_deadline. The hooks are macros, not function pointers or
 * calls, so that each layer compiles to the code it would have with the functions written out (SCMP's compiler
 * does not inline): the SP's cycle figures (docs/sp.md, docs/mpi-sp.md, docs/sp-tables.md) rest on that. */
#ifndef REL_PREPARE
#define REL_PREPARE(dst, p)
#endif

/* When p is sent again if no acknowledgement has come. */
static unsigned long long deadline(const REL_PKT *p) {
    return p->at + (REL_TIMEOUT << (p->tries < 4 ? p->tries : 4));
}

/* Sends p to dst and waits for the adapter to read it, then stamps it (or frees it when its acknowledgement came
 * meanwhile). */
static void transmit(int dst, REL_PKT *p) {
    REL_PREPARE(dst, p)
    p->sending = 1;
    hal_send(dst, REL_USER, p->words, p->bytes);
    hal_send_wait();
    p->sending = 0;
    if (p->acked) {
        REL_FREE(p);
        return;
    }
    p->at = hal_cycles();
    if (deadline(p) < next_deadline) {
        next_deadline = deadline(p);
    }
}

/* An acknowledged packet leaves the window. */
static void release(int dst, int seq) {
    REL_PKT *p = window[dst][seq % REL_WINDOW];
    if (!p || p->seq != seq) {
        return;
    }
    window[dst][seq % REL_WINDOW] = 0;
    unacked--;
    if (p->sending) {
        p->acked = 1;
    } else {
        REL_FREE(p);
    }
}

/* Sends again every packet whose timeout has passed since it was last sent without an acknowledgement. Packets in
 * the ring are taken first: they may be the acknowledgements. */
static void retransmit_due(void) {
    if (unacked == 0 || hal_cycles() < next_deadline || (hal_status() & HAL_RECEIVED)) {
        return;
    }
    unsigned long long soonest = ~0ULL;
    for (int t = 0; t < tasks; t++) {
        for (int s = base_seq[t]; s < next_seq[t]; s++) {
            REL_PKT *p = window[t][s % REL_WINDOW];
            if (!p || p->seq != s || p->sending) {
                continue;
            }
            if (hal_cycles() >= deadline(p)) {
                REL_RESENT++;
                p->tries++;
                transmit(t, p);
                if (window[t][s % REL_WINDOW] != p) {
                    continue;   /* acknowledged (and freed) meanwhile */
                }
            }
            if (deadline(p) < soonest) {
                soonest = deadline(p);
            }
        }
    }
    next_deadline = soonest;
}

#undef REL_PKT
#undef REL_WINDOW
#undef REL_TIMEOUT
#undef REL_FREE
#undef REL_PREPARE
#undef REL_USER
#undef REL_RESENT
