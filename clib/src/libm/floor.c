#include "libm.h"

/* Clears the fraction bits; for negative non-integers subtracts one. */
double floor(double x)
{
    union __dbits u;
    int e;
    unsigned int m;

    u.d = x;
    e = (int)((u.w.hi >> 20) & 0x7ff) - 1023;
    if (e < 0) {
        /* |x| < 1 */
        if (((u.w.hi & 0x7fffffff) | u.w.lo) == 0)
            return x;                   /* +-0 */
        return (u.w.hi >> 31) != 0 ? -1.0 : 0.0;
    }
    if (e >= 52)
        return e == 1024 ? x + x : x;   /* an integer already; inf; NaN (x + x quiets it) */
    if (e < 20) {
        m = 0x000fffffu >> e;           /* fraction bits in the high word */
        if (((u.w.hi & m) | u.w.lo) == 0)
            return x;
        if ((u.w.hi >> 31) != 0)
            u.w.hi += 0x00100000u >> e;
        u.w.hi &= ~m;
        u.w.lo = 0;
    } else {
        m = 0xffffffffu >> (e - 20);    /* fraction bits in the low word */
        if ((u.w.lo & m) == 0)
            return x;
        if ((u.w.hi >> 31) != 0) {
            if (e == 20) {
                u.w.hi += 1;
            } else {
                unsigned int t = u.w.lo + (1u << (52 - e));
                if (t < u.w.lo)
                    u.w.hi += 1;
                u.w.lo = t;
            }
        }
        u.w.lo &= ~m;
    }
    return u.d;
}
