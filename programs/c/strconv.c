/* String to number conversions: strtol/strtoul/strtoll/strtoull with bases 0, 2..36, signs, whitespace,
 * prefixes, overflow (errno ERANGE and the limits), end pointers; atoi/atol/atoll; strtod and atof on
 * decimal, exponent, hexadecimal, special and overflowing inputs. Values that depend on the width of long
 * are printed only when they fit 32 bits. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static void try_strtol(const char *s, int base)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, base);
    /* ERANGE with a 32-bit long, a value beyond 32 bits with a 64-bit one: the same line either way */
    if (errno == ERANGE || v > 2147483647L || v < -2147483647L - 1)
        printf("strtol(\"%s\", %d): out of 32-bit range\n", s, base);
    else
        printf("strtol(\"%s\", %d) = %ld, used %d, errno %s\n", s, base, v, (int)(end - s),
               errno == ERANGE ? "ERANGE" : errno ? "other" : "0");
}

static void try_strtoll(const char *s, int base)
{
    char *end;
    long long v;
    unsigned long long u;
    int e1, e2;
    errno = 0;
    v = strtoll(s, &end, base);
    e1 = errno;
    errno = 0;
    u = strtoull(s, NULL, base);
    e2 = errno;
    printf("strtoll(\"%s\", %d) = %lld used %d%s; strtoull = %llu%s\n", s, base, v, (int)(end - s),
           e1 == ERANGE ? " ERANGE" : "", u, e2 == ERANGE ? " ERANGE" : "");
}

static void try_strtod(const char *s)
{
    char *end;
    double d;
    errno = 0;
    d = strtod(s, &end);
    printf("strtod(\"%s\") = %.17g used %d%s\n", s, d, (int)(end - s), errno == ERANGE ? " ERANGE" : "");
}

int main(void)
{
    static const char *ls[] = { "0", "42", "-42", "  +17xyz", "\t\n 99", "0x1f", "0X1F", "017", "08", "0b101",
                                "2147483647", "-2147483648", "2147483648", "-2147483649", "", "   ", "-", "+",
                                "0x", "12abc", "zz", "-0", "00000000000000000000123" };
    static const int bases[] = { 0, 10, 16, 8, 2, 36 };
    static const char *lls[] = { "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                                 "-9223372036854775809", "18446744073709551615", "18446744073709551616",
                                 "-1", "0xffffffffffffffff", "  -0x8000000000000000", "1234567890123456789" };
    static const char *ds[] = { "0", "1", "-1.5", "3.14159265358979323846264338327950288", "1e10", "1E-10",
                                "  .5", "5.", ".e5", "1e", "1e+", "1.5e+3x", "-0.0", "0x1p-2", "0x1.8p1",
                                "0XAbC.dEp+4", "inf", "-Infinity", "nan", "INFxyz", "1e308", "1e309",
                                "-1e400", "2.2250738585072014e-308", "4.9e-324", "1e-400", "123456789012345678901234567890",
                                "0.000000000000000000000000000001", "2.5e-1", "1.7976931348623157e308",
                                "1.7976931348623159e308", "9007199254740993", "  +42abc", "abc", "-",
                                "0.1e-5000", "1e-320" };
    int i, j;
    for (i = 0; i < (int)(sizeof ls / sizeof ls[0]); i++)
        for (j = 0; j < 6; j++)
            try_strtol(ls[i], bases[j]);
    {
        char *end;
        unsigned long u;
        const char *max32 = "4294967295";
        errno = 0;
        u = strtoul(max32, &end, 10);
        printf("strtoul max32 = %lu used %d\n", u, (int)(end - max32));
        u = strtoul("-1", &end, 10);
        printf("strtoul(-1) is ULONG_MAX: %d\n", u == ULONG_MAX);
        printf("strtol base 36: %ld %ld %ld\n", strtol("zz", NULL, 36), strtol("Scmp", NULL, 36),
               strtol("10", NULL, 36));
        printf("strtol base 2: %ld %ld\n", strtol("1111111111111111", NULL, 2), strtol("-101", NULL, 2));
        printf("strtol base 7: %ld (stops at 7)\n", strtol("6543217", NULL, 7));
    }
    for (i = 0; i < (int)(sizeof lls / sizeof lls[0]); i++) {
        try_strtoll(lls[i], 0);
        try_strtoll(lls[i], 10);
    }
    for (i = 0; i < (int)(sizeof ds / sizeof ds[0]); i++)
        try_strtod(ds[i]);
    printf("atoi: %d %d %d %d %d\n", atoi("123"), atoi("-45x"), atoi("  +7"), atoi("abc"), atoi("2147483647"));
    printf("atol: %ld %ld\n", atol("-100000"), atol("  2000000000 "));
    printf("atoll: %lld %lld\n", atoll("-9000000000000000000"), atoll("77777777777"));
    printf("atof: %.17g %.17g %g\n", atof("2.718281828459045235"), atof("-1e-3"), atof("junk"));
    {
        /* round trip of printed doubles */
        static const double vs[] = { 0.1, 1.0 / 3.0, 2.0 / 3.0, 1e23, 5e-324, 1.7976931348623157e308, 123.456 };
        char buf[64];
        for (i = 0; i < (int)(sizeof vs / sizeof vs[0]); i++) {
            double back;
            sprintf(buf, "%.17g", vs[i]);
            back = strtod(buf, NULL);
            printf("%s round-trips: %d\n", buf, back == vs[i]);
        }
    }
    {
        /* parse a list of numbers with end pointers */
        const char *list = "10 20,30;-40   +50 0x60 070";
        char *end;
        const char *p = list;
        long total = 0;
        for (;;) {
            long v = strtol(p, &end, 0);
            if (end == p) {
                if (!*p)
                    break;
                p++;
                continue;
            }
            printf("item %ld\n", v);
            total += v;
            p = end;
        }
        printf("total %ld\n", total);
    }
    return 0;
}
