/* Put latency (docs/t3d.md "Measured"): PE 0 and a partner (argv[1], default 1) play ping-pong with one-word
 * t3d_put()s, each side spinning on its flag until the other's word lands; the one-way latency is the round
 * trip's half. Prints the cycles and microseconds of one put. Run: scmpsim -n N put_latency [PARTNER]. */
#include <stdio.h>
#include <stdlib.h>
#include <t3d.h>

#define ROUNDS 100

volatile long flag;
long value;

int main(int argc, char **argv) {
    int me = t3d_my_pe();
    int partner = argc > 1 ? atoi(argv[1]) : 1;
    t3d_barrier();
    if (me == 0 || me == partner) {
        int other = me == 0 ? partner : 0;
        unsigned long long t0 = t3d_cycles();
        for (long i = 1; i <= ROUNDS; i++) {
            if (me == 0) {
                value = i;
                t3d_put((void *) &flag, &value, 1, other);
                while (flag != i) {
                }
            } else {
                while (flag != i) {
                }
                value = i;
                t3d_put((void *) &flag, &value, 1, other);
            }
        }
        unsigned long long cycles = t3d_cycles() - t0;
        if (me == 0) {
            long one = (long) (cycles / (2 * ROUNDS));
            printf("put latency PE 0 <-> PE %d: %ld cycles, %ld.%02ld us\n", partner, one, one / T3D_CLOCK_MHZ,
                   one * 100 / T3D_CLOCK_MHZ % 100);
        }
    }
    t3d_barrier();
    return 0;
}
