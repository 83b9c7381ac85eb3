#include "libm.h"

/* Integer part to *ip, fraction returned; both with the sign of x. modf(inf) = 0 with *ip = inf. */
double modf(double x, double *ip)
{
    union __dbits u;
    int e;
    u.d = x;
    e = (int)((u.w.hi >> 20) & 0x7ff) - 1023;
    if (e >= 52) {
        *ip = x;
        if (e == 1024 && ((u.w.hi & 0xfffff) | u.w.lo) != 0)
            return x;                   /* NaN */
        return from_words(u.w.hi & 0x80000000u, 0);
    }
    *ip = trunc(x);
    if (*ip == x)
        return from_words(u.w.hi & 0x80000000u, 0);
    return x - *ip;
}
