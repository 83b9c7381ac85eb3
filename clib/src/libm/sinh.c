/* sinh(x) = (exp(x) - exp(-x))/2 via expm1 (no cancellation near 0): with t = expm1(|x|),
 * sinh = (2t - t^2/(t+1))/2 below 1, (t + t/(t+1))/2 below 22, exp(|x|)/2 beyond (computed as one
 * exponential scaled by 2^-1, so it reaches the overflow threshold without a second rounding). */
#include "libm.h"

double sinh(double x)
{
    double t, h = (hiword(x) >> 31) != 0 ? -0.5 : 0.5, ax = fabs(x);
    unsigned int ix = hiword(x) & 0x7fffffff;

    if (ix >= 0x7ff00000)
        return x + x;                       /* inf or NaN */
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e300000)                /* |x| < 2^-28 */
            return x;
        t = expm1(ax);
        if (ix < 0x3ff00000)
            return h * (2.0 * t - t * t / (t + 1.0));
        return h * (t + t / (t + 1.0));
    }
    if (ax <= 7.10475860073943863426e+02)  /* overflow threshold of sinh: exp(|x|)/2 */
        return h < 0.0 ? -__exp_scaled(ax, -1) : __exp_scaled(ax, -1);
    errno = ERANGE;
    return x * 8.98846567431157953865e+307; /* +-inf */
}
