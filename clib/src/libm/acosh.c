/* acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1: log1p(t + sqrt(2t + t^2)) with t = x - 1 below 2,
 * log(2x - 1/(x + sqrt(x^2 - 1))) below 2^28, log(x) + ln2 beyond. x < 1 gives NaN (EDOM). */
#include "libm.h"

static const double ln2 = 6.93147180559945286227e-01;

double acosh(double x)
{
    double t;
    unsigned int hx = hiword(x);

    if (isnan(x))
        return x + x;
    if (x < 1.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (hx >= 0x41b00000) {                 /* x >= 2^28 */
        if (hx >= 0x7ff00000)
            return x + x;
        return log(x) + ln2;
    }
    if (x == 1.0)
        return 0.0;
    if (hx > 0x40000000) {                  /* 2 < x < 2^28 */
        t = x * x;
        return log(2.0 * x - 1.0 / (x + sqrt(t - 1.0)));
    }
    t = x - 1.0;                            /* 1 < x <= 2 */
    return log1p(t + sqrt(2.0 * t + t * t));
}
