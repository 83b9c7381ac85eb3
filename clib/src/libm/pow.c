/* pow(x, y), fdlibm's method:
 *  1. |x| = 2^n (1+f): log2(|x|) = t1 + t2 in extra precision (t1 with 29 trailing zero bits), from
 *     s = (x - b)/(x + b), b = 1 or 1.5, and a minimax polynomial in s^2 (log near 1 by a series).
 *  2. y * log2(|x|) = p_h + p_l by splitting y the same way, so that y1*t1 is exact.
 *  3. x^y = 2^(p_h + p_l) by exp's table method (exp.c, __exp2_parts).
 * Error < 1 ulp (measured below 0.6); exact for integer powers of integers that are representable.
 * Special cases as in C99 F.9.4.4; overflow and underflow set ERANGE, (negative)^(non-integer) EDOM. */
#include "libm.h"

static const double bp[2] = { 1.0, 1.5 };
static const double dp_h[2] = { 0.0, 5.84962487220764160156e-01 };     /* 0x3FE2B803 40000000 */
static const double dp_l[2] = { 0.0, 1.35003920212974897128e-08 };     /* 0x3E4CFDEB 43CFD006 */
static const double
    two53 = 9007199254740992.0,
    L1 = 5.99999999999994648725e-01,        /* 0x3FE33333 33333303 */
    L2 = 4.28571428578550184252e-01,        /* 0x3FDB6DB6 DB6FABFF */
    L3 = 3.33333329818377432918e-01,        /* 0x3FD55555 518F264D */
    L4 = 2.72728123808534006489e-01,        /* 0x3FD17460 A91D4101 */
    L5 = 2.30660745775561754067e-01,        /* 0x3FCD864A 93C9DB65 */
    L6 = 2.06975017800338417784e-01,        /* 0x3FCA7E28 4A454EEF */
    ovt = 8.0085662595372944372e-17,        /* -(1024 - log2(ovfl + .5ulp)) */
    cp = 9.61796693925975554329e-01,        /* 0x3FEEC709 DC3A03FD = 2/(3 ln2) */
    cp_h = 9.61796700954437255859e-01,      /* 0x3FEEC709 E0000000 */
    cp_l = -7.02846165095275826516e-09,     /* 0xBE3E2FE0 145B01F5 */
    ivln2 = 1.44269504088896338700e+00,     /* 0x3FF71547 652B82FE */
    ivln2_h = 1.44269502162933349609e+00,   /* 0x3FF71547 60000000 */
    ivln2_l = 1.92596299112661746887e-08;   /* 0x3E54AE0B F85DDF44 */

static double overflow(double s)
{
    errno = ERANGE;
    return s * from_words(0x7ff00000, 0);
}

static double underflow(double s)
{
    errno = ERANGE;
    return s * 0.0;
}

/* 0: y is not an integer; 1: odd integer; 2: even integer (|y| only). */
static int integer_kind(unsigned int iy, unsigned int ly)
{
    int k;
    unsigned int j;
    if (iy >= 0x43400000)                   /* |y| >= 2^53: even */
        return 2;
    if (iy < 0x3ff00000)                    /* |y| < 1 */
        return 0;
    k = (int)(iy >> 20) - 0x3ff;            /* exponent */
    if (k > 20) {
        j = ly >> (52 - k);
        if ((j << (52 - k)) == ly)
            return 2 - (int)(j & 1);
    } else if (ly == 0) {
        j = iy >> (20 - k);
        if ((j << (20 - k)) == iy)
            return 2 - (int)(j & 1);
    }
    return 0;
}

double pow(double x, double y)
{
    double z, ax, z_h, z_l, p_h, p_l, y1, t1, t2, r, s, t, u, v, w;
    unsigned int hx = hiword(x), lx = loword(x), hy = hiword(y), ly = loword(y);
    unsigned int ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
    int xneg = (hx >> 31) != 0, yneg = (hy >> 31) != 0;
    int i, j, k, yisint, n;

    if ((iy | ly) == 0)
        return 1.0;                         /* x^0 = 1, even for NaN x */
    if (hx == 0x3ff00000 && lx == 0)
        return 1.0;                         /* 1^y = 1, even for NaN y */
    if (isnan(x) || isnan(y))
        return x + y;

    yisint = xneg ? integer_kind(iy, ly) : 0;

    /* special y */
    if (ly == 0) {
        if (iy == 0x7ff00000) {             /* y = +-inf */
            if (((ix - 0x3ff00000) | lx) == 0)
                return 1.0;                 /* (-1)^+-inf = 1 */
            if (ix >= 0x3ff00000)           /* |x| > 1 */
                return yneg ? 0.0 : y;
            return yneg ? -y : 0.0;         /* |x| < 1 */
        }
        if (iy == 0x3ff00000) {             /* y = +-1 */
            if (yneg)
                return 1.0 / x;
            return x;
        }
        if (hy == 0x40000000)
            return x * x;                   /* y = 2 */
        if (hy == 0x3fe00000 && !xneg)
            return sqrt(x);                 /* y = 0.5, x >= +0 */
    }

    ax = fabs(x);
    /* special x: +-0, +-inf, +-1 */
    if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) {
        z = ax;
        if (yneg) {
            if (ix == 0)
                errno = ERANGE;             /* pole: 0^negative */
            z = 1.0 / z;
        }
        if (xneg) {
            if (ix == 0x3ff00000 && yisint == 0) {
                errno = EDOM;
                return from_words(0x7ff80000, 0);   /* (-1)^non-integer */
            }
            if (yisint == 1)
                z = -z;                     /* (x < 0)^odd = -(|x|^odd) */
        }
        return z;
    }

    /* (x < 0)^(non-integer) is NaN */
    if (xneg && yisint == 0) {
        errno = EDOM;
        return from_words(0x7ff80000, 0);
    }
    s = (xneg && yisint == 1) ? -1.0 : 1.0;     /* sign of the result */

    if (iy > 0x41e00000) {                  /* |y| > 2^31 */
        if (iy > 0x43f00000) {              /* |y| > 2^64: must overflow or underflow */
            if (ix <= 0x3fefffff)
                return yneg ? overflow(1.0) : underflow(1.0);
            if (ix >= 0x3ff00000)
                return !yneg ? overflow(1.0) : underflow(1.0);
        }
        /* over- or underflow unless x is very close to 1 */
        if (ix < 0x3fefffff)
            return yneg ? overflow(s) : underflow(s);
        if (ix > 0x3ff00000)
            return !yneg ? overflow(s) : underflow(s);
        /* |1 - x| <= 2^-20: log(x) by x - x^2/2 + x^3/3 - x^4/4 */
        t = ax - 1.0;                       /* exact, at most 33 significant bits */
        w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        /* ivln2_h has 24 significant bits: its product with the 21-bit head of t is exact (fdlibm
         * multiplied it by the whole of t, which loses bits that |y| up to 2^64 magnifies) */
        t1 = trunc_lo(t);
        u = ivln2_h * t1;
        v = ivln2_h * (t - t1) + t * ivln2_l - w * ivln2;
        t1 = trunc_lo(u + v);
        t2 = v - (t1 - u);
    } else {
        double ss, s2, s_h, s_l, t_h, t_l;
        n = 0;
        if (ix < 0x00100000) {              /* subnormal x */
            ax *= two53;
            n -= 53;
            ix = hiword(ax);
        }
        n += (int)(ix >> 20) - 0x3ff;
        j = (int)(ix & 0x000fffff);
        /* |x| = 2^n * m, m in [1, 2): choose b = 1 (m < sqrt(3/2)) or 1.5 (m < sqrt(3)), else m/2 */
        ix = (unsigned int)j | 0x3ff00000;
        if (j <= 0x3988e) {
            k = 0;
        } else if (j < 0xbb67a) {
            k = 1;
        } else {
            k = 0;
            n += 1;
            ix -= 0x00100000;
        }
        ax = with_hiword(ax, ix);

        /* ss = s_h + s_l = (m - b)/(m + b) */
        u = ax - bp[k];
        v = 1.0 / (ax + bp[k]);
        ss = u * v;
        s_h = trunc_lo(ss);
        t_h = from_words(((ix >> 1) | 0x20000000) + 0x00080000 + ((unsigned int)k << 18), 0);   /* ~ m + b */
        t_l = ax - (t_h - bp[k]);
        s_l = v * ((u - s_h * t_h) - s_h * t_l);
        /* log(m/b) = 2 ss + (2/3) ss^3 + ... */
        s2 = ss * ss;
        r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        t_h = trunc_lo(3.0 + s2 + r);
        t_l = r - ((t_h - 3.0) - s2);
        /* u + v = ss * (1 + ...) */
        u = s_h * t_h;
        v = s_l * t_h + t_l * ss;
        /* 2/(3 ln2) * (ss + ...) */
        p_h = trunc_lo(u + v);
        p_l = v - (p_h - u);
        z_h = cp_h * p_h;
        z_l = cp_l * p_h + p_l * cp + dp_l[k];
        /* log2(|x|) = n + dp_h + z_h + z_l */
        t = (double)n;
        t1 = trunc_lo(((z_h + z_l) + dp_h[k]) + t);
        t2 = z_l - (((t1 - t) - dp_h[k]) - z_h);
    }

    /* y * log2(|x|) = p_h + p_l, with y = y1 + (y - y1) */
    y1 = trunc_lo(y);
    p_l = (y - y1) * t1 + y * t2;
    p_h = y1 * t1;
    z = p_l + p_h;
    j = (int)hiword(z);
    i = (int)loword(z);
    if (j >= 0x40900000) {                  /* z >= 1024 */
        if (((j - 0x40900000) | i) != 0)
            return overflow(s);
        if (p_l + ovt > z - p_h)
            return overflow(s);
    } else if ((j & 0x7fffffff) >= 0x4090cc00) {    /* z <= -1075 */
        if ((((unsigned int)j - 0xc090cc00u) | (unsigned int)i) != 0)
            return underflow(s);
        if (p_l <= z - p_h)
            return underflow(s);
    }

    /* 2^(p_h + p_l) with exp's table (exp.c) */
    z = __exp2_parts(p_h, p_l);
    return s * z;
}
