#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define LIMBS 64
typedef struct { uint32_t d[LIMBS]; int n; } big;

static void big_set(big *a, uint32_t v) { memset(a, 0, sizeof *a); a->d[0] = v; a->n = v ? 1 : 0; }
static void big_norm(big *a) { while (a->n > 0 && a->d[a->n - 1] == 0) a->n--; }
static big big_add(big a, const big *b) {
    uint64_t c = 0;
    int n = a.n > b->n ? a.n : b->n;
    for (int i = 0; i < n; i++) {
        c += (uint64_t)a.d[i] + b->d[i];
        a.d[i] = (uint32_t)c;
        c >>= 32;
    }
    a.n = n;
    if (c) a.d[a.n++] = (uint32_t)c;
    return a;
}
static void big_mul_small(big *a, uint32_t m, uint32_t add) {
    uint64_t c = add;
    for (int i = 0; i < a->n; i++) {
        c += (uint64_t)a->d[i] * m;
        a->d[i] = (uint32_t)c;
        c >>= 32;
    }
    if (c) a->d[a->n++] = (uint32_t)c;
    big_norm(a);
}
static uint32_t big_div_small(big *a, uint32_t m) {
    uint64_t r = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        r = (r << 32) | a->d[i];
        a->d[i] = (uint32_t)(r / m);
        r %= m;
    }
    big_norm(a);
    return (uint32_t)r;
}
static big big_mul(const big *a, const big *b) {
    big r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < a->n; i++) {
        uint64_t c = 0;
        for (int j = 0; j < b->n && i + j < LIMBS; j++) {
            c += (uint64_t)a->d[i] * b->d[j] + r.d[i + j];
            r.d[i + j] = (uint32_t)c;
            c >>= 32;
        }
        if (i + b->n < LIMBS) r.d[i + b->n] = (uint32_t)c;
    }
    r.n = a->n + b->n > LIMBS ? LIMBS : a->n + b->n;
    big_norm(&r);
    return r;
}
static int big_cmp(const big *a, const big *b) {
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--) if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}
static void big_print(const big *a) {
    big t = *a;
    char buf[700];
    int n = 0;
    if (t.n == 0) { puts("0"); return; }
    while (t.n > 0) {
        uint32_t r = big_div_small(&t, 1000000000u);
        for (int k = 0; k < 9; k++) { buf[n++] = '0' + r % 10; r /= 10; }
    }
    while (n > 1 && buf[n - 1] == '0') n--;
    while (n--) putchar(buf[n]);
    putchar('\n');
}
static void big_from_str(big *a, const char *s) { big_set(a, 0); for (; *s; s++) { if (a->n == 0) a->n = 1; big_mul_small(a, 10, *s - '0'); } }

int main(void) {
    big f;
    big_set(&f, 1);
    for (uint32_t i = 1; i <= 100; i++) big_mul_small(&f, i, 0);
    printf("100! = ");
    big_print(&f);
    big a, b;
    big_set(&a, 0); big_set(&b, 1);
    for (int i = 0; i < 300; i++) { big c = big_add(a, &b); a = b; b = c; }
    printf("fib(300) = ");
    big_print(&a);
    big p;
    big_set(&p, 2);
    big r;
    big_set(&r, 1);
    for (int e = 0; e < 521; e++) r = big_mul(&r, &p);
    printf("2^521 = ");
    big_print(&r);
    big x, y;
    big_from_str(&x, "123456789012345678901234567890");
    big_from_str(&y, "987654321098765432109876543210");
    big z = big_mul(&x, &y);
    big_print(&z);
    printf("%d %d %d\n", big_cmp(&x, &y), big_cmp(&y, &x), big_cmp(&x, &x));
    big t = z;
    uint32_t rem = big_div_small(&t, 97);
    printf("rem97=%u\n", rem);
    big_print(&t);
    big s3;
    big_set(&s3, 3);
    big acc;
    big_set(&acc, 1);
    for (int i = 0; i < 40; i++) { acc = big_mul(&acc, &s3); }
    big_print(&acc);
    uint64_t check = 1;
    for (int i = 0; i < 40; i++) check *= 3;
    printf("%llu\n", (unsigned long long)check);
    return 0;
}
