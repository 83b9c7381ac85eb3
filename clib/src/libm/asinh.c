/* asinh(x) = sign(x) log(|x| + sqrt(x^2 + 1)): x itself below 2^-28; below 2^28 the argument is formed as a
 * double-double (x^2 exact by Dekker's product, the square root corrected by its residual) and its log
 * taken by the double-double kernel __log_dd, so the result is rounded once (within 0.51 ulp, also near 0,
 * where the argument is 1 + |x| + ... and the kernel recovers |x| exactly); log(|x|) + ln2 beyond. */
#include "libm.h"

static const double
    ln2_hi = 6.93147180559945286227e-01,    /* ln2 = ln2_hi + ln2_lo */
    ln2_lo = 2.319046813846299558e-17;

double asinh(double x)
{
    double ax = fabs(x), h, l, sh, sl, ah, al, r, rl, ph, pl, s, e;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x7ff00000)
        return x + x;                       /* inf or NaN */
    if (ix < 0x3e300000)                    /* |x| < 2^-28 */
        return x;
    if (ix >= 0x41b00000) {                 /* |x| >= 2^28: log(2|x|) */
        h = __log_dd(ax, 0.0, &l);
        two_sum(h, ln2_hi, &s, &e);
        h = s + (e + (l + ln2_lo));
    } else {
        two_prod(ax, ax, &sh, &sl);
        two_sum(1.0, sh, &ah, &e);
        al = e + sl;                        /* x^2 + 1 = ah + al */
        r = sqrt(ah);
        two_prod(r, r, &ph, &pl);
        rl = (((ah - ph) - pl) + al) / (r + r);     /* sqrt(x^2 + 1) = r + rl */
        two_sum(ax, r, &s, &e);
        fast_two_sum(s, e + rl, &s, &e);
        h = __log_dd(s, e, &l);
        h = h + l;
    }
    return (hx >> 31) != 0 ? -h : h;
}
