#include "libm.h"

/* Round to nearest, ties to even (the only rounding mode): adding and subtracting 2^52 leaves the
 * integer nearest to x for |x| < 2^52. */
double rint(double x)
{
    static const double two52 = 4503599627370496.0;
    double t;
    if (!(fabs(x) < two52))
        return isnan(x) ? x + x : x;
    if (x > 0.0) {
        t = (x + two52) - two52;
        return t;
    }
    if (x < 0.0) {
        t = (x - two52) + two52;
        return t == 0.0 ? -0.0 : t;
    }
    return x;
}

double nearbyint(double x)
{
    return rint(x);
}

long lrint(double x)
{
    return (long)rint(x);
}

long long llrint(double x)
{
    return (long long)rint(x);
}
