/* atan2(y, x): the angle of (x, y), in [-pi, pi]. atan(|y/x|) as a double-double (the quotient's rounding
 * error recovered, atan's kernel __atan_dd), moved to the right quadrant with pi as a double-double and
 * rounded once (within 0.51 ulp); the special cases (zeros, infinities) of C99 F.9.1.4. */
#include "libm.h"

static const double
    pi_o_4 = 7.8539816339744827900e-01,     /* 0x3FE921FB 54442D18 */
    pi_o_2 = 1.5707963267948965580e+00,     /* 0x3FF921FB 54442D18 */
    pi = 3.1415926535897931160e+00,         /* 0x400921FB 54442D18 */
    pi_lo = 1.2246467991473531772e-16;      /* 0x3CA1A626 33145C07 */

/* atan(ay/ax) = hi + *lo for 2^-61 <= ay/ax <= 2^61: the rounding error of the quotient q is recovered
 * exactly, (ay - q ax)/ax, and the double-double q + r goes through atan's kernel. */
static double atan_quotient(double ay, double ax, double *lo)
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
    return __atan_dd(q, r, lo);
}

double atan2(double y, double x)
{
    double z, zl = 0.0, s, e;
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
        z = pi_o_2;
        zl = 0.5 * pi_lo;
        m &= 1;
    } else if (k < -60) {                   /* |y/x| < 2^-60: atan(z) = z */
        z = (hx >> 31) != 0 ? 0.0 : fabs(y) / fabs(x);
    } else {
        z = atan_quotient(fabs(y), fabs(x), &zl);
    }
    if (m < 2)
        return m == 0 ? z : -z;
    /* pi - z, as double-doubles, rounded once */
    two_sum(pi, -z, &s, &e);
    z = s + (e + (pi_lo - zl));
    return m == 2 ? z : -z;
}
