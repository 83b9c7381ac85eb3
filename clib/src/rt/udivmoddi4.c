#include "rt.h"

/* Quotient, and the remainder through rem if it is not null. */
unsigned long long __udivmoddi4(unsigned long long a, unsigned long long b, unsigned long long *rem)
{
    union __llbits n, d, q, r;
    n.ull = a;
    d.ull = b;
    rt_udivmod(n.w.hi, n.w.lo, d.w.hi, d.w.lo, &q.w.hi, &q.w.lo, &r.w.hi, &r.w.lo);
    if (rem != 0)
        *rem = r.ull;
    return q.ull;
}
