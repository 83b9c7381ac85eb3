#include "rt.h"

/* Signed remainder, with the sign of the dividend; LLONG_MIN % -1 gives 0. */
long long __moddi3(long long a, long long b)
{
    union __llbits n, d, r;
    unsigned int qhi, qlo;
    int neg = 0;
    n.ll = a;
    d.ll = b;
    if ((n.w.hi >> 31) != 0) {
        rt_neg(&n.w.hi, &n.w.lo);
        neg = 1;
    }
    if ((d.w.hi >> 31) != 0)
        rt_neg(&d.w.hi, &d.w.lo);
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &qhi, &qlo, &r.w.hi, &r.w.lo);
    if (neg)
        rt_neg(&r.w.hi, &r.w.lo);
    return r.ll;
}
