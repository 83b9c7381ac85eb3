#include <stdio.h>
#include <stdarg.h>
#include <string.h>

struct s1 { char a; };
struct s3 { char a[3]; };
struct s5 { char a[5]; };
struct s6 { short a[3]; };
struct s7 { char a[7]; };
struct s12 { int a; char b; short c; int d; };
struct sd { double d; };
struct sf { float f; char c; };
struct sfd { float f; double d; int i; };
struct sll { long long x; char c; };
struct nested { struct s3 a; struct sd b; struct s7 c; };
union uv { char c[6]; short s; };

#define MK(T, n) static struct T mk_##T(int k) { struct T r; memset(&r, 0, sizeof r); unsigned char *p = (unsigned char *)&r; for (int i = 0; i < (int)sizeof r; i++) p[i] = (unsigned char)(k + i * 7); return r; } \
    static unsigned sum_##T(struct T v) { unsigned s = 0; unsigned char *p = (unsigned char *)&v; for (int i = 0; i < (int)sizeof v; i++) s = s * 31 + p[i]; return s; }
MK(s1, 1) MK(s3, 3) MK(s5, 5) MK(s6, 6) MK(s7, 7) MK(s12, 12)

static struct sd mk_sd(double d) { struct sd r = { d }; return r; }
static struct sf mk_sf(float f, char c) { struct sf r = { f, c }; return r; }
static struct sfd mk_sfd(float f, double d, int i) { struct sfd r = { f, d, i }; return r; }
static struct sll mk_sll(long long x) { struct sll r = { x, 'L' }; return r; }
static struct nested mk_nested(int k) { struct nested n; n.a = mk_s3(k); n.b = mk_sd(k * 1.5); n.c = mk_s7(k + 1); return n; }
static union uv mk_uv(int k) { union uv u; for (int i = 0; i < 6; i++) u.c[i] = 'a' + k + i; return u; }

static double combine(struct sd a, struct sf b, struct sfd c, struct sll d, struct nested e, union uv f, int tail) {
    return a.d + b.f + b.c + c.f + c.d + c.i + (double)d.x + d.c + e.b.d + e.a.a[1] + e.c.a[6] + f.c[5] + tail;
}

static double vsum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) {
        int kind = va_arg(ap, int);
        switch (kind) {
        case 0: { struct s3 v = va_arg(ap, struct s3); s += sum_s3(v); break; }
        case 1: { struct sd v = va_arg(ap, struct sd); s += v.d; break; }
        case 2: { struct sfd v = va_arg(ap, struct sfd); s += v.f + v.d + v.i; break; }
        case 3: { struct s12 v = va_arg(ap, struct s12); s += sum_s12(v); break; }
        case 4: { struct sll v = va_arg(ap, struct sll); s += (double)v.x; break; }
        }
    }
    va_end(ap);
    return s;
}

typedef struct s7 (*mk7_t)(int);
static struct s7 call_through(mk7_t f, int k) { return f(k); }
static struct s12 pass_through(struct s12 v) { v.b++; return v; }

int main(void) {
    printf("%u %u %u %u %u %u\n", sum_s1(mk_s1(1)), sum_s3(mk_s3(2)), sum_s5(mk_s5(3)), sum_s6(mk_s6(4)), sum_s7(mk_s7(5)), sum_s12(mk_s12(6)));
    struct s5 arr5[4];
    for (int i = 0; i < 4; i++) arr5[i] = mk_s5(i * 10);
    unsigned t = 0;
    for (int i = 0; i < 4; i++) t += sum_s5(arr5[i]);
    printf("%u\n", t);
    printf("%.17g\n", combine(mk_sd(0.5), mk_sf(1.25f, 'x'), mk_sfd(2.5f, 3.75, 4), mk_sll(1LL << 40), mk_nested(3), mk_uv(2), 9));
    struct s3 a3 = mk_s3(1);
    struct sd bd = mk_sd(2.5);
    struct sfd cf = mk_sfd(1, 2, 3);
    struct s12 d12 = mk_s12(4);
    struct sll ell = mk_sll(-77);
    printf("%.17g\n", vsum(5, 0, a3, 1, bd, 2, cf, 3, d12, 4, ell));
    printf("%.17g\n", vsum(3, 4, ell, 1, bd, 0, a3));
    printf("%u\n", sum_s7(call_through(mk_s7, 11)));
    mk7_t fps[2] = { mk_s7, mk_s7 };
    printf("%u\n", sum_s7(fps[1](12)));
    struct s12 p = pass_through(pass_through(mk_s12(1)));
    printf("%u %d\n", sum_s12(p), p.b);
    struct nested n1 = mk_nested(5), n2;
    n2 = n1;
    n2.c.a[0] = 0;
    printf("%u %u %g\n", sum_s7(n1.c), sum_s7(n2.c), n2.b.d);
    struct s3 x = mk_nested(7).a;
    printf("%u\n", sum_s3(x));
    printf("%d\n", mk_nested(8).c.a[2]);
    union uv u1 = mk_uv(0), u2 = u1;
    u2.c[0] = 'Z';
    printf("%.6s %.6s\n", u1.c, u2.c);
    struct sf sfs[3] = { mk_sf(1, 'a'), mk_sf(2, 'b'), mk_sf(3, 'c') };
    float fs = 0;
    for (int i = 0; i < 3; i++) fs += sfs[i].f * sfs[i].c;
    printf("%g\n", fs);
    return 0;
}
