/* bench.h - what lapi_bench.c and mpi_bench.c share: the SP node's clock and their output line. */
#ifndef SP_BENCH_H
#define SP_BENCH_H

#include <stdio.h>

#define MHZ 332                  /* the SP node's clock (docs/sp.md) */
#define MAXBYTES (256 * 1024)    /* the longest message */

/* Prints "WHAT SIZE CYCLES US [MB/S]": `cycles` over `count` one-way messages of n bytes, MB/s when bw. */
static void line(const char *what, int n, unsigned long long cycles, int count, int bw) {
    unsigned long long per = (cycles + count / 2) / count;
    double us = (double)cycles / count / MHZ;
    if (bw)
        printf("%s %d %llu %.3f %.3f\n", what, n, per, us, n / us);
    else
        printf("%s %d %llu %.3f\n", what, n, per, us);
}

#endif
