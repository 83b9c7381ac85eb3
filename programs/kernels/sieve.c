/* Sieve of Eratosthenes up to 200000: byte stores, loops, branches. */
#include <stdio.h>
#define N 200000
static char composite[N + 1];
int main(void) {
    int count = 0;
    for (int i = 2; i <= N; i++) {
        if (!composite[i]) {
            count++;
            for (int j = i + i; j <= N; j += i)
                composite[j] = 1;
        }
    }
    printf("%d primes below %d\n", count, N);
    return 0;
}
