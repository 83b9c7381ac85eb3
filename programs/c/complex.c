/* C99 complex arithmetic and <complex.h>: declarations, layout of arrays and struct members, the usual
 * arithmetic conversions between integer, real and complex operands, + - * / == !=, unary minus, casts,
 * compound assignment, __real__ and __imag__ as lvalues, passing and returning by value, conversion to _Bool,
 * static and automatic initializers, and the library's functions (printed to 12 digits: libm-style accuracy). */
#include <complex.h>
#include <stdio.h>
#include <math.h>

/* (glibc's <complex.h> has these only for C11) */
#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#endif

static double complex g1 = 1.0 + 2.0 * I;
static float complex g2 = -0.5f + 0.25f * I;
static double complex garr[3] = {1.0, 2.0 * I, 3.0 - 4.0 * I};
static long double complex gl = 2.5L - 1.5L * I;

struct pt {
    int id;
    double complex z;
    float complex w;
};

static void show(const char *what, double complex z)
{
    double re = creal(z), im = cimag(z);
    /* (a rounding error's trace on a zero result is not part of what is compared) */
    printf("%-10s %.12g %+.12gi\n", what, fabs(re) < 1e-12 ? 0.0 : re, fabs(im) < 1e-12 ? 0.0 : im);
}

static void showf(const char *what, float complex z)
{
    printf("%-10s %.6g %+.6gi\n", what, (double)crealf(z), (double)cimagf(z));
}

static double complex cmul_by_value(double complex a, double complex b)
{
    return a * b;
}

static struct pt make_pt(int id, double re, double im)
{
    struct pt p;
    p.id = id;
    p.z = CMPLX(re, im);
    p.w = p.z;
    return p;
}

static double complex horner(const double complex *c, int n, double complex z)
{
    double complex r = 0;
    int i;
    for (i = n - 1; i >= 0; i--)
        r = r * z + c[i];
    return r;
}

/* a small DFT: sum x[k] e^(-2 pi i jk/n) */
static void dft(const double complex *x, double complex *y, int n)
{
    int j, k;
    for (j = 0; j < n; j++) {
        double complex s = 0;
        for (k = 0; k < n; k++)
            s += x[k] * cexp(-2.0 * M_PI * I * j * k / n);
        y[j] = s;
    }
}

int main(void)
{
    double complex a = 3.0 + 4.0 * I, b = CMPLX(1.5, -2.0), c;
    float complex f = 2.0f - 1.0f * I, f2;
    long double complex l = gl;
    int n = 7;
    unsigned u = 3;
    long long big = 1000000007LL;
    struct pt p = make_pt(5, 0.75, -0.125), q;
    double complex arr[4], out[4];
    int i;

    printf("sizes %d %d\n", (int)sizeof(double complex), (int)sizeof(float complex));
    show("g1", g1);
    showf("g2", g2);
    for (i = 0; i < 3; i++)
        show("garr", garr[i]);
    show("gl", l);
    show("a+b", a + b);
    show("a-b", a - b);
    show("a*b", a * b);
    show("a/b", a / b);
    show("b/a", b / a);
    show("-a", -a);
    show("+a", +a);
    show("a*n", a * n);
    show("n/a", n / a);
    show("a/u", a / u);
    show("a+big", a + big);
    show("2.5-a", 2.5 - a);
    show("a*f", a * f);
    showf("f*f", f * f);
    showf("f/3", f / 3);
    showf("f+0.1", f + 0.1f);
    show("l*a", l * a);
    printf("eq %d %d %d %d %d\n", a == a, a == b, a != b, a == 3.0 + 4.0 * I, CMPLX(2.0, 0.0) == 2);
    printf("bool %d %d %d\n", (_Bool)a, (_Bool)(a - a), !(a - a));
    if (b)
        printf("b is true\n");
    if (a - a)
        printf("wrong\n");
    printf("casts %g %d %g\n", (double)a, (int)b, (double)(float complex)CMPLX(1.0 / 3.0, 0));
    c = 7;
    show("c=7", c);
    c = (double complex)2.5f;
    show("c=2.5f", c);
    c = a;
    c += b;
    show("c+=b", c);
    c -= 1;
    show("c-=1", c);
    c *= b;
    show("c*=b", c);
    c /= 2.0 + I;
    show("c/=2+i", c);
    c *= 2;
    show("c*=2", c);
    __real__ c = 10;
    __imag__ c -= 3;
    show("parts", c);
    printf("parts %g %g %g\n", __real__ a, __imag__ a, __imag__ 5.0);
    double d = a;
    int k = b;
    printf("real %g %d\n", d, k);
    d = 1.25;
    d += b;
    printf("d+=b %g\n", d);
    show("byval", cmul_by_value(a, b));
    printf("pt %d\n", p.id);
    show("p.z", p.z);
    showf("p.w", p.w);
    q = p;
    q.z *= I;
    show("q.z", q.z);
    show("cond", n > 3 ? a : 1.0);
    show("cond2", n < 3 ? a : 1.0);
    f2 = f;
    f2 /= CMPLXF(0.5f, 0.5f);
    showf("f2", f2);

    for (i = 0; i < 4; i++)
        arr[i] = CMPLX(i + 1, -i);
    show("horner", horner(arr, 4, 0.5 + 0.5 * I));
    dft(arr, out, 4);
    for (i = 0; i < 4; i++)
        show("dft", out[i]);

    show("conj", conj(a));
    printf("cabs %.12g %.12g\n", cabs(a), cabs(b));
    printf("carg %.12g %.12g %.12g\n", carg(a), carg(b), carg(-1.0));
    show("cproj", cproj(a));
    show("cexp", cexp(b));
    show("cexp0", cexp(CMPLX(0.5, 0.0)));
    show("clog", clog(a));
    show("clog2", clog(b));
    show("clog3", clog(CMPLX(0.8, 0.6)));
    show("cpow", cpow(a, b));
    show("cpow2", cpow(CMPLX(2.0, 0.0), CMPLX(0.5, 0.0)));
    show("csqrt", csqrt(a));
    show("csqrt2", csqrt(CMPLX(-4.0, 0.0)));
    show("csqrt3", csqrt(b));
    show("csin", csin(b));
    show("ccos", ccos(b));
    show("ctan", ctan(b));
    show("ctan2", ctan(CMPLX(0.3, 25.0)));
    show("sqrt-1", csqrt(-1));
    showf("conjf", conjf(f));
    printf("cabsf %.6g cargf %.6g\n", (double)cabsf(f), (double)cargf(f));
    showf("cexpf", cexpf(f));
    showf("clogf", clogf(f));
    showf("cpowf", cpowf(f, CMPLXF(1.0f, 1.0f)));
    showf("csqrtf", csqrtf(f));
    showf("csinf", csinf(f));
    showf("ccosf", ccosf(f));
    showf("ctanf", ctanf(f));
    printf("crealf %g cimagf %g\n", (double)crealf(f), (double)cimagf(f));
    show("cexpl", cexpl(l));
    show("clogl", clogl(l));
    show("csqrtl", csqrtl(l));
    printf("cabsl %.12g cargl %.12g\n", (double)cabsl(l), (double)cargl(l));
    /* Euler: e^(i pi) + 1 is within an ulp of 0 */
    c = cexp(I * M_PI) + 1;
    printf("euler %d %d\n", fabs(creal(c)) < 1e-15, fabs(cimag(c)) < 1e-15);
    return 0;
}
