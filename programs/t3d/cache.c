/* The T3D's coherence caveat (seed 001 line 40): a put does not update the target's data cache. PE 1 caches x,
 * PE 0 puts a new value into it; PE 1 still reads the old one until it invalidates the line. Prints what PE 1
 * read before and after the invalidation. Run: scmpsim -n 2 --param dataCache=true cache (and without the cache:
 * both reads see the put). */
#include <stdio.h>
#include <t3d.h>

volatile long x = 7;
long value = 42;

int main(void) {
    int me = t3d_my_pe();
    long before = 0, after = 0;
    if (me == 1) {
        before = x;             /* brings x's line into the cache */
    }
    t3d_barrier();
    if (me == 0) {
        t3d_put((void *) &x, &value, 1, 1);
        t3d_quiet();
    }
    t3d_barrier();
    if (me == 1) {
        before = x;
        t3d_cache_invalidate((const void *) &x, sizeof x);
        after = x;
        printf("PE 1 read %ld after the put, %ld after invalidating\n", before, after);
    }
    return 0;
}
