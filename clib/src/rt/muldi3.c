#include "rt.h"

/* a * b modulo 2^64 (the same bits for signed and unsigned operands). */
long long __muldi3(long long a, long long b)
{
    union __llbits x, y, r;
    unsigned int hi, lo;
    x.ll = a;
    y.ll = b;
    rt_mul32(x.w.lo, y.w.lo, &hi, &lo);
    r.w.lo = lo;
    r.w.hi = hi + x.w.lo * y.w.hi + x.w.hi * y.w.lo;
    return r.ll;
}
