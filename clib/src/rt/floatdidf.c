#include "rt.h"

/* (double) of a long long, correctly rounded: hi * 2^32 is exact and so is lo, so their sum is
 * rounded once. */
double __floatdidf(long long a)
{
    union __llbits v;
    double r;
    int neg;
    v.ll = a;
    if (v.w.hi == 0 && (v.w.lo >> 31) == 0)
        return (double)(int)v.w.lo;
    if (v.w.hi == 0xffffffffu && (v.w.lo >> 31) != 0)
        return (double)(int)v.w.lo;
    neg = (v.w.hi >> 31) != 0;
    if (neg)
        rt_neg(&v.w.hi, &v.w.lo);
    r = (double)v.w.hi * 4294967296.0 + (double)v.w.lo;
    return neg ? -r : r;
}
