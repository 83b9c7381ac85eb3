/* log2(x) = k + (f - f^2/2 + k_log1p(f)) / ln2, with x = 2^k (1+f) as in log.c, in two pieces (see
 * log10.c). Exact for powers of two; error < 1 ulp. */
#include "libm.h"

static const double
    two54 = 1.80143985094819840000e+16,
    ivln2hi = 1.44269504072144627571e+00,   /* 0x3ff71547 65200000 */
    ivln2lo = 1.67517131648865118353e-10;   /* 0x3de705fc 2eefa200 */

double log2(double x)
{
    double f, hfsq, hi, lo, r, val_hi, val_lo, w, y;
    unsigned int hx = hiword(x), lx = loword(x), i;
    int k = 0;

    if (hx < 0x00100000 || (hx >> 31) != 0) {
        if (((hx & 0x7fffffff) | lx) == 0) {
            errno = ERANGE;
            return -from_words(0x7ff00000, 0);
        }
        if ((hx >> 31) != 0) {
            if (isnan(x))
                return x + x;
            errno = EDOM;
            return from_words(0x7ff80000, 0);
        }
        k -= 54;
        x *= two54;
        hx = hiword(x);
    }
    if (hx >= 0x7ff00000)
        return x + x;
    if (hx == 0x3ff00000 && lx == 0)
        return 0.0;
    k += (int)(hx >> 20) - 1023;
    hx &= 0x000fffff;
    i = (hx + 0x95f64) & 0x100000;
    x = with_hiword(x, hx | (i ^ 0x3ff00000));
    k += (int)(i >> 20);
    y = (double)k;
    f = x - 1.0;
    hfsq = 0.5 * f * f;
    r = __log1p_kernel(f);
    hi = trunc_lo(f - hfsq);
    lo = (f - hi) - hfsq + r;
    val_hi = hi * ivln2hi;
    val_lo = (lo + hi) * ivln2lo + lo * ivln2hi;
    w = y + val_hi;
    val_lo += (y - w) + val_hi;
    val_hi = w;
    return val_lo + val_hi;
}
