#include "libm.h"

/* Rounds half away from zero. */
double round(double x)
{
    double t;
    if (!(fabs(x) < 4503599627370496.0))   /* 2^52: already an integer (or inf, NaN) */
        return isnan(x) ? x + x : x;
    if (x >= 0.0) {
        t = floor(x);
        if (x - t >= 0.5)
            t += 1.0;
        return t;
    }
    t = floor(-x);
    if (-x - t >= 0.5)
        t += 1.0;
    return -t;
}

long lround(double x)
{
    return (long)round(x);
}

long long llround(double x)
{
    return (long long)round(x);
}
