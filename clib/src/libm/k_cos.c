/* cos(x + y) on [-pi/4, pi/4], y the tail of x. fdlibm's degree-14 even minimax polynomial (error
 * < 2^-58): cos(x) ~ 1 - x^2/2 + C1 x^4 + ... + C6 x^14; cos(x+y) ~ cos(x) - x y. 1 - x^2/2 is formed
 * as w + ((1 - w) - x^2/2) to keep its rounding error. */
#include "libm.h"

static const double
    C1 = 4.16666666666666019037e-02,        /* 0x3FA55555 5555554C */
    C2 = -1.38888888888741095749e-03,       /* 0xBF56C16C 16C15177 */
    C3 = 2.48015872894767294178e-05,        /* 0x3EFA01A0 19CB1590 */
    C4 = -2.75573143513906633035e-07,       /* 0xBE927E4F 809C52AD */
    C5 = 2.08757232129817482790e-09,        /* 0x3E21EE9E BDB4B1C4 */
    C6 = -1.13596475577881948265e-11;       /* 0xBDA8FAE9 BE8838D4 */

double __cos_kernel(double x, double y)
{
    double z = x * x, w = z * z, r, hz;
    r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    hz = 0.5 * z;
    w = 1.0 - hz;
    return w + (((1.0 - w) - hz) + (z * r - x * y));
}
