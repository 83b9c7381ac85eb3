/* sinh(x): below 2^-28 x itself; below 22 the double-double kernel __sinhcosh_dd (Taylor series near 0,
 * (e^x - e^-x)/2 from a double-double exp beyond) rounded once, within 0.51 ulp; exp(|x|)/2 beyond
 * (computed as one exponential scaled by 2^-1, so it reaches the overflow threshold without a second
 * rounding). */
#include "libm.h"

double sinh(double x)
{
    double sh, sl, ch, cl, ax = fabs(x);
    unsigned int ix = hiword(x) & 0x7fffffff;
    int neg = (hiword(x) >> 31) != 0;

    if (ix >= 0x7ff00000)
        return x + x;                       /* inf or NaN */
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e300000)                /* |x| < 2^-28 */
            return x;
        __sinhcosh_dd(ax, &sh, &sl, &ch, &cl);
        sh = sh + sl;
        return neg ? -sh : sh;
    }
    if (ax <= 7.10475860073943863426e+02)  /* overflow threshold of sinh: exp(|x|)/2 */
        return neg ? -__exp_scaled(ax, -1) : __exp_scaled(ax, -1);
    errno = ERANGE;
    return x * 8.98846567431157953865e+307; /* +-inf */
}
