/* lapi_bench.c - raw LAPI, the reference of the seed's Figures 13-15 (section 5.1), on tasks 0 and 1 of the SP
 * model (docs/sp-tables.md). For each message size from 4 bytes to MAX (times 4), in polling mode:
 *   put     ping-pong with LAPI_Put and LAPI_Waitcntr, as the seed measures raw LAPI: task 0 puts the message
 *           into task 1's buffer with task 1's target counter, task 1 waits on that counter and puts the same
 *           size back; the time is half a round trip, averaged over REPS round trips after one warm-up;
 *   amsend  the same ping-pong with LAPI_Amsend, whose header handler returns the buffer and no completion
 *           handler (the target counter marks the arrival);
 *   stream  bandwidth: task 0 puts STREAM messages back to back (each waits only for its origin counter), task 1
 *           waits for all of them on its target counter and answers with a one-word put; the time per message.
 * Prints "WHAT SIZE CYCLES US [MB/S]" lines (CYCLES per one-way message, at 332 MHz).
 * Run: scmpcc -mmachine=sp -O1 lapi_bench.c -o lb && scmpsim -n 2 lb [REPS [MAX [STREAM]]] (default 4 65536 32) */
#include <hal.h>
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"


static char buf[MAXBYTES], back[MAXBYTES];
static lapi_cntr_t arrived, sent;
static int word;

/* The header handler of the amsend ping-pong: the data go to buf, and no completion handler. */
static void *lands(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **comp_h,
                   void **user_info) {
    (void)h;
    (void)uhdr;
    (void)uhdr_len;
    (void)msg_len;
    *comp_h = 0;
    *user_info = 0;
    return buf;
}

/* One message of n bytes to the other task, counted on its target counter `arrived`. */
static void send_one(lapi_handle_t h, int to, int n, int am) {
    int tag = n;
    if (am)
        LAPI_Amsend(h, to, (void *)lands, &tag, sizeof tag, back, n, &arrived, &sent, 0);
    else
        LAPI_Put(h, to, n, buf, back, &arrived, &sent, 0);
    LAPI_Waitcntr(h, &sent, 1, 0);
}

static void ping_pong(lapi_handle_t h, int me, int n, int reps, int am) {
    unsigned long long t0 = 0;
    LAPI_Gfence(h);
    if (me > 1)
        return;
    for (int k = 0; k <= reps; k++) {
        if (k == 1)
            t0 = hal_cycles();
        if (me == 0) {
            send_one(h, 1, n, am);
            LAPI_Waitcntr(h, &arrived, 1, 0);
        } else {
            LAPI_Waitcntr(h, &arrived, 1, 0);
            send_one(h, 0, n, am);
        }
    }
    if (me == 0)
        line(am ? "amsend" : "put", n, hal_cycles() - t0, 2 * reps, 0);
}

static void stream(lapi_handle_t h, int me, int n, int count) {
    LAPI_Gfence(h);
    unsigned long long t0 = hal_cycles();
    if (me > 1)
        return;
    if (me == 0) {
        for (int k = 0; k < count; k++)
            send_one(h, 1, n, 0);
        LAPI_Waitcntr(h, &arrived, 1, 0);
        line("stream", n, hal_cycles() - t0, count, 1);
    } else {
        LAPI_Waitcntr(h, &arrived, count, 0);
        LAPI_Put(h, 0, sizeof word, buf, &word, &arrived, &sent, 0);
        LAPI_Waitcntr(h, &sent, 1, 0);
    }
}

int main(int argc, char **argv) {
    lapi_handle_t h;
    lapi_info_t info = {0};
    int me, tasks;
    int reps = argc > 1 ? atoi(argv[1]) : 4;
    int max = argc > 2 ? atoi(argv[2]) : 65536;
    int count = argc > 3 ? atoi(argv[3]) : 32;
    if (reps < 1 || max < 4 || max > MAXBYTES || count < 1) {
        fprintf(stderr, "lapi_bench: usage: lapi_bench [REPS>=1 [MAX 4..%d [STREAM>=1]]]\n", MAXBYTES);
        return 2;
    }
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &tasks);
    if (tasks < 2) {
        fprintf(stderr, "lapi_bench: needs 2 tasks\n");
        return 2;
    }
    LAPI_Setcntr(h, &arrived, 0);
    LAPI_Setcntr(h, &sent, 0);
    for (int n = 4; n <= max; n *= 4)
        ping_pong(h, me, n, reps, 0);
    for (int n = 4; n <= max; n *= 4)
        ping_pong(h, me, n, reps, 1);
    for (int n = 4; n <= max; n *= 4)
        stream(h, me, n, count);
    LAPI_Term(h);
    return 0;
}
