/* cosh(x): 1 below 2^-27; below 22 the double-double kernel __sinhcosh_dd (Taylor series near 0,
 * (e^x + e^-x)/2 from a double-double exp beyond) rounded once, within 0.51 ulp; exp(|x|)/2 beyond (one
 * exponential scaled by 2^-1). */
#include "libm.h"

double cosh(double x)
{
    double sh, sl, ch, cl, ax = fabs(x);
    unsigned int ix = hiword(x) & 0x7fffffff;

    if (ix >= 0x7ff00000)
        return x * x;                       /* inf or NaN */
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e400000)                /* |x| < 2^-27: 1 + x^2/2 rounds to 1 */
            return 1.0;
        __sinhcosh_dd(ax, &sh, &sl, &ch, &cl);
        return ch + cl;
    }
    if (ax <= 7.10475860073943863426e+02)
        return __exp_scaled(ax, -1);        /* exp(|x|)/2 */
    errno = ERANGE;
    return from_words(0x7ff00000, 0);
}
