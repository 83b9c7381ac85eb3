/* acos(x), fdlibm's method, with R(z) of asin.c: for |x| < 0.5, acos(x) = pi/2 - (x + x^3 R(x^2));
 * for x > 0.5, acos(x) = 2 asin(sqrt((1-x)/2)) with a split square root; for x < -0.5,
 * acos(x) = pi - 2 asin(sqrt((1+x)/2)). |x| > 1 gives NaN (EDOM). */
#include "libm.h"

static const double
    pi = 3.14159265358979311600e+00,        /* 0x400921FB 54442D18 */
    pio2_hi = 1.57079632679489655800e+00,   /* 0x3FF921FB 54442D18 */
    pio2_lo = 6.12323399573676603587e-17,   /* 0x3C91A626 33145C07 */
    pS0 = 1.66666666666666657415e-01,
    pS1 = -3.25565818622400915405e-01,
    pS2 = 2.01212532134862925881e-01,
    pS3 = -4.00555345006794114027e-02,
    pS4 = 7.91534994289814532176e-04,
    pS5 = 3.47933107596021167570e-05,
    qS1 = -2.40339491173441421878e+00,
    qS2 = 2.02094576023350569471e+00,
    qS3 = -6.88283971605453293030e-01,
    qS4 = 7.70381505559019352791e-02;

static double R(double z)
{
    double p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
    double q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
    return p / q;
}

double acos(double x)
{
    double z, w, s, c, df;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x3ff00000) {                 /* |x| >= 1 */
        if (((ix - 0x3ff00000) | loword(x)) == 0) {
            if ((hx >> 31) == 0)
                return 0.0;                 /* acos(1) = 0 */
            return pi + 2.0 * pio2_lo;      /* acos(-1) = pi */
        }
        if (isnan(x))
            return x + x;
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (ix < 0x3fe00000) {                  /* |x| < 0.5 */
        if (ix <= 0x3c600000)               /* |x| < 2^-57 */
            return pio2_hi + pio2_lo;
        return pio2_hi - (x - (pio2_lo - x * R(x * x)));
    }
    if ((hx >> 31) != 0) {                  /* x < -0.5 */
        z = (1.0 + x) * 0.5;
        s = sqrt(z);
        w = R(z) * s - pio2_lo;
        return pi - 2.0 * (s + w);
    }
    /* x > 0.5 */
    z = (1.0 - x) * 0.5;
    s = sqrt(z);
    df = trunc_lo(s);
    c = (z - df * df) / (s + df);
    w = R(z) * s + c;
    return 2.0 * (df + w);
}
