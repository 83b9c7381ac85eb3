/* One-to-all (docs/aclmpl.md, "Benchmarks"): PE 0 sends a message to every other PE, one after the other;
 * the rate is PE 0's bytes sent per microsecond. Run: scmpsim --mesh 8x4 onetoall sync 1024. */
#include "bench.h"

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

static const struct bench_case bench = {"onetoall", once, 1 << SYNC | 1 << ASYNC | 1 << PUT, 1, 1, 0};

static int body(int argc, char **argv) {
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
