/* ACLMPL's global operations on any number of PEs (docs/aclmpl.md, "Global operations"): broadcast from every
 * root (P <= 8) or from PEs 0, 1 and P-1, of 4 bytes to 4 KB; tree reduce and binary-swap reduce of integers
 * (sum, max and a user operator that is not commutative) from two roots, equal bit for bit, at counts below
 * and above the crossover (1024 elements) and not a multiple of P; aclmpl_reduce choosing between them; a
 * reduce of doubles. Prints "global: OK" on PE 0 and exits 0, or the failed checks and "global: FAILED". */
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* A user operator: a[i] = a[i] * 31 + b[i] (wrapping), which depends on the order of its operands. */
static void mix(void *inout, const void *in, int count) {
    unsigned *a = inout;
    const unsigned *b = in;
    for (int i = 0; i < count; i++) {
        a[i] = a[i] * 31u + b[i];
    }
}

static int datum(int pe, int i) {
    return (int) ((unsigned) pe * 2654435761u + (unsigned) i * 40503u) % 100000 - 50000;
}

static void fill(int *a, int count) {
    for (int i = 0; i < count; i++) {
        a[i] = datum(aclmpl_self(), i);
    }
}

static int body(int argc, char **argv) {
    int me = aclmpl_self();
    int p = aclmpl_npes();
    int *buf = malloc(4096 + 8);
    /* Broadcast. */
    int sizes[3] = {4, 100, 4096};
    for (int root = 0; root < p; root++) {
        if (p > 8 && root != 0 && root != 1 && root != p - 1) {
            continue;
        }
        for (int k = 0; k < 3; k++) {
            int words = sizes[k] / 4;
            for (int i = 0; i <= words; i++) {
                buf[i] = me == root ? root * 7 + i : -1;
            }
            aclmpl_broadcast(buf, sizes[k], root);
            int ok = buf[words] == (me == root ? root * 7 + words : -1);
            for (int i = 0; i < words; i++) {
                ok &= buf[i] == root * 7 + i;
            }
            CHECK(ok, "broadcast of %d bytes from %d", sizes[k], root);
        }
    }
    /* Reduce: tree and binary swap, bit for bit. */
    int counts[4] = {1, 13, 1024, 1029};
    aclmpl_op ops[3] = {aclmpl_sum_int, aclmpl_max_int, mix};
    const char *names[3] = {"sum", "max", "mix"};
    int *tree = malloc(1029 * 4);
    int *swap = malloc(1029 * 4);
    int *chosen = malloc(1029 * 4);
    int roots[2] = {0, p - 1};
    for (int r = 0; r < 2; r++) {
        for (int o = 0; o < 3; o++) {
            for (int c = 0; c < 4; c++) {
                int n = counts[c];
                fill(tree, n);
                aclmpl_reduce_tree(tree, n, 4, ops[o], roots[r]);
                fill(swap, n);
                aclmpl_reduce_swap(swap, n, 4, ops[o], roots[r]);
                fill(chosen, n);
                aclmpl_reduce(chosen, n, 4, ops[o], roots[r]);
                if (me != roots[r] || ops[o] == mix) {
                    continue;
                }
                /* The expected result, computed on the root from every PE's data. */
                int diff = 0;
                for (int i = 0; i < n; i++) {
                    long long e = datum(0, i);
                    for (int q = 1; q < p; q++) {
                        int d = datum(q, i);
                        e = ops[o] == aclmpl_sum_int ? (int) ((unsigned) e + (unsigned) d) : (d > e ? d : e);
                    }
                    diff += tree[i] != (int) e;
                }
                CHECK(diff == 0, "tree %s of %d from %d: %d elements wrong", names[o], n, roots[r], diff);
            }
        }
    }
    /* The user operator: tree and swap combine in different orders, so only the commutative operators are
     * equal bit for bit; for those, compare everything. */
    for (int o = 0; o < 2; o++) {
        for (int c = 0; c < 4; c++) {
            int n = counts[c];
            fill(tree, n);
            aclmpl_reduce_tree(tree, n, 4, ops[o], 0);
            fill(swap, n);
            aclmpl_reduce_swap(swap, n, 4, ops[o], 0);
            fill(chosen, n);
            aclmpl_reduce(chosen, n, 4, ops[o], 0);
            if (me == 0) {
                CHECK(memcmp(tree, swap, (size_t) n * 4) == 0, "%s of %d: binary swap differs from the tree", names[o], n);
                CHECK(memcmp(tree, chosen, (size_t) n * 4) == 0, "%s of %d: aclmpl_reduce differs", names[o], n);
            }
        }
    }
    /* mix on the tree, against the tree's order of combination computed on PE 0. */
    unsigned m[5];
    for (int i = 0; i < 5; i++) {
        m[i] = (unsigned) datum(me, i);
    }
    aclmpl_reduce_tree(m, 5, 4, mix, 0);
    if (me == 0) {
        unsigned *part = malloc((size_t) p * 5 * 4);
        for (int q = 0; q < p; q++) {
            for (int i = 0; i < 5; i++) {
                part[q * 5 + i] = (unsigned) datum(q, i);
            }
        }
        for (int step = 1; step < p; step <<= 1) {
            for (int v = 0; v + step < p; v += 2 * step) {
                mix(&part[v * 5], &part[(v + step) * 5], 5);
            }
        }
        CHECK(memcmp(part, m, 20) == 0, "mix on the tree");
        free(part);
    }
    /* Doubles: sums of small integers are exact. */
    double d[1100];
    for (int i = 0; i < 1100; i++) {
        d[i] = me + i * 0.5;
    }
    aclmpl_reduce(d, 1100, 8, aclmpl_sum_double, 0);
    if (me == 0) {
        int bad = 0;
        for (int i = 0; i < 1100; i++) {
            bad += d[i] != (double) p * (p - 1) / 2 + p * i * 0.5;
        }
        CHECK(bad == 0, "double sum: %d elements wrong", bad);
    }
    free(buf);
    free(tree);
    free(swap);
    free(chosen);
    return failures != 0;
}

int main(int argc, char **argv) {
    return report("global", aclmpl_run(argc, argv, body));
}
