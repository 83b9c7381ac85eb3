/* Where LAPI's completion handlers run and what their thread costs (docs/sp.md, "LAPI"): tasks 0 and 1 play
 * ping-pong with active messages of no data whose completion handler counts the message and notes the thread
 * context it runs in; the target counter is raised after the handler. First with LAPI_Senv(COMPL_INLINE, 1),
 * where the handler runs in the thread that takes the packet (here the program's own), then with the default,
 * the completion-handler thread: a thread context of its own that LAPI starts for the handler, so every message
 * costs the start and two thread switches. Task 0 prints, for its own handlers, the cycles from the header handler
 * to the completion handler and the round-trip times. A completion handler may call LAPI: at the end task 1's
 * handler answers by itself with a Put.
 * Run: scmpcc -mmachine=sp lapi_compl.c -o c && scmpsim -n 2 c */
#include <hal.h>
#include <lapi.h>
#include <stdio.h>

#define ROUNDS 16

unsigned int __rdsr_tid(void);

static lapi_cntr_t arrived, put_done;
static volatile int handled, own_thread, main_tid;
static unsigned long long header_at, latency;   /* the header handler's cycle; the sum of handler latencies */
static int answer_src = 42, answer_from_handler;

static void counted(lapi_handle_t *h, void *param) {
    (void)h;
    (void)param;
    latency += hal_cycles() - header_at;
    handled++;
    own_thread += (int)__rdsr_tid() != main_tid;
}

/* Task 1's completion handler at the end: a LAPI call from the handler, a Put of the answer to task 0. */
static void answers(lapi_handle_t *h, void *param) {
    (void)param;
    LAPI_Put(*h, 0, sizeof answer_src, (void *)&answer_from_handler, &answer_src, &put_done, 0, 0);
}

/* The header handler: the user header's int chooses the completion handler, 1 the one that answers. */
static void *ping_arrives(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len,
                          compl_hndlr_t **comp_h, void **user_info) {
    (void)h;
    (void)uhdr_len;
    (void)msg_len;
    header_at = hal_cycles();
    *comp_h = *(int *)uhdr ? answers : counted;
    *user_info = 0;
    return 0;
}

/* ROUNDS round trips; returns task 0's cycles for them. */
static unsigned ping_pong(lapi_handle_t h, int me) {
    int dummy = 0;
    unsigned long long start = hal_cycles();
    for (int k = 0; k < ROUNDS; k++) {
        if (me == 0) {
            LAPI_Amsend(h, 1, (void *)ping_arrives, &dummy, sizeof dummy, 0, 0, &arrived, 0, 0);
            LAPI_Waitcntr(h, &arrived, 1, 0);
        } else {
            LAPI_Waitcntr(h, &arrived, 1, 0);
            LAPI_Amsend(h, 0, (void *)ping_arrives, &dummy, sizeof dummy, 0, 0, &arrived, 0, 0);
        }
    }
    return (unsigned)(hal_cycles() - start);
}

int main(void) {
    lapi_handle_t h;
    lapi_info_t info = {0};
    int me, n, inl;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    main_tid = (int)__rdsr_tid();
    if (n != 2) {
        return 1;
    }
    LAPI_Setcntr(h, &arrived, 0);
    LAPI_Senv(h, COMPL_INLINE, 1);
    LAPI_Qenv(h, COMPL_INLINE, &inl);
    LAPI_Gfence(h);
    unsigned inline_cycles = ping_pong(h, me);
    int inline_handled = handled, inline_own = own_thread;
    unsigned inline_latency = (unsigned)latency;
    LAPI_Gfence(h);
    handled = own_thread = 0;
    latency = 0;
    LAPI_Senv(h, COMPL_INLINE, 0);
    LAPI_Gfence(h);
    unsigned thread_cycles = ping_pong(h, me);
    int thread_handled = handled, thread_own = own_thread;
    unsigned thread_latency = (unsigned)latency;
    LAPI_Gfence(h);
    if (me == 0) {
        int dummy = 1;
        LAPI_Amsend(h, 1, (void *)ping_arrives, &dummy, sizeof dummy, 0, 0, 0, 0, 0);
        while (answer_from_handler != 42) {
            LAPI_Getcntr(h, &arrived, &dummy);
        }
    }
    LAPI_Gfence(h);
    if (me == 0) {
        printf("inline (COMPL_INLINE %d): %d handler(s), %d in a thread of their own, %u cycles from the header "
               "handler to the completion handler, %u a round trip\n", inl, inline_handled, inline_own,
               inline_latency / inline_handled, inline_cycles / ROUNDS);
        printf("completion-handler thread: %d handler(s), %d in a thread of their own, %u cycles from the header "
               "handler to the completion handler, %u a round trip\n", thread_handled, thread_own,
               thread_latency / thread_handled, thread_cycles / ROUNDS);
        printf("a handler's Put answered %d\n", answer_from_handler);
    }
    LAPI_Term(h);
    return 0;
}
