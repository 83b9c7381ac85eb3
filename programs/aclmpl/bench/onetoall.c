/* One-to-all (docs/aclmpl.md, "Benchmarks"): PE 0 sends a message to every other PE, one after the other;
 * the rate is PE 0's bytes sent per microsecond. Run: scmpsim --mesh 8x4 onetoall sync 1024. */
#include "bench.h"

static int *buf;

static void once(int rep) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    if (protocol == PUT) {
        long flag = rep + 1;
        if (me == 0) {
            for (int d = 1; d < p; d++) {
                acl_put_signal(region, buf, bytes / 4, (void *) &flags[0], &flag, 1, d);
            }
        } else {
            wait_flag(&flags[0], flag);
        }
    } else if (me == 0) {
        for (int d = 1; d < p; d++) {
            if (protocol == SYNC) {
                aclmpl_send(d, buf, bytes);
            } else {
                aclmpl_send_async(d, 1, buf, bytes);
            }
        }
    } else if (protocol == SYNC) {
        aclmpl_receive(0, buf, bytes);
    } else {
        aclmpl_receive_block(0, 1, buf, bytes, 0, 0);
    }
}

static int body(int argc, char **argv) {
    if (!parse(argc, argv, "onetoall")) {
        return 1;
    }
    if ((protocol == ASYNC && bytes > ACLMPL_SLOT_BYTES) || (protocol == PUT && bytes > REGION_BYTES)) {
        skipped();
        return 0;
    }
    buf = message();
    result(timed(once), (long long) (aclmpl_npes() - 1) * bytes);
    return 0;
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
