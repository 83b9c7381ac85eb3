/* A first SCMP program: compile with bin/scmpcc, run with bin/scmpsim --cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

static int compare(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

int main(int argc, char **argv) {
    int v[] = {5, 3, 9, 1, 7};
    clock_t start = clock();
    qsort(v, 5, sizeof v[0], compare);
    clock_t sorted = clock();
    printf("hello from SCMP node 0: sorted %d %d %d %d %d in %ld cycles\n", v[0], v[1], v[2], v[3], v[4],
           (long)(sorted - start));
    printf("sqrt(2) = %.15f, e = %.15e, 2^64 = %.0f\n", sqrt(2.0), exp(1.0), pow(2.0, 64.0));
    long long big = 1234567890123LL * 7;
    printf("64-bit: %lld = 0x%llx\n", big, big);
    char *s = malloc(32);
    strcpy(s, argc > 1 ? argv[1] : "world");
    printf("hello, %s\n", s);
    free(s);
    return 0;
}
