/* cosh(x) = (exp(x) + exp(-x))/2: 1 + t^2/(2(1+t)) with t = expm1(|x|) below ln2/2, (e + 1/e)/2 with
 * e = exp(|x|) below 22, exp(|x|)/2 beyond (one exponential scaled by 2^-1). */
#include "libm.h"

double cosh(double x)
{
    double t, w, ax = fabs(x);
    unsigned int ix = hiword(x) & 0x7fffffff;

    if (ix >= 0x7ff00000)
        return x * x;                       /* inf or NaN */
    if (ix < 0x3fd62e43) {                  /* |x| < ln2/2 */
        if (ix < 0x3c800000)
            return 1.0;
        t = expm1(ax);
        w = 1.0 + t;
        return 1.0 + (t * t) / (w + w);
    }
    if (ix < 0x40360000) {                  /* |x| < 22 */
        t = exp(ax);
        return 0.5 * t + 0.5 / t;
    }
    if (ax <= 7.10475860073943863426e+02)
        return __exp_scaled(ax, -1);        /* exp(|x|)/2 */
    errno = ERANGE;
    return from_words(0x7ff00000, 0);
}
