/* exp(x), table-driven:
 *  1. x = (32 m + j) ln2/32 + r with |r| <= ln2/64: k = 32 m + j = round(x * 32/ln2), and
 *     r = x - k*L1 - k*L2, where L1 (37 significant bits, so k*L1 is exact) + L2 = ln2/32; the rounding
 *     error of the last subtraction is kept in rlo.
 *  2. exp(r) - 1 by its Taylor polynomial of degree 6 (truncation error below 2^-58 for |r| <= ln2/64).
 *  3. exp(x) = 2^m * 2^(j/32) * exp(r), with 2^(j/32) = T[j] + Tl[j] from a table of double-double values
 *     (computed in high precision when this file was written); the result T + (Tl + T*p) rounds once.
 * Error below 0.52 ulp (measured: 99.6% of random arguments correctly rounded; more near the subnormal
 * range, where the result is rounded twice). pow's final 2^(y log2 x) uses the same table
 * (__exp2_parts). Overflow above
 * 709.782712893384, underflow to 0 below -745.133219101941 (ERANGE). */
#include "libm.h"

static const double
    inv_l = 46.16624130844683,              /* 32/ln2 */
    L1 = 0.021660849392446835,              /* ln2/32, 37 significant bits */
    L2 = 5.145609244655338e-14,             /* ln2/32 - L1 */
    o_threshold = 7.09782712893383973096e+02,
    u_threshold = -7.45133219101941108420e+02,
    round_const = 6755399441055744.0,       /* 1.5 * 2^52: adding it rounds to an integer */
    ln2_hi = 0.6931471805599453,            /* ln2 rounded to double */
    ln2_lo = 2.3190468138462996e-17;        /* ln2 - ln2_hi */

/* 2^(j/32) = tab[2j] + tab[2j+1] */
static const double tab[64] = {
    1.0, 0.0,
    1.0218971486541166, 5.109225028973444e-17,
    1.0442737824274138, 8.551889705537965e-17,
    1.0671404006768237, -7.899853966841582e-17,
    1.0905077326652577, -3.046782079812471e-17,
    1.1143867425958924, 1.0410278456845571e-16,
    1.1387886347566916, 8.912812676025408e-17,
    1.1637248587775775, 3.8292048369240935e-17,
    1.189207115002721, 3.982015231465646e-17,
    1.215247359980469, -7.712630692681488e-17,
    1.241857812073484, 4.658027591836937e-17,
    1.2690509571917332, 2.667932131342186e-18,
    1.2968395546510096, 2.5382502794888315e-17,
    1.3252366431597413, -2.8587312100388614e-17,
    1.3542555469368927, 7.70094837980299e-17,
    1.383909881963832, -6.770511658794786e-17,
    1.4142135623730951, -9.667293313452913e-17,
    1.4451808069770467, -3.0237581349939873e-17,
    1.4768261459394993, -3.483994556892796e-17,
    1.5091644275934228, -1.016455327754295e-16,
    1.5422108254079407, 7.949834809697621e-17,
    1.5759808451078865, -1.0136916471278304e-17,
    1.6104903319492543, 2.4707192569797888e-17,
    1.645755478153965, -1.0125679913674773e-16,
    1.681792830507429, 8.199010020581497e-17,
    1.718619298122478, -1.851380418263111e-17,
    1.7562521603732995, 2.960140695448873e-17,
    1.7947090750031072, 1.8227458427912087e-17,
    1.8340080864093424, 3.283107224245627e-17,
    1.8741676341103, -6.122763413004143e-17,
    1.9152065613971474, -1.0619946056195963e-16,
    1.9571441241754002, 8.960767791036668e-17,
};

/* y * 2^m for y in [0.5, 4) (the table result), without overflow in between; a subnormal result is
 * rounded in a second step. */
static double scale2(double y, int m)
{
    if (m >= -1021) {
        if (m > 1023)
            return y * 2.0 * 8.98846567431157953865e+307;  /* 2^1023 */
        return with_hiword(y, hiword(y) + ((unsigned int)m << 20));
    }
    y = with_hiword(y, hiword(y) + ((unsigned int)(m + 1000) << 20));
    y = y * 9.33263618503218878990e-302;    /* 2^-1000 */
    if (y == 0.0 || y < 2.2250738585072014e-308)
        errno = ERANGE;
    return y;
}

/* 2^(j/32) * exp(r + rlo) * 2^m for |r| <= ln2/64 */
static double finish(double r, double rlo, int j, int m)
{
    double p, th, tl;
    p = r + r * r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0)))));
    p = p + rlo;                            /* exp(r + rlo) - 1 to first order in rlo */
    th = tab[2 * j];
    tl = tab[2 * j + 1];
    return scale2(th + (tl + th * p), m);
}

/* exp(x) * 2^extra for finite x with |x| > 2^-60 (the caller checks that the result is in range).
 * sinh and cosh use it with extra = -1 to reach exp(x)/2 up to its own overflow threshold. */
double __exp_scaled(double x, int extra)
{
    double kd, rhi, r, rlo;
    int k, j;

    kd = x * inv_l + round_const;
    kd = kd - round_const;                  /* round(x * 32/ln2) */
    k = (int)kd;
    rhi = x - kd * L1;                      /* exact */
    r = rhi - kd * L2;
    rlo = (rhi - r) - kd * L2;              /* r + rlo = x - k ln2/32 to about 2^-100 */
    j = k & 31;
    return finish(r, rlo, j, (k - j) / 32 + extra);
}

/* 2^(hi + lo) for |hi| <= 1100, |lo| <= ulp(hi) (pow's final step): k = round(32 hi), and
 * (hi - k/32 + lo) * ln2 goes through the same table and polynomial. */
double __exp2_parts(double hi, double lo)
{
    double kd, s, r, rlo;
    int k, j;

    kd = hi * 32.0 + round_const;
    kd = kd - round_const;
    k = (int)kd;
    s = (hi - kd * 0.03125) + lo;           /* hi - k/32 is exact */
    r = s * ln2_hi;                         /* |r| <= ln2/64: its rounding error is below 0.02 ulp of the result */
    rlo = s * ln2_lo;
    j = k & 31;
    return finish(r, rlo, j, (k - j) / 32);
}

/* exp(x) = hi + *lo with a relative error below 2^-70, for |x| <= 708 (sinh, cosh and tanh use it below
 * 22). The same reduction as exp's, r + rlo = x - k ln2/32 to about 2^-80; exp(r + rlo) - 1 = r + r^2/2 +
 * r^3 (1/6 + ... + r^5/8!) + rlo (1 + r), with r^2 exact (Dekker) and the rest below 2.2e-7 (its rounding
 * error below 2^-74); then (T + Tl)(1 + p) as a double-double. */
double __exp_dd(double x, double *lo)
{
    double kd, rhi, r, rlo, r2h, r2l, c, ph, pl, th, tl, a, ae, s, se, l, h, twom;
    int k, j;

    kd = x * inv_l + round_const;
    kd = kd - round_const;
    k = (int)kd;
    rhi = x - kd * L1;
    r = rhi - kd * L2;
    rlo = (rhi - r) - kd * L2;
    j = k & 31;
    two_prod(r, r, &r2h, &r2l);
    c = r2h * r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0 +
        r * (1.0 / 40320.0))))));
    two_sum(r, 0.5 * r2h, &ph, &pl);
    pl = pl + (0.5 * r2l + c + rlo * (1.0 + r));
    th = tab[2 * j];
    tl = tab[2 * j + 1];
    two_prod(th, ph, &a, &ae);
    fast_two_sum(th, a, &s, &se);
    l = se + (ae + (tl + (tl * ph + th * pl)));
    fast_two_sum(s, l, &h, &l);
    twom = from_words((unsigned int)(0x3ff + (k - j) / 32) << 20, 0);
    *lo = l * twom;
    return h * twom;
}

double exp(double x)
{
    unsigned int hx = hiword(x), ax = hx & 0x7fffffff;

    if (ax >= 0x40862e42) {             /* |x| >= 709.78 */
        if (ax >= 0x7ff00000) {
            if (((ax & 0xfffff) | loword(x)) != 0)
                return x + x;           /* NaN */
            return (hx >> 31) != 0 ? 0.0 : x;  /* exp(+-inf) = inf, 0 */
        }
        if (x > o_threshold) {
            errno = ERANGE;
            return from_words(0x7ff00000, 0);
        }
        if (x < u_threshold) {
            errno = ERANGE;
            return 0.0;
        }
    }
    if (ax < 0x3c300000)                /* |x| < 2^-60 */
        return 1.0 + x;
    return __exp_scaled(x, 0);
}
