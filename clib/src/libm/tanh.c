/* tanh(x) = (exp(2x) - 1)/(exp(2x) + 1) via expm1: 1 - 2/(expm1(2|x|) + 2) for |x| >= 1,
 * -t/(t + 2) with t = expm1(-2|x|) below 1, and +-1 from 22 on. */
#include "libm.h"

double tanh(double x)
{
    double t, z;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x7ff00000) {
        if (isnan(x))
            return x + x;
        return (hx >> 31) != 0 ? -1.0 : 1.0;
    }
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e300000)                /* |x| < 2^-28 */
            return x;
        if (ix >= 0x3ff00000) {             /* |x| >= 1 */
            t = expm1(2.0 * fabs(x));
            z = 1.0 - 2.0 / (t + 2.0);
        } else {
            t = expm1(-2.0 * fabs(x));
            z = -t / (t + 2.0);
        }
    } else {
        z = 1.0;
    }
    return (hx >> 31) != 0 ? -z : z;
}
