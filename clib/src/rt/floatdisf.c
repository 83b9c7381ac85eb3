#include "rt.h"

/* (float) of an unsigned 64-bit magnitude hi:lo, correctly rounded: values of more than 53 bits are
 * first cut to 53 bits with a sticky low bit (which cannot disturb rounding to 24 bits), so that the
 * conversion to double is exact and only the final conversion to float rounds. */
static float u64_to_float(unsigned int hi, unsigned int lo)
{
    union __dbits scale;
    int top, s;
    unsigned int sticky;
    double d;

    if ((hi >> 21) == 0)            /* < 2^53: exact in a double */
        return (float)((double)hi * 4294967296.0 + (double)lo);
    top = 63 - rt_clz(hi);          /* the index of the top bit of hi:lo, 53..63 */
    s = top - 52;                   /* 1..11 bits to drop */
    sticky = (lo & ((1u << s) - 1)) != 0 ? 1 : 0;
    lo = (lo >> s) | (hi << (32 - s));
    hi >>= s;
    lo |= sticky;
    d = (double)hi * 4294967296.0 + (double)lo;     /* exact: 53 bits */
    scale.w.hi = (unsigned int)(1023 + s) << 20;
    scale.w.lo = 0;
    return (float)(d * scale.d);
}

float __floatdisf(long long a)
{
    union __llbits v;
    float r;
    int neg;
    v.ll = a;
    neg = (v.w.hi >> 31) != 0;
    if (neg)
        rt_neg(&v.w.hi, &v.w.lo);
    r = u64_to_float(v.w.hi, v.w.lo);
    return neg ? -r : r;
}

float __floatundisf(unsigned long long a)
{
    union __llbits v;
    v.ull = a;
    return u64_to_float(v.w.hi, v.w.lo);
}
