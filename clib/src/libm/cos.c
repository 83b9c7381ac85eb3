#include "libm.h"

/* cos(x): reduce to [-pi/4, pi/4], then the kernel of the quadrant. cos(+-inf) = NaN (EDOM). */
double cos(double x)
{
    double y[2];
    unsigned int ix = hiword(x) & 0x7fffffff;
    int n;

    if (ix <= 0x3fe921fb) {
        if (ix < 0x3e46a09e)                /* |x| < 2^-27 * sqrt(2) */
            return 1.0;
        return __cos_kernel(x, 0.0);
    }
    if (ix >= 0x7ff00000) {
        if (!isnan(x))
            errno = EDOM;
        return x - x;
    }
    n = __rem_pio2(x, y);
    switch (n & 3) {
    case 0:
        return __cos_kernel(y[0], y[1]);
    case 1:
        return -__sin_kernel(y[0], y[1], 1);
    case 2:
        return -__cos_kernel(y[0], y[1]);
    default:
        return __sin_kernel(y[0], y[1], 1);
    }
}
