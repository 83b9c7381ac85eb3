/* strtod: decimal and hexadecimal floating-point input, correctly rounded (round-half-even).
 *
 * Decimal input D * 10^E (D the significant digits as an integer):
 *  - fast path: D < 10^15 and |E| <= 22, where D and 10^|E| are exact doubles and one multiplication or
 *    division rounds once (Clinger);
 *  - otherwise exact big-integer arithmetic: with Num = D * 10^max(E,0) and Den = 10^max(-E,0), scaled by a
 *    power of two so that Den <= Num < 2 Den, long division yields 64 quotient bits and a sticky bit, which
 *    __fp_make rounds to a double. Big integers use 16-bit limbs so that products fit in 32 bits.
 * At most MAXDIG significant digits are kept; a nonzero digit beyond them is remembered as a final '1',
 * which is enough for correct rounding (the decision points between doubles have at most 767 digits).
 *
 * Also accepted: "inf", "infinity", "nan", "nan(chars)" (any case), and C99 hexadecimal input
 * 0xH.HHHp+E. ERANGE is set on overflow (result +-HUGE_VAL) and on underflow (a zero or subnormal result
 * that is not exact). */
#include <stdlib.h>
#include <ctype.h>
#include <errno.h>
#include "../internal/fpconv.h"
#include "../internal/fpbits.h"

#define MAXDIG 800
#define NLIMB 256   /* 4096 bits: 10^1124 (3734 bits) plus headroom */

struct big {
    int n;                      /* limbs in use; v[n-1] != 0 unless n == 0 */
    unsigned int v[NLIMB];      /* 16-bit limbs, least significant first */
};

static void big_mul_add(struct big *a, unsigned int m, unsigned int add)
{
    unsigned int carry = add;
    int i;
    for (i = 0; i < a->n; i++) {
        unsigned int t = a->v[i] * m + carry;
        a->v[i] = t & 0xffff;
        carry = t >> 16;
    }
    while (carry != 0) {
        a->v[a->n++] = carry & 0xffff;
        carry >>= 16;
    }
}

/* a *= 10^k */
static void big_mul_pow10(struct big *a, int k)
{
    static const unsigned int p10[5] = { 1, 10, 100, 1000, 10000 };
    while (k >= 4) {
        big_mul_add(a, 10000, 0);
        k -= 4;
    }
    if (k > 0)
        big_mul_add(a, p10[k], 0);
}

static int big_bitlen(const struct big *a)
{
    unsigned int top;
    int bits;
    if (a->n == 0)
        return 0;
    top = a->v[a->n - 1];
    bits = (a->n - 1) * 16;
    while (top != 0) {
        bits++;
        top >>= 1;
    }
    return bits;
}

/* a <<= k */
static void big_shl(struct big *a, int k)
{
    int limbs = k / 16, bits = k % 16, i;
    if (a->n == 0)
        return;
    if (bits != 0) {
        unsigned int carry = 0;
        for (i = 0; i < a->n; i++) {
            unsigned int t = (a->v[i] << bits) | carry;
            a->v[i] = t & 0xffff;
            carry = t >> 16;
        }
        if (carry != 0)
            a->v[a->n++] = carry;
    }
    if (limbs > 0) {
        for (i = a->n - 1; i >= 0; i--)
            a->v[i + limbs] = a->v[i];
        for (i = 0; i < limbs; i++)
            a->v[i] = 0;
        a->n += limbs;
    }
}

static int big_cmp(const struct big *a, const struct big *b)
{
    int i;
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (i = a->n - 1; i >= 0; i--) {
        if (a->v[i] != b->v[i])
            return a->v[i] < b->v[i] ? -1 : 1;
    }
    return 0;
}

/* a -= b, a >= b */
static void big_sub(struct big *a, const struct big *b)
{
    unsigned int borrow = 0;
    int i;
    for (i = 0; i < a->n; i++) {
        unsigned int bv = i < b->n ? b->v[i] : 0;
        unsigned int t = a->v[i] - bv - borrow;
        borrow = (t >> 16) & 1;
        a->v[i] = t & 0xffff;
    }
    while (a->n > 0 && a->v[a->n - 1] == 0)
        a->n--;
}

/* The double nearest to the digits dig[0..nd) * 10^e10, nd >= 1. */
static double decimal_to_double(const char *dig, int nd, int e10, int *range_err)
{
    static const double p10[23] = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };
    struct big num, den;
    unsigned int hi = 0, lo = 0;
    int i, sh, k;

    if (nd + e10 > 309)
        return __fp_make(0x80000000u, 0, 2000, 0, range_err);     /* overflow */
    if (nd + e10 < -323)
        return __fp_make(0x80000000u, 0, -2000, 0, range_err);    /* underflow to zero */

    if (nd <= 15) {
        double v = 0.0;
        for (i = 0; i < nd; i++)
            v = v * 10.0 + (double)(dig[i] - '0');
        if (e10 >= 0 && e10 <= 22)
            return v * p10[e10];
        if (e10 < 0 && e10 >= -22)
            return v / p10[-e10];
        if (e10 > 22 && e10 <= 22 + 15 - nd)
            return (v * p10[e10 - 22]) * 1e22;    /* the first product is exact: < 10^15 */
    }

    /* num = D * 10^max(e10,0), den = 10^max(-e10,0) */
    num.n = 0;
    for (i = 0; i < nd; i += 4) {
        unsigned int chunk = 0;
        int j, len = nd - i < 4 ? nd - i : 4;
        for (j = 0; j < len; j++)
            chunk = chunk * 10 + (unsigned int)(dig[i + j] - '0');
        big_mul_pow10(&num, len);
        if (num.n == 0) {
            if (chunk != 0) {
                num.v[0] = chunk;
                num.n = 1;
            }
        } else {
            big_mul_add(&num, 1, chunk);
        }
    }
    den.n = 1;
    den.v[0] = 1;
    if (e10 > 0)
        big_mul_pow10(&num, e10);
    else if (e10 < 0)
        big_mul_pow10(&den, -e10);

    /* scale so that den <= num < 2 den; then num/den * 2^-sh is the value */
    sh = big_bitlen(&den) - big_bitlen(&num);
    if (sh > 0)
        big_shl(&num, sh);
    else if (sh < 0)
        big_shl(&den, -sh);
    if (big_cmp(&num, &den) < 0) {
        big_shl(&num, 1);
        sh++;
    }
    /* 64 quotient bits */
    for (k = 0; k < 64; k++) {
        unsigned int bit = 0;
        if (big_cmp(&num, &den) >= 0) {
            big_sub(&num, &den);
            bit = 1;
        }
        hi = (hi << 1) | (lo >> 31);
        lo = (lo << 1) | bit;
        big_shl(&num, 1);
    }
    return __fp_make(hi, lo, -sh, num.n != 0, range_err);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses an optional exponent "e[+-]ddd" (or "p..." for hex) at *ps; returns it clamped to +-100000. */
static int parse_exponent(const char **ps, int letter)
{
    const char *s = *ps;
    int neg = 0, e = 0;
    if ((*s | 32) != letter)
        return 0;
    s++;
    if (*s == '+' || *s == '-') {
        neg = *s == '-';
        s++;
    }
    if (*s < '0' || *s > '9')
        return 0;                   /* not an exponent: stop before the letter */
    while (*s >= '0' && *s <= '9') {
        if (e < 100000)
            e = e * 10 + (*s - '0');
        s++;
    }
    *ps = s;
    return neg ? -e : e;
}

/* Hexadecimal significand at s (after "0x"). */
static double parse_hex(const char **ps, int *range_err)
{
    const char *s = *ps;
    unsigned int hi = 0, lo = 0;
    int e2 = 0, sticky = 0, ndig = 0, seen_point = 0, v;

    for (;;) {
        if (*s == '.' && !seen_point) {
            seen_point = 1;
            s++;
            continue;
        }
        v = hexval(*s);
        if (v < 0)
            break;
        if (ndig < 16) {
            if (ndig > 0 || v != 0) {
                hi = (hi << 4) | (lo >> 28);
                lo = (lo << 4) | (unsigned int)v;
                ndig++;
                if (seen_point)
                    e2 -= 4;
            } else if (seen_point) {
                e2 -= 4;            /* leading zero after the point */
            }
        } else {
            if (v != 0)
                sticky = 1;
            if (!seen_point)
                e2 += 4;
        }
        s++;
    }
    e2 += parse_exponent(&s, 'p');
    *ps = s;
    if (hi == 0 && lo == 0)
        return 0.0;
    /* normalize: top bit of hi set; value = (hi:lo) * 2^e2 */
    while ((hi & 0x80000000u) == 0) {
        hi = (hi << 1) | (lo >> 31);
        lo <<= 1;
        e2--;
    }
    return __fp_make(hi, lo, e2 + 63, sticky, range_err);
}

double strtod(const char *nptr, char **endptr)
{
    const char *s = nptr;
    char dig[MAXDIG + 2];
    int nd = 0, neg = 0, any = 0, e10 = 0, dropped = 0, range_err = 0;
    double r;
    union __dbits u;

    while (isspace((unsigned char)*s))
        s++;
    if (*s == '+' || *s == '-') {
        neg = *s == '-';
        s++;
    }

    if ((s[0] | 32) == 'i' && (s[1] | 32) == 'n' && (s[2] | 32) == 'f') {
        s += 3;
        if ((s[0] | 32) == 'i' && (s[1] | 32) == 'n' && (s[2] | 32) == 'i' && (s[3] | 32) == 't' &&
            (s[4] | 32) == 'y')
            s += 5;
        u.w.hi = 0x7ff00000;
        u.w.lo = 0;
        r = u.d;
    } else if ((s[0] | 32) == 'n' && (s[1] | 32) == 'a' && (s[2] | 32) == 'n') {
        s += 3;
        if (*s == '(') {
            const char *t = s + 1;
            while (isalnum((unsigned char)*t) || *t == '_')
                t++;
            if (*t == ')')
                s = t + 1;
        }
        u.w.hi = 0x7ff80000;
        u.w.lo = 0;
        r = u.d;
    } else if (s[0] == '0' && (s[1] | 32) == 'x' &&
               (hexval(s[2]) >= 0 || (s[2] == '.' && hexval(s[3]) >= 0))) {
        s += 2;
        r = parse_hex(&s, &range_err);
    } else {
        while (*s == '0') {
            s++;
            any = 1;
        }
        while (*s >= '0' && *s <= '9') {
            any = 1;
            if (nd < MAXDIG) {
                dig[nd++] = *s;
            } else {
                e10++;
                if (*s != '0')
                    dropped = 1;
            }
            s++;
        }
        if (*s == '.' && ((s[1] >= '0' && s[1] <= '9') || any)) {
            s++;
            while (*s >= '0' && *s <= '9') {
                any = 1;
                if (nd == 0 && *s == '0') {
                    e10--;              /* a leading zero of the fraction */
                } else if (nd < MAXDIG) {
                    dig[nd++] = *s;
                    e10--;
                } else if (*s != '0') {
                    dropped = 1;
                }
                s++;
            }
        }
        if (!any) {
            if (endptr != NULL)
                *endptr = (char *)nptr;
            return 0.0;
        }
        e10 += parse_exponent(&s, 'e');
        if (dropped) {
            dig[nd++] = '1';
            e10--;
        } else {
            while (nd > 0 && dig[nd - 1] == '0') {
                nd--;
                e10++;
            }
        }
        if (nd == 0)
            r = 0.0;
        else
            r = decimal_to_double(dig, nd, e10, &range_err);
    }

    if (endptr != NULL)
        *endptr = (char *)s;
    if (range_err)
        errno = ERANGE;
    return neg ? -r : r;
}

float strtof(const char *nptr, char **endptr)
{
    return (float)strtod(nptr, endptr);
}

long double strtold(const char *nptr, char **endptr)
{
    return strtod(nptr, endptr);
}
