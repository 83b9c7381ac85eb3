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
/* log(1+f) - f + f*f/2 for f in [sqrt(2)/2 - 1, sqrt(2) - 1] (fdlibm's k_log1p). */
double __log1p_kernel(double f);

#endif
