#include "libm.h"

/* tan(x): reduce to [-pi/4, pi/4]; odd quadrants give -1/tan. tan(+-inf) = NaN (EDOM). */
double tan(double x)
{
    double y[2];
    unsigned int ix = hiword(x) & 0x7fffffff;
    int n;

    if (ix <= 0x3fe921fb) {
        if (ix < 0x3e400000)                /* |x| < 2^-27 */
            return x;
        return __tan_kernel(x, 0.0, 1);
    }
    if (ix >= 0x7ff00000) {
        if (!isnan(x))
            errno = EDOM;
        return x - x;
    }
    n = __rem_pio2(x, y);
    return __tan_kernel(y[0], y[1], (n & 1) != 0 ? -1 : 1);
}
