/* 64-bit integer arithmetic: multiplication, division and remainder (signed and unsigned, all sign
 * combinations), shifts by constants and by variables, comparisons, conversions to and from double and
 * float, and mixing with 32-bit values. */
#include <stdio.h>
#include <limits.h>

static const long long sv[] = { 0, 1, -1, 2, -2, 3, 7, -7, 10, 1000, -1000, 65535, 65536, 2147483647LL,
    -2147483648LL, 4294967295LL, 4294967296LL, 123456789012345LL, -987654321098765LL,
    0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1, 0x100000001LL, 0x00ff00ff00ff00ffLL, 1LL << 52,
    (1LL << 53) + 1, -(1LL << 40) + 3 };
#define NS ((int)(sizeof sv / sizeof sv[0]))

static unsigned long long checksum;
static void mix(unsigned long long v)
{
    checksum = (checksum ^ v) * 0x100000001b3ULL;
}

int main(void)
{
    int i, j, s;
    for (i = 0; i < NS; i++) {
        long long a = sv[i];
        unsigned long long ua = (unsigned long long)a;
        printf("a=%lld ua=%llu hex=%llx\n", a, ua, ua);
        for (j = 0; j < NS; j++) {
            long long b = sv[j];
            unsigned long long ub = (unsigned long long)b;
            mix((unsigned long long)(a * b));
            mix(ua * ub);
            mix((unsigned long long)(a + b));
            mix((unsigned long long)(a - b));
            mix((a < b) + 2 * (a == b) + 4 * (ua < ub) + 8 * (a >= b) + 16 * (ua > ub));
            if (b != 0) {
                mix(ua / ub);
                mix(ua % ub);
                if (!(a == LLONG_MIN && b == -1)) {
                    mix((unsigned long long)(a / b));
                    mix((unsigned long long)(a % b));
                }
            }
            if (j % 6 == 0 && b != 0 && !(a == LLONG_MIN && b == -1))
                printf("  %lld / %lld = %lld r %lld; u: %llu r %llu; * = %lld\n", a, b, a / b, a % b, ua / ub,
                       ua % ub, a * b);
        }
        for (s = 0; s < 64; s += 5) {
            mix(ua << s);
            mix(ua >> s);
            if (a >= 0)
                mix((unsigned long long)(a >> s));
        }
        printf("  <<13 %llx >>13 %llx <<40 %llx >>40 %llx >>63 %llu\n", ua << 13, ua >> 13, ua << 40, ua >> 40,
               ua >> 63);
        printf("  to double %.17g (unsigned %.17g)\n", (double)a, (double)ua);
    }
    printf("checksum %016llx\n", checksum);

    /* arithmetic shift of negative values is implementation-defined in C; gcc and scmpcc both shift in sign
       bits, but the corpus avoids printing it; division toward zero is standard */
    {
        long long x = -1000000000000LL;
        printf("%lld %lld %lld %lld\n", x / 7, x % 7, x / -7, x % -7);
        printf("%lld %lld\n", (x * 3) / 1000, -x / 3);
    }
    /* conversions from double, both directions of sign, and unsigned near the top */
    {
        static const double ds[] = { 0.0, 0.9, -0.9, 1.5, -1.5, 4294967296.5, -4294967297.75, 1e15, -1e15,
                                     9007199254740993.0, 9.2233720368547748e18, -9.2233720368547758e18,
                                     123456789.987654321 };
        for (i = 0; i < (int)(sizeof ds / sizeof ds[0]); i++)
            printf("(long long)%.17g = %lld\n", ds[i], (long long)ds[i]);
        printf("%llu %llu %llu\n", (unsigned long long)1.8446744073709550e19, (unsigned long long)9.3e18,
               (unsigned long long)4294967295.9);
    }
    /* large unsigned to double: correctly rounded (round to nearest even) */
    {
        volatile unsigned long long u1 = 0x8000000000000401ULL, u2 = 0xfffffffffffff800ULL,
            u3 = 0xfffffffffffffc00ULL, u4 = 0x20000000000001ULL, u5 = 0x20000000000003ULL;
        printf("%.17g %.17g %.17g %.17g %.17g\n", (double)u1, (double)u2, (double)u3, (double)u4, (double)u5);
        printf("%.17g %.17g %.17g\n", (double)0x8000000000000401ULL, (double)0xfffffffffffff800ULL,
               (double)0x20000000000003ULL);
    }
    /* to float: one rounding, directly to single precision */
    {
        volatile long long l1 = 0x1000000A0000001LL, l2 = -0x1000000A0000001LL, l3 = 16777217;
        volatile unsigned long long u1 = 0xFFFFFF7FFFFFFFFFULL, u2 = 0x8000008000000001ULL;
        float f1 = l1, f2 = l2, f3 = l3, f4 = u1, f5 = u2;
        printf("%.9g %.9g %.9g %.9g %.9g\n", f1, f2, f3, f4, f5);
        f1 = 0x1000000A0000001LL;
        f4 = 0xFFFFFF7FFFFFFFFFULL;
        f5 = 0x8000008000000001ULL;
        printf("%.9g %.9g %.9g\n", f1, f4, f5);
    }
    /* mixing with 32-bit values */
    {
        int k = -5;
        unsigned int uk = 5u;
        long long big = 3000000000LL;
        printf("%lld %lld %lld %llu\n", big + k, big * k, big / k, (unsigned long long)big * uk);
        printf("%d %u %d\n", (int)(big >> 1), (unsigned)(big << 3), (int)(big % 1000000007));
        printf("%lld\n", (long long)INT_MAX * INT_MAX + (long long)INT_MIN * 2);
    }
    /* factorials and binomials near the limit */
    {
        unsigned long long f = 1;
        long long c[67];
        for (i = 1; i <= 20; i++) {
            f *= (unsigned long long)i;
            printf("%d! = %llu\n", i, f);
        }
        for (i = 0; i <= 66; i++)
            c[i] = 0;
        c[0] = 1;
        for (i = 1; i <= 66; i++)
            for (j = i; j > 0; j--)
                c[j] += c[j - 1];
        printf("C(66,33) = %lld, C(66,10) = %lld\n", c[33], c[10]);
    }
    /* shifts by a variable amount */
    {
        unsigned long long one = 1;
        long long m = -1;
        for (s = 0; s < 64; s += 9)
            printf("1<<%d = %llu, ~0>>%d = %llx, (-1<<%d) = %lld\n", s, one << s, s, ~0ULL >> s, s,
                   (long long)((unsigned long long)m << s));
    }
    return (int)(checksum & 0x7f);
}
