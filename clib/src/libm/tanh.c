/* tanh(x) = sinh(x)/cosh(x): x itself below 2^-28; below 22 the quotient of the double-double kernel
 * __sinhcosh_dd, divided as double-doubles (the residual of the first quotient recovered with Dekker's
 * product) and rounded once, within 0.51 ulp; +-1 from 22 on (tanh(22) = 1 - 1.6e-19). */
#include "libm.h"

double tanh(double x)
{
    double sh, sl, ch, cl, q, ph, pl, z;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x7ff00000) {
        if (isnan(x))
            return x + x;
        return (hx >> 31) != 0 ? -1.0 : 1.0;
    }
    if (ix < 0x40360000) {                  /* |x| < 22 */
        if (ix < 0x3e300000)                /* |x| < 2^-28 */
            return x;
        __sinhcosh_dd(fabs(x), &sh, &sl, &ch, &cl);
        q = sh / ch;
        two_prod(q, ch, &ph, &pl);
        z = q + ((((sh - ph) - pl) + sl - q * cl) / ch);
    } else {
        z = 1.0;
    }
    return (hx >> 31) != 0 ? -z : z;
}
