/* Internal to the compiler runtime: 64-bit values as two 32-bit words. Everything here uses 32-bit
 * operations only, since the helpers in this directory are what the compiler calls for long long
 * multiplication, division and variable shifts. */
#ifndef _SCMP_RT_H
#define _SCMP_RT_H

#include "../internal/fpbits.h"

/* hi:lo = a * b (full 64-bit product of 32-bit unsigned values), with 16-bit halves. */
static void rt_mul32(unsigned int a, unsigned int b, unsigned int *hi, unsigned int *lo)
{
    unsigned int al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh = b >> 16;
    unsigned int ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    unsigned int mid = (ll >> 16) + (lh & 0xffff) + (hl & 0xffff);
    *lo = (mid << 16) | (ll & 0xffff);
    *hi = hh + (lh >> 16) + (hl >> 16) + (mid >> 16);
}

/* Two's complement negation of hi:lo. */
static void rt_neg(unsigned int *hi, unsigned int *lo)
{
    *lo = ~*lo + 1;
    *hi = ~*hi + (*lo == 0 ? 1 : 0);
}

/* Number of leading zero bits of x (32 for 0). */
static int rt_clz(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    if ((x & 0xffff0000u) == 0) {
        n += 16;
        x <<= 16;
    }
    if ((x & 0xff000000u) == 0) {
        n += 8;
        x <<= 8;
    }
    if ((x & 0xf0000000u) == 0) {
        n += 4;
        x <<= 4;
    }
    if ((x & 0xc0000000u) == 0) {
        n += 2;
        x <<= 2;
    }
    if ((x & 0x80000000u) == 0)
        n += 1;
    return n;
}

/* Unsigned 64-bit division: quotient to *qhi:*qlo, remainder to *rhi:*rlo. Division by zero divides
 * by zero in 32 bits (the hardware traps). */
static void rt_udivmod(unsigned int nhi, unsigned int nlo, unsigned int dhi, unsigned int dlo,
                       unsigned int *qhi, unsigned int *qlo, unsigned int *rhi, unsigned int *rlo)
{
    unsigned int q1 = 0, q0 = 0;
    int sh, i;

    if (dhi == 0) {
        if (nhi == 0) {
            *qhi = 0;
            *qlo = nlo / dlo;
            *rhi = 0;
            *rlo = nlo % dlo;
            return;
        }
        if (dlo <= 0xffff) {
            /* short division, 16 bits at a time: every partial dividend is < 2^32 */
            unsigned int c3 = nhi >> 16, c2 = nhi & 0xffff, c1 = nlo >> 16, c0 = nlo & 0xffff, r;
            r = c3 % dlo;
            c3 /= dlo;
            c2 += r << 16;
            r = c2 % dlo;
            c2 /= dlo;
            c1 += r << 16;
            r = c1 % dlo;
            c1 /= dlo;
            c0 += r << 16;
            r = c0 % dlo;
            c0 /= dlo;
            *qhi = (c3 << 16) | c2;
            *qlo = (c1 << 16) | c0;
            *rhi = 0;
            *rlo = r;
            return;
        }
    }
    /* n < d: quotient 0 */
    if (nhi < dhi || (nhi == dhi && nlo < dlo)) {
        *qhi = 0;
        *qlo = 0;
        *rhi = nhi;
        *rlo = nlo;
        return;
    }
    /* shift and subtract: align d's top bit with n's, then one quotient bit per step */
    sh = (dhi != 0 ? rt_clz(dhi) : 32 + rt_clz(dlo)) - (nhi != 0 ? rt_clz(nhi) : 32 + rt_clz(nlo));
    if (sh >= 32) {
        dhi = dlo << (sh - 32);
        dlo = 0;
    } else if (sh > 0) {
        dhi = (dhi << sh) | (dlo >> (32 - sh));
        dlo <<= sh;
    }
    for (i = 0; i <= sh; i++) {
        q1 = (q1 << 1) | (q0 >> 31);
        q0 <<= 1;
        if (nhi > dhi || (nhi == dhi && nlo >= dlo)) {
            unsigned int borrow = nlo < dlo ? 1 : 0;
            nlo -= dlo;
            nhi = nhi - dhi - borrow;
            q0 |= 1;
        }
        dlo = (dlo >> 1) | (dhi << 31);
        dhi >>= 1;
    }
    *qhi = q1;
    *qlo = q0;
    *rhi = nhi;
    *rlo = nlo;
}

#endif
