/* atanh(x) = sign(x) log1p(2|x|/(1 - |x|))/2: x itself below 2^-28; otherwise 1 - |x| exactly as a
 * double-double, the quotient q as a double-double (its residual recovered with Dekker's product), 1 + q
 * as a double-double, and its log by the double-double kernel __log_dd (which recovers q exactly from
 * 1 + q), rounded once: within 0.51 ulp. |x| > 1 is a domain error (EDOM, NaN), |x| = 1 a pole (ERANGE,
 * +-inf). */
#include "libm.h"

double atanh(double x)
{
    double ax = fabs(x), dh, dl, n, qh, ql, ph, pl, uh, ul, h, l;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (isnan(x))
        return x + x;
    if (ax > 1.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (ax == 1.0) {
        errno = ERANGE;
        return (hx >> 31) != 0 ? -from_words(0x7ff00000, 0) : from_words(0x7ff00000, 0);
    }
    if (ix < 0x3e300000)                    /* |x| < 2^-28 */
        return x;
    two_sum(1.0, -ax, &dh, &dl);            /* 1 - |x| */
    n = ax + ax;
    qh = n / dh;
    two_prod(qh, dh, &ph, &pl);
    ql = (((n - ph) - pl) - qh * dl) / dh;  /* 2|x|/(1 - |x|) = qh + ql */
    two_sum(1.0, qh, &uh, &ul);
    fast_two_sum(uh, ul + ql, &uh, &ul);
    h = __log_dd(uh, ul, &l);
    h = 0.5 * (h + l);
    return (hx >> 31) != 0 ? -h : h;
}
