/* tanh(x) = (exp(2x) - 1)/(exp(2x) + 1) via expm1: with t = expm1(2|x|), tanh = t/(t + 2) below 1 and
 * 1 - 2/(t + 2) from 1 on; +-1 from 22 on. The quotient t/(t + 2) is corrected by its exact residual
 * (Dekker's product), so that only expm1's error and one rounding remain. */
#include "libm.h"

/* hi + lo = a * b exactly (Dekker; |a|, |b| small) */
static void two_prod(double a, double b, double *hi, double *lo)
{
    double c, ah, al, bh, bl;
    *hi = a * b;
    c = a * 134217729.0;                    /* 2^27 + 1 */
    ah = (a - c) + c;
    al = a - ah;
    c = b * 134217729.0;
    bh = (b - c) + c;
    bl = b - bh;
    *lo = ((ah * bh - *hi) + ah * bl + al * bh) + al * bl;
}

double tanh(double x)
{
    double t, z, d, derr, q, ph, pl;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x7ff00000) {
        if (isnan(x))
            return x + x;
        return (hx >> 31) != 0 ? -1.0 : 1.0;
    }
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e300000)                /* |x| < 2^-28 */
            return x;
        t = expm1(2.0 * fabs(x));
        if (ix >= 0x3ff00000) {             /* |x| >= 1 */
            z = 1.0 - 2.0 / (t + 2.0);
        } else {
            /* q = t/(t + 2) and its correction (t - q (t + 2)) / (t + 2), all but the last step exact */
            d = t + 2.0;
            derr = (2.0 - d) + t;           /* d + derr = t + 2 exactly */
            q = t / d;
            two_prod(q, d, &ph, &pl);
            z = q + (((t - ph) - pl) - q * derr) / d;
        }
    } else {
        z = 1.0;
    }
    return (hx >> 31) != 0 ? -z : z;
}
