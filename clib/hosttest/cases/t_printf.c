/* Differential test of clib's printf family against glibc: fixed cases, then random doubles (every
 * exponent, also short decimals and integers) through %e %E %f %F %g %G %a %A with random flags, width
 * and precision, then random integers through every integer conversion and length modifier. */
#include "ht.h"

#define BUF 4096
static char want[BUF], got[BUF];

/* glibc bug: "%#g" drops the zeros a carry produces ("%#g" of 999999.5 gives "1.e+06"; C requires
 * "1.00000e+06"). For a '#' with g or G this builds the standard result from glibc's %#e / %#f. */
static long glibc_hash_g_bugs;
static int std_hash_g(char *out, const char *fmt, double x)
{
    char f2[64], tmp[64], *q = f2, conv = fmt[strlen(fmt) - 1];
    const char *p = fmt + 1, *dot;
    int P = 6, X;
    if (conv != 'g' && conv != 'G')
        return -1;
    if (strchr(fmt, '#') == NULL || strchr(fmt, '*') != NULL || !isfinite(x))
        return -1;
    dot = strchr(fmt, '.');
    if (dot != NULL)
        P = atoi(dot + 1);
    if (P == 0)
        P = 1;
    snprintf(tmp, sizeof tmp, "%.*e", P - 1, x);
    X = atoi(strchr(tmp, 'e') + 1);
    *q++ = '%';
    while (*p != '\0' && *p != '.' && *p != 'g' && *p != 'G' && *p != 'l')
        *q++ = *p++;
    if (P > X && X >= -4)
        sprintf(q, ".%d%c", P - 1 - X, conv == 'g' ? 'f' : 'F');
    else
        sprintf(q, ".%d%c", P - 1, conv == 'g' ? 'e' : 'E');
    return snprintf(out, BUF, f2, x);
}

static void cmp_double(const char *fmt, double x)
{
    int rw = snprintf(want, BUF, fmt, x);
    int rg = scmp_snprintf(got, BUF, fmt, x);
    if ((rw != rg || strcmp(want, got) != 0)) {
        char alt[BUF];
        int ra = std_hash_g(alt, fmt, x);
        if (ra >= 0 && ra == rg && strcmp(alt, got) == 0) {
            glibc_hash_g_bugs++;
            strcpy(want, alt);
            rw = ra;
        }
    }
    ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" x=%a (%016llx): glibc \"%s\" (%d) clib \"%s\" (%d)",
             fmt, x, (unsigned long long)dbits(x), want, rw, got, rg);
}

static void cmp_double_wp(const char *fmt, int w, int p, double x)
{
    int rw = snprintf(want, BUF, fmt, w, p, x);
    int rg = scmp_snprintf(got, BUF, fmt, w, p, x);
    ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" w=%d p=%d x=%a: glibc \"%s\" clib \"%s\"", fmt, w, p,
             x, want, got);
}

/* a random double: random bits (any exponent), a short decimal, an integer, a power of ten, or a
 * value near a rounding boundary */
static double random_double(void)
{
    switch (rnd(8)) {
    case 0:
    case 1:
    case 2:
        return rnd_bits_double();
    case 3: {
        /* short decimal: digits * 10^e */
        double d = (double)(rnd64() % 100000000ULL);
        int e = (int)rnd(40) - 20;
        return d * pow(10.0, e);
    }
    case 4:
        return (double)(int64_t)(rnd64() >> rnd(64));
    case 5:
        return pow(10.0, (int)rnd(600) - 300) * (rnd(2) ? 1.0 : -1.0);
    case 6: {
        /* x.5 * 10^-k: halfway cases of decimal rounding */
        double d = (double)(rnd(100000)) + 0.5;
        return d / pow(10.0, (int)rnd(6));
    }
    default: {
        /* small-exponent random bits */
        uint64_t u = rnd64();
        u = (u & 0x800fffffffffffffULL) | ((uint64_t)(1023 + (int)rnd(80) - 40) << 52);
        return bitsd(u);
    }
    }
}

static void random_float_format(char *fmt, int *has_wp)
{
    static const char convs[] = "eEfFgGaA";
    char *p = fmt;
    int i;
    *p++ = '%';
    for (i = 0; i < 5; i++) {
        if (rnd(4) == 0)
            *p++ = "-+ #0"[i];
    }
    *has_wp = 0;
    if (rnd(8) == 0) {
        *p++ = '*';
        *p++ = '.';
        *p++ = '*';
        *has_wp = 1;
    } else {
        if (rnd(2))
            p += sprintf(p, "%u", rnd(30));
        if (rnd(3) != 0) {
            unsigned prec = rnd(10) == 0 ? rnd(400) : rnd(25);
            p += sprintf(p, ".%u", prec);
        }
    }
    if (rnd(10) == 0)
        *p++ = 'l';
    *p++ = convs[rnd(8)];
    *p = '\0';
}

static const char *fixed_fmts[] = {
    "%f", "%e", "%g", "%a", "%.0f", "%.0e", "%.0g", "%#.0f", "%#.0e", "%#g", "%#.0g", "%.17g", "%.20e",
    "%.40f", "%+f", "% e", "%010.3f", "%-12.4e|", "%+012g", "%G", "%E", "%A", "%.3a", "%.0a", "%#.0a",
    "%15.6a", "%-15a|", "%015a", "%.1f", "%.2f", "%.3g", "%.1e", "%.300f", "%.500e", "%g", "%.1g", "%.16g",
    "%5.1f", "%F", "%.13a", "%.20a", "%+.3e", "% .0f", "%#.3g", "%#.10g", "%.99g", "%'.2f"
};

static const double fixed_vals[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 3.5, 0.125, 0.1, 0.2, 0.3, 1e-5, 1e-4, 9.5e-5, 123456.0, 1e15, 1e16,
    1e17, 1e21, 1e22, 1e23, 9.999999e-5, 0.00001234, 999999.5, 9999995.0, 1e100, 1e-100, 1e300, 1e308,
    1.7976931348623157e308, 2.2250738585072014e-308, 4.9406564584124654e-324, 2.225073858507201e-308,
    3.141592653589793, 2.718281828459045, 0.9999999999999999, 5e-324, 1.0 / 3.0, 2.0 / 3.0, 0.05, 0.15,
    0.25, 0.35, 0.45, 1.005, 2.675, 1e-7, 123.456, 65536.0, 4294967296.0, 9007199254740993.0,
    18446744073709551616.0, 0.000123456789, 99.99, 9.9999, 0.99999, 0.95, 0.995, 1e-310, 1e-320
};

int main(void)
{
    size_t i, j;
    long n, k;
    double specials[] = { INFINITY, -INFINITY, NAN, -NAN };
    char fmt[64];

    ht_seed();
    for (i = 0; i < sizeof fixed_fmts / sizeof fixed_fmts[0]; i++) {
        for (j = 0; j < sizeof fixed_vals / sizeof fixed_vals[0]; j++) {
            cmp_double(fixed_fmts[i], fixed_vals[j]);
            cmp_double(fixed_fmts[i], -fixed_vals[j]);
        }
        for (j = 0; j < 4; j++)
            cmp_double(fixed_fmts[i], specials[j]);
    }
    for (j = 0; j < 4; j++) {
        cmp_double("%10f|", specials[j]);
        cmp_double("%-10e|", specials[j]);
        cmp_double("%010g|", specials[j]);
        cmp_double("%+F", specials[j]);
        cmp_double("% G", specials[j]);
    }

    /* random doubles through random formats */
    n = ht_count(300000);
    for (k = 0; k < n; k++) {
        int has_wp;
        double x = random_double();
        random_float_format(fmt, &has_wp);
        if (has_wp)
            cmp_double_wp(fmt, (int)rnd(40) - 20, (int)rnd(30) - 5, x);
        else
            cmp_double(fmt, x);
    }
    if (glibc_hash_g_bugs > 0)
        printf("  (%ld cases of glibc's %%#g bug: clib checked against the C standard's result)\n",
               glibc_hash_g_bugs);
    ht_done("printf-float");

    /* integers */
    {
        static const char *lens[] = { "", "hh", "h", "l", "ll", "z", "j", "t" };
        static const char convs[] = "diuoxX";
        long pass0 = ht_pass, fail0 = ht_fail;
        ht_pass = 0;
        ht_fail = 0;
        ht_shown = 0;
        n = ht_count(200000);
        for (k = 0; k < n; k++) {
            char *p = fmt;
            int li = (int)rnd(8), rw, rg, w = -1, pr = -1, star = rnd(10) == 0;
            uint64_t v = rnd64() >> rnd(64);
            if (rnd(2))
                v = (uint64_t)(-(int64_t)v);
            *p++ = '%';
            for (i = 0; i < 5; i++)
                if (rnd(4) == 0)
                    *p++ = "-+ #0"[i];
            if (star) {
                p += sprintf(p, "*.*");
                w = (int)rnd(40) - 20;
                pr = (int)rnd(30) - 5;
            } else {
                if (rnd(2))
                    p += sprintf(p, "%u", rnd(25));
                if (rnd(3) == 0)
                    p += sprintf(p, ".%u", rnd(25));
            }
            p += sprintf(p, "%s%c", lens[li], convs[rnd(6)]);
            if (li == 4 || li == 6) {
                if (star) {
                    rw = snprintf(want, BUF, fmt, w, pr, (long long)v);
                    rg = scmp_snprintf(got, BUF, fmt, w, pr, (long long)v);
                } else {
                    rw = snprintf(want, BUF, fmt, (long long)v);
                    rg = scmp_snprintf(got, BUF, fmt, (long long)v);
                }
            } else {
                if (star) {
                    rw = snprintf(want, BUF, fmt, w, pr, (int)v);
                    rg = scmp_snprintf(got, BUF, fmt, w, pr, (int)v);
                } else {
                    rw = snprintf(want, BUF, fmt, (int)v);
                    rg = scmp_snprintf(got, BUF, fmt, (int)v);
                }
            }
            ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" v=%llx: glibc \"%s\" clib \"%s\"", fmt,
                     (unsigned long long)v, want, got);
        }
        /* the limits of every length modifier, through every conversion and some flags */
        {
            static const long long edges[] = { 0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768,
                                               -32769, 65535, 65536, 2147483647LL, -2147483647LL - 1,
                                               4294967295LL, 4294967296LL, 9223372036854775807LL,
                                               -9223372036854775807LL - 1 };
            static const char *ef[] = { "%hhd", "%hhi", "%hhu", "%hho", "%hhx", "%hhX", "%hd", "%hu", "%ho", "%hx",
                                        "%d", "%i", "%u", "%o", "%x", "%X", "%ld", "%lu", "%lx", "%+d", "% d",
                                        "%#o", "%#x", "%#X", "%-12d|", "%012d", "%.12d", "%+.0d", "%#.0o", "%#5.3x" };
            static const char *ellf[] = { "%lld", "%lli", "%llu", "%llo", "%llx", "%llX", "%jd", "%ju", "%+lld",
                                          "% lld", "%#llo", "%#llx", "%-25lld|", "%025lld", "%.22lld", "%#.0llx" };
            for (i = 0; i < sizeof edges / sizeof edges[0]; i++) {
                for (j = 0; j < sizeof ef / sizeof ef[0]; j++) {
                    int rw = snprintf(want, BUF, ef[j], (int)edges[i]);
                    int rg = scmp_snprintf(got, BUF, ef[j], (int)edges[i]);
                    ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" v=%lld: glibc \"%s\" clib \"%s\"", ef[j],
                             edges[i], want, got);
                }
                for (j = 0; j < sizeof ellf / sizeof ellf[0]; j++) {
                    int rw = snprintf(want, BUF, ellf[j], edges[i]);
                    int rg = scmp_snprintf(got, BUF, ellf[j], edges[i]);
                    ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" v=%lld: glibc \"%s\" clib \"%s\"", ellf[j],
                             edges[i], want, got);
                }
            }
        }
        /* zero with precision 0, the # flag */
        {
            static const char *zf[] = { "%.0d", "%.0x", "%#.0x", "%#.0o", "%#o", "%#x", "%5.0d|", "%-5.0u|",
                                        "%#5.3o", "%#.3x", "%+.0d", "% .0i", "%08.3d", "%-08d|", "%+05d" };
            for (i = 0; i < sizeof zf / sizeof zf[0]; i++) {
                int vv[] = { 0, 1, -1, 8, 255, 2147483647, -2147483647 - 1 };
                for (j = 0; j < 7; j++) {
                    int rw = snprintf(want, BUF, zf[i], vv[j]);
                    int rg = scmp_snprintf(got, BUF, zf[i], vv[j]);
                    ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" v=%d: glibc \"%s\" clib \"%s\"", zf[i],
                             vv[j], want, got);
                }
            }
        }
        ht_done("printf-int");
        ht_pass += pass0;
        ht_fail += fail0;
    }

    /* strings, characters, pointers, %n, %%, truncation by snprintf */
    {
        long pass0 = ht_pass, fail0 = ht_fail;
        static const char *sf[] = { "%s", "%10s|", "%-10s|", "%.3s", "%10.2s|", "%-3.5s|", "%.0s|", "%5s|" };
        static const char *strs[] = { "", "a", "hello", "hello, world", "0123456789abcdef" };
        int rw, rg, nw, ng;
        ht_pass = 0;
        ht_fail = 0;
        ht_shown = 0;
        for (i = 0; i < sizeof sf / sizeof sf[0]; i++) {
            for (j = 0; j < sizeof strs / sizeof strs[0]; j++) {
                rw = snprintf(want, BUF, sf[i], strs[j]);
                rg = scmp_snprintf(got, BUF, sf[i], strs[j]);
                ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\" \"%s\": glibc \"%s\" clib \"%s\"", sf[i],
                         strs[j], want, got);
            }
        }
        {
            static const char *cf[] = { "%c", "%5c|", "%-5c|", "%05c|" };
            for (i = 0; i < 4; i++) {
                rw = snprintf(want, BUF, cf[i], 'x');
                rg = scmp_snprintf(got, BUF, cf[i], 'x');
                ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\": glibc \"%s\" clib \"%s\"", cf[i], want, got);
            }
        }
        {
            static const char *pf[] = { "%p", "%20p|", "%-20p|", "%+p" };
            void *ptrs[] = { NULL, (void *)0x1234, (void *)0xdeadbeef, (void *)want };
            for (i = 0; i < 4; i++) {
                for (j = 0; j < 4; j++) {
                    rw = snprintf(want + 2048, 1024, pf[i], ptrs[j]);
                    rg = scmp_snprintf(got, BUF, pf[i], ptrs[j]);
                    ht_check(rw == rg && strcmp(want + 2048, got) == 0, "fmt \"%s\": glibc \"%s\" clib \"%s\"", pf[i],
                             want + 2048, got);
                }
            }
        }
        rw = snprintf(want, BUF, "abc%n def %d%%%n", &nw, 42, &ng);
        {
            int n1, n2;
            rg = scmp_snprintf(got, BUF, "abc%n def %d%%%n", &n1, 42, &n2);
            ht_check(rw == rg && strcmp(want, got) == 0 && n1 == nw && n2 == ng, "%%n: \"%s\" %d %d vs \"%s\" %d %d",
                     want, nw, ng, got, n1, n2);
        }
        {
            long long ll = 0;
            signed char hh = 0;
            scmp_snprintf(got, BUF, "%s%lln%hhn", "0123456789", &ll, &hh);
            ht_check(ll == 10 && hh == 10, "%%lln/%%hhn");
        }
        /* %c of NUL is written (and counted) */
        {
            char a[8], b[8];
            int rw = snprintf(a, sizeof a, "x%cy", 0), rg = scmp_snprintf(b, sizeof b, "x%cy", 0);
            ht_check(rw == 3 && rg == 3 && memcmp(a, b, 4) == 0, "%%c of NUL");
        }
        /* snprintf truncation and return value */
        for (i = 0; i < 12; i++) {
            char small[16];
            memset(small, 'Z', sizeof small);
            rg = scmp_snprintf(small, i, "%d-%s", 12345, "abcdef");
            rw = snprintf(want, i, "%d-%s", 12345, "abcdef");
            ht_check(rg == rw && (i == 0 ? small[0] == 'Z' : strcmp(small, want) == 0) && small[i] == 'Z',
                     "snprintf size %u", (unsigned)i);
        }
        {
            static const int wide[] = { 'w', 'i', 'd', 'e', 0 };
            static const char *wf[] = { "%ls", "%8.2ls|", "%-6ls|", "%lc|%3lc" };
            for (i = 0; i < 4; i++) {
                if (i == 3) {
                    rw = snprintf(want, BUF, wf[i], (int)'a', (int)'b');
                    rg = scmp_snprintf(got, BUF, wf[i], (int)'a', (int)'b');
                } else {
                    rw = snprintf(want, BUF, wf[i], wide);
                    rg = scmp_snprintf(got, BUF, wf[i], wide);
                }
                ht_check(rw == rg && strcmp(want, got) == 0, "fmt \"%s\": glibc \"%s\" clib \"%s\"", wf[i], want, got);
            }
        }
        ht_done("printf-misc");
        ht_pass += pass0;
        ht_fail += fail0;
    }
    return ht_fail != 0;
}
