/* expm1(x) = exp(x) - 1, accurate near 0. fdlibm's method:
 *  1. x = k*ln2 + r, |r| <= 0.5*ln2, plus a correction c for the rounding of r.
 *  2. With z = r*r/2, R1 = 1 + Q1 z + ... + Q5 z^5 (minimax, error < 2^-61 on [0, 0.347]):
 *     expm1(r) = r + r^2/2 + r^3/2 * (3 - (R1 + R1 r/2)) / (6 - r (3 - R1 r/2)), computed as r - E.
 *  3. expm1(x) = 2^k (expm1(r) + 1) - 1, arranged per range of k to avoid cancellation.
 * Error < 1 ulp. */
#include "libm.h"

static const double
    o_threshold = 7.09782712893383973096e+02,
    ln2_hi = 6.93147180369123816490e-01,    /* 0x3fe62e42 fee00000 */
    ln2_lo = 1.90821492927058770002e-10,    /* 0x3dea39ef 35793c76 */
    inv_ln2 = 1.44269504088896338700e+00,
    Q1 = -3.33333333333331316428e-02,       /* 0xBFA11111 111110F4 */
    Q2 = 1.58730158725481460165e-03,        /* 0x3F5A01A0 19FE5585 */
    Q3 = -7.93650757867487942473e-05,       /* 0xBF14CE19 9EAADBB7 */
    Q4 = 4.00821782732936239552e-06,        /* 0x3ED0CFCA 86E65239 */
    Q5 = -2.01099218183624371326e-07;       /* 0xBE8AFDB7 6E09C32D */

double expm1(double x)
{
    unsigned int hx = hiword(x), ax = hx & 0x7fffffff;
    int neg = (hx >> 31) != 0, k;
    double hi, lo, c = 0.0, t, e, hxs, hfx, r1, y, twopk;

    if (ax >= 0x4043687a) {             /* |x| >= 56 ln2 */
        if (isnan(x))
            return x + x;
        if (neg)
            return -1.0;
        if (x > o_threshold) {
            errno = ERANGE;
            return from_words(0x7ff00000, 0);
        }
    }
    if (ax > 0x3fd62e42) {              /* |x| > 0.5 ln2 */
        if (ax < 0x3ff0a2b2) {          /* and < 1.5 ln2 */
            if (!neg) {
                hi = x - ln2_hi;
                lo = ln2_lo;
                k = 1;
            } else {
                hi = x + ln2_hi;
                lo = -ln2_lo;
                k = -1;
            }
        } else {
            k = (int)(inv_ln2 * x + (neg ? -0.5 : 0.5));
            t = (double)k;
            hi = x - t * ln2_hi;
            lo = t * ln2_lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (ax < 0x3c900000) {       /* |x| < 2^-54 */
        return x;
    } else {
        k = 0;
    }

    hfx = 0.5 * x;
    hxs = x * hfx;
    r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    t = 3.0 - r1 * hfx;
    e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0)
        return x - (x * e - hxs);
    e = x * (e - c) - c;
    e -= hxs;
    if (k == -1)
        return 0.5 * (x - e) - 0.5;
    if (k == 1) {
        if (x < -0.25)
            return -2.0 * (e - (x + 0.5));
        return 1.0 + 2.0 * (x - e);
    }
    twopk = from_words((unsigned int)(0x3ff + k) << 20, 0);     /* 2^k, k <= 1024 handled below */
    if (k < 0 || k > 56) {
        y = x - e + 1.0;
        if (k == 1024)
            y = y * 2.0 * 8.98846567431157953865e+307;
        else
            y = y * twopk;
        return y - 1.0;
    }
    if (k < 20)
        y = (x - e + (1.0 - from_words((unsigned int)(0x3ff - k) << 20, 0))) * twopk;
    else
        y = (x - (e + from_words((unsigned int)(0x3ff - k) << 20, 0)) + 1.0) * twopk;
    return y;
}
