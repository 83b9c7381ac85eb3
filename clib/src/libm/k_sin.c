/* sin(x + y) on [-pi/4, pi/4], y the tail of x (iy = 0: y is 0). fdlibm's degree-13 odd minimax
 * polynomial (error < 2^-58): sin(x) ~ x + S1 x^3 + ... + S6 x^13, with the tail folded in as
 * sin(x+y) ~ sin(x) + (1 - x^2/2) y. */
#include "libm.h"

static const double
    S1 = -1.66666666666666324348e-01,       /* 0xBFC55555 55555549 */
    S2 = 8.33333333332248946124e-03,        /* 0x3F811111 1110F8A6 */
    S3 = -1.98412698298579493134e-04,       /* 0xBF2A01A0 19C161D5 */
    S4 = 2.75573137070700676789e-06,        /* 0x3EC71DE3 57B1FE7D */
    S5 = -2.50507602534068634195e-08,       /* 0xBE5AE5E6 8A2B9CEB */
    S6 = 1.58969099521155010221e-10;        /* 0x3DE5D93A 5ACFD57C */

double __sin_kernel(double x, double y, int iy)
{
    double z = x * x, w = z * z, r, v;
    r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    v = z * x;
    if (iy == 0)
        return x + v * (S1 + z * r);
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}
