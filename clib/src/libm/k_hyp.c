/* sinh(x) and cosh(x) as double-doubles for 0 <= x < 22, the kernel of sinh, cosh and tanh.
 *  - x < 1/8: the Taylor series, x + x^3/3! + ... + x^13/13! and 1 + x^2/2! + ... + x^12/12! (truncation
 *    below 2^-80), the leading term kept apart from the rest: relative error below 2^-60.
 *  - 1/8 <= x < 22: E = exp(x) as a double-double (__exp_dd), 1/E as a double-double (the division's
 *    residual from Dekker's product), sinh = (E - 1/E)/2 and cosh = (E + 1/E)/2: relative error below 2^-66
 *    (the subtraction loses at most 3 bits at x = 1/8). */
#include "libm.h"

void __sinhcosh_dd(double x, double *sh, double *sl, double *ch, double *cl)
{
    double z, eh, el, ih, il, ph, pl, s, e;

    if (x < 0.125) {
        z = x * x;
        *sh = x;
        *sl = x * z * (1.0 / 6.0 + z * (1.0 / 120.0 + z * (1.0 / 5040.0 + z * (1.0 / 362880.0 +
              z * (1.0 / 39916800.0 + z * (1.0 / 6227020800.0))))));
        fast_two_sum(1.0, z * (0.5 + z * (1.0 / 24.0 + z * (1.0 / 720.0 + z * (1.0 / 40320.0 +
                     z * (1.0 / 3628800.0 + z * (1.0 / 479001600.0)))))), ch, cl);
        return;
    }
    eh = __exp_dd(x, &el);
    ih = 1.0 / eh;
    two_prod(ih, eh, &ph, &pl);
    il = (((1.0 - ph) - pl) - ih * el) / eh;        /* 1/(eh + el) = ih + il */
    two_sum(eh, -ih, &s, &e);
    fast_two_sum(s, e + (el - il), sh, sl);
    *sh *= 0.5;
    *sl *= 0.5;
    fast_two_sum(eh, ih, &s, &e);
    fast_two_sum(s, e + (el + il), ch, cl);
    *ch *= 0.5;
    *cl *= 0.5;
}
