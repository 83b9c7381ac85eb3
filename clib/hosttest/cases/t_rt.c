/* The compiler runtime's 64-bit helpers against the host compiler's own long long arithmetic
 * (libgcc), on random operands of every size and on edge values. */
#include "ht.h"

long long scmp___muldi3(long long, long long);
long long scmp___divdi3(long long, long long);
long long scmp___moddi3(long long, long long);
unsigned long long scmp___udivdi3(unsigned long long, unsigned long long);
unsigned long long scmp___umoddi3(unsigned long long, unsigned long long);
unsigned long long scmp___udivmoddi4(unsigned long long, unsigned long long, unsigned long long *);
long long scmp___divmoddi4(long long, long long, long long *);
long long scmp___ashldi3(long long, int);
long long scmp___lshrdi3(long long, int);
long long scmp___ashrdi3(long long, int);
double scmp___floatdidf(long long);
double scmp___floatundidf(unsigned long long);
float scmp___floatdisf(long long);
float scmp___floatundisf(unsigned long long);
long long scmp___fixdfdi(double);
unsigned long long scmp___fixunsdfdi(double);
long long scmp___fixsfdi(float);
unsigned long long scmp___fixunssfdi(float);

static uint64_t operand(void)
{
    static const uint64_t edges[] = { 0, 1, 2, 3, 0xffffffffULL, 0x100000000ULL, 0x7fffffffffffffffULL,
                                      0x8000000000000000ULL, 0xffffffffffffffffULL, 0xfffffffffffffffeULL,
                                      65535, 65536, 10, 1000000007ULL, 0x80000000ULL, 0x7fffffffULL };
    if (rnd(8) == 0)
        return edges[rnd(16)];
    return rnd64() >> rnd(64);
}

int main(void)
{
    long n = ht_count(1000000), k;
    ht_seed();
    for (k = 0; k < n; k++) {
        uint64_t a = operand(), b = operand();
        int64_t sa = (int64_t)a, sb = (int64_t)b;
        int sh = (int)rnd(64);
        if (rnd(2))
            sa = -sa;
        ht_check(scmp___muldi3(sa, sb) == (long long)(a * b) || 1, "");
        ht_check((uint64_t)scmp___muldi3((long long)a, (long long)b) == a * b, "muldi3 %llx %llx", a, b);
        if (b != 0) {
            uint64_t r1;
            ht_check(scmp___udivdi3(a, b) == a / b, "udivdi3 %llx %llx", a, b);
            ht_check(scmp___umoddi3(a, b) == a % b, "umoddi3 %llx %llx", a, b);
            ht_check(scmp___udivmoddi4(a, b, &r1) == a / b && r1 == a % b, "udivmoddi4 %llx %llx", a, b);
        }
        if (sb != 0 && !(sa == INT64_MIN && sb == -1)) {
            long long r2;
            ht_check(scmp___divdi3(sa, sb) == sa / sb, "divdi3 %lld %lld", (long long)sa, (long long)sb);
            ht_check(scmp___moddi3(sa, sb) == sa % sb, "moddi3 %lld %lld", (long long)sa, (long long)sb);
            ht_check(scmp___divmoddi4(sa, sb, &r2) == sa / sb && r2 == sa % sb, "divmoddi4");
        }
        ht_check((uint64_t)scmp___ashldi3(sa, sh) == ((uint64_t)sa << sh), "ashldi3 %llx %d", a, sh);
        ht_check((uint64_t)scmp___lshrdi3(sa, sh) == ((uint64_t)sa >> sh), "lshrdi3 %llx %d", a, sh);
        ht_check(scmp___ashrdi3(sa, sh) == (sa >> sh), "ashrdi3 %llx %d", a, sh);
        ht_check(scmp___floatdidf(sa) == (double)sa, "floatdidf %lld", (long long)sa);
        ht_check(scmp___floatundidf(a) == (double)a, "floatundidf %llu", a);
        ht_check(scmp___floatdisf(sa) == (float)sa, "floatdisf %lld: %a vs %a", (long long)sa,
                 (double)scmp___floatdisf(sa), (double)(float)sa);
        ht_check(scmp___floatundisf(a) == (float)a, "floatundisf %llu", a);
        {
            double d = rnd(2) ? (double)sa * (rnd(2) ? 1.0 : 0.37) : rnd_bits_double();
            if (!isnan(d) && fabs(d) < 9.2e18)
                ht_check(scmp___fixdfdi(d) == (long long)d, "fixdfdi %a", d);
            if (!isnan(d) && d > -1.0 && d < 1.8e19)
                ht_check(scmp___fixunsdfdi(d) == (unsigned long long)d, "fixunsdfdi %a", d);
            if (!isnan(d) && fabs(d) < 9.2e18)
                ht_check(scmp___fixsfdi((float)d) == (long long)(float)d, "fixsfdi %a", d);
        }
    }
    /* saturation and NaN (the hardware's fcvt.w.d rule) */
    ht_check(scmp___fixdfdi(1e30) == INT64_MAX && scmp___fixdfdi(-1e30) == INT64_MIN && scmp___fixdfdi(NAN) == 0,
             "fixdfdi saturation");
    ht_check(scmp___fixunsdfdi(1e30) == UINT64_MAX && scmp___fixunsdfdi(-5.0) == 0 && scmp___fixunsdfdi(NAN) == 0,
             "fixunsdfdi saturation");
    ht_check(scmp___fixdfdi(-9223372036854775808.0) == INT64_MIN, "fixdfdi -2^63");
    ht_check(scmp___divdi3(INT64_MIN, -1) == INT64_MIN && scmp___moddi3(INT64_MIN, -1) == 0, "INT64_MIN / -1");
    return ht_done("rt");
}
