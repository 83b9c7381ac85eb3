#include <stdio.h>

static int g1 = 3, g2 = 5;
static int id(int x) { return x; }
static double did(double x) { return x; }
static long long lid(long long x) { return x; }

int many_live(int n) {
    int a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10, k = 11, l = 12, m = 13, o = 14;
    for (int t = 0; t < n; t++) {
        a += b; b ^= c; c += d * 3; d -= e; e = e * 7 + f; f += g >> 1; g = g * 3 + h; h ^= i << 2;
        i += j; j = j * 5 + k; k -= l; l += m; m ^= o; o = o * 9 + a;
        if (id(t) & 1) { a ^= o; b += n; }
    }
    return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h ^ i ^ j ^ k ^ l ^ m ^ o;
}

double fp_live(int n) {
    double a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10, k = 11, l = 12, m = 13, o = 14, p = 0.5;
    float fa = 1.5f, fb = 2.25f;
    for (int t = 0; t < n; t++) {
        a = a * 0.5 + b; b = b * 0.25 + c; c = c * 0.125 + d; d = d / 2 + e; e = e / 3 + f; f = f / 4 + g;
        g = g * 0.9 + h; h = h * 0.8 + i; i = i * 0.7 + j; j = j * 0.6 + k; k = k * 0.5 + l; l = l * 0.4 + m;
        m = m * 0.3 + o; o = o * 0.2 + p; p = did(p) * 1.01;
        fa = fa * 1.5f - fb; fb = fb / 1.25f + 0.5f;
    }
    return a + b + c + d + e + f + g + h + i + j + k + l + m + o + p + fa + fb;
}

long long ll_live(int n) {
    long long a = 1, b = 2, c = 3;
    int x = 7;
    for (int t = 0; t < n; t++) {
        a = a * 3 + b; b = lid(b) ^ (c << 3); c = c - a / 7 + x; x = x * 13 + (int)(a & 0xff);
    }
    return a + b + c + x;
}

int nested_calls(int x) {
    return id(id(x) + id(x + 1) * id(id(x + 2) - 1)) + (id(3) ? id(4) : id(5)) * (x > 2 ? id(x) : -id(x));
}

int args_mix(int a, double b, int c, float d, long long e, int f, double g, char h, short i, unsigned char j, float k, double l) {
    return a + (int)b + c + (int)(d * 4) + (int)e + f + (int)g + h + i + j + (int)(k * 8) + (int)l;
}

unsigned char uc_loop(void) {
    unsigned char c = 250;
    int steps = 0;
    while (c != 4) { c += 3; steps++; if (steps > 1000) break; }
    return c + steps;
}

short sh_loop(void) {
    short s = 32000;
    for (int i = 0; i < 10; i++) s += 100;
    return s;
}

signed char sc_arith(signed char a, signed char b) {
    signed char r = a * b;
    r += a;
    r = r << 1;
    return r;
}

int ptr_walk(int *p, int n) {
    int s = 0;
    int *end = p + n;
    while (p < end) { s += *p++; if (p < end) s -= *p++ / 2; }
    return s;
}

int glob_mix(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) { g1 = g1 * 3 + i; s += g1 % 17; g2 ^= s; }
    return s + g2;
}

static int counter;
static int bump(void) { return ++counter; }

int cond_chain(int x) {
    int r = 0;
    r += x > 0 && bump() > 1;
    r += x < 0 || bump() > 2;
    r += (x & 1) ? bump() : -bump();
    r += !x ? 100 : x == 1 ? 200 : x == 2 ? 300 : 400;
    return r * 10 + counter;
}

int main(void) {
    printf("%d\n", many_live(100));
    printf("%.10g\n", fp_live(50));
    printf("%lld\n", ll_live(40));
    for (int x = 0; x < 5; x++) printf("%d ", nested_calls(x));
    printf("\n%d\n", args_mix(1, 2.5, 3, 4.25f, 5000000000LL, 6, 7.75, 'h', -9, 250, 0.125f, -12.5));
    printf("%d %d %d %d\n", uc_loop(), sh_loop(), sc_arith(100, 3), sc_arith(-7, 19));
    int arr[11] = { 5, 8, 3, 9, 12, -4, 7, 1, 0, 2, 6 };
    printf("%d %d\n", ptr_walk(arr, 11), ptr_walk(arr, 10));
    printf("%d\n", glob_mix(20));
    for (int x = -1; x < 4; x++) printf("%d ", cond_chain(x));
    printf("\n");
    int i = 0, s = 0;
    while (i++ < 10) s += i;
    printf("%d %d\n", i, s);
    i = 10;
    while (--i) s -= i;
    printf("%d %d\n", i, s);
    unsigned u = 0;
    for (u = 5; u < 100; u += u) ;
    printf("%u\n", u);
    int q = 100;
    q = q * 2 + q / 3 - q % 7;
    printf("%d\n", q);
    int neg = -q;
    printf("%d %d %d %d\n", neg / 8, neg % 8, neg >> 3, neg / -8);
    unsigned big = 0xfffffff0u;
    printf("%u %u %u\n", big / 16, big % 16, big >> 4);
    int m8 = q * 8, m7 = q * 7, mneg = q * -4, m0 = q * 0, m1 = q * 1, mbig = q * 65536;
    printf("%d %d %d %d %d %d\n", m8, m7, mneg, m0, m1, mbig);
    return 0;
}
