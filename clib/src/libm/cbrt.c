/* cbrt(x): a first guess from the exponent bits divided by three (within about 3%), three Newton steps
 * t = (2t + x/t^2)/3, then t rounded to 23 bits (so that t*t is exact) and one third-order step
 * t = t + t (r - t)/(2t + r), r = x/t^2. Error < 0.7 ulp. */
#include "libm.h"

static const unsigned int
    B1 = 715094163,     /* (1023 - 1023/3 - 0.03306235651) * 2^20 */
    B2 = 696219795;     /* (1023 - 1023/3 - 54/3 - 0.03306235651) * 2^20 */

double cbrt(double x)
{
    unsigned int hx = hiword(x), sign = hx & 0x80000000u, ix = hx & 0x7fffffff, lo, lo2;
    double a = fabs(x), t, r;

    if (ix >= 0x7ff00000)
        return x + x;                       /* inf or NaN */
    if (ix < 0x00100000) {
        if ((ix | loword(x)) == 0)
            return x;                       /* +-0 */
        t = a * 18014398509481984.0;        /* 2^54: normalize a subnormal */
        t = from_words((hiword(t) & 0x7fffffff) / 3 + B2, 0);
    } else {
        t = from_words(ix / 3 + B1, 0);
    }
    t = (2.0 * t + a / (t * t)) / 3.0;
    t = (2.0 * t + a / (t * t)) / 3.0;
    t = (2.0 * t + a / (t * t)) / 3.0;
    /* round t away from zero to 23 bits */
    lo = loword(t);
    lo2 = lo + 0x80000000u;
    t = from_words(hiword(t) + (lo2 < lo ? 1u : 0u), lo2 & 0xc0000000u);
    r = a / (t * t);
    t = t + t * (r - t) / (t + t + r);
    return sign != 0 ? -t : t;
}
