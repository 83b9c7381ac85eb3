/* atan(x) through a double-double kernel, __atan_dd, shared with atan2:
 *  1. |x| > 1: atan(x) = pi/2 - atan(1/x), with 1/x as a double-double (its residual from Dekker's product).
 *  2. x in [0, 1]: c = k/16 for k = round(16 x); atan(x) = atan(c) + atan(t) with t = (x - c)/(1 + x c),
 *     |t| <= 1/32. x - c is exact, 1 + x c is formed exactly as a double-double and t is a double-double
 *     (the division's residual recovered); atan(c) = T[k] + Tl[k] comes from a table of double-doubles
 *     (computed in high precision when this file was written).
 *  3. atan(t + te) = t + t^3 P(t^2) + te (1 - t^2) with the Taylor polynomial P to t^12 (truncation below
 *     2^-70 relative).
 * The parts are added as double-doubles; the kernel's relative error is below 2^-62, so atan rounds its
 * double-double once and is within 0.51 ulp. */
#include "libm.h"

/* atan(k/16) = tab[2k] + tab[2k+1], k = 0..16 */
static const double tab[34] = {
    0.0, 0.0,
    0.06241880999595735, -1.5490756308295046e-18,
    0.12435499454676144, -3.1253241424539383e-18,
    0.18534794999569476, 4.180692268843079e-18,
    0.24497866312686414, 1.0698755618734451e-17,
    0.3028848683749714, -1.1010827903001369e-17,
    0.35877067027057225, -2.4623815582638635e-17,
    0.4124104415973873, -1.587652227770689e-17,
    0.4636476090008061, 2.2698777452961687e-17,
    0.5123894603107377, -2.5462781472855804e-17,
    0.5585993153435624, -5.4556305485916264e-18,
    0.6022873461349642, 2.950430737228402e-17,
    0.6435011087932844, 1.5834785051444286e-17,
    0.6823165548747481, 6.943223671560008e-18,
    0.7188299996216245, -2.1478388444456983e-17,
    0.7531512809621944, -2.4256934659182068e-17,
    0.7853981633974483, 3.061616997868383e-17,
};

static const double
    pio2_hi = 1.5707963267948966,           /* pi/2 = pio2_hi + pio2_lo */
    pio2_lo = 6.123233995736766e-17;

double __atan_dd(double xh, double xl, double *lo)
{
    double u, ph, pl, c, nh, nl, dh, dl, t, te, z, tail, s, e, h, l;
    int k, inv = 0;

    if (xh > 1.0) {                         /* atan(x) = pi/2 - atan(1/x) */
        u = 1.0 / xh;
        two_prod(u, xh, &ph, &pl);
        xl = (((1.0 - ph) - pl) - u * xl) / xh;     /* 1/(xh + xl) = u + xl */
        xh = u;
        inv = 1;
    }
    k = (int)(xh * 16.0 + 0.5);
    if (k == 0) {
        t = xh;
        te = xl;
    } else {
        c = (double)k * 0.0625;
        two_sum(xh - c, xl, &nh, &nl);      /* x - c (xh - c is exact) */
        two_prod(xh, c, &ph, &pl);
        fast_two_sum(1.0, ph, &dh, &dl);    /* 1 + x c */
        dl = dl + (pl + xl * c);
        t = nh / dh;
        two_prod(t, dh, &ph, &pl);
        te = (((nh - ph) - pl) + nl - t * dl) / dh;
    }
    z = t * t;
    tail = te - te * z + t * z * (-3.33333333333333314830e-01 + z * (2.00000000000000011102e-01 +
           z * (-1.42857142857142849213e-01 + z * (1.11111111111111104943e-01 + z * (-9.09090909090909116141e-02 +
           z * 7.69230769230769273470e-02)))));
    two_sum(tab[2 * k], t, &s, &e);
    fast_two_sum(s, e + (tab[2 * k + 1] + tail), &h, &l);
    if (inv) {
        two_sum(pio2_hi, -h, &s, &e);
        fast_two_sum(s, e + (pio2_lo - l), &h, &l);
    }
    *lo = l;
    return h;
}

double atan(double x)
{
    double h, l;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x44100000) {                 /* |x| >= 2^66 */
        if (isnan(x))
            return x + x;
        return (hx >> 31) != 0 ? -pio2_hi - pio2_lo : pio2_hi + pio2_lo;
    }
    if (ix < 0x3e400000)                    /* |x| < 2^-27: atan(x) = x - x^3/3 rounds to x */
        return x;
    h = __atan_dd(fabs(x), 0.0, &l);
    return (hx >> 31) != 0 ? -h : h;
}
