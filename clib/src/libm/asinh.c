/* asinh(x) = sign(x) log(|x| + sqrt(x^2 + 1)), arranged per range to stay accurate:
 * log1p(|x| + x^2/(1 + sqrt(1 + x^2))) below 2, log(2|x| + 1/(|x| + sqrt(x^2+1))) below 2^28,
 * log(|x|) + ln2 beyond. */
#include "libm.h"

static const double ln2 = 6.93147180559945286227e-01;

double asinh(double x)
{
    double w, t, ax = fabs(x);
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;

    if (ix >= 0x7ff00000)
        return x + x;
    if (ix < 0x3e300000)                    /* |x| < 2^-28 */
        return x;
    if (ix > 0x41b00000) {                  /* |x| > 2^28 */
        w = log(ax) + ln2;
    } else if (ix > 0x40000000) {           /* 2 < |x| <= 2^28 */
        w = log(2.0 * ax + 1.0 / (sqrt(x * x + 1.0) + ax));
    } else {
        t = x * x;
        w = log1p(ax + t / (1.0 + sqrt(1.0 + t)));
    }
    return (hx >> 31) != 0 ? -w : w;
}
