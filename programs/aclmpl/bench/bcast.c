/* Broadcast (docs/aclmpl.md, "Benchmarks"): aclmpl_broadcast of a message from PE 0 (sync only: ACLMPL's
 * global operations are built on the synchronous protocol); the figure is the time of one broadcast. Run:
 * scmpsim --mesh 8x4 bcast sync 1024. */
#include "bench.h"

static void once(int rep) {
    (void) rep;
    aclmpl_broadcast(buf, bytes, 0);
}

static const struct bench_case bench = {"bcast", once, 1 << SYNC, 1, 0, 0};

static int body(int argc, char **argv) {
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
