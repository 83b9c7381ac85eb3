/* Every call of libshmem (shmem.h) on every PE, checked: puts of 1 to 100 words around a ring with the source
 * changed as soon as the call returns, gets, a chain of swaps and tickets of fetch-and-increment aimed at PE 0,
 * a token passed around the ring with shmem_wait and shmem_wait_until, shmem_quiet, the barriers, and the
 * symmetric heap (one address on every PE, reuse after shfree, refusal beyond the arena). Prints this PE's
 * error count on PE 0; exit status: the number of errors. Run: scmpsim -n N shmem  (any N >= 2). */
#include <stdio.h>
#include <shmem.h>

#define WORDS 100

long src[WORDS], dst[6][WORDS], got[WORDS];
long word, olds[2048], tickets[2048], addrs[2048];
long token, token2;

int main(void) {
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int errors = 0;
    static const int sizes[6] = {1, 2, 3, 4, 5, WORDS};

    errors += _my_pe() != me || _num_pes() != n || me != t3d_my_pe();
    /* puts of every size: the source may change once shmem_put returns */
    for (int s = 0; s < 6; s++) {
        for (int i = 0; i < WORDS; i++) {
            src[i] = me * 1000 + s * 100 + i;
        }
        shmem_put(dst[s], src, sizes[s], right);
        for (int i = 0; i < WORDS; i++) {
            src[i] = -1;
        }
    }
    shmem_barrier_all();
    for (int s = 0; s < 6; s++) {
        for (int i = 0; i < WORDS; i++) {
            errors += dst[s][i] != (i < sizes[s] ? left * 1000 + s * 100 + i : 0);
        }
    }
    /* gets from the right neighbour of 1 and 100 words */
    for (int i = 0; i < WORDS; i++) {
        src[i] = me * 7 + i;
    }
    barrier();
    shmem_get(got, src, 1, right);
    errors += got[0] != right * 7;
    shmem_get(got, src, WORDS, right);
    for (int i = 0; i < WORDS; i++) {
        errors += got[i] != right * 7 + i;
    }
    shmem_get(got, src, 0, right);
    /* swaps and tickets on PE 0, results gathered there with one-word puts and shmem_quiet */
    barrier();
    long old = shmem_swap(&word, me + 1, 0);
    long ticket = shmem_fetch_inc(0);
    shmem_put(&olds[me], &old, 1, 0);
    shmem_put(&tickets[me], &ticket, 1, 0);
    shmem_quiet();
    errors += (t3d_status() & T3D_OUTSTANDING) != 0;
    barrier();
    if (me == 0) {
        static int seen[2049], seen_ticket[2048];
        for (int p = 0; p < n; p++) {
            seen[olds[p]]++;
            seen_ticket[tickets[p]]++;
        }
        seen[word]++;
        for (int v = 0; v <= n; v++) {
            errors += seen[v] != 1;
        }
        for (int v = 0; v < n; v++) {
            errors += seen_ticket[v] != 1;
        }
        errors += shmem_fetch_inc(0) != n;
        shmem_fetch_inc_set(40, 0);
        errors += shmem_fetch_inc(0) != 40;
    }
    /* a token twice around the ring: shmem_wait for the first lap, shmem_wait_until for the second */
    shmem_barrier_all();
    if (me == 0) {
        shmem_put(&token, &(long) {1}, 1, right);
        shmem_wait(&token, 0);
        errors += token != n;
        shmem_put(&token2, &(long) {1}, 1, right);
        shmem_wait_until(&token2, SHMEM_CMP_GE, n);
        errors += token2 != n;
    } else {
        shmem_wait(&token, 0);
        long next = token + 1;
        shmem_put(&token, &next, 1, right);
        shmem_wait_until(&token2, SHMEM_CMP_NE, 0);
        next = token2 + 1;
        shmem_put(&token2, &next, 1, right);
    }
    shmem_barrier_all();
    /* the symmetric heap: every PE's block at PE 0's address; a put into the right neighbour's block */
    long *a = shmalloc(40 * sizeof(long));
    long *b = shmalloc(3);
    long addr = (long) a;
    shmem_put(&addrs[me], &addr, 1, 0);
    for (int i = 0; i < 40; i++) {
        src[i] = me + i;
    }
    shmem_put(a, src, 40, right);
    shmem_barrier_all();
    errors += a == 0 || b == 0 || ((long) a & 7) != 0 || ((long) b & 7) != 0 || b < a + 40;
    for (int i = 0; i < 40 && a != 0; i++) {
        errors += a[i] != left + i;
    }
    if (me == 0) {
        for (int p = 0; p < n; p++) {
            errors += addrs[p] != addr;
        }
    }
    shfree(a);
    long *c = shmalloc(10 * sizeof(long));
    errors += c != a;
    errors += shmalloc(SHMEM_HEAP_BYTES_DEFAULT) != 0;
    shfree(c);
    shfree(b);
    long *d = shmalloc(SHMEM_HEAP_BYTES_DEFAULT - 8);
    errors += d != a;
    shfree(d);
    shfree(0);
    shmem_udcflush();
    shmem_udcflush_line(&word);

    /* every PE's count, summed on PE 0 */
    long mine = errors;
    shmem_put(&olds[me], &mine, 1, 0);
    shmem_barrier_all();
    if (me == 0) {
        long total = 0;
        for (int p = 0; p < n; p++) {
            total += olds[p];
        }
        printf("PE 0 of %d: %ld error(s)\n", n, total);
        return (int) total;
    }
    return 0;
}
