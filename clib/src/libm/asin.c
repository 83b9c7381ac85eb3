/* asin(x), fdlibm's method: asin(x) = x + x^3 R(x^2) on [0, 0.5] with R a rational minimax approximation
 * of (asin(x) - x)/x^3 (error < 2^-58.75); on [0.5, 1], asin(x) = pi/2 - 2 asin(sqrt((1-x)/2)), with the
 * square root split into a 32-bit head and a correction below 0.975. |x| > 1 gives NaN (EDOM). */
#include "libm.h"

static const double
    pio2_hi = 1.57079632679489655800e+00,   /* 0x3FF921FB 54442D18 */
    pio2_lo = 6.12323399573676603587e-17,   /* 0x3C91A626 33145C07 */
    pio4_hi = 7.85398163397448278999e-01,   /* 0x3FE921FB 54442D18 */
    pS0 = 1.66666666666666657415e-01,       /* 0x3FC55555 55555555 */
    pS1 = -3.25565818622400915405e-01,      /* 0xBFD4D612 03EB6F7D */
    pS2 = 2.01212532134862925881e-01,       /* 0x3FC9C155 0E884455 */
    pS3 = -4.00555345006794114027e-02,      /* 0xBFA48228 B5688F3B */
    pS4 = 7.91534994289814532176e-04,       /* 0x3F49EFE0 7501B288 */
    pS5 = 3.47933107596021167570e-05,       /* 0x3F023DE1 0DFDF709 */
    qS1 = -2.40339491173441421878e+00,      /* 0xC0033A27 1C8A2D4B */
    qS2 = 2.02094576023350569471e+00,       /* 0x40002AE5 9C598AC8 */
    qS3 = -6.88283971605453293030e-01,      /* 0xBFE6066C 1B8D0159 */
    qS4 = 7.70381505559019352791e-02;       /* 0x3FB3B8C5 B12E9282 */

/* R(z) = (asin(x) - x)/x^3 with z = x^2 */
static double R(double z)
{
    double p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
    double q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
    return p / q;
}

double asin(double x)
{
    double t, w, c, r, s, p, q;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x3ff00000) {                 /* |x| >= 1 */
        if (((ix - 0x3ff00000) | loword(x)) == 0)
            return x * pio2_hi + x * pio2_lo;   /* asin(+-1) = +-pi/2 */
        if (isnan(x))
            return x + x;
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (ix < 0x3fe00000) {                  /* |x| < 0.5 */
        if (ix < 0x3e500000)                /* |x| < 2^-26 */
            return x;
        return x + x * R(x * x);
    }
    /* 0.5 <= |x| < 1 */
    w = 1.0 - fabs(x);
    t = w * 0.5;
    s = sqrt(t);
    r = R(t);
    if (ix >= 0x3fef3333) {                 /* |x| > 0.975 */
        t = pio2_hi - (2.0 * (s + s * r) - pio2_lo);
    } else {
        w = trunc_lo(s);
        c = (t - w * w) / (s + w);          /* w + c = sqrt(t) */
        p = 2.0 * s * r - (pio2_lo - 2.0 * c);
        q = pio4_hi - 2.0 * w;
        t = pio4_hi - (p - q);
    }
    return (hx >> 31) != 0 ? -t : t;
}
