/* The wide printf family (C99 7.24.2): swprintf, vswprintf, fwprintf, vfwprintf, wprintf, vwprintf.
 *
 * The format is walked here, in wide characters; each conversion takes its argument and, for the numeric ones
 * (d i u o x X e E f F g G a A p) and %m, is formatted by snprintf with the same flags, width, precision and
 * length, then widened: so the wide family prints numbers exactly as printf does. %c converts its int as
 * btowc does, %s its multibyte string as mbrtowc does (a byte above 127 fails with EILSEQ, as in glibc's "C"
 * locale); %lc (%C) and %ls (%S) copy wide characters; %n stores the count so far.
 *
 * swprintf fails (returns -1) when the output and its terminating zero do not fit in n wide characters, after
 * writing as much as fits and the zero, as glibc does. The stream functions format into a buffer and write
 * each wide character as its ASCII byte; one that has none sets errno to EILSEQ and makes the call return -1
 * after writing what came before it. */
#include <wchar.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

/* Where formatted wide characters go: a fixed array (swprintf) or one that grows (the stream functions). */
struct wout {
    wchar_t *buf;
    size_t cap;     /* wide characters buf can hold */
    size_t len;     /* wide characters produced so far (may exceed cap for a fixed array) */
    int grow;       /* buf is malloc'ed and grows */
    int failed;     /* an encoding error or no memory */
};

static void wout_init(struct wout *o, wchar_t *buf, size_t cap, int grow)
{
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    o->grow = grow;
    o->failed = 0;
}

static void put(struct wout *o, wchar_t c)
{
    if (o->len >= o->cap && o->grow && !o->failed) {
        size_t cap = o->cap * 2 + 64;
        wchar_t *b = realloc(o->buf, cap * sizeof(wchar_t));
        if (b == NULL) {
            o->failed = 1;
        } else {
            o->buf = b;
            o->cap = cap;
        }
    }
    if (o->len < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void pad(struct wout *o, int n)
{
    for (; n > 0; n--)
        put(o, L' ');
}

/* One conversion specification, as parsed. */
struct spec {
    char flags[8];  /* the flag characters, for snprintf */
    int minus;
    int width;      /* -1: none */
    int prec;       /* -1: none */
    int len;        /* 0 none, 1 hh, 2 h, 3 l, 4 ll (also q, j, L), 5 z, 6 t */
    wchar_t conv;
};

/* Reads flags, width, precision and length after a '%'; returns the conversion character's position. */
static const wchar_t *parse(const wchar_t *f, struct spec *sp, va_list *ap)
{
    int nf = 0;
    sp->minus = 0;
    sp->width = -1;
    sp->prec = -1;
    sp->len = 0;
    for (; *f == L'-' || *f == L'+' || *f == L' ' || *f == L'#' || *f == L'0' || *f == L'\''; f++) {
        if (*f == L'-')
            sp->minus = 1;
        if (nf < 7)
            sp->flags[nf++] = (char)*f;
    }
    sp->flags[nf] = '\0';
    if (*f == L'*') {
        sp->width = va_arg(*ap, int);
        if (sp->width < 0) {
            sp->minus = 1;
            sp->width = -sp->width;
            if (nf < 7) {
                sp->flags[nf++] = '-';
                sp->flags[nf] = '\0';
            }
        }
        f++;
    } else if (*f >= L'0' && *f <= L'9') {
        sp->width = 0;
        for (; *f >= L'0' && *f <= L'9'; f++)
            sp->width = sp->width * 10 + (int)(*f - L'0');
    }
    if (*f == L'.') {
        f++;
        sp->prec = 0;
        if (*f == L'*') {
            sp->prec = va_arg(*ap, int);
            if (sp->prec < 0)
                sp->prec = -1;
            f++;
        } else {
            for (; *f >= L'0' && *f <= L'9'; f++)
                sp->prec = sp->prec * 10 + (int)(*f - L'0');
        }
    }
    for (;; f++) {
        if (*f == L'h')
            sp->len = sp->len == 2 ? 1 : 2;
        else if (*f == L'l')
            sp->len = sp->len == 3 ? 4 : 3;
        else if (*f == L'q' || *f == L'j' || *f == L'L')
            sp->len = 4;
        else if (*f == L'z')
            sp->len = 5;
        else if (*f == L't')
            sp->len = 6;
        else
            break;
    }
    sp->conv = *f;
    return f;
}

/* The snprintf format for a numeric conversion: flags, width, precision, length and conversion. */
static void narrow_spec(const struct spec *sp, char *out)
{
    static const char *const lens[] = {"", "hh", "h", "l", "ll", "z", "t"};
    char *p = out;
    *p++ = '%';
    strcpy(p, sp->flags);
    p += strlen(p);
    if (sp->width >= 0)
        p += sprintf(p, "%d", sp->width);
    if (sp->prec >= 0)
        p += sprintf(p, ".%d", sp->prec);
    strcpy(p, lens[sp->len]);
    p += strlen(p);
    *p++ = (char)sp->conv;
    *p = '\0';
}

/* Appends the characters of a narrow (ASCII) formatting result. */
static void put_narrow(struct wout *o, const char *s, int n)
{
    int i;
    for (i = 0; i < n; i++)
        put(o, (unsigned char)s[i]);
}

/* A numeric conversion's argument, as va_arg took it. */
struct arg {
    enum { A_NONE, A_INT, A_LLONG, A_DOUBLE, A_PTR } kind;
    union {
        int i;
        long long ll;
        double d;
        void *p;
    } v;
};

/* snprintf of one argument with format fmt. */
static int format_arg(char *buf, size_t size, const char *fmt, const struct arg *a)
{
    switch (a->kind) {
    case A_INT: return snprintf(buf, size, fmt, a->v.i);
    case A_LLONG: return snprintf(buf, size, fmt, a->v.ll);
    case A_DOUBLE: return snprintf(buf, size, fmt, a->v.d);
    case A_PTR: return snprintf(buf, size, fmt, a->v.p);
    default: return snprintf(buf, size, fmt);
    }
}

/* A numeric conversion: its argument taken according to the length modifier, formatted by snprintf. */
static void numeric(struct wout *o, const struct spec *sp, va_list *ap)
{
    char fmt[48], small[64], *buf = small;
    struct spec nsp = *sp;
    struct arg a;
    int n;
    if (sp->conv == L'm') {
        a.kind = A_NONE;
    } else if (sp->conv == L'p') {
        a.kind = A_PTR;
        a.v.p = va_arg(*ap, void *);
    } else if (strchr("eEfFgGaA", (int)sp->conv) != NULL) {
        /* l and L change nothing here: long double is double on SCMP. */
        a.kind = A_DOUBLE;
        a.v.d = va_arg(*ap, double);
        nsp.len = 0;
    } else if (sp->len == 4) {
        a.kind = A_LLONG;
        a.v.ll = va_arg(*ap, long long);
    } else {
        a.kind = A_INT;
        a.v.i = va_arg(*ap, int);
    }
    narrow_spec(&nsp, fmt);
    n = format_arg(small, sizeof small, fmt, &a);
    if (n >= (int)sizeof small && (buf = malloc((size_t)n + 1)) != NULL)
        format_arg(buf, (size_t)n + 1, fmt, &a);
    if (buf == NULL) {
        o->failed = 1;
        return;
    }
    put_narrow(o, buf, n);
    if (buf != small)
        free(buf);
}

/* %c, %lc, %s, %ls: characters padded to the width; a narrow one that is not ASCII is an encoding error. */
static void text(struct wout *o, const struct spec *sp, va_list *ap)
{
    int wide = sp->len == 3 || sp->conv == L'C' || sp->conv == L'S';
    wchar_t one;
    const wchar_t *ws = NULL;
    const char *s = NULL;
    int n = 0, i;
    if (sp->conv == L'c' || sp->conv == L'C') {
        one = wide ? (wchar_t)va_arg(*ap, wint_t) : (wchar_t)btowc((unsigned char)va_arg(*ap, int));
        if (!wide && one == (wchar_t)WEOF) {
            o->failed = 1;
            errno = EILSEQ;
            return;
        }
        ws = &one;
        n = 1;
    } else if (wide) {
        ws = va_arg(*ap, const wchar_t *);
        if (ws == NULL)
            ws = L"(null)";
        while (ws[n] != 0 && (sp->prec < 0 || n < sp->prec))
            n++;
    } else {
        s = va_arg(*ap, const char *);
        if (s == NULL)
            s = "(null)";
        while (s[n] != '\0' && (sp->prec < 0 || n < sp->prec)) {
            if ((unsigned char)s[n] >= 128) {
                o->failed = 1;
                errno = EILSEQ;
                return;
            }
            n++;
        }
    }
    if (!sp->minus)
        pad(o, sp->width - n);
    for (i = 0; i < n; i++)
        put(o, ws != NULL ? ws[i] : (unsigned char)s[i]);
    if (sp->minus)
        pad(o, sp->width - n);
}

/* %n: the count so far, stored through a pointer of the length modifier's type. */
static void count(struct wout *o, const struct spec *sp, va_list *ap)
{
    switch (sp->len) {
    case 1: *va_arg(*ap, signed char *) = (signed char)o->len; break;
    case 2: *va_arg(*ap, short *) = (short)o->len; break;
    case 4: *va_arg(*ap, long long *) = (long long)o->len; break;
    default: *va_arg(*ap, int *) = (int)o->len; break;
    }
}

/* Formats into o; returns 0, or -1 on an encoding error or an unknown conversion. */
static int vwformat(struct wout *o, const wchar_t *f, va_list args)
{
    struct spec sp;
    va_list ap;
    va_copy(ap, args);
    for (; *f != 0 && !o->failed; f++) {
        if (*f != L'%') {
            put(o, *f);
            continue;
        }
        f = parse(f + 1, &sp, &ap);
        switch (sp.conv) {
        case L'%': put(o, L'%'); break;
        case L'c': case L'C': case L's': case L'S': text(o, &sp, &ap); break;
        case L'n': count(o, &sp, &ap); break;
        case L'd': case L'i': case L'u': case L'o': case L'x': case L'X': case L'p': case L'm':
        case L'e': case L'E': case L'f': case L'F': case L'g': case L'G': case L'a': case L'A':
            numeric(o, &sp, &ap);
            break;
        default:
            o->failed = 1;
            errno = EINVAL;
        }
    }
    va_end(ap);
    return o->failed ? -1 : 0;
}

int vswprintf(wchar_t *s, size_t n, const wchar_t *format, va_list ap)
{
    struct wout o;
    int r;
    wout_init(&o, s, n, 0);
    r = vwformat(&o, format, ap);
    if (n > 0)
        s[o.len < n ? o.len : n - 1] = 0;
    return r < 0 || o.len >= n ? -1 : (int)o.len;
}

int swprintf(wchar_t *s, size_t n, const wchar_t *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vswprintf(s, n, format, ap);
    va_end(ap);
    return r;
}

int vfwprintf(FILE *stream, const wchar_t *format, va_list ap)
{
    struct wout o;
    size_t i;
    int r;
    wout_init(&o, NULL, 0, 1);
    r = vwformat(&o, format, ap);
    for (i = 0; i < o.len && i < o.cap; i++) {
        if (fputwc(o.buf[i], stream) == WEOF) {
            r = -1;
            break;
        }
    }
    free(o.buf);
    return r < 0 || o.len > o.cap ? -1 : (int)o.len;
}

int fwprintf(FILE *stream, const wchar_t *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vfwprintf(stream, format, ap);
    va_end(ap);
    return r;
}

int vwprintf(const wchar_t *format, va_list ap)
{
    return vfwprintf(stdout, format, ap);
}

int wprintf(const wchar_t *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vfwprintf(stdout, format, ap);
    va_end(ap);
    return r;
}
