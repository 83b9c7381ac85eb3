#include "libm.h"

/* sin(x): reduce to [-pi/4, pi/4] (exactly, see rem_pio2.c), then the kernel of the quadrant.
 * sin(+-inf) = NaN (EDOM). */
double sin(double x)
{
    double y[2];
    unsigned int ix = hiword(x) & 0x7fffffff;
    int n;

    if (ix <= 0x3fe921fb) {                 /* |x| <~ pi/4 */
        if (ix < 0x3e500000)                /* |x| < 2^-26: sin(x) = x, also for -0 */
            return x;
        return __sin_kernel(x, 0.0, 0);
    }
    if (ix >= 0x7ff00000) {
        if (!isnan(x))
            errno = EDOM;
        return x - x;
    }
    n = __rem_pio2(x, y);
    switch (n & 3) {
    case 0:
        return __sin_kernel(y[0], y[1], 1);
    case 1:
        return __cos_kernel(y[0], y[1]);
    case 2:
        return -__sin_kernel(y[0], y[1], 1);
    default:
        return -__cos_kernel(y[0], y[1]);
    }
}
