/* Argument reduction for sin, cos, tan: x - n*pi/2 = y[0] + y[1], |y| <= pi/4, returning n.
 *
 * |x| < 2^20 * pi/2: Cody-Waite, n = round(x * 2/pi), subtracting n*pi/2 with pi/2 in 33-bit pieces
 * (each product exact) in up to three rounds, as fdlibm does; enough for every double in this range.
 *
 * Larger |x| (Payne-Hanek, exact integer arithmetic): x = m * 2^E with m a 53-bit integer. Only the bits
 * of 2/pi from the 2^-(E-1) place on matter for x*2/pi mod 4, so a 208-bit window of 2/pi is multiplied
 * by m (16-bit limbs; every product and carry fits in 32 bits). The result gives n mod 4 and 128 bits of
 * the fraction f; with f in [-1/2, 1/2), f*pi/2 is computed as a 128 x 128-bit product and rounded to the
 * pair y[0] + y[1] (about 106 significant bits). */
#include "libm.h"

static const double
    invpio2 = 6.36619772367581382433e-01,   /* 0x3FE45F30 6DC9C883 */
    pio2_1 = 1.57079632673412561417e+00,    /* 0x3FF921FB 54400000: first 33 bits of pi/2 */
    pio2_1t = 6.07710050650619224932e-11,   /* 0x3DD0B461 1A626331: pi/2 - pio2_1 */
    pio2_2 = 6.07710050630396597660e-11,    /* 0x3DD0B461 1A600000: second 33 bits */
    pio2_2t = 2.02226624879595063154e-21,   /* 0x3BA3198A 2E037073 */
    pio2_3 = 2.02226624871116645580e-21,    /* 0x3BA3198A 2E000000: third 33 bits */
    pio2_3t = 8.47842766036889956997e-32,   /* 0x397B839A 252049C1 */
    round_const = 6755399441055744.0;       /* 1.5 * 2^52: adding it rounds to an integer */

/* 2/pi in 16-bit chunks: chunk k holds bits 16k+1 .. 16k+16 after the binary point. */
static const unsigned int two_over_pi[80] = {
    0xa2f9, 0x836e, 0x4e44, 0x1529, 0xfc27, 0x57d1, 0xf534, 0xddc0,
    0xdb62, 0x9599, 0x3c43, 0x9041, 0xfe51, 0x63ab, 0xdebb, 0xc561,
    0xb724, 0x6e3a, 0x424d, 0xd2e0, 0x0649, 0x2eea, 0x09d1, 0x921c,
    0xfe1d, 0xeb1c, 0xb129, 0xa73e, 0xe882, 0x35f5, 0x2ebb, 0x4484,
    0xe99c, 0x7026, 0xb45f, 0x7e41, 0x3991, 0xd639, 0x8353, 0x39f4,
    0x9c84, 0x5f8b, 0xbdf9, 0x283b, 0x1ff8, 0x97ff, 0xde05, 0x980f,
    0xef2f, 0x118b, 0x5a0a, 0x6d1f, 0x6d36, 0x7ecf, 0x27cb, 0x09b7,
    0x4f46, 0x3f66, 0x9e5f, 0xea2d, 0x7527, 0xbac7, 0xebe5, 0xf17b,
    0x3d07, 0x39f7, 0x8a52, 0x92ea, 0x6bfb, 0x5fb1, 0x1f8d, 0x5d08,
    0x5603, 0x3046, 0xfc7b, 0x6bab, 0xf0cf, 0xbc20, 0x9af4, 0x361d
};

/* pi/2 * 2^127, 128 bits, most significant chunk first. */
static const unsigned int pio2_bits[8] = {
    0xc90f, 0xdaa2, 0x2168, 0xc234, 0xc4c6, 0x628b, 0x80dc, 0x1cd1
};

#define WCH 13      /* chunks of 2/pi used */

/* Bit i of the little-endian 16-bit-limb number a of n limbs (0 outside). */
static unsigned int getbit(const unsigned int *a, int n, int i)
{
    if (i < 0 || i >= 16 * n)
        return 0;
    return (a[i >> 4] >> (i & 15)) & 1;
}

/* r[0 .. na+nb) = a * b, little-endian 16-bit limbs. */
static void mul_limbs(const unsigned int *a, int na, const unsigned int *b, int nb, unsigned int *r)
{
    int i, j;
    for (i = 0; i < na + nb; i++)
        r[i] = 0;
    for (i = 0; i < na; i++) {
        unsigned int carry = 0;
        for (j = 0; j < nb; j++) {
            unsigned int t = a[i] * b[j] + r[i + j] + carry;    /* < 2^32 */
            r[i + j] = t & 0xffff;
            carry = t >> 16;
        }
        r[i + nb] = carry;
    }
}

/* The 53 bits of a (n limbs) from bit top down, as a double scaled by 2^(top - 52 + scale). */
static double bits53(const unsigned int *a, int n, int top, int scale)
{
    unsigned int hi = 0, lo = 0;
    int i;
    for (i = 0; i < 53; i++) {
        hi = (hi << 1) | (lo >> 31);
        lo = (lo << 1) | getbit(a, n, top - i);
    }
    return ((double)hi * 4294967296.0 + (double)lo) *
           from_words((unsigned int)(1023 + top - 52 + scale) << 20, 0);
}

static int reduce_large(double x, double *y)
{
    unsigned int m[4], w[WCH], p[4 + WCH], f[8], q[8], g[16];
    unsigned int hx = hiword(x), lx = loword(x);
    int E, k0, s, i, n, neg_f = 0, top;
    double hi, lo;

    /* |x| = m * 2^E */
    E = (int)((hx >> 20) & 0x7ff) - 1075;
    m[0] = lx & 0xffff;
    m[1] = lx >> 16;
    m[2] = hx & 0xffff;
    m[3] = ((hx >> 16) & 0xf) | 0x10;
    /* bits of 2/pi before chunk k0 only add multiples of 4 */
    k0 = E >= 2 ? (E - 2) / 16 : 0;
    for (i = 0; i < WCH; i++)
        w[i] = two_over_pi[k0 + WCH - 1 - i];
    mul_limbs(m, 4, w, WCH, p);
    s = 16 * (k0 + WCH) - E;                /* fraction bits of p */
    n = (int)(getbit(p, 4 + WCH, s) + 2 * getbit(p, 4 + WCH, s + 1));
    for (i = 0; i < 8; i++)
        f[i] = 0;
    for (i = 0; i < 128; i++)
        f[(127 - i) >> 4] |= getbit(p, 4 + WCH, s - 1 - i) << ((127 - i) & 15);
    if ((f[7] & 0x8000) != 0) {
        /* f >= 1/2: use f - 1 and round n up */
        unsigned int borrow = 0;
        n++;
        neg_f = 1;
        for (i = 0; i < 8; i++) {
            unsigned int t = 0 - f[i] - borrow;
            f[i] = t & 0xffff;
            borrow = (t >> 16) & 1;
        }
    }
    for (i = 0; i < 8; i++)
        q[i] = pio2_bits[7 - i];
    mul_limbs(f, 8, q, 8, g);               /* |f| * pi/2 = g * 2^-255 */
    top = 255;
    while (top >= 0 && getbit(g, 16, top) == 0)
        top--;
    if (top < 106) {
        hi = 0.0;
        lo = 0.0;
    } else {
        hi = bits53(g, 16, top, -255);
        lo = bits53(g, 16, top - 53, -255);
    }
    if (neg_f) {
        hi = -hi;
        lo = -lo;
    }
    y[0] = hi + lo;
    y[1] = lo - (y[0] - hi);
    if ((hx >> 31) != 0) {
        y[0] = -y[0];
        y[1] = -y[1];
        n = -n;
    }
    return n;
}

int __rem_pio2(double x, double *y)
{
    unsigned int ix = hiword(x) & 0x7fffffff;
    double fn, r, w, t;
    int n, j, i;

    if (ix >= 0x7ff00000) {                 /* inf or NaN */
        y[0] = y[1] = x - x;
        return 0;
    }
    if (ix >= 0x413921fb)                   /* |x| >= 2^20 * pi/2 */
        return reduce_large(x, y);

    fn = x * invpio2 + round_const;
    fn = fn - round_const;
    n = (int)fn;
    r = x - fn * pio2_1;
    w = fn * pio2_1t;                       /* first round: good to 85 bits */
    y[0] = r - w;
    j = (int)(ix >> 20);
    i = j - (int)((hiword(y[0]) >> 20) & 0x7ff);
    if (i > 16) {                           /* cancellation: second round, 118 bits */
        t = r;
        w = fn * pio2_2;
        r = t - w;
        w = fn * pio2_2t - ((t - r) - w);
        y[0] = r - w;
        i = j - (int)((hiword(y[0]) >> 20) & 0x7ff);
        if (i > 49) {                       /* third round, 151 bits: covers every case */
            t = r;
            w = fn * pio2_3;
            r = t - w;
            w = fn * pio2_3t - ((t - r) - w);
            y[0] = r - w;
        }
    }
    y[1] = (r - y[0]) - w;
    return n;
}
