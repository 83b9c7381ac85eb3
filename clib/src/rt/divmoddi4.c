#include "rt.h"

/* Signed quotient (truncated), and the remainder (sign of the dividend) through rem if not null. */
long long __divmoddi4(long long a, long long b, long long *rem)
{
    union __llbits n, d, q, r;
    int qneg = 0, rneg = 0;
    n.ll = a;
    d.ll = b;
    if ((n.w.hi >> 31) != 0) {
        rt_neg(&n.w.hi, &n.w.lo);
        qneg = 1;
        rneg = 1;
    }
    if ((d.w.hi >> 31) != 0) {
        rt_neg(&d.w.hi, &d.w.lo);
        qneg = !qneg;
    }
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &q.w.hi, &q.w.lo, &r.w.hi, &r.w.lo);
    if (qneg)
        rt_neg(&q.w.hi, &q.w.lo);
    if (rneg)
        rt_neg(&r.w.hi, &r.w.lo);
    if (rem != 0)
        *rem = r.ll;
    return q.ll;
}
