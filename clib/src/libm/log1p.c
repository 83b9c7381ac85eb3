/* log1p(x) = log(1+x), accurate near 0. fdlibm's method: 1+x = 2^k (1+f); when k != 0, f is inexact and a
 * correction c/u (c = (1+x) - u, u = 1+x rounded) is added; log(1+f) as in log.c. Error < 1 ulp.
 * log1p(-1) = -inf (ERANGE), log1p(x < -1) = NaN (EDOM). */
#include "libm.h"

static const double
    ln2_hi = 6.93147180369123816490e-01,
    ln2_lo = 1.90821492927058770002e-10,
    Lp1 = 6.666666666666735130e-01,
    Lp2 = 3.999999999940941908e-01,
    Lp3 = 2.857142874366239149e-01,
    Lp4 = 2.222219843214978396e-01,
    Lp5 = 1.818357216161805012e-01,
    Lp6 = 1.531383769920937332e-01,
    Lp7 = 1.479819860511658591e-01;

double log1p(double x)
{
    double hfsq, f = 0.0, c = 0.0, s, z, R, u, dk;
    unsigned int hx = hiword(x), ax = hx & 0x7fffffff, hu = 0;
    int k = 1;

    if (hx < 0x3fda827a || (hx >> 31) != 0) {      /* x < 0.41422 (including all negatives) */
        if ((hx >> 31) != 0 && ax >= 0x3ff00000) {  /* x <= -1 (or -inf, -NaN) */
            if (isnan(x))
                return x + x;
            if (x == -1.0) {
                errno = ERANGE;
                return -from_words(0x7ff00000, 0);
            }
            errno = EDOM;
            return from_words(0x7ff80000, 0);
        }
        if (ax < 0x3e200000) {                      /* |x| < 2^-29 */
            if (ax < 0x3c900000)
                return x;
            return x - x * x * 0.5;
        }
        if ((hx >> 31) == 0 || hx <= 0xbfd2bec4u) { /* sqrt(2)/2 - 1 <= x < sqrt(2) - 1 */
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if (ax >= 0x7ff00000)
        return x + x;
    if (k != 0) {
        if (ax < 0x43400000) {
            u = 1.0 + x;
            hu = hiword(u);
            k = (int)(hu >> 20) - 1023;
            c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0);
            c /= u;
        } else {
            u = x;
            hu = hiword(u);
            k = (int)(hu >> 20) - 1023;
            c = 0.0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {
            u = with_hiword(u, hu | 0x3ff00000);    /* u in [1, sqrt(2)) */
        } else {
            k += 1;
            u = with_hiword(u, hu | 0x3fe00000);    /* u/2 in [sqrt(2)/2, 1) */
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    hfsq = 0.5 * f * f;
    dk = (double)k;
    if (hu == 0) {                                  /* |f| < 2^-20 */
        if (f == 0.0) {
            if (k == 0)
                return 0.0;
            c += dk * ln2_lo;
            return dk * ln2_hi + c;
        }
        R = hfsq * (1.0 - 0.66666666666666666 * f);
        if (k == 0)
            return f - R;
        return dk * ln2_hi - ((R - (dk * ln2_lo + c)) - f);
    }
    s = f / (2.0 + f);
    z = s * s;
    R = z * (Lp1 + z * (Lp2 + z * (Lp3 + z * (Lp4 + z * (Lp5 + z * (Lp6 + z * Lp7))))));
    if (k == 0)
        return f - (hfsq - s * (hfsq + R));
    return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + (dk * ln2_lo + c))) - f);
}
