/* A put-heavy load for the simulator's speed (docs/performance.md): every PE puts ROUNDS blocks of 64 words to
 * PEs further and further round the partition (argv[1] rounds, default 200), waiting for its puts every 4 blocks
 * (the words of a block in flight may change meanwhile: this load does not care what lands), with a barrier
 * every 50 rounds; then, all quiet, each PE puts one block to its right neighbour, which checks it.
 * Run: scmpsim -n 64 --mem 1M put_storm [ROUNDS]. */
#include <stdio.h>
#include <stdlib.h>
#include <t3d.h>

#define WORDS 64

long src[WORDS], dst[WORDS];

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    int me = t3d_my_pe(), n = t3d_n_pes();
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < WORDS; i++) {
            src[i] = r * 100000 + me * 100 + i;
        }
        t3d_put(dst, src, WORDS, (me + 1 + r % (n - 1)) % n);
        if (r % 4 == 3) {
            t3d_quiet();
        }
        if (r % 50 == 49) {
            t3d_barrier();
        }
    }
    t3d_quiet();
    t3d_barrier();
    for (int i = 0; i < WORDS; i++) {
        src[i] = (rounds - 1) * 100000 + me * 100 + i;
    }
    t3d_put(dst, src, WORDS, (me + 1) % n);
    t3d_quiet();
    t3d_barrier();
    int left = (me + n - 1) % n, errors = 0;
    for (int i = 0; i < WORDS; i++) {
        errors += dst[i] != (rounds - 1) * 100000 + left * 100 + i;
    }
    if (me == 0 || errors) {
        printf("PE %d of %d: %d rounds, %d error(s)\n", me, n, rounds, errors);
    }
    return errors;
}
