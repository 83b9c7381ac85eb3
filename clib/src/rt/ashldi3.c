#include "rt.h"

/* a << b for 0 <= b < 64 (other counts use b & 63). */
long long __ashldi3(long long a, int b)
{
    union __llbits v;
    v.ll = a;
    b &= 63;
    if (b >= 32) {
        v.w.hi = v.w.lo << (b - 32);
        v.w.lo = 0;
    } else if (b > 0) {
        v.w.hi = (v.w.hi << b) | (v.w.lo >> (32 - b));
        v.w.lo <<= b;
    }
    return v.ll;
}
