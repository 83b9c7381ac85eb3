/* LAPI_Rmw under contention (docs/sp.md, "LAPI"): every task adds 1 to one counter in task 0 ROUNDS times with
 * FETCH_AND_ADD, all requests in flight at once, and keeps the values it fetched; the counter must end at
 * tasks * ROUNDS and the fetched values of all tasks must be 0 .. tasks * ROUNDS - 1, each once. Then each task
 * tries COMPARE_AND_SWAP of 0 to its number + 1 on one int (exactly one must win), SWAPs its number + 1 into
 * another (the values taken out and the one left must be 0 .. tasks, each once) and ORs its bit into a third.
 * Task 0 prints what it found.
 * Run: scmpcc -mmachine=sp lapi_rmw.c -o r && scmpsim -n 4 r */
#include <lapi.h>
#include <stdio.h>

#define ROUNDS 20
#define MAX_TASKS 16

static int counter, cas_var, swap_var, or_var;
static int fetched[ROUNDS];
static int all_fetched[MAX_TASKS * ROUNDS];
static int cas_prev[MAX_TASKS], swap_prev[MAX_TASKS], or_prev[MAX_TASKS];

/* Sends this task's int v to table[me] in task 0 and waits for it to be there. */
static void to_task0(lapi_handle_t h, int *table, int me, int *v, int n) {
    lapi_cntr_t done;
    LAPI_Setcntr(h, &done, 0);
    LAPI_Put(h, 0, n * sizeof *v, &table[me * n], v, 0, 0, &done);
    LAPI_Waitcntr(h, &done, 1, 0);
}

int main(void) {
    lapi_handle_t h;
    lapi_info_t info = {0};
    int me, n;
    LAPI_Init(&h, &info);
    LAPI_Qenv(h, TASK_ID, &me);
    LAPI_Qenv(h, NUM_TASKS, &n);
    if (n > MAX_TASKS) {
        return 1;
    }

    /* FETCH_AND_ADD: ROUNDS requests at once, then the origin counter reaches ROUNDS */
    lapi_cntr_t org;
    int one = 1;
    LAPI_Setcntr(h, &org, 0);
    for (int k = 0; k < ROUNDS; k++) {
        LAPI_Rmw(h, FETCH_AND_ADD, 0, &counter, &one, &fetched[k], &org);
    }
    LAPI_Waitcntr(h, &org, ROUNDS, 0);
    to_task0(h, all_fetched, me, fetched, ROUNDS);

    /* COMPARE_AND_SWAP, SWAP and FETCH_AND_OR in task n - 1, whose values start at 0 */
    int cas[2] = {0, me + 1}, mine = me + 1, bit = 1 << me, prev;
    LAPI_Rmw(h, COMPARE_AND_SWAP, n - 1, &cas_var, cas, &prev, &org);
    LAPI_Waitcntr(h, &org, 1, 0);
    to_task0(h, cas_prev, me, &prev, 1);
    LAPI_Rmw(h, SWAP, n - 1, &swap_var, &mine, &prev, &org);
    LAPI_Waitcntr(h, &org, 1, 0);
    to_task0(h, swap_prev, me, &prev, 1);
    LAPI_Rmw(h, FETCH_AND_OR, n - 1, &or_var, &bit, &prev, &org);
    LAPI_Waitcntr(h, &org, 1, 0);
    to_task0(h, or_prev, me, &prev, 1);
    LAPI_Gfence(h);

    /* the final values of task n - 1's ints, by Get */
    int finals[3];
    if (me == 0) {
        LAPI_Get(h, n - 1, sizeof(int), &cas_var, &finals[0], 0, &org);
        LAPI_Get(h, n - 1, sizeof(int), &swap_var, &finals[1], 0, &org);
        LAPI_Get(h, n - 1, sizeof(int), &or_var, &finals[2], 0, &org);
        LAPI_Waitcntr(h, &org, 3, 0);
    }
    LAPI_Gfence(h);
    if (me == 0) {
        static char seen[MAX_TASKS * ROUNDS + 1];
        int total = n * ROUNDS, dup = 0, out = 0;
        for (int i = 0; i < total; i++) {
            int v = all_fetched[i];
            if (v < 0 || v >= total) {
                out++;
            } else if (seen[v]++) {
                dup++;
            }
        }
        /* a task whose values are not one run was overtaken by another task's requests: real contention */
        int interleaved = 0;
        for (int t = 0; t < n; t++) {
            interleaved += all_fetched[t * ROUNDS + ROUNDS - 1] - all_fetched[t * ROUNDS] != ROUNDS - 1;
        }
        printf("FETCH_AND_ADD: %d tasks x %d: counter %d, fetched values out of range %d, repeated %d; "
               "tasks interleaved %d\n", n, ROUNDS, counter, out, dup, interleaved);
        int winners = 0, winner = -1;
        for (int t = 0; t < n; t++) {
            if (cas_prev[t] == 0) {
                winners++;
                winner = t;
            } else if (cas_prev[t] != finals[0]) {
                winners += 100;   /* a loser saw a value no one stored */
            }
        }
        printf("COMPARE_AND_SWAP: %d winner(s), final value is the winner's: %d\n", winners, finals[0] == winner + 1);
        int swap_seen[MAX_TASKS + 1] = {0}, swap_ok = 1;
        for (int t = 0; t < n; t++) {
            swap_seen[swap_prev[t]]++;
        }
        swap_seen[finals[1]]++;
        for (int v = 0; v <= n; v++) {
            swap_ok &= swap_seen[v] == 1;
        }
        printf("SWAP: the values taken out and the one left are 0..%d once each: %d\n", n, swap_ok);
        int or_ok = finals[2] == (1 << n) - 1;
        for (int t = 0; t < n; t++) {
            or_ok &= (or_prev[t] & (1 << t)) == 0;
        }
        printf("FETCH_AND_OR: final 0x%x, no task saw its own bit: %d\n", finals[2], or_ok);
    }
    LAPI_Term(h);
    return 0;
}
