/* libdmsg (include/dmsg.h, docs/t3d-msg.md "DMSG"): deposit message passing over libshmem; dmsg_put_strided is
 * in dmsg_put.s. Deposits are the shell's non-blocking puts; every synchronisation is the hardware barrier. */
#include <dmsg.h>
#include <shmem.h>
#include <string.h>

void dmsg_put(void *remote, const void *local, int words, int pe) {
    t3d_put(remote, local, words, pe);
}

void dmsg_quiet(void) {
    t3d_quiet();
}

void dmsg_barrier(void) {
    t3d_barrier();
}

void dmsg_sync(void) {
    t3d_quiet();
    t3d_barrier();
    t3d_cache_flush();
}

void dmsg_alltoall(void *dst, const void *src, int words, int phase) {
    int me = shmem_my_pe(), n = shmem_n_pes();
    int pow2 = (n & (n - 1)) == 0;
    char *d = (char *) dst;
    const char *s = (const char *) src;
    t3d_barrier();
    memcpy(d + 4 * me * words, s + 4 * me * words, 4 * words);
    for (int k = 1; k < n; k++) {
        int j = pow2 ? me ^ k : (me + k) % n;
        t3d_put(d + 4 * me * words, s + 4 * j * words, words, j);
        if (phase > 0 && k % phase == 0 && k < n - 1) {
            /* congestion control: the step's puts are in before anyone starts the next phase */
            t3d_quiet();
            t3d_barrier();
        }
    }
    dmsg_sync();
}
