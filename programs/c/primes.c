/* Number theory: a sieve of Eratosthenes over 200000, prime counts by decade, twin primes, factorization,
 * gcd/lcm, modular exponentiation with 64-bit intermediates, a Miller-Rabin test checked against the sieve,
 * Euler's totient, and perfect numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 200000

static unsigned char *composite;

static unsigned long long powmod(unsigned long long b, unsigned long long e, unsigned long long m)
{
    unsigned long long r = 1;
    b %= m;
    while (e) {
        if (e & 1)
            r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return r;
}

/* deterministic for n < 3,215,031,751 with bases 2, 3, 5, 7 */
static int miller_rabin(unsigned int n)
{
    static const unsigned int bases[] = { 2, 3, 5, 7 };
    unsigned int d = n - 1, i;
    int s = 0;
    if (n < 2)
        return 0;
    for (i = 0; i < 4; i++)
        if (n == bases[i])
            return 1;
    for (i = 0; i < 4; i++)
        if (n % bases[i] == 0)
            return 0;
    while ((d & 1) == 0) {
        d >>= 1;
        s++;
    }
    for (i = 0; i < 4; i++) {
        unsigned long long x = powmod(bases[i], d, n);
        int r;
        if (x == 1 || x == n - 1)
            continue;
        for (r = 1; r < s; r++) {
            x = x * x % n;
            if (x == n - 1)
                break;
        }
        if (r == s)
            return 0;
    }
    return 1;
}

static unsigned int gcd(unsigned int a, unsigned int b)
{
    while (b) {
        unsigned int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void factor(unsigned int n)
{
    unsigned int p;
    int first = 1;
    printf("%u =", n);
    for (p = 2; p * p <= n; p++) {
        int e = 0;
        while (n % p == 0) {
            n /= p;
            e++;
        }
        if (e) {
            printf("%s %u", first ? "" : " *", p);
            if (e > 1)
                printf("^%d", e);
            first = 0;
        }
    }
    if (n > 1)
        printf("%s %u", first ? "" : " *", n);
    printf("\n");
}

static unsigned int totient(unsigned int n)
{
    unsigned int r = n, p;
    for (p = 2; p * p <= n; p++)
        if (n % p == 0) {
            while (n % p == 0)
                n /= p;
            r -= r / p;
        }
    if (n > 1)
        r -= r / n;
    return r;
}

int main(void)
{
    int i, j, count = 0, twins = 0, decade = 10, mismatches = 0;
    long long sum = 0;
    composite = calloc(LIMIT + 1, 1);
    composite[0] = composite[1] = 1;
    for (i = 2; (long)i * i <= LIMIT; i++)
        if (!composite[i])
            for (j = i * i; j <= LIMIT; j += i)
                composite[j] = 1;
    for (i = 0; i <= LIMIT; i++) {
        if (!composite[i]) {
            count++;
            sum += i;
            if (i >= 5 && !composite[i - 2])
                twins++;
        }
        if (i == decade) {
            printf("pi(%d) = %d\n", decade, count);
            decade *= 10;
        }
        if ((i % 7 == 0 || i < 1000) && miller_rabin((unsigned)i) != !composite[i])
            mismatches++;
    }
    printf("primes <= %d: %d, sum %lld, twin pairs %d, MR mismatches %d\n", LIMIT, count, sum, twins, mismatches);
    printf("first 30:");
    for (i = 0, j = 0; j < 30; i++)
        if (!composite[i]) {
            printf(" %d", i);
            j++;
        }
    printf("\nlast 10 below limit:");
    for (i = LIMIT, j = 0; j < 10; i--)
        if (!composite[i]) {
            printf(" %d", i);
            j++;
        }
    printf("\n");
    {
        static const unsigned int big[] = { 2147483647u, 4294967291u, 4294967295u, 3215031749u, 1000000007u,
                                            999999937u, 561u, 1105u, 2821u, 4294967279u };
        for (i = 0; i < 10; i++)
            printf("MR(%u) = %d\n", big[i], miller_rabin(big[i]));
    }
    factor(360);
    factor(1001);
    factor(65537);
    factor(4294967295u);
    factor(2147483646u);
    factor(600851475u);
    factor(1u << 31);
    printf("gcd %u %u %u lcm %u\n", gcd(1071, 462), gcd(17, 5), gcd(0, 9), 1071u / gcd(1071, 462) * 462u);
    printf("powmod: %llu %llu %llu\n", powmod(2, 1000000, 1000000007), powmod(3, 4294967295u, 4294967291u),
           powmod(123456789, 987654321, 998244353));
    printf("totients:");
    for (i = 1; i <= 30; i++)
        printf(" %u", totient((unsigned)i));
    printf("\nphi(1000000) = %u, phi(999983) = %u\n", totient(1000000), totient(999983));
    printf("perfect:");
    for (i = 2; i < 10000; i++) {
        int s = 1;
        for (j = 2; j * j <= i; j++)
            if (i % j == 0)
                s += j + (j * j != i ? i / j : 0);
        if (s == i)
            printf(" %d", i);
    }
    printf("\n");
    free(composite);
    return count % 256;
}
