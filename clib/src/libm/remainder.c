/* remainder(x, y) = x - n*y with n the integer nearest x/y (ties to even), exact: fmod by 2|y| first, then
 * at most two subtractions of |y|. remainder(x, 0) and remainder(inf, y) are NaN (EDOM). */
#include "libm.h"

double remainder(double x, double y)
{
    double p = fabs(y), ax, half;
    unsigned int sx = hiword(x) & 0x80000000u;

    if (isnan(x) || isnan(y))
        return x + y;
    if (isinf(x) || y == 0.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (isinf(y))
        return x;
    if (p < 8.98846567431157953865e+307)   /* 2|y| does not overflow */
        x = fmod(x, p + p);                 /* now |x| < 2|y| */
    ax = fabs(x);
    if (ax == p)
        return 0.0 * x;
    if (p < 4.4501477170144028e-308) {      /* 2^-1021: p/2 could be inexact */
        if (ax + ax > p) {
            ax -= p;
            if (ax + ax >= p)
                ax -= p;
        }
    } else {
        half = 0.5 * p;
        if (ax > half) {
            ax -= p;
            if (ax >= half)
                ax -= p;
        }
    }
    return sx != 0 ? -ax : ax;
}
