/* Variadic functions of our own: sums of ints, of doubles and long longs mixed, a tiny formatter driven by a
 * type string, forwarding through va_list to vsnprintf, va_copy, and many arguments (some on the stack). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum_ints(int count, ...)
{
    va_list ap;
    int s = 0, i;
    va_start(ap, count);
    for (i = 0; i < count; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static double mean(int count, ...)
{
    va_list ap;
    double s = 0;
    int i;
    va_start(ap, count);
    for (i = 0; i < count; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return count ? s / count : 0;
}

/* 'i' int, 'd' double, 'l' long long, 's' string, 'c' char (promoted to int), 'u' unsigned */
static void show(const char *types, ...)
{
    va_list ap;
    const char *t;
    va_start(ap, types);
    printf("show(%s):", types);
    for (t = types; *t; t++) {
        switch (*t) {
        case 'i': printf(" i=%d", va_arg(ap, int)); break;
        case 'd': printf(" d=%.6g", va_arg(ap, double)); break;
        case 'l': printf(" l=%lld", va_arg(ap, long long)); break;
        case 's': printf(" s=%s", va_arg(ap, const char *)); break;
        case 'c': printf(" c=%c", (char)va_arg(ap, int)); break;
        case 'u': printf(" u=%u", va_arg(ap, unsigned)); break;
        default: printf(" ?"); break;
        }
    }
    printf("\n");
    va_end(ap);
}

static int logf_count;
static char logbuf[4096];
static size_t loglen;

static void logmsg(const char *level, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = snprintf(logbuf + loglen, sizeof logbuf - loglen, "[%s #%d] ", level, ++logf_count);
    loglen += (size_t)n;
    n = vsnprintf(logbuf + loglen, sizeof logbuf - loglen, fmt, ap);
    loglen += (size_t)n;
    logbuf[loglen++] = '\n';
    logbuf[loglen] = 0;
    va_end(ap);
}

/* Walks the list twice with va_copy: once to count the length, once to join. */
static char *join(char *out, const char *sep, ...)
{
    va_list ap, ap2;
    const char *s;
    int count = 0;
    va_start(ap, sep);
    va_copy(ap2, ap);
    while (va_arg(ap, const char *) != NULL)
        count++;
    va_end(ap);
    sprintf(out, "%d:", count);
    while ((s = va_arg(ap2, const char *)) != NULL) {
        strcat(out, s);
        if (--count)
            strcat(out, sep);
    }
    va_end(ap2);
    return out;
}

static long long mixed(int a, double b, long long c, ...)
{
    va_list ap;
    long long r = a + (long long)b + c;
    int k;
    va_start(ap, c);
    while ((k = va_arg(ap, int)) != 0) {
        if (k == 1)
            r = r * 3 + va_arg(ap, int);
        else if (k == 2)
            r = r * 5 + (long long)(va_arg(ap, double) * 100);
        else
            r = r * 7 + va_arg(ap, long long);
    }
    va_end(ap);
    return r;
}

static int vsum(int n, va_list ap)
{
    int s = 0;
    while (n--)
        s += va_arg(ap, int);
    return s;
}

static int outer(int n, ...)
{
    va_list ap;
    int s;
    va_start(ap, n);
    s = vsum(n, ap);
    va_end(ap);
    return s;
}

/* Many named arguments, so that the unnamed ones follow stack arguments. */
static double many(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j,
                   double x0, double x1, double x2, double x3, double x4, double x5, double x6, double x7,
                   double x8, ...)
{
    va_list ap;
    double s = a + b + c + d + e + f + g + h + i + j + x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;
    va_start(ap, x8);
    s += va_arg(ap, int);
    s += va_arg(ap, double);
    s += (double)va_arg(ap, long long);
    va_end(ap);
    return s;
}

int main(void)
{
    char buf[256];
    short sh = -3;
    char ch = 'Z';
    float fl = 2.5f;
    int i;
    printf("%d %d %d %d\n", sum_ints(0), sum_ints(1, 5), sum_ints(3, 1, 2, 3), sum_ints(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    printf("%.10g %.10g %.10g\n", mean(1, 2.0), mean(3, 1.0, 2.0, 4.0), mean(4, 0.1, 0.2, 0.3, 0.4));
    show("idlscu", 42, 3.25, 123456789012345LL, "str", 'x', 4000000000u);
    show("cccc", 'a', ch, sh, 'd');
    show("dddd", 1.0, (double)fl, fl, 1e100);
    show("lilili", -1LL, 1, 1LL << 40, 2, -(1LL << 62), 3);
    show("");
    for (i = 0; i < 5; i++)
        logmsg(i % 2 ? "warn" : "info", "step %d of %d: %s %.3f %lld", i, 5, i == 3 ? "three" : "other",
               i / 3.0, (long long)i << 33);
    fputs(logbuf, stdout);
    printf("%s\n", join(buf, ", ", "alpha", "beta", "gamma", (char *)NULL));
    printf("%s\n", join(buf, "-", (char *)NULL));
    printf("%s\n", join(buf, "", "x", "y", "z", "w", "v", (char *)NULL));
    printf("%lld\n", mixed(1, 2.5, 3LL, 1, 10, 2, 0.25, 3, 1000000000000LL, 1, -4, 0));
    printf("%lld\n", mixed(-7, -0.5, -3LL, 0));
    printf("%d\n", outer(6, 10, 20, 30, 40, 50, 60));
    printf("%.10g\n", many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 100,
                           0.125, 1000000000000LL));
    return 0;
}
