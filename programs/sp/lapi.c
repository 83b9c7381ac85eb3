/* LAPI over HAL (docs/sp.md, "LAPI"), checked in every task: LAPI_Qenv, LAPI_Address_init, LAPI_Put of several
 * packets to the next task with all three counters, LAPI_Get from the previous task, LAPI_Amsend with a header
 * handler that chooses the buffer and a completion handler, LAPI_Fence and LAPI_Gfence, each in polling mode and
 * then in interrupt mode. Messages of several packets cross the switch's four routes, whose lengths differ, so
 * their packets arrive out of order; the data must be whole anyway, also when the switch loses packets (--param
 * dropEvery) and LAPI sends them again. Task 0 prints the errors, retransmissions and duplicates of all tasks
 * (counted until the errors are gathered).
 * Run: scmpcc -mmachine=sp lapi.c -o l && scmpsim -n 4 l */
#include <lapi.h>
#include <stdio.h>
#include <string.h>

#define BYTES 5000   /* six packets of at most 984 data bytes */

static char put_in[BYTES], get_src[BYTES], get_in[BYTES], am_in[BYTES], out[BYTES];
static lapi_cntr_t put_tgt, am_tgt, get_tgt;
static int errors;
static volatile int am_done, am_from;
static int error_tab[128], again_tab[128], dup_tab[128];

static char pattern(int task, int round, int i) {
    return (char)(task * 31 + round * 7 + i * 13 + (i >> 8));
}

static void fill(char *p, int task, int round) {
    for (int i = 0; i < BYTES; i++) {
        p[i] = pattern(task, round, i);
    }
}

static int check(const char *p, int task, int round) {
    int bad = 0;
    for (int i = 0; i < BYTES; i++) {
        bad += p[i] != pattern(task, round, i);
    }
    return bad;
}

typedef struct {
    int from;
    int round;
} am_header;

static void am_complete(lapi_handle_t *h, void *param) {
    (void)h;
    am_from = (int)param;
    am_done++;
}

static void *am_arrives(lapi_handle_t *h, void *uhdr, unsigned *uhdr_len, unsigned *msg_len, compl_hndlr_t **comp_h,
                        void **user_info) {
    (void)h;
    am_header *a = uhdr;
    if (*uhdr_len != sizeof *a || *msg_len != BYTES) {
        errors++;
    }
    *comp_h = am_complete;
    *user_info = (void *)a->from;
    return am_in;
}

static void round_trip(lapi_handle_t h, int me, int n, int round) {
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    lapi_cntr_t org, cmpl;
    int v;
    void *tab[128];

    /* Address_init: the same global everywhere, a stack object differs */
    LAPI_Address_init(h, put_in, tab);
    for (int t = 0; t < n; t++) {
        errors += tab[t] != put_in;
    }

    /* Put to the next task: origin and completion counters here, the target counter there */
    fill(out, me, round);
    LAPI_Setcntr(h, &org, 0);
    LAPI_Setcntr(h, &cmpl, 0);
    LAPI_Put(h, next, BYTES, put_in, out, &put_tgt, &org, &cmpl);
    LAPI_Waitcntr(h, &org, 1, 0);
    memset(out, 0, BYTES);      /* the origin buffer may change now */
    LAPI_Waitcntr(h, &cmpl, 1, &v);
    errors += v != 0;
    LAPI_Waitcntr(h, &put_tgt, 1, 0);
    errors += check(put_in, prev, round);

    /* Get from the previous task's get_src */
    fill(get_src, me, round + 100);
    LAPI_Gfence(h);
    LAPI_Setcntr(h, &org, 0);
    LAPI_Get(h, prev, BYTES, get_src, get_in, &get_tgt, &org);
    LAPI_Waitcntr(h, &org, 1, 0);
    errors += check(get_in, prev, round + 100);
    LAPI_Waitcntr(h, &get_tgt, 1, 0);   /* the next task's Get of my get_src has been served */

    /* Amsend to the next task */
    am_header a = {me, round};
    fill(out, me, round + 200);
    LAPI_Setcntr(h, &cmpl, 0);
    LAPI_Amsend(h, next, (void *)am_arrives, &a, sizeof a, out, BYTES, &am_tgt, 0, &cmpl);
    LAPI_Waitcntr(h, &am_tgt, 1, 0);
    errors += am_done != 1 || am_from != prev;
    am_done = 0;
    errors += check(am_in, prev, round + 200);
    LAPI_Fence(h);
    LAPI_Getcntr(h, &cmpl, &v);
    errors += v != 1;
    LAPI_Gfence(h);
}

int main(void) {
    lapi_handle_t h;
    lapi_info_t info = {0};
    int me, n, intr;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    round_trip(h, me, n, 1);
    LAPI_Senv(h, INTERRUPT_SET, 1);
    LAPI_Qenv(h, INTERRUPT_SET, &intr);
    errors += intr != 1;
    round_trip(h, me, n, 2);
    LAPI_Senv(h, INTERRUPT_SET, 0);
    /* every task's error count to task 0 */
    lapi_cntr_t done;
    LAPI_Setcntr(h, &done, 0);
    int again, dup;
    LAPI_Qenv(h, RETRANSMISSIONS, &again);
    LAPI_Qenv(h, DUPLICATES, &dup);
    LAPI_Put(h, 0, sizeof errors, &error_tab[me], &errors, 0, 0, &done);
    LAPI_Put(h, 0, sizeof again, &again_tab[me], &again, 0, 0, &done);
    LAPI_Put(h, 0, sizeof dup, &dup_tab[me], &dup, 0, 0, &done);
    LAPI_Waitcntr(h, &done, 3, 0);
    LAPI_Gfence(h);
    if (me == 0) {
        int total = 0, again_all = 0, dup_all = 0;
        for (int t = 0; t < n; t++) {
            total += error_tab[t];
            again_all += again_tab[t];
            dup_all += dup_tab[t];
        }
        printf("LAPI on %d tasks: %d error(s)\n", n, total);
        printf("packets sent again %d, duplicates dropped %d\n", again_all, dup_all);
    }
    LAPI_Term(h);
    return 0;
}
