/* Put and get bandwidth (docs/t3d.md "Measured"): PE 0 moves a block of argv[1] bytes (default 65536) to PE 1
 * with one t3d_put() and waits with t3d_quiet(), then reads it back with one t3d_get(); each is timed from the
 * call to its completion. Prints MB/s (bytes per microsecond at 150 MHz). Run: scmpsim -n 2 bandwidth [BYTES]. */
#include <stdio.h>
#include <stdlib.h>
#include <t3d.h>

#define MAX_WORDS (1 << 18)

long block[MAX_WORDS], back[MAX_WORDS];

static void report(const char *what, int bytes, unsigned long long cycles) {
    /* MB/s = bytes / (cycles / 150 MHz) / 1e6 = bytes * 150 / cycles; two decimals */
    unsigned long long centi = (unsigned long long) bytes * T3D_CLOCK_MHZ * 100 / cycles;
    printf("%s bandwidth, %d bytes: %llu cycles, %llu.%02llu MB/s\n", what, bytes, cycles, centi / 100, centi % 100);
}

int main(int argc, char **argv) {
    int bytes = argc > 1 ? atoi(argv[1]) : 65536;
    int words = bytes / 4;
    if (words < 1 || words > MAX_WORDS) {
        printf("bandwidth: 4 to %d bytes\n", 4 * MAX_WORDS);
        return 1;
    }
    int me = t3d_my_pe();
    for (int i = 0; i < words; i++) {
        block[i] = i * 3 + me;
    }
    t3d_barrier();
    int errors = 0;
    if (me == 0) {
        unsigned long long t0 = t3d_cycles();
        t3d_put(back, block, words, 1);
        t3d_quiet();
        report("put", bytes, t3d_cycles() - t0);
        t0 = t3d_cycles();
        t3d_get(back, back, words, 1);
        report("get", bytes, t3d_cycles() - t0);
        for (int i = 0; i < words; i++) {
            errors += back[i] != i * 3;
        }
    }
    t3d_barrier();
    return errors;
}
