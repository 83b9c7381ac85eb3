#include "libm.h"

int ilogb(double x)
{
    int e;
    if (x == 0.0 || isnan(x))
        return FP_ILOGB0;
    if (isinf(x))
        return 2147483647;
    frexp(x, &e);
    return e - 1;
}

double logb(double x)
{
    if (isnan(x))
        return x + x;
    if (isinf(x))
        return fabs(x);
    if (x == 0.0) {
        errno = ERANGE;
        return -1.0 / fabs(x);
    }
    return (double)ilogb(x);
}
