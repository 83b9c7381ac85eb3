/* Reduce (docs/aclmpl.md, "Benchmarks"): aclmpl_reduce of BYTES / 4 ints with aclmpl_sum_int to PE 0 (tree
 * below 1024 elements, binary swap from there on); the figure is the time of one reduce. PROTOCOL sync is
 * aclmpl_reduce; "tree" and "swap" force one algorithm. Run: scmpsim --mesh 8x4 reduce sync 1024. */
#include "bench.h"

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

static const struct bench_case bench = {"reduce", once, 1 << SYNC, 1, 0, 0};

static int body(int argc, char **argv) {
    if (argc > 1) {
        algorithm = strcmp(argv[1], "tree") == 0 ? 1 : strcmp(argv[1], "swap") == 0 ? 2 : 0;
    }
    return bench_run(argc, argv, &bench);
}

int main(int argc, char **argv) {
    return aclmpl_run(argc, argv, body);
}
