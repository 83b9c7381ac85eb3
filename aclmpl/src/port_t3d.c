/* The portability layer (aclport.h) on the Cray T3D model, over libshmem (docs/aclmpl.md, "On the T3D").
 *
 * The T3D's shell has every operation of the layer as a primitive (docs/t3d.md), so each is one or two SHMEM
 * calls. The one ordering ACLMPL needs, a block and then its signal, comes from the shell: puts of one PE to
 * one PE land in the order they were made, and a signal of at most 4 words is one packet, which lands whole
 * (docs/t3d.md, "libshmem"). Every PE runs main. With the data cache on, remote writes do not update it, so
 * the waits read memory (shmem_wait invalidates before each read) and acl_invalidate is the cache operation. */
#include <shmem.h>
#include <aclport.h>

/* acl_run: the result of every PE but 0, 1 (zero) or 2 (not zero), written into PE 0's array. */
static volatile long run_status[ACL_MAX_PES];

int acl_my_pe(void) {
    return shmem_my_pe();
}

int acl_n_pes(void) {
    return shmem_n_pes();
}

void acl_put(void *remote, const void *local, int words, int pe) {
    shmem_put((long *) remote, (const long *) local, words, pe);
}

void acl_put_word(void *remote, long value, int pe) {
    t3d_put_word(remote, value, pe);
}

void acl_put_signal(void *remote, const void *local, int words, void *signal, const long *sig, int n, int pe) {
    shmem_put((long *) remote, (const long *) local, words, pe);
    shmem_put((long *) signal, sig, n, pe);
}

void acl_get(void *local, const void *remote, int words, int pe) {
    shmem_get((long *) local, (const long *) remote, words, pe);
}

long acl_swap(void *remote, long value, int pe) {
    return shmem_swap((long *) remote, value, pe);
}

long acl_fetch_inc(int pe) {
    return shmem_fetch_inc(pe);
}

void acl_fetch_inc_reset(void) {
    shmem_fetch_inc_set(0, shmem_my_pe());
}

void acl_quiet(void) {
    shmem_quiet();
}

void acl_barrier(void) {
    shmem_barrier_all();
}

long acl_wait_change(volatile long *addr, long old) {
    shmem_wait(addr, old);
    return *addr;
}

void acl_wait_until(volatile long *addr, long value) {
    shmem_wait_until(addr, SHMEM_CMP_EQ, value);
}

void acl_poll(void) {
}

void acl_invalidate(const void *addr, int bytes) {
    if (bytes > 0) {
        t3d_cache_invalidate(addr, bytes);
    }
}

unsigned long long acl_cycles(void) {
    return t3d_cycles();
}

int acl_clock_mhz(void) {
    return T3D_CLOCK_MHZ;
}

int acl_run(int argc, char **argv, int (*body)(int, char **, long), long word) {
    int status = body(argc, argv, word);
    int me = shmem_my_pe(), p = shmem_n_pes();
    if (me != 0) {
        t3d_put_word((void *) &run_status[me], 1 + (status != 0), 0);
        shmem_quiet();
        return 0;
    }
    for (int i = 1; i < p; i++) {
        if (acl_wait_change(&run_status[i], 0) != 1 && status == 0) {
            status = 1;
        }
    }
    return status;
}
