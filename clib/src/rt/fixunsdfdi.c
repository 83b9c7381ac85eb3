#include "rt.h"

/* (unsigned long long) of a double, truncated toward zero. As the hardware's fcvt.wu.d: NaN and negative
 * values give 0, values too large saturate to ULLONG_MAX. */
unsigned long long __fixunsdfdi(double x)
{
    union __dbits u;
    union __llbits r;
    unsigned int mhi, mlo;
    int e, s;

    u.d = x;
    e = (int)((u.w.hi >> 20) & 0x7ff) - 1023;
    r.w.hi = 0;
    r.w.lo = 0;
    if (e < 0 || (u.w.hi >> 31) != 0)
        return r.ull;                   /* |x| < 1, or negative (NaNs with the sign bit too) */
    if (e >= 64) {
        if (e == 1024 && ((u.w.hi & 0xfffff) != 0 || u.w.lo != 0))
            return r.ull;               /* NaN */
        r.w.hi = 0xffffffffu;
        r.w.lo = 0xffffffffu;
        return r.ull;
    }
    mhi = (u.w.hi & 0xfffff) | 0x100000;
    mlo = u.w.lo;
    if (e >= 52) {
        s = e - 52;                     /* 0..11 */
        if (s > 0) {
            mhi = (mhi << s) | (mlo >> (32 - s));
            mlo <<= s;
        }
    } else {
        s = 52 - e;
        if (s >= 32) {
            mlo = mhi >> (s - 32);
            mhi = 0;
        } else {
            mlo = (mlo >> s) | (mhi << (32 - s));
            mhi >>= s;
        }
    }
    r.w.hi = mhi;
    r.w.lo = mlo;
    return r.ull;
}

unsigned long long __fixunssfdi(float x)
{
    return __fixunsdfdi((double)x);
}
