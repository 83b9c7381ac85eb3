/* All-to-one (docs/aclmpl.md, "Benchmarks"): every other PE sends a message to PE 0, which takes them in PE
 * order (sync) or as they come (async, put); the rate is PE 0's bytes received per microsecond. Run: scmpsim
 * --mesh 8x4 alltoone sync 1024. */
#include "bench.h"

static void once(int rep) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    if (protocol == PUT) {
        long flag = rep + 1;
        if (me != 0) {
            acl_put_signal(&region[(me - 1) * (bytes / 4)], buf, bytes / 4, (void *) &flags[me], &flag, 1, 0);
        } else {
            for (int s = 1; s < p; s++) {
                wait_flag(&flags[s], flag);
            }
        }
    } else if (me != 0) {
        if (protocol == SYNC) {
            aclmpl_send(0, buf, bytes);
        } else {
            aclmpl_send_async(0, 1, buf, bytes);
        }
    } else {
        for (int s = 1; s < p; s++) {
            if (protocol == SYNC) {
                aclmpl_receive(s, buf, bytes);
            } else {
                aclmpl_receive_block(ACLMPL_ANY, 1, buf, bytes, 0, 0);
            }
        }
    }
}

static const struct bench_case bench = {"alltoone", once, 1 << SYNC | 1 << ASYNC | 1 << PUT, 2, 1, 0};

static int body(int argc, char **argv) {
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
