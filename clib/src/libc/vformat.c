/* The printf engine: parses the format and formats integers, characters, strings and pointers;
 * floating-point conversions go to __format_fp (printf_fp.c).
 *
 * Supported: flags - + space # 0; width and precision, both also as *; length modifiers hh h l ll q j z t L;
 * conversions d i u o x X c s p n e E f F g G a A % and m (glibc: strerror(errno)); %lc and %ls print
 * wide characters as their low bytes. */
#include <string.h>
#include <errno.h>
#include "../internal/stdio_impl.h"

/* length modifiers */
#define LEN_NONE 0
#define LEN_HH 1
#define LEN_H 2
#define LEN_L 3
#define LEN_LL 4
#define LEN_J 5
#define LEN_Z 6
#define LEN_T 7
#define LEN_BIG_L 8

/* Converts v to digits in base (8, 10 or 16), written backwards from end; returns the first digit. */
static char *digits32(unsigned int v, unsigned int base, const char *xdigits, char *end)
{
    char *p = end;
    do {
        *--p = xdigits[v % base];
        v /= base;
    } while (v != 0);
    return p;
}

/* The same for the 64-bit value hi:lo, dividing 16 bits at a time so that only 32-bit division is used. */
static char *digits64(unsigned int hi, unsigned int lo, unsigned int base, const char *xdigits, char *end)
{
    char *p = end;
    while (hi != 0) {
        unsigned int c3 = hi >> 16, c2 = hi & 0xffff, c1 = lo >> 16, c0 = lo & 0xffff, r;
        r = c3 % base;
        c3 /= base;
        c2 += r << 16;
        r = c2 % base;
        c2 /= base;
        c1 += r << 16;
        r = c1 % base;
        c1 /= base;
        c0 += r << 16;
        r = c0 % base;
        c0 /= base;
        *--p = xdigits[r];
        hi = (c3 << 16) | c2;
        lo = (c1 << 16) | c0;
    }
    if (lo != 0 || p == end)
        p = digits32(lo, base, xdigits, p);
    return p;
}

/* Emits an integer conversion: prefix (sign or 0x), zeros up to the precision, digits, with padding. */
static int emit_int(FILE *f, const char *prefix, int plen, const char *digits, int nd, int width, int prec,
                    int flags)
{
    int zeros = 0, len, pad;

    if (prec >= 0 && prec > nd)
        zeros = prec - nd;
    len = plen + zeros + nd;
    pad = width > len ? width - len : 0;
    if ((flags & FMT_MINUS) == 0 && (flags & FMT_ZERO) != 0 && prec < 0) {
        zeros += pad;
        pad = 0;
    }
    if ((flags & FMT_MINUS) == 0)
        __stdio_pad(f, ' ', pad);
    if (plen > 0)
        __stdio_write(f, prefix, (unsigned int)plen);
    __stdio_pad(f, '0', zeros);
    if (nd > 0)
        __stdio_write(f, digits, (unsigned int)nd);
    if ((flags & FMT_MINUS) != 0)
        __stdio_pad(f, ' ', pad);
    return plen + zeros + nd + pad;
}

/* Emits a string of n characters padded to width. */
static int emit_str(FILE *f, const char *s, int n, int width, int flags)
{
    int pad = width > n ? width - n : 0;
    if ((flags & FMT_MINUS) == 0)
        __stdio_pad(f, ' ', pad);
    if (n > 0)
        __stdio_write(f, s, (unsigned int)n);
    if ((flags & FMT_MINUS) != 0)
        __stdio_pad(f, ' ', pad);
    return n + pad;
}

/* %ls: a string of wchar_t (int), each printed as its low byte (the "C" locale has no multibyte output). */
static int emit_wstr(FILE *f, const int *ws, int width, int prec, int flags)
{
    int n = 0, i;
    if (ws == NULL)
        return emit_str(f, "(null)", (prec < 0 || prec >= 6) ? 6 : 0, width, flags);
    while (ws[n] != 0 && (prec < 0 || n < prec))
        n++;
    if ((flags & FMT_MINUS) == 0)
        __stdio_pad(f, ' ', width - n);
    for (i = 0; i < n; i++) {
        char ch = (char)ws[i];
        __stdio_write(f, &ch, 1);
    }
    if ((flags & FMT_MINUS) != 0)
        __stdio_pad(f, ' ', width - n);
    return n > width ? n : width;
}

int __vformat(FILE *f, const char *fmt, va_list ap)
{
    int total = 0;
    char buf[32];
    char prefix[3];

    while (*fmt != '\0') {
        int flags = 0, width = 0, prec = -1, len = LEN_NONE, conv, done;
        const char *start;

        if (*fmt != '%') {
            start = fmt;
            while (*fmt != '\0' && *fmt != '%')
                fmt++;
            __stdio_write(f, start, (unsigned int)(fmt - start));
            total += (int)(fmt - start);
            continue;
        }
        start = fmt;
        fmt++;

        /* flags */
        done = 0;
        while (!done) {
            switch (*fmt) {
            case '-':
                flags |= FMT_MINUS;
                fmt++;
                break;
            case '+':
                flags |= FMT_PLUS;
                fmt++;
                break;
            case ' ':
                flags |= FMT_SPACE;
                fmt++;
                break;
            case '#':
                flags |= FMT_HASH;
                fmt++;
                break;
            case '0':
                flags |= FMT_ZERO;
                fmt++;
                break;
            case '\'':
                fmt++;              /* thousands grouping: none in the "C" locale */
                break;
            default:
                done = 1;
                break;
            }
        }

        /* width */
        if (*fmt == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                flags |= FMT_MINUS;
                width = -width;
            }
            fmt++;
        } else {
            while (*fmt >= '0' && *fmt <= '9') {
                width = width * 10 + (*fmt - '0');
                fmt++;
            }
        }

        /* precision */
        if (*fmt == '.') {
            fmt++;
            if (*fmt == '*') {
                prec = va_arg(ap, int);
                if (prec < 0)
                    prec = -1;
                fmt++;
            } else {
                prec = 0;
                while (*fmt >= '0' && *fmt <= '9') {
                    prec = prec * 10 + (*fmt - '0');
                    fmt++;
                }
            }
        }

        /* length modifier */
        switch (*fmt) {
        case 'h':
            fmt++;
            if (*fmt == 'h') {
                fmt++;
                len = LEN_HH;
            } else {
                len = LEN_H;
            }
            break;
        case 'l':
            fmt++;
            if (*fmt == 'l') {
                fmt++;
                len = LEN_LL;
            } else {
                len = LEN_L;
            }
            break;
        case 'q':
            fmt++;
            len = LEN_LL;
            break;
        case 'j':
            fmt++;
            len = LEN_J;
            break;
        case 'z':
            fmt++;
            len = LEN_Z;
            break;
        case 't':
            fmt++;
            len = LEN_T;
            break;
        case 'L':
            fmt++;
            len = LEN_BIG_L;
            break;
        default:
            break;
        }

        conv = *fmt;
        if (conv == '\0') {
            /* a lone '%' at the end: print it as it stands */
            __stdio_write(f, start, (unsigned int)(fmt - start));
            total += (int)(fmt - start);
            break;
        }
        fmt++;

        switch (conv) {
        case 'd':
        case 'i': {
            unsigned int hi = 0, lo;
            int neg = 0, plen = 0;
            char *p;
            if (len == LEN_LL || len == LEN_J) {
                long long v = va_arg(ap, long long);
                unsigned long long u;
                if (v < 0) {
                    neg = 1;
                    u = 0ULL - (unsigned long long)v;
                } else {
                    u = (unsigned long long)v;
                }
                lo = (unsigned int)u;
                hi = (unsigned int)(u >> 32);
            } else {
                int v = va_arg(ap, int);
                if (len == LEN_HH)
                    v = (signed char)v;
                else if (len == LEN_H)
                    v = (short)v;
                if (v < 0) {
                    neg = 1;
                    lo = 0u - (unsigned int)v;
                } else {
                    lo = (unsigned int)v;
                }
            }
            if (neg)
                prefix[plen++] = '-';
            else if ((flags & FMT_PLUS) != 0)
                prefix[plen++] = '+';
            else if ((flags & FMT_SPACE) != 0)
                prefix[plen++] = ' ';
            if (prec == 0 && hi == 0 && lo == 0)
                p = buf + sizeof buf;
            else
                p = digits64(hi, lo, 10, "0123456789", buf + sizeof buf);
            total += emit_int(f, prefix, plen, p, (int)(buf + sizeof buf - p), width, prec, flags);
            break;
        }
        case 'u':
        case 'o':
        case 'x':
        case 'X':
        case 'p': {
            unsigned int hi = 0, lo, base;
            int plen = 0, nd;
            const char *xd = conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
            char *p;
            if (conv == 'p') {
                void *ptr = va_arg(ap, void *);
                if (ptr == NULL) {
                    total += emit_str(f, "(nil)", 5, width, flags);
                    break;
                }
                lo = (unsigned int)ptr;
                flags |= FMT_HASH;
            } else if (len == LEN_LL || len == LEN_J) {
                unsigned long long u = va_arg(ap, unsigned long long);
                lo = (unsigned int)u;
                hi = (unsigned int)(u >> 32);
            } else {
                lo = va_arg(ap, unsigned int);
                if (len == LEN_HH)
                    lo &= 0xff;
                else if (len == LEN_H)
                    lo &= 0xffff;
            }
            base = conv == 'u' ? 10 : conv == 'o' ? 8 : 16;
            if (prec == 0 && hi == 0 && lo == 0)
                p = buf + sizeof buf;
            else
                p = digits64(hi, lo, base, xd, buf + sizeof buf);
            nd = (int)(buf + sizeof buf - p);
            if ((flags & FMT_HASH) != 0) {
                if (conv == 'o') {
                    /* the first digit must be 0: unless the precision already gives one, a 0 prefix */
                    if ((nd == 0 || *p != '0') && prec <= nd)
                        prefix[plen++] = '0';
                } else if (base == 16 && (hi != 0 || lo != 0)) {
                    prefix[plen++] = '0';
                    prefix[plen++] = conv == 'X' ? 'X' : 'x';
                }
            }
            if (conv == 'p') {
                if ((flags & FMT_PLUS) != 0) {
                    prefix[0] = '+';
                    prefix[1] = '0';
                    prefix[2] = 'x';
                    plen = 3;
                } else if ((flags & FMT_SPACE) != 0) {
                    prefix[0] = ' ';
                    prefix[1] = '0';
                    prefix[2] = 'x';
                    plen = 3;
                }
            }
            total += emit_int(f, prefix, plen, p, nd, width, prec, flags);
            break;
        }
        case 'c':
            /* %lc: a wchar_t is an int here too; only its low byte is printed (no multibyte output) */
            buf[0] = (char)va_arg(ap, int);
            total += emit_str(f, buf, 1, width, flags);
            break;
        case 's':
            if (len == LEN_L) {
                total += emit_wstr(f, va_arg(ap, const int *), width, prec, flags);
            } else {
                const char *s = va_arg(ap, const char *);
                int n;
                if (s == NULL) {
                    /* glibc prints "(null)", or nothing when the precision is too small for it */
                    s = (prec < 0 || prec >= 6) ? "(null)" : "";
                }
                n = prec >= 0 ? (int)strnlen(s, (size_t)prec) : (int)strlen(s);
                total += emit_str(f, s, n, width, flags);
            }
            break;
        case 'm': {
            const char *s = strerror(errno);
            int n = prec >= 0 ? (int)strnlen(s, (size_t)prec) : (int)strlen(s);
            total += emit_str(f, s, n, width, flags);
            break;
        }
        case 'n': {
            void *p = va_arg(ap, void *);
            if (len == LEN_HH)
                *(signed char *)p = (signed char)total;
            else if (len == LEN_H)
                *(short *)p = (short)total;
            else if (len == LEN_LL || len == LEN_J)
                *(long long *)p = total;
            else if (len == LEN_L)
                *(long *)p = total;
            else
                *(int *)p = total;
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G':
        case 'a':
        case 'A': {
            double x = va_arg(ap, double);
            total += __format_fp(f, x, width, prec, flags, conv);
            break;
        }
        case '%':
            __stdio_write(f, "%", 1);
            total++;
            break;
        default:
            /* unknown conversion: print the specification as it stands */
            __stdio_write(f, start, (unsigned int)(fmt - start));
            total += (int)(fmt - start);
            break;
        }
    }
    return total;
}
