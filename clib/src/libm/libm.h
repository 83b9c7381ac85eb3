/* Internal to libm: word access to doubles and the shared kernels. The algorithms are the classic ones
 * of Sun's fdlibm (argument reduction, minimax polynomials with fdlibm's published coefficients);
 * comments in each file give the method. */
#ifndef _SCMP_LIBM_H
#define _SCMP_LIBM_H

#include <math.h>
#include <errno.h>
#include "../internal/fpbits.h"

/* The high and low 32-bit words of a double, and doubles made from words. */
static unsigned int hiword(double x)
{
    union __dbits u;
    u.d = x;
    return u.w.hi;
}

static unsigned int loword(double x)
{
    union __dbits u;
    u.d = x;
    return u.w.lo;
}

static double from_words(unsigned int hi, unsigned int lo)
{
    union __dbits u;
    u.w.hi = hi;
    u.w.lo = lo;
    return u.d;
}

static double with_hiword(double x, unsigned int hi)
{
    union __dbits u;
    u.d = x;
    u.w.hi = hi;
    return u.d;
}

/* x with its low word cleared (a value with few significant bits, for exact products) */
static double trunc_lo(double x)
{
    union __dbits u;
    u.d = x;
    u.w.lo = 0;
    return u.d;
}

/* Double-double arithmetic (Dekker, Knuth): a value is hi + lo with |lo| <= ulp(hi)/2. These need IEEE
 * double operations rounded to nearest, with no fused multiply-add and no reassociation (scmpcc and the
 * host harness's gcc -ffp-contract=off compile them as written). */

/* hi + lo = a + b exactly, for |a| >= |b| or a = 0 */
static void fast_two_sum(double a, double b, double *hi, double *lo)
{
    double s = a + b;
    *hi = s;
    *lo = b - (s - a);
}

/* hi + lo = a + b exactly, any order */
static void two_sum(double a, double b, double *hi, double *lo)
{
    double s = a + b, bb = s - a;
    *hi = s;
    *lo = (a - (s - bb)) + (b - bb);
}

/* hi + lo = a * b exactly (Dekker's product; |a|, |b| < 2^995 and the product far from underflow) */
static void two_prod(double a, double b, double *hi, double *lo)
{
    double c, ah, al, bh, bl;
    *hi = a * b;
    c = a * 134217729.0;                    /* 2^27 + 1 */
    ah = (a - c) + c;
    al = a - ah;
    c = b * 134217729.0;
    bh = (b - c) + c;
    bl = b - bh;
    *lo = ((ah * bh - *hi) + ah * bl + al * bh) + al * bl;
}

/* Kernels on [-pi/4, pi/4]: x + y with y the tail of x. */
double __sin_kernel(double x, double y, int iy);
double __cos_kernel(double x, double y);
double __tan_kernel(double x, double y, int odd);
/* x - n*pi/2 = y[0] + y[1]; returns n (its low bits give the quadrant). */
int __rem_pio2(double x, double *y);
/* exp(x) * 2^extra, for |x| > 2^-28 with a result in range (exp.c). */
double __exp_scaled(double x, int extra);
/* 2^(hi + lo) for |hi| <= 1100 (pow's last step, exp.c). */
double __exp2_parts(double hi, double lo);
/* exp(x) = hi + *lo with a relative error below 2^-66, for |x| <= 708 (exp.c). */
double __exp_dd(double x, double *lo);
/* atan(xh + xl) = hi + *lo for xh >= 0, |xl| <= ulp(xh), with a relative error below 2^-62 (atan.c). */
double __atan_dd(double xh, double xl, double *lo);
/* sinh(x) and cosh(x) as double-doubles for 0 <= x < 22, relative error below 2^-62 (k_hyp.c). */
void __sinhcosh_dd(double x, double *sh, double *sl, double *ch, double *cl);
/* log(xh + xl) = hi + *lo for finite xh > 0, |xl| <= ulp(xh), relative error below 2^-62 (k_log.c). */
double __log_dd(double xh, double xl, double *lo);
/* log(1+f) - f + f*f/2 for f in [sqrt(2)/2 - 1, sqrt(2) - 1] (fdlibm's k_log1p). */
double __log1p_kernel(double f);

#endif
