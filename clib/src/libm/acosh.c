/* acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1: the argument formed as a double-double (below 2, with
 * t = x - 1 exact, 1 + t + sqrt(2t + t^2), so the kernel recovers the small part exactly; up to 2^28,
 * x + sqrt(x^2 - 1) with x^2 exact by Dekker's product) and its log taken by the double-double kernel
 * __log_dd, so the result is rounded once (within 0.51 ulp); log(x) + ln2 from 2^28 on. x < 1 is a domain
 * error (EDOM, NaN). */
#include "libm.h"

static const double
    ln2_hi = 6.93147180559945286227e-01,    /* ln2 = ln2_hi + ln2_lo */
    ln2_lo = 2.319046813846299558e-17;

double acosh(double x)
{
    double h, l, t, sh, sl, ah, al, r, rl, ph, pl, s, e;
    unsigned int hx = hiword(x);

    if (isnan(x))
        return x + x;
    if (x < 1.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (x == 1.0)
        return 0.0;
    if (hx >= 0x41b00000) {                 /* x >= 2^28: log(2x) */
        if (hx >= 0x7ff00000)
            return x + x;                   /* inf */
        h = __log_dd(x, 0.0, &l);
        two_sum(h, ln2_hi, &s, &e);
        return s + (e + (l + ln2_lo));
    }
    if (x <= 2.0) {
        t = x - 1.0;                        /* exact */
        two_prod(t, t, &sh, &sl);
        two_sum(t + t, sh, &ah, &e);
        al = e + sl;                        /* 2t + t^2 = ah + al */
    } else {
        two_prod(x, x, &sh, &sl);
        two_sum(sh, -1.0, &ah, &e);
        al = e + sl;                        /* x^2 - 1 = ah + al */
    }
    r = sqrt(ah);
    two_prod(r, r, &ph, &pl);
    rl = (((ah - ph) - pl) + al) / (r + r);
    if (x <= 2.0) {
        two_sum(t, r, &s, &e);              /* t + sqrt(2t + t^2), then + 1 */
        e = e + rl;
        two_sum(1.0, s, &s, &l);
        fast_two_sum(s, l + e, &s, &e);
    } else {
        two_sum(x, r, &s, &e);
        fast_two_sum(s, e + rl, &s, &e);
    }
    h = __log_dd(s, e, &l);
    return h + l;
}
