/* printf of integers, characters and strings: every conversion with flags, widths, precisions and length
 * modifiers, on edge values (0, limits, powers of two). */
#include <stdio.h>
#include <limits.h>
#include <string.h>

static const int ints[] = { 0, 1, -1, 7, -7, 42, 100, -100, 255, 256, 32767, -32768, 65535, 1000000,
                            INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 0x55aa55aa, -123456789 };
static const char *ifmt[] = { "%d", "%i", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%8.3d", "%-8.3d|",
                              "%+08d", "%.0d", "%x", "%X", "%#x", "%#X", "%08x", "%#010x", "%o", "%#o",
                              "%u", "%12u", "%-12u|", "%hd", "%hu", "%hhd", "%hhu", "%hx", "%hhx", "%+.5i" };

static const long long lls[] = { 0LL, 1LL, -1LL, 4294967295LL, 4294967296LL, -4294967296LL,
                                 9223372036854775807LL, -9223372036854775807LL - 1, 1000000000000LL,
                                 -999999999999999LL, 0x123456789abcdefLL };
static const char *llfmt[] = { "%lld", "%20lld", "%-20lld|", "%+lld", "%llx", "%#llX", "%llo", "%llu",
                               "%024lld", "%.15lld", "%lli" };

int main(void)
{
    int i, j, n;
    char buf[256];
    for (i = 0; i < (int)(sizeof ints / sizeof ints[0]); i++) {
        printf("int %d:", i);
        for (j = 0; j < (int)(sizeof ifmt / sizeof ifmt[0]); j++) {
            n = snprintf(buf, sizeof buf, ifmt[j], ints[i]);
            printf(" [%s]%d", buf, n);
        }
        printf("\n");
    }
    for (i = 0; i < (int)(sizeof lls / sizeof lls[0]); i++) {
        printf("ll %d:", i);
        for (j = 0; j < (int)(sizeof llfmt / sizeof llfmt[0]); j++) {
            snprintf(buf, sizeof buf, llfmt[j], lls[i]);
            printf(" [%s]", buf);
        }
        printf("\n");
    }
    /* %ld with values that fit 32 bits (long is 32 bits on SCMP) */
    printf("[%ld] [%lu] [%lx] [%8ld]\n", 123456L, 4000000000UL, 0xdeadbeefUL, -5L);
    /* characters */
    for (i = 32; i < 127; i++) {
        putchar(i);
    }
    printf("\n[%c] [%3c] [%-3c|] [%c%c%c]\n", 'A', 'b', 'c', 'x', 'y', 'z');
    /* strings: width, precision, NUL in the middle */
    {
        const char *s = "Hello, world";
        printf("[%s] [%20s] [%-20s|] [%.5s] [%10.3s] [%-10.3s|] [%.0s] [%.*s]\n", s, s, s, s, s, s, s, 7, s);
        printf("[%s] [%5s] [%.20s]\n", "", "", "short");
    }
    /* %% and %n */
    printf("100%% done%n\n", &n);
    printf("n = %d\n", n);
    {
        signed char hh = 0;
        short h = 0;
        long long ll = 0;
        printf("abc%hhn%hn%llndef\n", &hh, &h, &ll);
        printf("%d %d %lld\n", hh, h, ll);
    }
    /* star width with a negative value means left-justify */
    printf("[%*d] [%*d|] [%-*d|]\n", 6, 42, -6, 42, 6, 42);
    /* precision with star, negative precision means none */
    printf("[%.*d] [%.*d]\n", 4, 7, -1, 7);
    /* return value of printf */
    n = printf("%s %d %c %x\n", "count", 12345, 'q', 255);
    printf("printed %d\n", n);
    /* snprintf truncation */
    for (i = 0; i < 12; i++) {
        memset(buf, '#', 20);
        n = snprintf(buf, (size_t)i, "%d-%s", 12345, "abc");
        printf("size %2d: %d \"%s\"\n", i, n, i ? buf : "(untouched)");
    }
    return 0;
}
