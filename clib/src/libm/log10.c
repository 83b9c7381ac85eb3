/* log10(x) = (f - f^2/2 + k_log1p(f)) / ln10 + k log10(2), with x = 2^k (1+f) as in log.c, the sum
 * kept in two pieces (hi with a cleared low word, so that hi*ivln10hi is exact). Error < 1 ulp. */
#include "libm.h"

static const double
    two54 = 1.80143985094819840000e+16,
    ivln10hi = 4.34294481878168880939e-01,  /* 0x3fdbcb7b 15200000 */
    ivln10lo = 2.50829467116452752298e-11,  /* 0x3dbb9438 ca9aadd5 */
    log10_2hi = 3.01029995663611771306e-01, /* 0x3FD34413 509F6000 */
    log10_2lo = 3.69423907715893078616e-13; /* 0x3D59FEF3 11F12B36 */

double log10(double x)
{
    double f, hfsq, hi, lo, r, val_hi, val_lo, w, y, y2;
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
    val_hi = hi * ivln10hi;
    y2 = y * log10_2hi;
    val_lo = y * log10_2lo + (lo + hi) * ivln10lo + lo * ivln10hi;
    w = y2 + val_hi;
    val_lo += (y2 - w) + val_hi;
    val_hi = w;
    return val_lo + val_hi;
}
