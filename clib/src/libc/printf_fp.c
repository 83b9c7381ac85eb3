/* printf's floating-point conversions %e %E %f %F %g %G %a %A.
 *
 * Decimal conversions work on the exact decimal expansion of the value (__fp_decimal) rounded once,
 * half to even, at the requested digit (__fp_round): the output is the correctly rounded decimal, as
 * glibc prints it. %a prints the exact binary value in hexadecimal (glibc's style: 0x1.8p+1, and
 * 0x0.xxxp-1022 for subnormals). */
#include "../internal/stdio_impl.h"
#include "../internal/fpconv.h"
#include "../internal/fpbits.h"

/* A small output buffer in front of __stdio_write. */
struct emitter {
    FILE *f;
    int n;
    char buf[64];
};

static void em_flush(struct emitter *em)
{
    if (em->n > 0)
        __stdio_write(em->f, em->buf, (unsigned int)em->n);
    em->n = 0;
}

static void em_put(struct emitter *em, char c)
{
    if (em->n == 64)
        em_flush(em);
    em->buf[em->n] = c;
    em->n++;
}

/* Emits the digits of powers of ten from..to (from >= to) of the digit string d[0..nd) whose first
 * digit has power dexp; positions outside the string are zeros. */
static void em_digits(struct emitter *em, const char *d, int nd, int dexp, int from, int to)
{
    int p;
    for (p = from; p >= to; p--) {
        int i = dexp - p;
        em_put(em, (i >= 0 && i < nd) ? d[i] : '0');
    }
}

/* Writes the decimal exponent: sign and at least mindigits digits. Returns the count written. */
static int em_exponent(struct emitter *em, int e, int mindigits)
{
    char tmp[8];
    int t = 0, n;
    em_put(em, e < 0 ? '-' : '+');
    if (e < 0)
        e = -e;
    do {
        tmp[t++] = (char)('0' + e % 10);
        e /= 10;
    } while (e != 0);
    while (t < mindigits)
        tmp[t++] = '0';
    n = t + 1;
    while (t > 0)
        em_put(em, tmp[--t]);
    return n;
}

static int exponent_len(int e, int mindigits)
{
    int t = 0;
    if (e < 0)
        e = -e;
    do {
        t++;
        e /= 10;
    } while (e != 0);
    if (t < mindigits)
        t = mindigits;
    return t + 1;
}

/* Left padding (spaces, or zeros after the sign and prefix with the 0 flag) around a body of len chars;
 * returns the padding width still to be written after the body. */
static int pad_before(struct emitter *em, int len, int width, int flags, const char *prefix)
{
    int pad = width > len ? width - len : 0;
    int i;
    if ((flags & FMT_MINUS) != 0) {
        while (*prefix != '\0')
            em_put(em, *prefix++);
        return pad;
    }
    if ((flags & FMT_ZERO) == 0) {
        for (i = 0; i < pad; i++)
            em_put(em, ' ');
    }
    while (*prefix != '\0')
        em_put(em, *prefix++);
    if ((flags & FMT_ZERO) != 0) {
        for (i = 0; i < pad; i++)
            em_put(em, '0');
    }
    return 0;
}

static int format_hex(struct emitter *em, union __dbits u, int width, int prec, int flags, int upper,
                      char sign)
{
    unsigned int fhi = u.w.hi & 0xfffff, flo = u.w.lo;
    int bexp = (int)((u.w.hi >> 20) & 0x7ff);
    unsigned int lead;
    int e2, ndig, len, pad, i;
    char prefix[4];
    char hexd[13];
    const char *xd = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    int plen = 0;

    if (bexp == 0) {
        lead = 0;
        e2 = (fhi | flo) != 0 ? -1022 : 0;
    } else {
        lead = 1;
        e2 = bexp - 1023;
    }
    if (prec >= 0 && prec < 13) {
        /* round the 52-bit fraction to prec hex digits, half to even */
        int drop = 52 - 4 * prec;       /* 4..52 bits */
        unsigned long long m = ((unsigned long long)lead << 52) | ((unsigned long long)fhi << 32) | flo;
        unsigned long long unit = 1ULL << drop;
        unsigned long long rest = m & (unit - 1);
        unsigned long long half = unit >> 1;
        m -= rest;
        if (rest > half || (rest == half && (m & unit) != 0))
            m += unit;
        lead = (unsigned int)(m >> 52);
        fhi = (unsigned int)(m >> 32) & 0xfffff;
        flo = (unsigned int)m;
    }
    for (i = 0; i < 5; i++)
        hexd[i] = xd[(fhi >> (16 - 4 * i)) & 15];
    for (i = 0; i < 8; i++)
        hexd[5 + i] = xd[(flo >> (28 - 4 * i)) & 15];
    if (prec < 0) {
        ndig = 13;
        while (ndig > 0 && hexd[ndig - 1] == '0')
            ndig--;
        prec = ndig;
    } else {
        ndig = prec < 13 ? prec : 13;
    }

    if (sign != 0)
        prefix[plen++] = sign;
    prefix[plen++] = '0';
    prefix[plen++] = upper ? 'X' : 'x';
    prefix[plen] = '\0';
    len = plen + 1 + ((prec > 0 || (flags & FMT_HASH) != 0) ? 1 : 0) + prec + 1 + exponent_len(e2, 1);
    pad = pad_before(em, len, width, flags, prefix);
    em_put(em, xd[lead]);
    if (prec > 0 || (flags & FMT_HASH) != 0)
        em_put(em, '.');
    for (i = 0; i < ndig; i++)
        em_put(em, hexd[i]);
    for (i = ndig; i < prec; i++)
        em_put(em, '0');
    em_put(em, upper ? 'P' : 'p');
    em_exponent(em, e2, 1);
    for (i = 0; i < pad; i++)
        em_put(em, ' ');
    return len > width ? len : width;
}

int __format_fp(FILE *f, double x, int width, int prec, int flags, int conv)
{
    struct emitter em;
    char d[FP_DIGITS_MAX + 8];
    char prefix[2];
    union __dbits u;
    int upper = conv == 'E' || conv == 'F' || conv == 'G' || conv == 'A';
    int lc = conv | 32;     /* lower-case conversion letter */
    int nd = 0, dexp = 0, len, pad, i, style, p;
    char sign = 0;

    em.f = f;
    em.n = 0;
    u.d = x;
    if ((u.w.hi >> 31) != 0)
        sign = '-';
    else if ((flags & FMT_PLUS) != 0)
        sign = '+';
    else if ((flags & FMT_SPACE) != 0)
        sign = ' ';
    prefix[0] = sign;
    prefix[1] = '\0';

    if (((u.w.hi >> 20) & 0x7ff) == 0x7ff) {
        /* infinity or NaN: no zero padding */
        const char *s;
        if ((u.w.hi & 0xfffff) == 0 && u.w.lo == 0)
            s = upper ? "INF" : "inf";
        else
            s = upper ? "NAN" : "nan";
        len = (sign != 0 ? 1 : 0) + 3;
        pad = pad_before(&em, len, width, flags & ~FMT_ZERO, prefix);
        for (i = 0; i < 3; i++)
            em_put(&em, s[i]);
        for (i = 0; i < pad; i++)
            em_put(&em, ' ');
        em_flush(&em);
        return len > width ? len : width;
    }

    if (lc == 'a') {
        len = format_hex(&em, u, width, prec, flags, upper, sign);
        em_flush(&em);
        return len;
    }

    if (prec < 0)
        prec = 6;
    if (x != 0.0)
        nd = __fp_decimal(x < 0 ? -x : x, d, &dexp);

    /* style: 'e' or 'f'; p: digits after the point */
    if (lc == 'g') {
        int P = prec == 0 ? 1 : prec;
        __fp_round(d, &nd, &dexp, P);
        if (nd == 0)
            dexp = 0;
        if (P > dexp && dexp >= -4) {
            style = 'f';
            p = P - 1 - dexp;
            if ((flags & FMT_HASH) == 0) {
                int have = nd - 1 - dexp;   /* fraction digits present in the string */
                if (have < p)
                    p = have > 0 ? have : 0;
            }
        } else {
            style = 'e';
            p = P - 1;
            if ((flags & FMT_HASH) == 0) {
                int have = nd - 1;
                if (have < p)
                    p = have > 0 ? have : 0;
            }
        }
    } else if (lc == 'e') {
        style = 'e';
        p = prec;
        __fp_round(d, &nd, &dexp, prec + 1);
        if (nd == 0)
            dexp = 0;
    } else {
        style = 'f';
        p = prec;
        __fp_round(d, &nd, &dexp, dexp + 1 + prec);
        if (nd == 0)
            dexp = 0;
    }

    if (style == 'f') {
        int intlen = dexp >= 0 ? dexp + 1 : 1;
        int point = (p > 0 || (flags & FMT_HASH) != 0) ? 1 : 0;
        len = (sign != 0 ? 1 : 0) + intlen + point + p;
        pad = pad_before(&em, len, width, flags, prefix);
        em_digits(&em, d, nd, dexp, intlen - 1, 0);
        if (point)
            em_put(&em, '.');
        if (p > 0)
            em_digits(&em, d, nd, dexp, -1, -p);
    } else {
        int point = (p > 0 || (flags & FMT_HASH) != 0) ? 1 : 0;
        len = (sign != 0 ? 1 : 0) + 1 + point + p + 1 + exponent_len(dexp, 2);
        pad = pad_before(&em, len, width, flags, prefix);
        em_put(&em, nd > 0 ? d[0] : '0');
        if (point)
            em_put(&em, '.');
        for (i = 1; i <= p; i++)
            em_put(&em, i < nd ? d[i] : '0');
        em_put(&em, upper ? 'E' : 'e');
        em_exponent(&em, dexp, 2);
    }
    for (i = 0; i < pad; i++)
        em_put(&em, ' ');
    em_flush(&em);
    return len > width ? len : width;
}
