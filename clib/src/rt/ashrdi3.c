#include "rt.h"

/* Arithmetic a >> b for 0 <= b < 64 (other counts use b & 63). Relies on >> of a negative int being
 * arithmetic, as scmpcc (sra) and gcc do. */
long long __ashrdi3(long long a, int b)
{
    union __llbits v;
    int hi;
    v.ll = a;
    b &= 63;
    hi = (int)v.w.hi;
    if (b >= 32) {
        v.w.lo = (unsigned int)(hi >> (b - 32));
        v.w.hi = (unsigned int)(hi >> 31);
    } else if (b > 0) {
        v.w.lo = (v.w.lo >> b) | (v.w.hi << (32 - b));
        v.w.hi = (unsigned int)(hi >> b);
    }
    return v.ll;
}
