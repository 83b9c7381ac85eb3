/* Rounding a 64-bit binary mantissa to a double (used by strtod). */
#include "../internal/fpconv.h"
#include "../internal/fpbits.h"

static double overflow(int *range_err)
{
    union __dbits u;
    if (range_err != 0)
        *range_err = 1;
    u.w.hi = 0x7ff00000;
    u.w.lo = 0;
    return u.d;
}

double __fp_make(unsigned int hi, unsigned int lo, int e2, int sticky, int *range_err)
{
    union __dbits u;
    unsigned long long q = ((unsigned long long)hi << 32) | lo;
    unsigned long long m, rest, half;
    int shift, inexact;

    /* value = q * 2^(e2 - 63), 2^63 <= q < 2^64: the value lies in [2^e2, 2^(e2+1)) */
    if (e2 > 1023)
        return overflow(range_err);
    if (e2 >= -1022)
        shift = 11;                     /* keep 53 bits */
    else
        shift = 11 + (-1022 - e2);      /* subnormal: fewer bits */
    if (shift > 64) {
        /* below half the smallest subnormal */
        if (range_err != 0)
            *range_err = 1;
        u.w.hi = 0;
        u.w.lo = 0;
        return u.d;
    }
    if (shift == 64) {
        m = 0;
        rest = q;
    } else {
        m = q >> shift;
        rest = q & ((1ULL << shift) - 1);
    }
    half = 1ULL << (shift - 1);
    inexact = rest != 0 || sticky != 0;
    if (rest > half || (rest == half && (sticky != 0 || (m & 1) != 0)))
        m++;
    if (e2 >= -1022) {
        if (m == (1ULL << 53)) {
            m >>= 1;
            e2++;
            if (e2 > 1023)
                return overflow(range_err);
        }
        m = (m & ((1ULL << 52) - 1)) | ((unsigned long long)(e2 + 1023) << 52);
    } else {
        /* a subnormal (or, after a carry into bit 52, the smallest normal: the bits say so by themselves) */
        if (inexact && range_err != 0)
            *range_err = 1;
    }
    u.w.hi = (unsigned int)(m >> 32);
    u.w.lo = (unsigned int)m;
    return u.d;
}
