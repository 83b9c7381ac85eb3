/* Reduce (docs/aclmpl.md, "Benchmarks"): aclmpl_reduce of BYTES / 4 ints with aclmpl_sum_int to PE 0 (tree
 * below 1024 elements, binary swap from there on); the figure is the time of one reduce. PROTOCOL sync is
 * aclmpl_reduce; "tree" and "swap" force one algorithm. Run: scmpsim --mesh 8x4 reduce sync 1024. */
#include "bench.h"

static int *buf;
static int algorithm;

static void once(int rep) {
    (void) rep;
    if (algorithm == 0) {
        aclmpl_reduce(buf, bytes / 4, 4, aclmpl_sum_int, 0);
    } else if (algorithm == 1) {
        aclmpl_reduce_tree(buf, bytes / 4, 4, aclmpl_sum_int, 0);
    } else {
        aclmpl_reduce_swap(buf, bytes / 4, 4, aclmpl_sum_int, 0);
    }
}

static int body(int argc, char **argv) {
    if (argc > 1 && (strcmp(argv[1], "tree") == 0 || strcmp(argv[1], "swap") == 0)) {
        algorithm = argv[1][0] == 't' ? 1 : 2;
        argv[1] = "sync";
    }
    if (!parse(argc, argv, "reduce")) {
        return 1;
    }
    if (algorithm) {
        protocol_name = algorithm == 1 ? "tree" : "swap";
    }
    if (protocol != SYNC) {
        skipped();
        return 0;
    }
    buf = message();
    result(timed(once), 0);
    return 0;
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
