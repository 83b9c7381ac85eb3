#include "libm.h"

double copysign(double x, double y)
{
    union __dbits u;
    u.d = x;
    u.w.hi = (u.w.hi & 0x7fffffffu) | (hiword(y) & 0x80000000u);
    return u.d;
}
