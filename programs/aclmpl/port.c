/* The portability layer of aclport.h on any number of PEs (docs/aclmpl.md, "The portability layer"): blocks
 * with signals (apart from the block, and right before it), plain puts, gets, swaps and fetch-and-increments from every PE at once
 * (atomic: the values handed out are exactly 0 .. n-1; the old values of the swaps form one chain), the register reset, and barriers. Prints "port: OK"
 * on PE 0 and exits 0, or the failed checks and "port: FAILED". */
#include <stdlib.h>
#include "check.h"

#define ROUNDS 3

static long block[64];
static volatile long flag[2];
static long framed[3 + 64];
static long cell;
static long taken[ACLMPL_MAX_PES * ROUNDS];
static volatile long token = -1;

static int body(int argc, char **argv) {
    int me = acl_my_pe();
    int p = acl_n_pes();
    int next = (me + 1) % p;
    int prev = (me + p - 1) % p;
    CHECK(me == aclmpl_self() && p == aclmpl_npes(), "identity");
    /* A block and a signal apart from it, then a block with the signal right before it, to the next PE: once
     * the signal's word 0 is there, so are the rest of the signal and the block. */
    long out[64];
    for (int i = 0; i < 64; i++) {
        out[i] = me * 100 + i;
    }
    long sig[3] = {me + 1, me + 7, me + 9};
    acl_put_signal(block, out, 64, (void *) flag, sig, 2, next);
    acl_wait_until(&flag[0], prev + 1);
    acl_invalidate(block, sizeof block);
    CHECK(flag[1] == prev + 7, "signal word 1: %ld", flag[1]);
    for (int i = 0; i < 64; i++) {
        CHECK(block[i] == prev * 100 + i, "put word %d: %ld", i, block[i]);
    }
    acl_put_signal(&framed[3], out, 64, framed, sig, 3, next);
    acl_wait_until((volatile long *) &framed[0], prev + 1);
    acl_invalidate(framed, sizeof framed);
    CHECK(framed[1] == prev + 7 && framed[2] == prev + 9, "framed signal");
    for (int i = 0; i < 64; i++) {
        CHECK(framed[3 + i] == prev * 100 + i, "framed word %d: %ld", i, framed[3 + i]);
    }
    /* Plain puts land in no particular order: a barrier after acl_quiet does not say they are there either,
     * so each PE waits for the last word it expects. */
    acl_barrier();
    for (int i = 0; i < 64; i++) {
        out[i] = 50000 + me * 100 + i;
    }
    acl_put(framed, out, 64, prev);
    acl_wait_until((volatile long *) &framed[63], 50000 + next * 100 + 63);
    acl_put_word((void *) &flag[1], -5, prev);
    acl_wait_until(&flag[1], -5);
    acl_invalidate(framed, sizeof framed);
    for (int i = 0; i < 64; i++) {
        CHECK(framed[i] == 50000 + next * 100 + i, "plain put word %d: %ld", i, framed[i]);
    }
    acl_quiet();
    acl_barrier();
    /* A get of the previous PE's block (its own, from two PEs back) and of a stretch of it. */
    long in[64];
    acl_get(in, block, 64, prev);
    int pp = (prev + p - 1) % p;
    for (int i = 0; i < 64; i++) {
        CHECK(in[i] == pp * 100 + i, "get word %d: %ld", i, in[i]);
    }
    acl_get(in, &block[10], 3, me);
    CHECK(in[0] == prev * 100 + 10 && in[2] == prev * 100 + 12, "get from itself");
    /* Swaps: every PE swaps its number into PE 0's cell, ROUNDS times; the old values form a chain. */
    acl_barrier();
    if (me == 0) {
        cell = -1;
    }
    acl_barrier();
    long mine[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        mine[r] = acl_swap(&cell, me * ROUNDS + r, 0);
    }
    /* Fetch-and-increment: everybody takes ROUNDS numbers from PE 0's register and from its own. */
    long numbers[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        numbers[r] = acl_fetch_inc(0);
    }
    if (me != 0) {
        CHECK(acl_fetch_inc(me) == 0 && acl_fetch_inc(me) == 1, "own register");
    }
    for (int r = 0; r < ROUNDS; r++) {
        acl_put_word(&taken[numbers[r]], me + 1, 0);
        acl_put_word(&taken[p * ROUNDS + me * ROUNDS + r], mine[r] + 2, 0);
    }
    acl_quiet();
    acl_barrier();
    if (me == 0) {
        /* Every number 0 .. p*ROUNDS-1 was handed out exactly once. */
        for (int i = 0; i < p * ROUNDS; i++) {
            CHECK(taken[i] != 0, "fetch-and-increment value %d not handed out", i);
        }
        long next_value = acl_fetch_inc(0);
        CHECK(next_value == p * ROUNDS, "register after %d increments: %ld", p * ROUNDS, next_value);
        acl_fetch_inc_reset();
        CHECK(acl_fetch_inc(0) == 0, "register after the reset");
        /* The swaps' old values: -1 once and every swapped value but the last, each once. */
        char *seen = calloc(p * ROUNDS + 1, 1);
        for (int i = 0; i < p * ROUNDS; i++) {
            long old = taken[p * ROUNDS + i] - 2;
            CHECK(old >= -1 && old < p * ROUNDS && !seen[old + 1], "swap returned %ld", old);
            if (old >= -1 && old < p * ROUNDS) {
                seen[old + 1] = 1;
            }
        }
        CHECK(!seen[cell + 1], "the value left in the cell, %ld, was also returned", cell);
        free(seen);
    }
    /* A token passed around the ring with swaps and barriers in between. */
    for (int r = 0; r < 2; r++) {
        acl_barrier();
        if (me == r % p) {
            acl_swap((void *) &token, r, next);
        }
        acl_barrier();
        if (me == (r + 1) % p) {
            CHECK(token == r, "token %ld", token);
        }
    }
    unsigned long long t = acl_cycles();
    CHECK(acl_cycles() > t && acl_clock_mhz() > 0, "cycles");
    return failures != 0;
}

int main(int argc, char **argv) {
    return report("port", aclmpl_run(argc, argv, body));
}
