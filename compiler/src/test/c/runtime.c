/* The small runtime the compiler's C tests link with instead of the C library: formatted output (enough
 * of printf for the tests: %d %i %u %x %c %s %ld %lld %llu %llx %%), the string functions test.h
 * declares, and assert_eq. */
#include <stdarg.h>
#include "test.h"

int __host_write(int fd, const char *buf, int len);
void __host_exit(int code);

void exit(int code) { __host_exit(code); }

unsigned strlen(const char *s) { unsigned n = 0; while (s[n]) n++; return n; }

int strcmp(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, unsigned n) {
    for (; n; n--, a++, b++) {
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        if (!*a) return 0;
    }
    return 0;
}

int memcmp(const void *a, const void *b, unsigned n) {
    const unsigned char *x = a, *y = b;
    for (unsigned i = 0; i < n; i++)
        if (x[i] != y[i]) return x[i] - y[i];
    return 0;
}

void *memcpy(void *d, const void *s, unsigned n) {
    char *dd = d; const char *ss = s;
    while (n--) *dd++ = *ss++;
    return d;
}

void *memset(void *d, int c, unsigned n) {
    unsigned char *p = d;
    while (n--) *p++ = c;
    return d;
}

static char *utoa(char *end, unsigned long long v, int base) {
    *--end = 0;
    do { *--end = "0123456789abcdef"[v % base]; v /= base; } while (v);
    return end;
}

static int vformat(char *out, const char *fmt, va_list ap) {
    char *o = out;
    char tmp[32];
    for (; *fmt; fmt++) {
        if (*fmt != '%') { *o++ = *fmt; continue; }
        fmt++;
        int longs = 0;
        while (*fmt == 'l') { longs++; fmt++; }
        long long v;
        unsigned long long u;
        char *s;
        switch (*fmt) {
        case 'd': case 'i':
            v = longs == 2 ? va_arg(ap, long long) : va_arg(ap, int);
            if (v < 0) { *o++ = '-'; u = -(unsigned long long)v; } else u = v;
            for (s = utoa(tmp + 32, u, 10); *s; ) *o++ = *s++;
            break;
        case 'u': case 'x':
            u = longs == 2 ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned);
            for (s = utoa(tmp + 32, u, *fmt == 'x' ? 16 : 10); *s; ) *o++ = *s++;
            break;
        case 'c': *o++ = va_arg(ap, int); break;
        case 's': for (s = va_arg(ap, char *); *s; ) *o++ = *s++; break;
        case '%': *o++ = '%'; break;
        default: *o++ = '?'; break;
        }
    }
    *o = 0;
    return o - out;
}

int sprintf(char *buf, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vformat(buf, fmt, ap);
    va_end(ap);
    return n;
}

int printf(const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vformat(buf, fmt, ap);
    va_end(ap);
    __host_write(1, buf, n);
    return n;
}

void assert_eq(long long expected, long long actual, char *code) {
    if (expected != actual) {
        printf("%s => %lld expected but got %lld\n", code, expected, actual);
        exit(1);
    }
}
