/* log(x), fdlibm's method: x = 2^k (1+f) with sqrt(2)/2 < 1+f < sqrt(2); s = f/(2+f);
 * log(1+f) = 2s + s*R(s^2) (R minimax, error < 2^-58.45), evaluated as f - (f^2/2 - s(f^2/2 + R));
 * log(x) = k ln2_hi + (log(1+f) + k ln2_lo). Error < 1 ulp.
 * log(0) = -inf (ERANGE), log(x < 0) = NaN (EDOM). */
#include "libm.h"

static const double
    ln2_hi = 6.93147180369123816490e-01,    /* 3fe62e42 fee00000 */
    ln2_lo = 1.90821492927058770002e-10,    /* 3dea39ef 35793c76 */
    two54 = 1.80143985094819840000e+16,
    Lg1 = 6.666666666666735130e-01,
    Lg2 = 3.999999999940941908e-01,
    Lg3 = 2.857142874366239149e-01,
    Lg4 = 2.222219843214978396e-01,
    Lg5 = 1.818357216161805012e-01,
    Lg6 = 1.531383769920937332e-01,
    Lg7 = 1.479819860511658591e-01;

double log(double x)
{
    double hfsq, f, s, z, R, w, t1, t2, dk;
    unsigned int hx = hiword(x), lx = loword(x), i, j;
    int k = 0;

    if (hx < 0x00100000 || (hx >> 31) != 0) {
        if (((hx & 0x7fffffff) | lx) == 0) {
            errno = ERANGE;
            return -from_words(0x7ff00000, 0);      /* log(+-0) = -inf */
        }
        if ((hx >> 31) != 0) {
            if (isnan(x))
                return x + x;
            errno = EDOM;
            return from_words(0x7ff80000, 0);       /* log(x < 0) = NaN */
        }
        k -= 54;                                    /* subnormal: scale up */
        x *= two54;
        hx = hiword(x);
    }
    if (hx >= 0x7ff00000)
        return x + x;
    k += (int)(hx >> 20) - 1023;
    hx &= 0x000fffff;
    i = (hx + 0x95f64) & 0x100000;                  /* 1 when the mantissa is >= sqrt(2) */
    x = with_hiword(x, hx | (i ^ 0x3ff00000));      /* x or x/2 in [sqrt(2)/2, sqrt(2)) */
    k += (int)(i >> 20);
    f = x - 1.0;
    dk = (double)k;
    if ((0x000fffff & (2 + hx)) < 3) {              /* |f| < 2^-20 */
        if (f == 0.0) {
            if (k == 0)
                return 0.0;
            return dk * ln2_hi + dk * ln2_lo;
        }
        R = f * f * (0.5 - 0.33333333333333333 * f);
        if (k == 0)
            return f - R;
        return dk * ln2_hi - ((R - dk * ln2_lo) - f);
    }
    s = f / (2.0 + f);
    z = s * s;
    w = z * z;
    i = hx - 0x6147a;
    j = 0x6b851 - hx;
    t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
    t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
    R = t2 + t1;
    if ((int)(i | j) > 0) {
        hfsq = 0.5 * f * f;
        if (k == 0)
            return f - (hfsq - s * (hfsq + R));
        return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
    }
    if (k == 0)
        return f - s * (f - R);
    return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}
