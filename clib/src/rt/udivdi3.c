#include "rt.h"

unsigned long long __udivdi3(unsigned long long a, unsigned long long b)
{
    union __llbits n, d, q;
    unsigned int rhi, rlo;
    n.ull = a;
    d.ull = b;
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &q.w.hi, &q.w.lo, &rhi, &rlo);
    return q.ull;
}
