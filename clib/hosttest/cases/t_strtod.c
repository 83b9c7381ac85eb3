/* Differential test of clib's strtod against glibc (which rounds correctly): the double, the end pointer
 * and errno (ERANGE) must agree. Inputs: random doubles printed in many ways, random digit strings (also
 * very long ones), exact midpoints between neighbouring doubles and their neighbours, hex floats and
 * special strings. */
#include "ht.h"

static char buf[4096];

static void cmp(const char *s)
{
    char *ew, *eg;
    double w, g;
    int errw, errg;
    errno = 0;
    w = strtod(s, &ew);
    errw = errno;
    scmp_errno = 0;
    g = scmp_strtod(s, &eg);
    errg = scmp_errno;
    ht_check((dbits(w) == dbits(g) || (isnan(w) && isnan(g))) && (ew - s) == (eg - s) && errw == errg,
             "\"%.80s\": glibc %a end %d errno %d, clib %a end %d errno %d", s, w, (int)(ew - s), errw, g,
             (int)(eg - s), errg);
}

static void random_digits(char *p, int n)
{
    int i;
    for (i = 0; i < n; i++)
        p[i] = (char)('0' + rnd(10));
    p[n] = '\0';
}

int main(void)
{
    static const char *special[] = {
        "0", "-0", "+0", "0.0", "1", "-1", "inf", "-inf", "INF", "Infinity", "-infinity", "infinit", "nan",
        "-nan", "NaN", "nan(123)", "nan(abc_1)", "nan(", "nan()", "0x1.8p3", "0X1P-1074", "0x1p-1075",
        "0x1.0000000000001p0", "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000080001p0",
        "0x.8p1", "0x1p", "0x1p+", "0xg", "0x", "0x.", "0x.p1", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffp1023",
        "0x1p1024", "0x0.0000000000001p-1022", "0x0.00000000000008p-1022", "0x123456789abcdef0123p0",
        "  +1e", "1e+", "1e-", ".5", "5.", ".", "e5", "-", "+", "", "   ", "\t\n 12", "1e-400", "1e400",
        "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
        "2.2250738585072012e-308", "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308",
        "1.7976931348623159e308", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999",
        "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001", "1e23", "8.98846567431158e307",
        "123456789012345678901234567890", "0.000000000000000000000000000000000001", "1e-310", "1.5e-320",
        "12abc", "1.5e3x", "0001.2300e0002", "1e0000000000000000000003", "1e-99999999999", "1e99999999999",
        "0e99999999", "000000000000000000000000000000000000000000.0000000000000000000000000000000001e37",
        "3.141592653589793238462643383279502884197", "2.718281828459045235360287", "0.1", "0.2", "0.3",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
        "7.2057594037927933e16", "4.35679977948826e-6", "1.8816125224e-300", "5e-324", "2e-324", "3e-324"
    };
    long n, k;
    size_t i;
    char *p;

    ht_seed();
    for (i = 0; i < sizeof special / sizeof special[0]; i++)
        cmp(special[i]);

    /* random doubles printed by glibc in several forms */
    n = ht_count(150000);
    for (k = 0; k < n; k++) {
        double x = rnd_bits_double();
        if (isnan(x))
            continue;
        switch (rnd(5)) {
        case 0:
            snprintf(buf, sizeof buf, "%.17g", x);
            break;
        case 1:
            snprintf(buf, sizeof buf, "%.*e", (int)rnd(25), x);
            break;
        case 2:
            snprintf(buf, sizeof buf, "%a", x);
            break;
        case 3:
            snprintf(buf, sizeof buf, "%.*g", (int)rnd(17) + 1, x);
            break;
        default:
            snprintf(buf, sizeof buf, "%.*f", (int)rnd(30), ldexp(x, -(int)(((dbits(x) >> 52) & 0x7ff)) + 1023 + (int)rnd(200) - 100));
            break;
        }
        cmp(buf);
    }

    /* random digit strings */
    n = ht_count(100000);
    for (k = 0; k < n; k++) {
        int nd = rnd(10) == 0 ? (int)rnd(1200) + 1 : (int)rnd(40) + 1;
        int point = (int)rnd(nd + 2) - 1;
        p = buf;
        if (rnd(2))
            *p++ = '-';
        random_digits(p, nd);
        if (point >= 0 && point <= nd) {
            memmove(p + point + 1, p + point, (size_t)(nd - point + 1));
            p[point] = '.';
            p += nd + 1;
        } else {
            p += nd;
        }
        if (rnd(3) != 0)
            sprintf(p, "e%d", (int)rnd(800) - 400 - (nd > 100 ? nd / 2 : 0));
        cmp(buf);
    }

    /* midpoints between neighbouring doubles (exact in 80-bit long double), and just above and below */
    n = ht_count(60000);
    for (k = 0; k < n; k++) {
        double x = fabs(rnd_bits_double()), y;
        long double mid;
        int len;
        if (!isfinite(x) || x == 0.0)
            continue;
        if (rnd(4) == 0)
            x = ldexp(x, -(int)(((dbits(x) >> 52) & 0x7ff)) + 1023 + (int)rnd(60) - 30);
        y = nextafter(x, INFINITY);
        if (!isfinite(y))
            continue;
        mid = ((long double)x + (long double)y) / 2;
        len = snprintf(buf, sizeof buf, "%.800Le", mid);
        /* strip trailing zeros of the mantissa */
        {
            char *e = strchr(buf, 'e');
            char exp[16], *q = e;
            strcpy(exp, e);
            while (q[-1] == '0')
                q--;
            strcpy(q, exp);
        }
        (void)len;
        cmp(buf);
        /* perturb: one more digit 1 (just above), or the last digit minus one (just below) */
        {
            char *e = strchr(buf, 'e');
            char exp[16];
            strcpy(exp, e);
            if (rnd(2)) {
                strcpy(e, "00000000000000000000001");
                strcat(e, exp);
            } else if (e[-1] != '.' && e[-1] > '0') {
                e[-1]--;
                *e = '\0';
                strcat(e, "9999");
                strcat(e, exp);
            }
            cmp(buf);
        }
    }
    return ht_done("strtod");
}
