/* sprintf and snprintf: building strings piecewise with the return value, truncation at every size, %n,
 * mixed conversions, tables with computed widths, and vsnprintf measuring before allocating. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *format_alloc(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *buf;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf = malloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return buf;
}

int main(void)
{
    char buf[512], small[16];
    int n = 0, i, k;
    static const char *names[] = { "alpha", "be", "gamma-ray", "d" };
    static const double vals[] = { 3.5, -0.0625, 12345.678, 1e-7 };

    for (i = 0; i < 10; i++)
        n += sprintf(buf + n, "%d^2=%d%s", i, i * i, i < 9 ? ", " : "");
    printf("%s (%d chars)\n", buf, n);

    for (k = 0; k <= 16; k++) {
        int r;
        memset(small, '*', sizeof small);
        r = snprintf(small, (size_t)k, "%s|%5.2f|%x", "abc", 3.14159, 0xbeef);
        printf("snprintf size %2d -> %2d [%.*s]\n", k, r, k ? (int)strlen(small) : 0, k ? small : "");
    }
    printf("snprintf NULL,0 -> %d\n", snprintf(NULL, 0, "%d %s %f", 123456, "measure", 2.5));

    /* a table whose column width is computed */
    {
        int w = 0;
        for (i = 0; i < 4; i++)
            if ((int)strlen(names[i]) > w)
                w = (int)strlen(names[i]);
        for (i = 0; i < 4; i++) {
            sprintf(buf, "|%-*s|%*s|%10.3e|%+8.2f|%#6o|%-#6x|", w, names[i], w, names[i], vals[i], vals[i], i * 9,
                    i * 255);
            printf("%s\n", buf);
        }
    }
    /* %n records positions */
    {
        int p1, p2, p3;
        sprintf(buf, "%s%n-%d%n-%.3f%n", "head", &p1, -12345, &p2, 1.0 / 3, &p3);
        printf("%s: %d %d %d\n", buf, p1, p2, p3);
    }
    /* allocation sized by a measuring call */
    {
        char *s = format_alloc("%s has %d items costing %.2f total (%c)", "cart", 7, 7 * 19.99, 'Y');
        printf("%s [%u]\n", s, (unsigned)strlen(s));
        free(s);
        s = format_alloc("%0*d", 40, 7);
        printf("%s\n", s);
        free(s);
    }
    /* sprintf into itself is undefined; build via a second buffer instead */
    {
        char a[64] = "x";
        for (i = 0; i < 5; i++) {
            char tmp[64];
            sprintf(tmp, "(%s)", a);
            strcpy(a, tmp);
        }
        printf("%s\n", a);
    }
    /* a hex dump */
    {
        const char *msg = "SCMP: Single-Chip Message-Passing\n";
        int len = (int)strlen(msg);
        for (i = 0; i < len; i += 8) {
            int j, o = sprintf(buf, "%04x:", i);
            for (j = i; j < i + 8; j++)
                o += j < len ? sprintf(buf + o, " %02x", (unsigned char)msg[j]) : sprintf(buf + o, "   ");
            o += sprintf(buf + o, "  ");
            for (j = i; j < i + 8 && j < len; j++)
                buf[o++] = msg[j] >= 32 && msg[j] < 127 ? msg[j] : '.';
            buf[o] = 0;
            printf("%s\n", buf);
        }
    }
    return n % 7;
}
