/* Exact binary-to-decimal conversion of doubles (for printf's %e %f %g).
 *
 * A finite x > 0 is m * 2^e with m < 2^53 an integer. If e >= 0, x is the integer m * 2^e; if e < 0,
 * x = m * 5^-e / 10^-e, so its digits are those of the integer m * 5^-e with the decimal point -e places
 * from the right. Either way the work is a big integer multiplied by small factors, kept in base 10000
 * limbs (4 decimal digits each) so that every step fits in 32-bit unsigned arithmetic:
 *   limb * 2^16 + carry  <= 9999 * 65536 + 65536   < 2^32
 *   limb * 5^8  + carry  <= 9999 * 390625 + 390625 < 2^32
 * The largest result, 2^-1074 scaled, has 767 significant digits (192 limbs). */
#include "../internal/fpconv.h"
#include "../internal/fpbits.h"

#define LIMB 10000u
#define NLIMBS 200

static const unsigned int pow5[9] = { 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625 };

int __fp_decimal(double x, char *digits, int *dexp)
{
    unsigned int limbs[NLIMBS];
    union __dbits u;
    unsigned int hi, lo, carry;
    int e, n = 0, i, nd, k, scale10 = 0;

    u.d = x;
    hi = u.w.hi & 0xfffff;
    lo = u.w.lo;
    e = (int)((u.w.hi >> 20) & 0x7ff);
    if (e == 0)
        e = 1;              /* subnormal: no implicit bit */
    else
        hi |= 0x100000;
    e -= 1075;              /* x = (hi:lo) * 2^e */

    /* drop trailing zero bits of m (x > 0, so m != 0) */
    while ((lo & 1) == 0) {
        lo = (lo >> 1) | (hi << 31);
        hi >>= 1;
        e++;
    }

    /* m to base 10000, dividing the 64-bit value 16 bits at a time */
    while (hi != 0 || lo != 0) {
        unsigned int c3 = hi >> 16, c2 = hi & 0xffff, c1 = lo >> 16, c0 = lo & 0xffff, r;
        r = c3 % LIMB;
        c3 /= LIMB;
        c2 += r << 16;
        r = c2 % LIMB;
        c2 /= LIMB;
        c1 += r << 16;
        r = c1 % LIMB;
        c1 /= LIMB;
        c0 += r << 16;
        r = c0 % LIMB;
        c0 /= LIMB;
        limbs[n++] = r;
        hi = (c3 << 16) | c2;
        lo = (c1 << 16) | c0;
    }

    if (e > 0) {
        /* multiply by 2^e, 16 bits at a time */
        while (e > 0) {
            int sh = e > 16 ? 16 : e;
            carry = 0;
            for (i = 0; i < n; i++) {
                unsigned int v = (limbs[i] << sh) + carry;
                limbs[i] = v % LIMB;
                carry = v / LIMB;
            }
            while (carry != 0) {
                limbs[n++] = carry % LIMB;
                carry /= LIMB;
            }
            e -= sh;
        }
    } else if (e < 0) {
        /* multiply by 5^-e, eight factors of 5 at a time; the point moves -e places */
        k = -e;
        scale10 = k;
        while (k > 0) {
            int j = k > 8 ? 8 : k;
            unsigned int mul = pow5[j];
            carry = 0;
            for (i = 0; i < n; i++) {
                unsigned int v = limbs[i] * mul + carry;
                limbs[i] = v % LIMB;
                carry = v / LIMB;
            }
            while (carry != 0) {
                limbs[n++] = carry % LIMB;
                carry /= LIMB;
            }
            k -= j;
        }
    }

    /* limbs to digits, most significant first; the top limb without leading zeros */
    nd = 0;
    {
        unsigned int top = limbs[n - 1];
        char tmp[4];
        int t = 0;
        do {
            tmp[t++] = (char)('0' + top % 10);
            top /= 10;
        } while (top != 0);
        while (t > 0)
            digits[nd++] = tmp[--t];
    }
    for (i = n - 2; i >= 0; i--) {
        unsigned int v = limbs[i];
        digits[nd + 3] = (char)('0' + v % 10);
        v /= 10;
        digits[nd + 2] = (char)('0' + v % 10);
        v /= 10;
        digits[nd + 1] = (char)('0' + v % 10);
        v /= 10;
        digits[nd] = (char)('0' + v);
        nd += 4;
    }
    *dexp = nd - 1 - scale10;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    return nd;
}

void __fp_round(char *d, int *nd, int *dexp, int keep)
{
    int n = *nd, up, i;

    if (keep >= n)
        return;
    if (keep < 0) {
        *nd = 0;
        return;
    }
    if (d[keep] > '5')
        up = 1;
    else if (d[keep] < '5')
        up = 0;
    else if (n > keep + 1)
        up = 1;                     /* more than half: the string has no trailing zeros */
    else if (keep > 0)
        up = (d[keep - 1] - '0') & 1;   /* exactly half: to even */
    else
        up = 0;                     /* exactly half of the first unit: 0 is even */
    n = keep;
    if (up) {
        i = keep - 1;
        while (i >= 0 && d[i] == '9')
            i--;
        if (i < 0) {
            d[0] = '1';
            n = 1;
            *dexp += 1;
        } else {
            d[i]++;
            n = i + 1;
        }
    } else {
        while (n > 0 && d[n - 1] == '0')
            n--;
    }
    *nd = n;
}
