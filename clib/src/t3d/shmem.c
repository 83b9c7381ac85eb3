/* libshmem (include/shmem.h, docs/t3d.md "libshmem"): the Cray SMA calls over libt3d's primitives. shmem_put
 * is in shmem_put.s, the symmetric heap in shmalloc.c. */
#include <shmem.h>

int shmem_my_pe(void) {
    return t3d_my_pe();
}

int shmem_n_pes(void) {
    return t3d_n_pes();
}

void shmem_get(long *target, const long *source, int n, int pe) {
    t3d_get(target, source, n, pe);
}

long shmem_swap(long *target, long value, int pe) {
    return t3d_swap(target, value, pe);
}

long shmem_fetch_inc(int pe) {
    return t3d_fetch_inc(pe);
}

void shmem_fetch_inc_set(long value, int pe) {
    t3d_fetch_inc_set(value, pe);
}

void shmem_quiet(void) {
    t3d_quiet();
}

/* Each read invalidates the word's cache line first, so that it sees what a remote write put in memory. */
static long fresh(volatile long *ivar) {
    t3d_cache_invalidate((const void *) ivar, 4);
    return *ivar;
}

void shmem_wait(volatile long *ivar, long value) {
    while (fresh(ivar) == value) {
    }
}

static int holds(long v, int cmp, long value) {
    switch (cmp) {
    case SHMEM_CMP_EQ: return v == value;
    case SHMEM_CMP_NE: return v != value;
    case SHMEM_CMP_GT: return v > value;
    case SHMEM_CMP_LE: return v <= value;
    case SHMEM_CMP_LT: return v < value;
    case SHMEM_CMP_GE: return v >= value;
    default: return 1;
    }
}

void shmem_wait_until(volatile long *ivar, int cmp, long value) {
    while (!holds(fresh(ivar), cmp, value)) {
    }
}

void shmem_barrier_all(void) {
    t3d_quiet();
    t3d_barrier();
}

void barrier(void) {
    t3d_barrier();
}

void shmem_udcflush(void) {
    t3d_cache_flush();
}

void shmem_udcflush_line(const long *addr) {
    t3d_cache_invalidate((const void *) ((unsigned long) addr & ~31ul), 32);
}
