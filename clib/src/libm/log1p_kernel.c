/* log(1+f) = f - f^2/2 + s*(f^2/2 + R(s^2)), s = f/(2+f): returns s*(f^2/2 + R) for the callers that keep
 * f - f^2/2 in extra precision (log2, log10). R is fdlibm's minimax polynomial in s^2 on [0, 0.1716],
 * error < 2^-58.45. */
#include "libm.h"

static const double
    Lg1 = 6.666666666666735130e-01,         /* 3FE55555 55555593 */
    Lg2 = 3.999999999940941908e-01,         /* 3FD99999 9997FA04 */
    Lg3 = 2.857142874366239149e-01,         /* 3FD24924 94229359 */
    Lg4 = 2.222219843214978396e-01,         /* 3FCC71C5 1D8E78AF */
    Lg5 = 1.818357216161805012e-01,         /* 3FC74664 96CB03DE */
    Lg6 = 1.531383769920937332e-01,         /* 3FC39A09 D078C69F */
    Lg7 = 1.479819860511658591e-01;         /* 3FC2F112 DF3E5244 */

double __log1p_kernel(double f)
{
    double hfsq, s, z, w, t1, t2, R;
    s = f / (2.0 + f);
    z = s * s;
    w = z * z;
    t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
    t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
    R = t2 + t1;
    hfsq = 0.5 * f * f;
    return s * (hfsq + R);
}
