#include "rt.h"

/* (double) of an unsigned long long, correctly rounded (see floatdidf.c). */
double __floatundidf(unsigned long long a)
{
    union __llbits v;
    v.ull = a;
    if (v.w.hi == 0)
        return (double)v.w.lo;
    return (double)v.w.hi * 4294967296.0 + (double)v.w.lo;
}
