#include "rt.h"

/* Logical a >> b for 0 <= b < 64 (other counts use b & 63). */
long long __lshrdi3(long long a, int b)
{
    union __llbits v;
    v.ll = a;
    b &= 63;
    if (b >= 32) {
        v.w.lo = v.w.hi >> (b - 32);
        v.w.hi = 0;
    } else if (b > 0) {
        v.w.lo = (v.w.lo >> b) | (v.w.hi << (32 - b));
        v.w.hi >>= b;
    }
    return v.ll;
}
