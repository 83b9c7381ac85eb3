/* fmod(x, y) = x - n*y, n = trunc(x/y), exactly: the integer mantissas are divided by long division
 * (shift and subtract, one exponent step at a time). fmod(x, 0) and fmod(inf, y) are NaN (EDOM). */
#include "libm.h"

double fmod(double x, double y)
{
    union __dbits ux, uy;
    unsigned long long mx, my, one52 = 1ULL << 52;
    int ex, ey;
    unsigned int sx;

    ux.d = x;
    uy.d = y;
    sx = ux.w.hi & 0x80000000u;
    ex = (int)((ux.w.hi >> 20) & 0x7ff);
    ey = (int)((uy.w.hi >> 20) & 0x7ff);
    if (isnan(x) || isnan(y))
        return x + y;
    if (ex == 0x7ff || y == 0.0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    if (ey == 0x7ff)
        return x;                           /* fmod(x, inf) = x */
    if (fabs(x) < fabs(y))
        return x;
    mx = ((unsigned long long)(ux.w.hi & 0xfffff) << 32) | ux.w.lo;
    my = ((unsigned long long)(uy.w.hi & 0xfffff) << 32) | uy.w.lo;
    /* normalize: implicit bit at 52 (subnormals shift up with an exponent below 1) */
    if (ex == 0) {
        ex = 1;
        while (mx < one52) {
            mx <<= 1;
            ex--;
        }
    } else {
        mx |= one52;
    }
    if (ey == 0) {
        ey = 1;
        while (my < one52) {
            my <<= 1;
            ey--;
        }
    } else {
        my |= one52;
    }
    /* long division: mx * 2^ex mod my * 2^ey */
    while (ex > ey) {
        if (mx >= my) {
            mx -= my;
            if (mx == 0)
                return from_words(sx, 0);
        }
        mx <<= 1;
        ex--;
    }
    if (mx >= my) {
        mx -= my;
        if (mx == 0)
            return from_words(sx, 0);
    }
    while (mx < one52) {
        mx <<= 1;
        ex--;
    }
    if (ex > 0) {
        mx = (mx - one52) | ((unsigned long long)ex << 52);
    } else {
        mx >>= 1 - ex;                      /* subnormal: exact, the remainder is below |y| */
    }
    ux.w.hi = (unsigned int)(mx >> 32) | sx;
    ux.w.lo = (unsigned int)mx;
    return ux.d;
}
