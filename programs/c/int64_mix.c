#include <stdio.h>
#include <stdlib.h>

typedef long long ll;
typedef unsigned long long ull;

static ull lcg_state = 88172645463325252ULL;
static ull next(void) {
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lcg_state;
}

static ll gcdll(ll a, ll b) { while (b) { ll t = a % b; a = b; b = t; } return a < 0 ? -a : a; }

static ull mulmod(ull a, ull b, ull m) {
    ull r = 0;
    a %= m;
    while (b) {
        if (b & 1) { r += a; if (r >= m) r -= m; }
        a <<= 1; if (a >= m) a -= m;
        b >>= 1;
    }
    return r;
}

static ull powmod(ull b, ull e, ull m) {
    ull r = 1 % m;
    b %= m;
    while (e) { if (e & 1) r = mulmod(r, b, m); b = mulmod(b, b, m); e >>= 1; }
    return r;
}

static int clz64(ull x) { int n = 0; if (!x) return 64; while (!(x & (1ULL << 63))) { x <<= 1; n++; } return n; }

ll sum_args(int n, ll a, int b, ll c, ll d, int e, ll f) {
    return n + a + b + c + d + e + f;
}

ll ret_ll(int k) { return (ll)k << 40 | k; }

struct P { ll a; int b; ull c; };
struct P mkp(ll a, int b, ull c) { struct P p = { a, b, c }; return p; }

int main(void) {
    int i;
    for (i = 0; i < 20; i++) {
        ull a = next(), b = next() >> (i * 3 % 64);
        if (b == 0) b = 1;
        ll sa = (ll)a, sb = (ll)b;
        printf("%016llx %016llx | %llu %llu | %lld %lld\n", a * b, a + b, a / b, a % b, sa / sb, sa % sb);
    }
    ll vals[] = { 0, 1, -1, 2, -2, 1000000007LL, -1000000007LL, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1, 0x100000000LL, -0x100000000LL, 12345678901234LL };
    int nv = sizeof vals / sizeof *vals;
    for (i = 0; i < nv; i++) {
        ll v = vals[i];
        printf("%lld: ", v);
        printf("%d %d %d ", v < 0, v == 0, v > 1);
        printf("%lld %lld ", v >> 1, v >> 33);
        printf("%llx ", (ull)v << 3);
        printf("%g ", (double)v);
        printf("%g ", (float)v);
        printf("%d ", (int)v);
        printf("%u\n", (unsigned)(v >> 32));
    }
    for (i = 0; i < nv; i++) {
        int j;
        unsigned h = 0;
        for (j = 0; j < nv; j++) {
            ll a = vals[i], b = vals[j];
            h = h * 3 + (a < b) * 1 + (a <= b) * 2 + (a > b) * 4 + ((ull)a < (ull)b) * 8 + (a == b) * 16;
            if (b != 0 && !(a == (-0x7fffffffffffffffLL - 1) && b == -1)) {
                h ^= (unsigned)(a / b);
                h += (unsigned)(a % b);
            }
        }
        printf("h%d=%u\n", i, h);
    }
    double ds[] = { 0.0, 1.5, -1.5, 1e18, -1e18, 9.2e18, 4294967296.0, 4294967295.0, 123456789012.75, -0.99 };
    for (i = 0; i < 10; i++) {
        ll x = (ll)ds[i];
        ull y = ds[i] >= 0 ? (ull)ds[i] : 0;
        printf("%.2f -> %lld %llu\n", ds[i], x, y);
    }
    ull big = 18446744073709551615ULL;
    printf("%.17g %.17g\n", (double)big, (double)(big >> 1));
    printf("%.9g\n", (float)big);
    printf("%lld\n", gcdll(1234567890123456LL, 9876543210LL));
    printf("%llu\n", powmod(2, 1000000, 1000000007ULL));
    printf("%llu\n", powmod(3, 0xffffffffffULL, 0xfffffffffffffc5ULL));
    for (i = 0; i < 5; i++) printf("clz=%d ", clz64(next() >> (i * 13)));
    printf("\n");
    printf("%lld\n", sum_args(1, 2, 3, 4, 5, 6, 7));
    printf("%lld %lld\n", ret_ll(3), ret_ll(-3));
    struct P p = mkp(-5, 6, 7);
    printf("%lld %d %llu\n", p.a, p.b, p.c);
    ll acc = 1;
    for (i = 0; i < 25; i++) { acc *= 3; acc -= i; }
    printf("%lld\n", acc);
    acc = 1;
    for (i = 1; i <= 20; i++) acc *= i;
    printf("20!=%lld\n", acc);
    ull f = 1;
    for (i = 1; i <= 25; i++) f *= i;
    printf("25! mod 2^64=%llu\n", f);
    ll s = -1;
    s <<= 63;
    printf("%lld %llx\n", s, (ull)s);
    ll t = 0x123456789LL;
    t += 0xffffffffLL; t -= 5; t *= -7; t /= 3; t %= 1000000; t |= 0x10000000000LL; t &= ~0xfLL; t ^= 0x5555; t >>= 2; t <<= 1;
    printf("%lld\n", t);
    int sh;
    for (sh = 0; sh < 64; sh += 9) {
        volatile int vs = sh;
        printf("%llx %llx %llx\n", 0xfedcba9876543210ULL >> vs, 0xfedcba9876543210ULL << vs, (ull)((ll)0xfedcba9876543210ULL >> vs));
    }
    ll neg = -(ll)0x80000000;
    printf("%lld %lld\n", neg, -neg);
    printf("%lld\n", llabs(-1234567890123LL));
    printf("%d\n", (int)(0x100000000LL > 0xffffffffU));
    unsigned u = 5;
    ll m = -1;
    printf("%d\n", m < u);
    ull um = 1;
    printf("%d\n", -1 < um);
    return 0;
}
