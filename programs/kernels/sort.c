/* Sorting 20000 integers with qsort and a comparison function: calls through a function pointer. Built with
   -DREPEAT=N, N sets of 20000 are generated and sorted, the generator going on from one to the next, and the last is
   checked (programs/kernels/qemu-compare.sh); without it the code is that of one sort. */
#include <stdio.h>
#include <stdlib.h>
#define N 20000
static int v[N];
static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
int main(void) {
    unsigned s = 12345;
#ifdef REPEAT
    for (int r = 0; r < REPEAT; r++) {
#endif
    for (int i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        v[i] = (int)(s >> 8) % 100000;
    }
    qsort(v, N, sizeof v[0], cmp);
#ifdef REPEAT
    }
#endif
    for (int i = 1; i < N; i++)
        if (v[i - 1] > v[i]) {
            printf("not sorted\n");
            return 1;
        }
    printf("sorted %d values, median %d\n", N, v[N / 2]);
    return 0;
}
