/* Latency (docs/aclmpl.md, "Benchmarks"; the paper's Table 1): PE 0 and PE 1 play ping-pong with messages of
 * BYTES (one word: 4); the figure is half a round trip. Run: scmpsim --mesh 2x1 latency sync 4 100. */
#include "bench.h"

static void once(int rep) {
    int me = aclmpl_self();
    if (me > 1) {
        return;
    }
    int other = 1 - me;
    long flag = rep + 1;
    for (int turn = 0; turn < 2; turn++) {
        if (turn == me) {
            if (protocol == SYNC) {
                aclmpl_send(other, buf, bytes);
            } else if (protocol == ASYNC) {
                aclmpl_send_async(other, 1, buf, bytes);
            } else {
                acl_put_signal(region, buf, bytes / 4, (void *) &flags[0], &flag, 1, other);
            }
        } else if (protocol == SYNC) {
            aclmpl_receive(other, buf, bytes);
        } else if (protocol == ASYNC) {
            aclmpl_receive_block(other, 1, buf, bytes, 0, 0);
        } else {
            acl_wait_until(&flags[0], flag);
        }
    }
}

static const struct bench_case bench = {"latency", once, 1 << SYNC | 1 << ASYNC | 1 << PUT, 1, 0, 1};

static int body(int argc, char **argv) {
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
