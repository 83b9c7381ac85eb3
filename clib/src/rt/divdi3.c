#include "rt.h"

/* Signed division, truncating toward zero; LLONG_MIN / -1 gives LLONG_MIN (as the hardware's div). */
long long __divdi3(long long a, long long b)
{
    union __llbits n, d, q;
    unsigned int rhi, rlo;
    int neg = 0;
    n.ll = a;
    d.ll = b;
    if ((n.w.hi >> 31) != 0) {
        rt_neg(&n.w.hi, &n.w.lo);
        neg = !neg;
    }
    if ((d.w.hi >> 31) != 0) {
        rt_neg(&d.w.hi, &d.w.lo);
        neg = !neg;
    }
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &q.w.hi, &q.w.lo, &rhi, &rlo);
    if (neg)
        rt_neg(&q.w.hi, &q.w.lo);
    return q.ll;
}
