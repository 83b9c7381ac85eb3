#include "libm.h"

/* NaN arguments are ignored; fmin(-0, +0) is -0. */
double fmin(double x, double y)
{
    if (isnan(x))
        return y;
    if (isnan(y))
        return x;
    if (x == y)
        return signbit(x) ? x : y;
    return x < y ? x : y;
}
