#include "libm.h"

/* NaN arguments are ignored; fmax(-0, +0) is +0. */
double fmax(double x, double y)
{
    if (isnan(x))
        return y;
    if (isnan(y))
        return x;
    if (x == y)
        return signbit(x) ? y : x;
    return x > y ? x : y;
}
