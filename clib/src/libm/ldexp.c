#include "libm.h"

/* x * 2^n without intermediate overflow or double rounding: scale in at most three steps by exact powers
 * of two; only the last multiplication rounds (into the subnormal range, or to infinity). */
double scalbn(double x, int n)
{
    double y = x;
    if (n > 1023) {
        y *= 8.98846567431157953865e+307;   /* 2^1023 */
        n -= 1023;
        if (n > 1023) {
            y *= 8.98846567431157953865e+307;
            n -= 1023;
            if (n > 1023)
                n = 1023;
        }
    } else if (n < -1022) {
        /* 2^-1022 * 2^53: keeps 53 bits so that the final step rounds once */
        y *= 2.00416836000897277800e-292;   /* 2^-969 */
        n += 969;
        if (n < -1022) {
            y *= 2.00416836000897277800e-292;
            n += 969;
            if (n < -1022)
                n = -1022;
        }
    }
    return y * from_words((unsigned int)(0x3ff + n) << 20, 0);
}

double ldexp(double x, int n)
{
    double r = scalbn(x, n);
    if (x != 0.0 && (r == 0.0 || isinf(r)) && !isinf(x))
        errno = ERANGE;
    return r;
}
