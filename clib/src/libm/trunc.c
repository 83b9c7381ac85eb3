#include "libm.h"

/* Clears the fraction bits. */
double trunc(double x)
{
    union __dbits u;
    int e;

    u.d = x;
    e = (int)((u.w.hi >> 20) & 0x7ff) - 1023;
    if (e >= 52)
        return e == 1024 ? x + x : x;
    if (e < 0) {
        u.w.hi &= 0x80000000u;
        u.w.lo = 0;
    } else if (e < 20) {
        u.w.hi &= ~(0x000fffffu >> e);
        u.w.lo = 0;
    } else {
        u.w.lo &= ~(0xffffffffu >> (e - 20));
    }
    return u.d;
}
