#include <stdio.h>
#include <stdarg.h>
#include <string.h>

struct pt { int x, y; };
struct big { char name[12]; double v; };
struct tiny { char c; };

int sum_ints(int n, ...) { va_list ap; va_start(ap, n); int s = 0; while (n--) s += va_arg(ap, int); va_end(ap); return s; }
double sum_mixed(const char *fmt, ...) {
    va_list ap;
    double s = 0;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        switch (*fmt) {
        case 'i': s += va_arg(ap, int); break;
        case 'u': s += va_arg(ap, unsigned); break;
        case 'd': s += va_arg(ap, double); break;
        case 'l': s += va_arg(ap, long long); break;
        case 'c': s += (char)va_arg(ap, int); break;
        case 'p': { struct pt p = va_arg(ap, struct pt); s += p.x * 10 + p.y; break; }
        case 'b': { struct big b = va_arg(ap, struct big); s += b.v + strlen(b.name); break; }
        case 't': { struct tiny t = va_arg(ap, struct tiny); s += t.c; break; }
        case 's': s += strlen(va_arg(ap, char *)); break;
        case 'f': s += va_arg(ap, double) * 2; break;
        }
    }
    va_end(ap);
    return s;
}
void vlog(char *out, const char *fmt, va_list ap) { vsprintf(out, fmt, ap); }
void mylog(char *out, const char *fmt, ...) { va_list ap; va_start(ap, fmt); vlog(out, fmt, ap); va_end(ap); }
int count_until_zero(int first, ...) {
    va_list ap, ap2;
    int n = 0, s = 0;
    va_start(ap, first);
    va_copy(ap2, ap);
    for (int v = first; v; v = va_arg(ap, int)) n++;
    for (int k = 0; k < n - 1; k++) s += va_arg(ap2, int);
    va_end(ap2);
    va_end(ap);
    return n * 1000 + s;
}
long long ll_sum(int n, ...) { va_list ap; va_start(ap, n); long long s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, long long); va_end(ap); return s; }
double many_named(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, ...) {
    va_list ap; va_start(ap, j);
    double x = va_arg(ap, double);
    int y = va_arg(ap, int);
    long long z = va_arg(ap, long long);
    va_end(ap);
    return a + b + c + d + e + f + g + h + i + j + x + y + z;
}
double fnamed(double a, float b, double c, ...) {
    va_list ap; va_start(ap, c);
    double r = a + b + c;
    double v;
    while ((v = va_arg(ap, double)) != 0) r += v;
    va_end(ap);
    return r;
}
char *join(char *buf, const char *sep, ...) {
    va_list ap;
    const char *s;
    buf[0] = 0;
    va_start(ap, sep);
    int first = 1;
    while ((s = va_arg(ap, const char *)) != NULL) {
        if (!first) strcat(buf, sep);
        strcat(buf, s);
        first = 0;
    }
    va_end(ap);
    return buf;
}
typedef int (*vfn)(int, ...);
int apply_v(vfn f) { return f(4, 1, 2, 3, 4); }

int main(void) {
    printf("%d\n", sum_ints(5, 1, 2, 3, 4, 5));
    printf("%d\n", sum_ints(0));
    struct pt p = { 3, 4 };
    struct big b = { "bigname", 0.25 };
    struct tiny t = { 'A' };
    char c = 'x';
    short sh = -5;
    float f = 1.5f;
    printf("%g\n", sum_mixed("iudlcpbtsf", -1, 4000000000u, 2.5, 10000000000LL, c, p, b, t, "hello", f));
    printf("%g\n", sum_mixed("ipipdp", 1, p, 2, p, 0.5, p));
    printf("%g\n", sum_mixed("ldldldi", 1LL, 1.0, 2LL, 2.0, 3LL, 3.0, (int)sh));
    char buf[200];
    mylog(buf, "%d-%s-%5.2f-%c-%lld-%x", 42, "str", 3.14159, 'z', -9LL, 255u);
    printf("%s\n", buf);
    printf("%d\n", count_until_zero(5, 6, 7, 8, 0));
    printf("%lld\n", ll_sum(3, 1LL << 33, -5LL, 7LL));
    printf("%g\n", many_named(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0.5, 11, 12LL));
    printf("%g\n", fnamed(1, 2, 3, 4.0, (double)f, 0.0));
    printf("%s\n", join(buf, ", ", "a", "bb", "ccc", (char *)0));
    printf("%d\n", apply_v(sum_ints));
    printf("%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%#o|%o\n", 42, 42, 42, 42, 42, 255, 255, 255, 8, 8);
    printf("%hd %hu %hhd %hhu %ld %lu\n", (short)-1, (unsigned short)-1, (signed char)200, (unsigned char)300, -5L, 5UL);
    printf("%10.3s|%-10s|%.*s|%*d|%-*d|\n", "abcdef", "hi", 2, "xyz", 6, 7, 4, 8);
    printf("%c%c%c %%\n", 'a', 98, 'c' + 1);
    printf("%e %E %g %G\n", 123.456, 0.000123, 1e20, 1e-20);
    printf("%.0f %.0f %.0f %.0f\n", 0.5, 1.5, 2.5, -0.5);
    printf("%8.3e|%-12.4g|%012.3f\n", -1234.5, 0.00001234, -3.5);
    printf("%lld %llu %llx %llo\n", -1LL, 18446744073709551615ULL, 0xdeadbeefcafeULL, 01234567012345670ULL);
    printf("%s\n", "");
    printf("[%5s][%-5s][%5.1s]\n", "ab", "ab", "ab");
    return 0;
}
