/* atan2(y, x): the angle of (x, y), in [-pi, pi]. atan(|y/x|) (with the quotient's rounding error
 * compensated) moved to the right quadrant, with pi in two pieces; the special cases (zeros, infinities)
 * of C99 F.9.1.4. */
#include "libm.h"

static const double
    pi_o_4 = 7.8539816339744827900e-01,     /* 0x3FE921FB 54442D18 */
    pi_o_2 = 1.5707963267948965580e+00,     /* 0x3FF921FB 54442D18 */
    pi = 3.1415926535897931160e+00,         /* 0x400921FB 54442D18 */
    pi_lo = 1.2246467991473531772e-16;      /* 0x3CA1A626 33145C07 */

/* hi + lo = a * b exactly (Dekker; |a|, |b| < 2^995). */
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

/* atan(ay/ax) for 2^-61 <= ay/ax <= 2^61: the rounding error of the quotient q is recovered exactly,
 * (ay - q ax)/ax, and added as its first-order effect on atan, so that only atan's own error remains. */
static double atan_quotient(double ay, double ax)
{
    double q, ph, pl, r;
    /* keep the exact product in range (powers of two: exact) */
    if (ax > 1e290 || ay > 1e290) {
        ax *= 7.8886090522101180541e-31;    /* 2^-100 */
        ay *= 7.8886090522101180541e-31;
    } else if (ax < 1e-280 || ay < 1e-280) {
        ax *= 1.2676506002282294e30;        /* 2^100 */
        ay *= 1.2676506002282294e30;
    }
    q = ay / ax;
    two_prod(q, ax, &ph, &pl);
    r = ((ay - ph) - pl) / ax;              /* ay/ax = q + r */
    return atan(q) + r / (1.0 + q * q);
}

double atan2(double y, double x)
{
    double z;
    unsigned int hx = hiword(x), hy = hiword(y), ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
    unsigned int lx = loword(x), ly = loword(y);
    int m, k;

    if (isnan(x) || isnan(y))
        return x + y;
    if (hx == 0x3ff00000 && lx == 0)        /* x = 1 */
        return atan(y);
    m = (int)((hy >> 31) | ((hx >> 30) & 2));   /* 2*sign(x) + sign(y) */

    if ((iy | ly) == 0) {                   /* y = +-0 */
        if (m < 2)
            return y;                       /* atan2(+-0, +x) = +-0 */
        return m == 2 ? pi : -pi;           /* atan2(+-0, -x) = +-pi */
    }
    if ((ix | lx) == 0)                     /* x = +-0 */
        return (hy >> 31) != 0 ? -pi_o_2 : pi_o_2;
    if (ix == 0x7ff00000) {                 /* x = +-inf */
        if (iy == 0x7ff00000) {
            switch (m) {
            case 0:
                return pi_o_4;
            case 1:
                return -pi_o_4;
            case 2:
                return 3.0 * pi_o_4;
            default:
                return -3.0 * pi_o_4;
            }
        }
        switch (m) {
        case 0:
            return 0.0;
        case 1:
            return -0.0;
        case 2:
            return pi;
        default:
            return -pi;
        }
    }
    if (iy == 0x7ff00000)                   /* y = +-inf */
        return (hy >> 31) != 0 ? -pi_o_2 : pi_o_2;

    k = ((int)iy - (int)ix) >> 20;
    if (k > 60) {                           /* |y/x| > 2^60 */
        z = pi_o_2 + 0.5 * pi_lo;
        m &= 1;
    } else if (k < -60) {                   /* |y/x| < 2^-60: atan(z) = z */
        z = (hx >> 31) != 0 ? 0.0 : fabs(y) / fabs(x);
    } else {
        z = atan_quotient(fabs(y), fabs(x));
    }
    switch (m) {
    case 0:
        return z;
    case 1:
        return -z;
    case 2:
        return pi - (z - pi_lo);
    default:
        return (z - pi_lo) - pi;
    }
}
