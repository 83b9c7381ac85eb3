/* Every primitive of libt3d on every PE, checked: a ring of puts, gets from the right neighbour, swaps and
 * fetch-and-increments all aimed at PE 0, the barrier between phases. Exit status: the number of errors.
 * Run: scmpsim -n N primitives  (any N >= 2). */
#include <stdio.h>
#include <t3d.h>

#define WORDS 100

long src[WORDS], dst[WORDS], got[WORDS];
long word, olds[2048];

int main(void) {
    int me = t3d_my_pe(), n = t3d_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int errors = 0;
    for (int i = 0; i < WORDS; i++) {
        src[i] = me * 1000 + i;
    }
    t3d_barrier();
    /* puts around the ring: each PE writes its words into its right neighbour's dst */
    t3d_put(dst, src, WORDS, right);
    t3d_quiet();
    if (t3d_status() & T3D_OUTSTANDING) {
        errors++;
    }
    t3d_barrier();
    for (int i = 0; i < WORDS; i++) {
        errors += dst[i] != left * 1000 + i;
    }
    /* gets from the right neighbour */
    t3d_get(got, src, WORDS, right);
    for (int i = 0; i < WORDS; i++) {
        errors += got[i] != right * 1000 + i;
    }
    /* one word with a register put, then swaps and fetch-and-increments on PE 0 */
    t3d_barrier();
    long old = t3d_swap(&word, me + 1, 0);
    long ticket = t3d_fetch_inc(0);
    t3d_put_word(&olds[me], old, 0);
    t3d_quiet();
    t3d_barrier();
    if (me == 0) {
        /* the swaps form a chain: every value 0..n appears once among the old words and the final word */
        int seen[2049] = {0};
        for (int p = 0; p < n; p++) {
            seen[olds[p]]++;
        }
        seen[word]++;
        for (int v = 0; v <= n; v++) {
            errors += seen[v] != 1;
        }
        long reg = t3d_fetch_inc(0);
        errors += reg != n;
        t3d_fetch_inc_set(0, 0);
        errors += t3d_fetch_inc(0) != 0;
    }
    if (ticket < 0 || ticket >= n) {
        errors++;
    }
    t3d_barrier();
    if (me == 0 || errors) {
        printf("PE %d of %d: %d error(s)\n", me, n, errors);
    }
    return errors;
}
