/* Integer semantics: unsigned wrap-around for every width, the usual arithmetic conversions between signed
 * and unsigned (comparisons that surprise), integer promotions of char and short, conversions that narrow
 * (modulo 2^N for unsigned targets; gcc and scmpcc both wrap for signed ones), division and remainder
 * signs, shifts, and a few classic bit tricks. */
#include <limits.h>
#include <stdio.h>

static int popcount(unsigned int x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

static unsigned int reverse_bits(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

static int clz(unsigned int x)
{
    int n = 0;
    if (!x)
        return 32;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n++;
    }
    return n;
}

int main(void)
{
    unsigned int u = UINT_MAX;
    unsigned short us = USHRT_MAX;
    unsigned char uc = UCHAR_MAX;
    unsigned long long ull = ULLONG_MAX;
    int i;

    u++;
    us++;
    uc++;
    ull++;
    printf("wrap up: %u %u %u %llu\n", u, us, uc, ull);
    u--;
    us--;
    uc--;
    ull--;
    printf("wrap down: %u %u %u %llu\n", u, us, uc, ull);
    printf("UINT_MAX*UINT_MAX=%u  0u-1=%u  -1u=%u  (unsigned)-5=%u\n", UINT_MAX * UINT_MAX, 0u - 1, -1u,
           (unsigned)-5);
    printf("65535*65537=%u 123456789*987654321=%u\n", 65535u * 65537u, 123456789u * 987654321u);

    /* the usual arithmetic conversions */
    printf("-1 < 1u: %d   -1 < 1: %d   (int)-1 < (long long)1u: %d\n", -1 < 1u, -1 < 1, -1 < (long long)1u);
    printf("sizeof(1u + 1) %u, (unsigned char)200 + (unsigned char)100 = %d\n", (unsigned)sizeof(1u + 1),
           (unsigned char)200 + (unsigned char)100);
    {
        unsigned short a = 60000, b = 60000;
        int prod = a * b < 0;          /* promoted to int: 3.6e9 overflows int... avoided below */
        (void)prod;
        printf("ushort*ushort as unsigned: %u\n", (unsigned)a * b);
        printf("ushort compare: %d\n", (unsigned short)(a + b) < a);
    }
    {
        signed char sc = -1;
        unsigned char c2 = 255;
        printf("schar -1 == uchar 255: %d; as ints %d %d\n", sc == c2, sc, c2);
        printf("(unsigned char)-1 = %d, (signed char)200 = %d, (short)70000 = %d, (unsigned short)-1 = %d\n",
               (unsigned char)-1, (signed char)200, (short)70000, (unsigned short)-1);
        printf("(int)3000000000u = %d, (unsigned)-2147483648LL = %u\n", (int)3000000000u,
               (unsigned)-2147483648LL);
        printf("(int)0x123456789LL = %d, (unsigned short)0x12345 = %u\n", (int)0x123456789LL,
               (unsigned short)0x12345);
    }
    /* division and remainder truncate toward zero */
    for (i = -7; i <= 7; i += 7) {
        int j;
        for (j = -3; j <= 3; j += 6)
            printf("%d/%d=%d %d%%%d=%d  ", i, j, i / j, i, j, i % j);
    }
    printf("\nINT_MIN/2=%d INT_MIN%%3=%d INT_MAX/-1=%d\n", INT_MIN / 2, INT_MIN % 3, INT_MAX / -1);
    printf("unsigned: %u %u %u\n", 4000000000u / 3u, 4000000000u % 7u, (0u - 7u) / 2u);
    /* shifts */
    for (i = 0; i < 32; i += 5)
        printf("1u<<%d=%u 0x80000000u>>%d=%u 0x7fffffff>>%d=%d\n", i, 1u << i, i, 0x80000000u >> i, i,
               0x7fffffff >> i);
    /* bit tricks */
    {
        static const unsigned int xs[] = { 0, 1, 2, 3, 0xff, 0x80000000u, 0xffffffffu, 0x12345678u, 0xdeadbeefu };
        for (i = 0; i < 9; i++) {
            unsigned int x = xs[i];
            printf("%08x: pop %2d clz %2d rev %08x lowbit %08x pow2 %d rotl7 %08x\n", x, popcount(x), clz(x),
                   reverse_bits(x), x & (0u - x), x && !(x & (x - 1)), (x << 7) | (x >> 25));
        }
    }
    /* unsigned loop that counts down through zero */
    {
        unsigned int k, n = 0;
        for (k = 10; k < 100; k -= 3)
            n++;
        printf("countdown iterations %u, final k %u\n", n, k);
    }
    /* a 32-bit LCG and xorshift, both relying on wrap-around */
    {
        unsigned int s = 1, x = 2463534242u;
        for (i = 0; i < 8; i++) {
            s = s * 1664525u + 1013904223u;
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            printf("%10u %10u\n", s, x);
        }
    }
    /* mixing sizes in compound assignment */
    {
        unsigned char acc = 0;
        short sh = 0;
        for (i = 0; i < 1000; i++) {
            acc += (unsigned char)i;
            sh += (short)(i * 77);
        }
        printf("acc %u sh %d\n", acc, sh);
    }
    return 0;
}
