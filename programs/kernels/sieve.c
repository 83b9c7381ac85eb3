/* Sieve of Eratosthenes up to 200000: byte stores, loops, branches. Built with -DREPEAT=N, the sieve runs N times,
   from a cleared table each time (programs/kernels/qemu-compare.sh); without it the code is that of one sieve. */
#include <stdio.h>
#define N 200000
static char composite[N + 1];
int main(void) {
    int count = 0;
#ifdef REPEAT
    for (int r = 0; r < REPEAT; r++) {
        for (int i = 0; i <= N; i++)
            composite[i] = 0;
        count = 0;
#endif
    for (int i = 2; i <= N; i++) {
        if (!composite[i]) {
            count++;
            for (int j = i + i; j <= N; j += i)
                composite[j] = 1;
        }
    }
#ifdef REPEAT
    }
#endif
    printf("%d primes below %d\n", count, N);
    return 0;
}
