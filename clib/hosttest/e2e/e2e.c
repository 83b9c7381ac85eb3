/* End-to-end check of clib on SCMP: a deterministic program whose output, built with scmpcc and run on
 * scmpsim, must equal the output of the same program built with the host's gcc against the host build of
 * clib (hosttest/e2e.sh runs both and compares). Plain C99 and clib only. It exercises printf/strtod/
 * strtol/sscanf, libm, malloc, qsort, strings, rand, setjmp-free control flow and 64-bit arithmetic
 * (the compiler runtime); every result is printed exactly (%a for doubles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <limits.h>
#include <errno.h>
#include <ctype.h>
#include <stddef.h>

/* a 32-bit LCG (no 64-bit multiply), and doubles assembled from its words */
static unsigned int lcg_state = 12345u;

static unsigned int next32(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state;
}

static double bits_double(unsigned int hi, unsigned int lo)
{
    union {
        double d;
        unsigned int w[2];
    } u;
    u.w[0] = lo;
    u.w[1] = hi;
    return u.d;
}

static double random_double(void)
{
    unsigned int hi = next32(), lo = next32();
    switch (next32() % 4) {
    case 0:
        return bits_double(hi, lo);
    case 1:
        /* exponent within +-40 of 1 */
        return bits_double((hi & 0x800fffffu) | ((1023u + next32() % 80u - 40u) << 20), lo);
    case 2:
        return (double)(int)(next32() % 2000000u) / 1000.0 - 1000.0;
    default:
        return (double)next32() * 1e-5;
    }
}

static int is_finite(double x)
{
    return x == x && x - x == 0.0;
}

static void test_printf(void)
{
    static const char *const fmts[] = {
        "%e", "%f", "%g", "%a", "%.0f", "%.3e", "%.17g", "%#.0e", "%+.10f", "% 12.4g", "%-15.6e|", "%015.3f",
        "%.30f", "%G", "%E", "%.1g", "%#g", "%.13a", "%.2a", "%20.10e"
    };
    int i, j;
    char buf[512];
    printf("== printf\n");
    for (i = 0; i < 400; i++) {
        double x = random_double();
        for (j = 0; j < 20; j++) {
            if (!is_finite(x) && j > 3)
                continue;
            snprintf(buf, sizeof buf, fmts[j], x);
            printf("%s ", buf);
        }
        printf("\n");
    }
    printf("%d %i %u %x %X %o %c %s %% %5d|%-5d|%05d\n", -42, 42, 42u, 255u, 255u, 8u, 'z', "str", 7, 7, 7);
    printf("%hhd %hd %ld %lld %llu %llx %lli\n", 300, 70000, -5L, -1234567890123456789LL, 18446744073709551615ULL,
           0x123456789abcdefULL, LLONG_MIN);
    printf("%zu %td %jd %p %p\n", sizeof(double), (ptrdiff_t)-3, (long long)-7, (void *)0, (void *)0x1000);
    printf("%*d|%-*d|%.*f|%*.*e\n", 6, 1, 6, 2, 3, 3.14159, 12, 2, 2.5e-3);
    {
        int n1 = 0, n2 = 0;
        printf("abc%n def%n\n", &n1, &n2);
        printf("%d %d\n", n1, n2);
    }
    printf("%s %s\n", "inf:", "done");
    printf("%f %e %g %a\n", HUGE_VAL, -HUGE_VAL, 0.0, -0.0);
}

static void test_strtod(void)
{
    static const char *const strs[] = {
        "0", "1", "-2.5", "3.14159265358979323846", "1e308", "1.7976931348623157e308", "1e309", "1e-320",
        "2.2250738585072011e-308", "4.9e-324", "2e-324", "0x1.8p3", "inf", "-nan", "  12abc", ".5", "5.",
        "123456789012345678901234567890", "0.1", "1e23", "9007199254740993", "1e-400", "abc"
    };
    int i;
    char buf[64];
    printf("== strtod\n");
    for (i = 0; i < (int)(sizeof strs / sizeof strs[0]); i++) {
        char *end;
        double d;
        errno = 0;
        d = strtod(strs[i], &end);
        printf("%s -> %a end %d errno %d\n", strs[i], d, (int)(end - strs[i]), errno);
    }
    for (i = 0; i < 300; i++) {
        double x = random_double(), y;
        if (!is_finite(x))
            continue;
        snprintf(buf, sizeof buf, "%.*e", (int)(next32() % 20), x);
        y = strtod(buf, NULL);
        printf("%s %a\n", buf, y);
    }
}

static void test_strtol(void)
{
    static const char *const strs[] = {
        "0", "-17", "0x7fffffff", "2147483648", "-2147483649", "4294967295", "4294967296", "077", "0b1",
        "zz", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
        "18446744073709551616", "  +42x"
    };
    int i;
    printf("== strtol\n");
    for (i = 0; i < (int)(sizeof strs / sizeof strs[0]); i++) {
        char *e1, *e2;
        long a;
        unsigned long b;
        long long c;
        unsigned long long d;
        errno = 0;
        a = strtol(strs[i], &e1, 0);
        b = strtoul(strs[i], &e2, 0);
        printf("%s: %ld %lu", strs[i], a, b);
        c = strtoll(strs[i], &e1, 36);
        d = strtoull(strs[i], &e2, 10);
        printf(" %lld %llu %d %d errno %d\n", c, d, (int)(e1 - strs[i]), (int)(e2 - strs[i]), errno);
    }
    printf("%d %ld %lld %g\n", atoi("-123"), atol("456"), atoll("-9000000000"), atof("2.5e-3"));
}

static void test_sscanf(void)
{
    int a = 0, b = 0, n;
    unsigned int u = 0;
    double d = 0;
    float f = 0;
    char s1[32], s2[32];
    long long ll = 0;
    printf("== sscanf\n");
    n = sscanf("42 0x1f 3.5e2 hello world", "%d %i %lf %s %s", &a, &b, &d, s1, s2);
    printf("%d: %d %d %a %s %s\n", n, a, b, d, s1, s2);
    n = sscanf("key=value;12", "%[^=]=%[^;];%u", s1, s2, &u);
    printf("%d: %s %s %u\n", n, s1, s2, u);
    n = sscanf("-9876543210 1.25", "%lld %f", &ll, &f);
    printf("%d: %lld %a\n", n, ll, (double)f);
    n = sscanf("", "%d", &a);
    printf("%d\n", n);
}

static double (*const fns[])(double) = {
    sin, cos, tan, asin, acos, atan, exp, exp2, expm1, log, log10, log2, log1p, sinh, cosh, tanh, asinh, acosh,
    atanh, cbrt, sqrt, fabs, floor, ceil, round, trunc, rint
};
static const char *const fn_names[] = {
    "sin", "cos", "tan", "asin", "acos", "atan", "exp", "exp2", "expm1", "log", "log10", "log2", "log1p", "sinh",
    "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "sqrt", "fabs", "floor", "ceil", "round", "trunc", "rint"
};

static void test_math(void)
{
    int i, j;
    printf("== math\n");
    for (j = 0; j < (int)(sizeof fns / sizeof fns[0]); j++) {
        printf("%s:", fn_names[j]);
        for (i = 0; i < 40; i++) {
            double x = random_double();
            if (i % 4 == 0)
                x = x - floor(x);           /* [0, 1) */
            double r = fns[j](x);
            if (r != r)
                printf(" nan");     /* the sign of a NaN differs between machines */
            else
                printf(" %a", r);
        }
        printf("\n");
    }
    printf("pow:");
    for (i = 0; i < 60; i++) {
        double x = (double)(next32() % 10000) / 100.0, y = (double)(int)(next32() % 4000) / 100.0 - 20.0;
        printf(" %a", pow(x, y));
    }
    printf("\natan2 hypot fmod remainder:");
    for (i = 0; i < 40; i++) {
        double x = random_double(), y = random_double();
        printf(" %a %a %a %a", atan2(x, y), hypot(x, y), fmod(x, y), remainder(x, y));
    }
    printf("\nfrexp ldexp modf:");
    for (i = 0; i < 20; i++) {
        double x = random_double(), ip;
        int e;
        double m = frexp(x, &e), l = ldexp(x, (int)(next32() % 200) - 100), f = modf(x, &ip);
        printf(" %a %d %a %a %a", m, e, l, f, ip);
    }
    printf("\nsin of huge: %a %a %a\n", sin(1e300), cos(1e22), tan(123456789.0));
    printf("specials: %g %g %g %g %g\n", log(0.0), exp(1000.0), pow(0.0, -1.0), sqrt(-0.0), atan2(0.0, -1.0));
    printf("float: %a %a %a\n", (double)sinf(1.0f), (double)powf(2.0f, 0.5f), (double)sqrtf(2.0f));
}

static void test_int64(void)
{
    int i;
    printf("== int64\n");
    for (i = 0; i < 200; i++) {
        long long a = (long long)(((unsigned long long)next32() << 32) | next32());
        long long b = (long long)(((unsigned long long)next32() << 32) | next32());
        unsigned long long ua = (unsigned long long)a, ub;
        int sh = (int)(next32() % 64);
        double d;
        b >>= next32() % 63;
        if (b == 0)
            b = 3;
        ub = (unsigned long long)b;
        d = (double)a * 1e-3;
        printf("%llx %llx %llx %llx %llx %llx %llx %llx %llx %a %a %llx %llx\n", (unsigned long long)(a * b),
               (unsigned long long)(a / b), (unsigned long long)(a % b), ua / ub, ua % ub,
               (unsigned long long)(a << sh), (unsigned long long)(a >> sh), ua >> sh, (unsigned long long)(ua < ub),
               (double)a, (double)ua, (unsigned long long)(long long)d, (unsigned long long)(d < 0 ? -d : d));
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

static void test_stdlib(void)
{
    int *v, i, n = 1000;
    unsigned int sum = 0;
    char **blocks;
    printf("== stdlib\n");
    v = (int *)malloc((size_t)n * sizeof(int));
    for (i = 0; i < n; i++)
        v[i] = (int)(next32() % 100000u) - 50000;
    qsort(v, (size_t)n, sizeof(int), cmp_int);
    for (i = 1; i < n; i++)
        if (v[i - 1] > v[i])
            printf("qsort order error at %d\n", i);
    {
        int key = v[500];
        int *p = (int *)bsearch(&key, v, (size_t)n, sizeof(int), cmp_int);
        printf("bsearch %d\n", p != NULL && *p == key);
    }
    for (i = 0; i < n; i += 97)
        printf("%d ", v[i]);
    printf("\n");
    free(v);
    blocks = (char **)calloc(64, sizeof(char *));
    for (i = 0; i < 5000; i++) {
        int s = (int)(next32() % 64u);
        if (blocks[s] != NULL) {
            sum += (unsigned char)blocks[s][0];
            if (next32() % 2u)
                blocks[s] = (char *)realloc(blocks[s], next32() % 3000u + 1u);
            else {
                free(blocks[s]);
                blocks[s] = NULL;
            }
        } else {
            size_t sz = next32() % 5000u + 1u;
            blocks[s] = (char *)malloc(sz);
            memset(blocks[s], s, sz);
        }
    }
    printf("malloc checksum %u\n", sum);
    srand(1);
    for (i = 0; i < 5; i++)
        printf("%d ", rand());
    printf("\n");
    {
        div_t q = div(-7, 2);
        ldiv_t lq = ldiv(7L, -2L);
        printf("%d %d %ld %ld %d %ld\n", q.quot, q.rem, lq.quot, lq.rem, abs(-3), labs(-4L));
    }
}

static void test_string(void)
{
    char buf[100], *tok;
    printf("== string\n");
    strcpy(buf, "Hello");
    strcat(buf, ", World");
    printf("%s %u %d %d %s %s\n", buf, (unsigned)strlen(buf), strcmp("abc", "abd") < 0, strncasecmp("ABC", "abd", 2),
           strchr(buf, 'W'), strrchr(buf, 'o'));
    printf("%s %u %u %s\n", strstr(buf, "lo, W"), (unsigned)strspn("aabbc", "ab"), (unsigned)strcspn("hello", "l"),
           strpbrk("hello", "lo"));
    strcpy(buf, "a,b;;c");
    for (tok = strtok(buf, ",;"); tok != NULL; tok = strtok(NULL, ",;"))
        printf("[%s]", tok);
    printf("\n%s %d %d %c %c\n", strerror(ERANGE), isalpha('x') != 0, isdigit('x') != 0, toupper('q'),
           tolower('Q'));
    memset(buf, 'x', 10);
    buf[10] = '\0';
    memmove(buf + 2, buf, 5);
    printf("%s %d\n", buf, memcmp("abc", "abd", 3) < 0);
}

int main(void)
{
    test_printf();
    test_strtod();
    test_strtol();
    test_sscanf();
    test_math();
    test_int64();
    test_stdlib();
    test_string();
    printf("== end\n");
    return 3;
}
