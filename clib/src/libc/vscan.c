/* The scanf engine. Conversions d i u o x X c s [ p n e E f F g G a A %, assignment suppression '*',
 * field widths, length modifiers hh h l ll q j z t L. Numbers are collected into a buffer and converted
 * with strtoll/strtoull/strtod. At most one character of look-ahead is pushed back (ungetc), so an
 * input like "1e+" that is not a number after all leaves its extra characters consumed, as in most
 * C libraries. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "../internal/stdio_impl.h"

#define LEN_NONE 0
#define LEN_HH 1
#define LEN_H 2
#define LEN_L 3
#define LEN_LL 4

#define NUMBUF 128

struct scanner {
    FILE *f;
    int nread;      /* characters consumed (for %n) */
};

static int sc_get(struct scanner *sc)
{
    int c = fgetc(sc->f);
    if (c != EOF)
        sc->nread++;
    return c;
}

static void sc_unget(struct scanner *sc, int c)
{
    if (c != EOF) {
        ungetc(c, sc->f);
        sc->nread--;
    }
}

static int skip_space(struct scanner *sc)
{
    int c;
    do {
        c = sc_get(sc);
    } while (c != EOF && isspace(c));
    sc_unget(sc, c);
    return c;
}

/* Collects an integer in the given base (0: C prefixes) into buf; returns its length (0: no match). */
static int collect_int(struct scanner *sc, char *buf, int width, int base)
{
    int n = 0, c, ndigits = 0, zero_x = 0;
    if (width <= 0 || width > NUMBUF - 1)
        width = NUMBUF - 1;
    c = sc_get(sc);
    if ((c == '+' || c == '-') && n < width) {
        buf[n++] = (char)c;
        c = sc_get(sc);
    }
    if ((base == 0 || base == 16) && c == '0' && n < width) {
        buf[n++] = (char)c;
        ndigits++;
        c = sc_get(sc);
        if ((c == 'x' || c == 'X') && n < width) {
            buf[n++] = (char)c;
            c = sc_get(sc);
            base = 16;
            ndigits = 0;
            zero_x = 1;
        } else if (base == 0) {
            base = 8;
        }
    }
    if (base == 0)
        base = 10;
    while (c != EOF && n < width) {
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'z')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z')
            d = c - 'A' + 10;
        else
            break;
        if (d >= base)
            break;
        buf[n++] = (char)c;
        ndigits++;
        c = sc_get(sc);
    }
    sc_unget(sc, c);
    buf[n] = '\0';
    if (ndigits == 0 && zero_x) {
        /* "0x" without hex digits: the 0 is the number (the x stays consumed, as in glibc) */
        buf[n - 1] = '\0';
        return n - 1;
    }
    return ndigits > 0 ? n : 0;
}

/* Collects a floating-point number (decimal, hex, inf, nan) into buf; returns its length (0: no match). */
static int collect_float(struct scanner *sc, char *buf, int width)
{
    int n = 0, c, ndigits = 0, hex = 0;
    if (width <= 0 || width > NUMBUF - 1)
        width = NUMBUF - 1;
    c = sc_get(sc);
    if ((c == '+' || c == '-') && n < width) {
        buf[n++] = (char)c;
        c = sc_get(sc);
    }
    if (c == 'i' || c == 'I' || c == 'n' || c == 'N') {
        const char *word = (c == 'i' || c == 'I') ? "infinity" : "nan";
        int k = 0;
        while (c != EOF && n < width && word[k] != '\0' && tolower(c) == word[k]) {
            buf[n++] = (char)c;
            k++;
            c = sc_get(sc);
        }
        sc_unget(sc, c);
        buf[n] = '\0';
        return (k == 3 || k == 8) ? n : 0;
    }
    if (c == '0' && n < width) {
        buf[n++] = (char)c;
        ndigits++;
        c = sc_get(sc);
        if ((c == 'x' || c == 'X') && n < width) {
            buf[n++] = (char)c;
            c = sc_get(sc);
            hex = 1;
            ndigits = 0;
        }
    }
    while (c != EOF && n < width && (hex ? isxdigit(c) : isdigit(c))) {
        buf[n++] = (char)c;
        ndigits++;
        c = sc_get(sc);
    }
    if (c == '.' && n < width) {
        buf[n++] = (char)c;
        c = sc_get(sc);
        while (c != EOF && n < width && (hex ? isxdigit(c) : isdigit(c))) {
            buf[n++] = (char)c;
            ndigits++;
            c = sc_get(sc);
        }
    }
    if (ndigits > 0 && n < width && (hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E'))) {
        buf[n++] = (char)c;
        c = sc_get(sc);
        if ((c == '+' || c == '-') && n < width) {
            buf[n++] = (char)c;
            c = sc_get(sc);
        }
        while (c != EOF && n < width && isdigit(c)) {
            buf[n++] = (char)c;
            c = sc_get(sc);
        }
    }
    sc_unget(sc, c);
    buf[n] = '\0';
    return ndigits > 0 ? n : 0;
}

static void store_int(void *p, int len, unsigned long long v)
{
    if (len == LEN_HH)
        *(char *)p = (char)v;
    else if (len == LEN_H)
        *(short *)p = (short)v;
    else if (len == LEN_LL)
        *(long long *)p = (long long)v;
    else
        *(int *)p = (int)v;
}

int __vscan(FILE *f, const char *fmt, va_list ap)
{
    struct scanner sc;
    int assigned = 0, matched_any = 0;
    char buf[NUMBUF];

    sc.f = f;
    sc.nread = 0;
    while (*fmt != '\0') {
        int suppress = 0, width = 0, len = LEN_NONE, conv, c;

        if (isspace((unsigned char)*fmt)) {
            while (isspace((unsigned char)*fmt))
                fmt++;
            skip_space(&sc);
            continue;
        }
        if (*fmt != '%' || fmt[1] == '%') {
            if (*fmt == '%') {
                fmt++;
                skip_space(&sc);
            }
            c = sc_get(&sc);
            if (c != (unsigned char)*fmt) {
                sc_unget(&sc, c);
                if (c == EOF && !matched_any)
                    return EOF;
                return assigned;
            }
            fmt++;
            continue;
        }
        fmt++;
        if (*fmt == '*') {
            suppress = 1;
            fmt++;
        }
        while (*fmt >= '0' && *fmt <= '9') {
            width = width * 10 + (*fmt - '0');
            fmt++;
        }
        if (*fmt == 'h') {
            fmt++;
            len = LEN_H;
            if (*fmt == 'h') {
                fmt++;
                len = LEN_HH;
            }
        } else if (*fmt == 'l') {
            fmt++;
            len = LEN_L;
            if (*fmt == 'l') {
                fmt++;
                len = LEN_LL;
            }
        } else if (*fmt == 'q' || *fmt == 'j') {
            fmt++;
            len = LEN_LL;
        } else if (*fmt == 'z' || *fmt == 't') {
            fmt++;
        } else if (*fmt == 'L') {
            fmt++;
            len = LEN_L;
        }
        conv = *fmt;
        if (conv == '\0')
            break;
        fmt++;

        if (conv == 'n') {
            if (!suppress)
                store_int(va_arg(ap, void *), len, (unsigned long long)sc.nread);
            continue;
        }
        if (conv != 'c' && conv != '[') {
            if (skip_space(&sc) == EOF) {
                return matched_any ? assigned : EOF;
            }
        }

        switch (conv) {
        case 'd':
        case 'i':
        case 'u':
        case 'o':
        case 'x':
        case 'X':
        case 'p': {
            int base = conv == 'd' || conv == 'u' ? 10 : conv == 'o' ? 8 : conv == 'i' ? 0 : 16;
            unsigned long long v;
            if (collect_int(&sc, buf, width, base) == 0)
                return matched_any ? assigned : (feof(f) ? EOF : assigned);
            if (conv == 'd' || conv == 'i')
                v = (unsigned long long)strtoll(buf, NULL, base);
            else
                v = strtoull(buf, NULL, base);
            matched_any = 1;
            if (!suppress) {
                if (conv == 'p')
                    *va_arg(ap, void **) = (void *)(unsigned int)v;
                else
                    store_int(va_arg(ap, void *), len, v);
                assigned++;
            }
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
            double v;
            if (collect_float(&sc, buf, width) == 0)
                return matched_any ? assigned : (feof(f) ? EOF : assigned);
            v = strtod(buf, NULL);
            matched_any = 1;
            if (!suppress) {
                if (len == LEN_L)
                    *va_arg(ap, double *) = v;
                else
                    *va_arg(ap, float *) = (float)v;
                assigned++;
            }
            break;
        }
        case 'c': {
            char *out = suppress ? NULL : va_arg(ap, char *);
            int k;
            if (width <= 0)
                width = 1;
            for (k = 0; k < width; k++) {
                c = sc_get(&sc);
                if (c == EOF)
                    break;
                if (out != NULL)
                    out[k] = (char)c;
            }
            if (k == 0)
                return matched_any ? assigned : EOF;
            matched_any = 1;
            if (!suppress)
                assigned++;
            break;
        }
        case 's': {
            char *out = suppress ? NULL : va_arg(ap, char *);
            int k = 0;
            c = sc_get(&sc);
            while (c != EOF && !isspace(c) && (width <= 0 || k < width)) {
                if (out != NULL)
                    out[k] = (char)c;
                k++;
                c = sc_get(&sc);
            }
            sc_unget(&sc, c);
            if (out != NULL)
                out[k] = '\0';
            matched_any = 1;
            if (!suppress)
                assigned++;
            break;
        }
        case '[': {
            char set[256];
            int invert = 0, k = 0, i;
            char *out;
            memset(set, 0, sizeof set);
            if (*fmt == '^') {
                invert = 1;
                fmt++;
            }
            if (*fmt == ']') {
                set[']'] = 1;
                fmt++;
            }
            while (*fmt != '\0' && *fmt != ']') {
                if (fmt[1] == '-' && fmt[2] != ']' && fmt[2] != '\0') {
                    for (i = (unsigned char)fmt[0]; i <= (unsigned char)fmt[2]; i++)
                        set[i] = 1;
                    fmt += 3;
                } else {
                    set[(unsigned char)*fmt] = 1;
                    fmt++;
                }
            }
            if (*fmt == ']')
                fmt++;
            out = suppress ? NULL : va_arg(ap, char *);
            c = sc_get(&sc);
            while (c != EOF && (set[c] != 0) != invert && (width <= 0 || k < width)) {
                if (out != NULL)
                    out[k] = (char)c;
                k++;
                c = sc_get(&sc);
            }
            sc_unget(&sc, c);
            if (k == 0)
                return matched_any ? assigned : (c == EOF ? EOF : assigned);
            if (out != NULL)
                out[k] = '\0';
            matched_any = 1;
            if (!suppress)
                assigned++;
            break;
        }
        default:
            return assigned;
        }
    }
    return assigned;
}
