/* The complex arithmetic the compiler calls (docs/compiler.md, "Complex types"): a complex value is a struct of
 * its real and imaginary parts (docs/abi.md), passed and returned as a struct. These are written with plain
 * structs, so that they never call themselves. Multiplication and division follow libgcc's __muldc3 and
 * __divdc3 for finite operands (the textbook product; Smith's division), with C11 Annex G's recovery of
 * infinities from NaN results for multiplication, and of the results of dividing by zero and infinities.
 * long double _Complex uses the double helpers (long double is double). */

typedef struct { double re, im; } __dcplx;
typedef struct { float re, im; } __fcplx;

static int rt_isnan(double x) { return x != x; }
static int rt_isinf(double x) { return x - x != x - x && x == x; }
static int rt_isfinite(double x) { return x - x == x - x; }
static double rt_fabs(double x) { return x < 0 ? -x : x == 0 ? 0.0 : x; }
static double rt_copysign(double x, double y)
{
    union { double d; unsigned int w[2]; } a, b;
    a.d = x;
    b.d = y;
    a.w[1] = (a.w[1] & 0x7fffffffu) | (b.w[1] & 0x80000000u);
    return a.d;
}
static double rt_inf(void) { union { double d; unsigned int w[2]; } a; a.w[0] = 0; a.w[1] = 0x7ff00000u; return a.d; }

__dcplx __scmp_cmaked(double re, double im) { __dcplx r; r.re = re; r.im = im; return r; }
__fcplx __scmp_cmakef(float re, float im) { __fcplx r; r.re = re; r.im = im; return r; }
__dcplx __scmp_cconvdd(__dcplx a) { return a; }
__fcplx __scmp_cconvff(__fcplx a) { return a; }
__dcplx __scmp_cconvfd(__fcplx a) { __dcplx r; r.re = a.re; r.im = a.im; return r; }
__fcplx __scmp_cconvdf(__dcplx a) { __fcplx r; r.re = (float)a.re; r.im = (float)a.im; return r; }

__dcplx __scmp_caddd(__dcplx a, __dcplx b) { __dcplx r; r.re = a.re + b.re; r.im = a.im + b.im; return r; }
__fcplx __scmp_caddf(__fcplx a, __fcplx b) { __fcplx r; r.re = a.re + b.re; r.im = a.im + b.im; return r; }
__dcplx __scmp_csubd(__dcplx a, __dcplx b) { __dcplx r; r.re = a.re - b.re; r.im = a.im - b.im; return r; }
__fcplx __scmp_csubf(__fcplx a, __fcplx b) { __fcplx r; r.re = a.re - b.re; r.im = a.im - b.im; return r; }
__dcplx __scmp_cnegd(__dcplx a) { __dcplx r; r.re = -a.re; r.im = -a.im; return r; }
__fcplx __scmp_cnegf(__fcplx a) { __fcplx r; r.re = -a.re; r.im = -a.im; return r; }
__dcplx __scmp_cconjd(__dcplx a) { __dcplx r; r.re = a.re; r.im = -a.im; return r; }
__fcplx __scmp_cconjf(__fcplx a) { __fcplx r; r.re = a.re; r.im = -a.im; return r; }
int __scmp_ceqd(__dcplx a, __dcplx b) { return a.re == b.re && a.im == b.im; }
int __scmp_ceqf(__fcplx a, __fcplx b) { return a.re == b.re && a.im == b.im; }
int __scmp_cboold(__dcplx a) { return a.re != 0 || a.im != 0; }
int __scmp_cboolf(__fcplx a) { return a.re != 0 || a.im != 0; }

/* (a + ib)(c + id), as libgcc's __muldc3 */
static __dcplx rt_mul(double a, double b, double c, double d)
{
    double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    __dcplx r;
    r.re = ac - bd;
    r.im = ad + bc;
    if (rt_isnan(r.re) && rt_isnan(r.im)) {
        int recalc = 0;
        if (rt_isinf(a) || rt_isinf(b)) {
            a = rt_copysign(rt_isinf(a) ? 1.0 : 0.0, a);
            b = rt_copysign(rt_isinf(b) ? 1.0 : 0.0, b);
            if (rt_isnan(c)) c = rt_copysign(0.0, c);
            if (rt_isnan(d)) d = rt_copysign(0.0, d);
            recalc = 1;
        }
        if (rt_isinf(c) || rt_isinf(d)) {
            c = rt_copysign(rt_isinf(c) ? 1.0 : 0.0, c);
            d = rt_copysign(rt_isinf(d) ? 1.0 : 0.0, d);
            if (rt_isnan(a)) a = rt_copysign(0.0, a);
            if (rt_isnan(b)) b = rt_copysign(0.0, b);
            recalc = 1;
        }
        if (!recalc && (rt_isinf(ac) || rt_isinf(bd) || rt_isinf(ad) || rt_isinf(bc))) {
            if (rt_isnan(a)) a = rt_copysign(0.0, a);
            if (rt_isnan(b)) b = rt_copysign(0.0, b);
            if (rt_isnan(c)) c = rt_copysign(0.0, c);
            if (rt_isnan(d)) d = rt_copysign(0.0, d);
            recalc = 1;
        }
        if (recalc) {
            r.re = rt_inf() * (a * c - b * d);
            r.im = rt_inf() * (a * d + b * c);
        }
    }
    return r;
}

/* (a + ib) / (c + id): Smith's algorithm, as libgcc's __divdc3 */
static __dcplx rt_div(double a, double b, double c, double d)
{
    double denom, ratio;
    __dcplx r;
    if (rt_fabs(c) < rt_fabs(d)) {
        ratio = c / d;
        denom = (c * ratio) + d;
        r.re = ((a * ratio) + b) / denom;
        r.im = ((b * ratio) - a) / denom;
    } else {
        ratio = d / c;
        denom = (d * ratio) + c;
        r.re = ((b * ratio) + a) / denom;
        r.im = (b - (a * ratio)) / denom;
    }
    if (rt_isnan(r.re) && rt_isnan(r.im)) {
        if (denom == 0.0 && (!rt_isnan(a) || !rt_isnan(b))) {
            r.re = rt_copysign(rt_inf(), c) * a;
            r.im = rt_copysign(rt_inf(), c) * b;
        } else if ((rt_isinf(a) || rt_isinf(b)) && rt_isfinite(c) && rt_isfinite(d)) {
            a = rt_copysign(rt_isinf(a) ? 1.0 : 0.0, a);
            b = rt_copysign(rt_isinf(b) ? 1.0 : 0.0, b);
            r.re = rt_inf() * (a * c + b * d);
            r.im = rt_inf() * (b * c - a * d);
        } else if ((rt_isinf(c) || rt_isinf(d)) && rt_isfinite(a) && rt_isfinite(b)) {
            c = rt_copysign(rt_isinf(c) ? 1.0 : 0.0, c);
            d = rt_copysign(rt_isinf(d) ? 1.0 : 0.0, d);
            r.re = 0.0 * (a * c + b * d);
            r.im = 0.0 * (b * c - a * d);
        }
    }
    return r;
}

__dcplx __scmp_cmuld(__dcplx x, __dcplx y) { return rt_mul(x.re, x.im, y.re, y.im); }
__dcplx __scmp_cdivd(__dcplx x, __dcplx y) { return rt_div(x.re, x.im, y.re, y.im); }

/* float: computed in double, then rounded (libgcc's __mulsc3 and __divsc3 on x87 compute in wider precision too) */
__fcplx __scmp_cmulf(__fcplx x, __fcplx y)
{
    __dcplx d = rt_mul(x.re, x.im, y.re, y.im);
    __fcplx r;
    r.re = (float)d.re;
    r.im = (float)d.im;
    return r;
}

__fcplx __scmp_cdivf(__fcplx x, __fcplx y)
{
    __dcplx d = rt_div(x.re, x.im, y.re, y.im);
    __fcplx r;
    r.re = (float)d.re;
    r.im = (float)d.im;
    return r;
}
