#include "libm.h"

double nextafter(double x, double y)
{
    union __dbits u;
    if (isnan(x) || isnan(y))
        return x + y;
    if (x == y)
        return y;
    if (x == 0.0)
        return from_words(hiword(y) & 0x80000000u, 1);   /* smallest subnormal toward y */
    u.d = x;
    if ((x < y) == (x > 0.0)) {
        /* away from zero: magnitude + 1 ulp */
        u.w.lo++;
        if (u.w.lo == 0)
            u.w.hi++;
    } else {
        if (u.w.lo == 0)
            u.w.hi--;
        u.w.lo--;
    }
    return u.d;
}
