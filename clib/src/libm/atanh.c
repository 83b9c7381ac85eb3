/* atanh(x) = log((1+x)/(1-x))/2 = log1p(2x/(1-x))/2, with log1p(2x + 2x^2/(1-x))/2 below 0.5.
 * atanh(+-1) = +-inf (ERANGE), |x| > 1 gives NaN (EDOM). */
#include "libm.h"

double atanh(double x)
{
    double t, ax = fabs(x);
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (isnan(x))
        return x + x;
    if (ax > 1.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (ax == 1.0) {
        errno = ERANGE;
        return (hx >> 31) != 0 ? -from_words(0x7ff00000, 0) : from_words(0x7ff00000, 0);
    }
    if (ix < 0x3e300000)                    /* |x| < 2^-28 */
        return x;
    if (ix < 0x3fe00000) {                  /* |x| < 0.5 */
        t = ax + ax;
        t = 0.5 * log1p(t + t * ax / (1.0 - ax));
    } else {
        t = 0.5 * log1p((ax + ax) / (1.0 - ax));
    }
    return (hx >> 31) != 0 ? -t : t;
}
