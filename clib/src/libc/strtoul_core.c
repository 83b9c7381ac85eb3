/* The parsers behind strtol/strtoul (32-bit) and strtoll/strtoull (64-bit). */
#include <ctype.h>
#include <errno.h>

static int digit_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* Skips blanks, the sign and the base prefix; returns the first digit's address, or 0 if there is no
 * digit (then nothing is converted). *base is settled (0 becomes 8, 10 or 16). */
static const char *scan_prefix(const char *s, int *base, int *neg)
{
    while (isspace((unsigned char)*s))
        s++;
    *neg = 0;
    if (*s == '+' || *s == '-') {
        *neg = *s == '-';
        s++;
    }
    if ((*base == 0 || *base == 16) && s[0] == '0' && (s[1] | 32) == 'x' && digit_value(s[2]) < 16) {
        s += 2;
        *base = 16;
    } else if (*base == 0) {
        *base = s[0] == '0' ? 8 : 10;
    }
    if (digit_value(*s) >= *base)
        return 0;
    return s;
}

/* Converts the magnitude to 32 bits; *overflow is set if it exceeds limit. */
unsigned long __strtou32(const char *nptr, char **endptr, int base, unsigned long limit_pos,
                         unsigned long limit_neg, int *neg, int *ovf)
{
    const char *s;
    unsigned long acc = 0, limit, cutoff;
    int cutlim, d, overflow = 0;

    *ovf = 0;

    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        if (endptr != 0)
            *endptr = (char *)nptr;
        return 0;
    }
    s = scan_prefix(nptr, &base, neg);
    if (s == 0) {
        if (endptr != 0)
            *endptr = (char *)nptr;
        *neg = 0;
        return 0;
    }
    limit = *neg ? limit_neg : limit_pos;
    cutoff = limit / (unsigned long)base;
    cutlim = (int)(limit % (unsigned long)base);
    while ((d = digit_value(*s)) < base) {
        if (overflow || acc > cutoff || (acc == cutoff && d > cutlim))
            overflow = 1;
        else
            acc = acc * (unsigned long)base + (unsigned long)d;
        s++;
    }
    if (endptr != 0)
        *endptr = (char *)s;
    if (overflow) {
        *ovf = 1;
        errno = ERANGE;
        return limit;
    }
    return acc;
}

/* The same in 64 bits. */
unsigned long long __strtou64(const char *nptr, char **endptr, int base, unsigned long long limit_pos,
                              unsigned long long limit_neg, int *neg, int *ovf)
{
    const char *s;
    unsigned long long acc = 0, limit, cutoff;
    int cutlim, d, overflow = 0;

    *ovf = 0;

    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        if (endptr != 0)
            *endptr = (char *)nptr;
        return 0;
    }
    s = scan_prefix(nptr, &base, neg);
    if (s == 0) {
        if (endptr != 0)
            *endptr = (char *)nptr;
        *neg = 0;
        return 0;
    }
    limit = *neg ? limit_neg : limit_pos;
    cutoff = limit / (unsigned long long)base;
    cutlim = (int)(limit % (unsigned long long)base);
    while ((d = digit_value(*s)) < base) {
        if (overflow || acc > cutoff || (acc == cutoff && d > cutlim))
            overflow = 1;
        else
            acc = acc * (unsigned long long)base + (unsigned long long)d;
        s++;
    }
    if (endptr != 0)
        *endptr = (char *)s;
    if (overflow) {
        *ovf = 1;
        errno = ERANGE;
        return limit;
    }
    return acc;
}
