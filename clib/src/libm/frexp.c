#include "libm.h"

/* x = m * 2^e with 0.5 <= |m| < 1; frexp(0) = 0 with e = 0; inf and NaN are returned as they are. */
double frexp(double x, int *e)
{
    union __dbits u;
    int be;

    u.d = x;
    be = (int)((u.w.hi >> 20) & 0x7ff);
    *e = 0;
    if (be == 0x7ff)
        return x;
    if (be == 0) {
        if (((u.w.hi & 0x7fffffff) | u.w.lo) == 0)
            return x;
        u.d = x * 18014398509481984.0;     /* 2^54: normalize a subnormal */
        be = (int)((u.w.hi >> 20) & 0x7ff) - 54;
    }
    *e = be - 1022;
    u.w.hi = (u.w.hi & 0x800fffffu) | 0x3fe00000u;
    return u.d;
}
