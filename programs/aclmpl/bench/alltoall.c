/* All-to-all (docs/aclmpl.md, "Benchmarks"): in step k = 1 .. P-1 every PE sends a message to PE me + k and
 * receives one from PE me - k (sync: send_and_receive; async: send, then blocking receive; put: a block and a
 * flag into the target's region for this sender); the rate is one PE's bytes sent per microsecond. Run:
 * scmpsim --mesh 8x4 alltoall sync 1024. */
#include "bench.h"

static void once(int rep) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    long flag = rep + 1;
    for (int k = 1; k < p; k++) {
        int to = (me + k) % p;
        int from = (me + p - k) % p;
        if (protocol == SYNC) {
            aclmpl_send_and_receive(to, buf, bytes, from, in, bytes);
        } else if (protocol == ASYNC) {
            aclmpl_send_async(to, 1, buf, bytes);
            aclmpl_receive_block(from, 1, in, bytes, 0, 0);
        } else {
            acl_put_signal(&region[me * (bytes / 4)], buf, bytes / 4, (void *) &flags[me], &flag, 1, to);
        }
    }
    if (protocol == PUT) {
        for (int s = 0; s < p; s++) {
            if (s != me) {
                wait_flag(&flags[s], flag);
            }
        }
    }
}

static const struct bench_case bench = {"alltoall", once, 1 << SYNC | 1 << ASYNC | 1 << PUT, 2, 1, 0};

static int body(int argc, char **argv) {
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
