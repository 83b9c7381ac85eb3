#include "rt.h"

unsigned long long __umoddi3(unsigned long long a, unsigned long long b)
{
    union __llbits n, d, r;
    unsigned int qhi, qlo;
    n.ull = a;
    d.ull = b;
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &qhi, &qlo, &r.w.hi, &r.w.lo);
    return r.ull;
}
