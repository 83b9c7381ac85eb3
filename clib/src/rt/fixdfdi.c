#include "rt.h"

/* (long long) of a double, truncated toward zero. As the hardware's fcvt.w.d: NaN gives 0, values out of
 * range saturate to LLONG_MIN / LLONG_MAX. */
long long __fixdfdi(double x)
{
    union __dbits u;
    union __llbits r;
    unsigned int mhi, mlo;
    int e, neg, s;

    u.d = x;
    neg = (u.w.hi >> 31) != 0;
    e = (int)((u.w.hi >> 20) & 0x7ff) - 1023;
    if (e < 0) {
        r.w.hi = 0;
        r.w.lo = 0;
        return r.ll;
    }
    if (e >= 63) {
        if (e == 1024 && ((u.w.hi & 0xfffff) != 0 || u.w.lo != 0)) {
            r.w.hi = 0;                 /* NaN */
            r.w.lo = 0;
        } else if (neg) {
            r.w.hi = 0x80000000u;
            r.w.lo = 0;
        } else {
            r.w.hi = 0x7fffffffu;
            r.w.lo = 0xffffffffu;
        }
        return r.ll;
    }
    mhi = (u.w.hi & 0xfffff) | 0x100000;
    mlo = u.w.lo;                       /* |x| = mhi:mlo * 2^(e-52) */
    if (e >= 52) {
        s = e - 52;                     /* 0..10 */
        if (s > 0) {
            mhi = (mhi << s) | (mlo >> (32 - s));
            mlo <<= s;
        }
    } else {
        s = 52 - e;                     /* 1..52 */
        if (s >= 32) {
            mlo = mhi >> (s - 32);
            mhi = 0;
        } else {
            mlo = (mlo >> s) | (mhi << (32 - s));
            mhi >>= s;
        }
    }
    if (neg)
        rt_neg(&mhi, &mlo);
    r.w.hi = mhi;
    r.w.lo = mlo;
    return r.ll;
}

long long __fixsfdi(float x)
{
    return __fixdfdi((double)x);
}
