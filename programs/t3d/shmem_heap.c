/* A symmetric heap larger than the default (SHMEM_SYMMETRIC_HEAP): a 192 KB block on every PE, filled by the
 * left neighbour with one put; prints the checked words on PE 0. Run: scmpsim -n N shmem_heap. */
#include <stdio.h>
#include <shmem.h>

SHMEM_SYMMETRIC_HEAP(200 * 1024);

#define WORDS (192 * 256)

long mine[WORDS];

int main(void) {
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *block = shmalloc(WORDS * sizeof(long));
    if (block == 0) {
        printf("PE %d: no block\n", me);
        return 1;
    }
    for (int i = 0; i < WORDS; i++) {
        mine[i] = me ^ i;
    }
    shmem_put(block, mine, WORDS, (me + 1) % n);
    shmem_barrier_all();
    int left = (me + n - 1) % n, bad = 0;
    for (int i = 0; i < WORDS; i++) {
        bad += block[i] != (left ^ i);
    }
    if (me == 0) {
        printf("PE 0: %d words, %d wrong\n", WORDS, bad);
    }
    return bad != 0;
}
