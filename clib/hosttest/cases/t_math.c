/* Accuracy test of clib's libm. For each function, random arguments over its interesting ranges; the
 * error of clib's double result is measured in ulps against glibc's 80-bit long double function (whose
 * own error is ~2^-11 double ulps, negligible). A function passes when its largest error stays below its
 * bound (1 ulp for most; exact functions must be exact). Special arguments (zeros, infinities, NaN,
 * subnormals, domain edges) must give glibc's double result bit for bit (any NaN matches any NaN).
 * Float variants are checked against glibc's float functions within 1 float ulp. */
#include "ht.h"

typedef double (*fn1)(double);
typedef double (*fn2)(double, double);
typedef long double (*ref1)(long double);
typedef long double (*ref2)(long double, long double);

#define DECL1(f) double scmp_##f(double)
#define DECL2(f) double scmp_##f(double, double)
DECL1(sin); DECL1(cos); DECL1(tan); DECL1(asin); DECL1(acos); DECL1(atan); DECL1(exp); DECL1(exp2);
DECL1(expm1); DECL1(log); DECL1(log10); DECL1(log2); DECL1(log1p); DECL1(sinh); DECL1(cosh); DECL1(tanh);
DECL1(asinh); DECL1(acosh); DECL1(atanh); DECL1(cbrt); DECL1(floor); DECL1(ceil); DECL1(trunc); DECL1(round);
DECL1(rint); DECL1(sqrt); DECL1(fabs); DECL1(logb);
DECL2(pow); DECL2(atan2); DECL2(hypot); DECL2(fmod); DECL2(remainder); DECL2(fmin); DECL2(fmax);
DECL2(copysign); DECL2(fdim); DECL2(nextafter);
double scmp_frexp(double, int *);
double scmp_ldexp(double, int);
double scmp_scalbn(double, int);
double scmp_modf(double, double *);
int scmp_ilogb(double);
long scmp_lround(double);
long long scmp_llround(double);
double scmp_nan(const char *);
int scmp___fpclassify(double);
int scmp___isnan(double);
int scmp___isinf(double);
int scmp___isfinite(double);
int scmp___signbit(double);
float scmp_sinf(float); float scmp_cosf(float); float scmp_tanf(float); float scmp_expf(float);
float scmp_logf(float); float scmp_powf(float, float); float scmp_atan2f(float, float); float scmp_sqrtf(float);
float scmp_cbrtf(float); float scmp_log10f(float); float scmp_atanf(float); float scmp_tanhf(float);

/* error of d in ulps of the double nearest to r */
static double ulp_err(double d, long double r)
{
    double rd = (double)r;
    int e;
    long double ulp;
    if (isnan(r))
        return isnan(d) ? 0.0 : 1e9;
    if (isinf(rd)) {
        if (d == rd)
            return 0.0;
        /* r beyond DBL_MAX: measure against DBL_MAX's ulp */
        rd = copysign(1.7976931348623157e308, rd);
    }
    if (isnan(d))
        return 1e9;
    if (rd == 0.0)
        return d == 0.0 ? 0.0 : fabsl((long double)d - r) / 4.9406564584124654e-324L;
    frexp(rd, &e);
    if (e - 53 < -1074)
        ulp = ldexpl(1.0L, -1074);
    else
        ulp = ldexpl(1.0L, e - 53);
    return (double)(fabsl((long double)d - r) / ulp);
}

struct stat1 {
    const char *name;
    double maxerr, worst_x, worst_y;
    long n, exact, glibc_same;
};

static void report(struct stat1 *s, double bound)
{
    char at[80];
    if (s->worst_y == s->worst_y)
        snprintf(at, sizeof at, "%a, %a", s->worst_x, s->worst_y);
    else
        snprintf(at, sizeof at, "%a", s->worst_x);
    printf("  %-10s max %.3f ulp (at %s)  correctly rounded %.2f%%  same as glibc %.2f%%  (%ld args)\n", s->name,
           s->maxerr, at, 100.0 * s->exact / s->n, 100.0 * s->glibc_same / s->n, s->n);
    ht_check(s->maxerr < bound, "%s: max error %.3f ulp >= %.2f at x=%a y=%a", s->name, s->maxerr, bound,
             s->worst_x, s->worst_y);
}

static void account(struct stat1 *s, double x, double y, double got, long double ref, double glibc)
{
    double err = ulp_err(got, ref);
    s->n++;
    if (err <= 0.5)
        s->exact++;
    if (dbits(got) == dbits(glibc) || (isnan(got) && isnan(glibc)))
        s->glibc_same++;
    if (err > s->maxerr) {
        s->maxerr = err;
        s->worst_x = x;
        s->worst_y = y;
    }
}

/* uniform in [lo, hi] */
static double uni(double lo, double hi)
{
    return lo + (hi - lo) * ((double)(rnd64() >> 11) / 9007199254740992.0);
}

/* random magnitude: 2^e with e uniform in [elo, ehi], random mantissa, random sign if sgn */
static double logu(int elo, int ehi, int sgn)
{
    double m = 1.0 + (double)(rnd64() >> 12) / 4503599627370496.0;
    double x = ldexp(m, elo + (int)rnd((unsigned)(ehi - elo + 1)));
    return (sgn && rnd(2)) ? -x : x;
}

typedef double (*gen1)(void);

static double g_trig_small(void) { return rnd(2) ? uni(-7, 7) : logu(-30, 3, 1); }
static double g_trig_med(void) { return uni(-2e6, 2e6); }
static double g_trig_huge(void) { return logu(20, 1023, 1); }
static double g_exp(void) { return rnd(3) ? uni(-745, 709.7) : logu(-60, 3, 1); }
static double g_expm1(void) { return rnd(2) ? uni(-40, 709) : logu(-60, 1, 1); }
static double g_pos(void) { return logu(-1074, 1023, 0); }
static double g_near1(void) { return 1.0 + logu(-50, -1, 1); }
static double g_log1p(void) { return rnd(2) ? uni(-0.99999, 10) : logu(-60, 300, rnd(2)) * (rnd(2) ? 1 : 1e-300); }
static double g_unit(void) { return rnd(2) ? uni(-1, 1) : logu(-60, -1, 1); }
static double g_any(void) { return logu(-1074, 1023, 1); }
static double g_hyp(void) { return rnd(2) ? uni(-712, 712) : logu(-60, 5, 1); }
static double g_acosh(void) { return rnd(2) ? 1.0 + logu(-50, 3, 0) : logu(0, 1023, 0); }

static void test1(const char *name, fn1 f, ref1 r, fn1 g, gen1 gen, long n, double bound)
{
    struct stat1 s;
    long k;
    memset(&s, 0, sizeof s);
    s.name = name;
    s.worst_y = NAN;
    for (k = 0; k < n; k++) {
        double x = gen();
        account(&s, x, NAN, f(x), r((long double)x), g(x));
    }
    report(&s, bound);
}

static long double ref_exp2(long double x) { return exp2l(x); }
static long double ref_pow(long double x, long double y) { return powl(x, y); }
static long double ref_atan2(long double y, long double x) { return atan2l(y, x); }
static long double ref_hypot(long double x, long double y) { return hypotl(x, y); }

/* Exactly-rounded or exact functions: compare bits with glibc on random and special arguments. */
static void exact1(const char *name, fn1 f, fn1 g, long n)
{
    long k, bad = 0;
    for (k = 0; k < n; k++) {
        double x = rnd(2) ? rnd_bits_double() : uni(-1e6, 1e6);
        if (rnd(4) == 0)
            x = (double)(long)uni(-100, 100) + 0.5 * (double)rnd(3);
        double a = f(x), b = g(x);
        if (!(dbits(a) == dbits(b) || (isnan(a) && isnan(b)))) {
            if (bad++ < 3)
                ht_check(0, "%s(%a): clib %a glibc %a", name, x, a, b);
        }
    }
    ht_check(bad == 0, "%s: %ld mismatches", name, bad);
    printf("  %-10s exact on %ld args%s\n", name, n, bad ? " -- MISMATCHES" : "");
}

static const double specials[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 0.25, 10.0, 100.0, 1e-300, -1e-300, 1e300, -1e300,
    4.9406564584124654e-324, -4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
    -1.7976931348623157e308, INFINITY, -INFINITY, NAN, 709.782712893384, 709.79, -745.13, -745.2, 710.5, 22.0,
    -22.0, 0.6931471805599453, 1.5707963267948966, 3.141592653589793, 1e22, 1e-22, 2.9e-17, 3.0e-9
};

static void special1(const char *name, fn1 f, fn1 g)
{
    size_t i;
    for (i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        double x = specials[i], a = f(x), b = g(x);
        ht_check(dbits(a) == dbits(b) || (isnan(a) && isnan(b)) || ulp_err(a, (long double)b) <= 1.0,
                 "%s(%a) special: clib %a glibc %a", name, x, a, b);
    }
}

static void special2(const char *name, fn2 f, fn2 g, int exact)
{
    size_t i, j;
    for (i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        for (j = 0; j < sizeof specials / sizeof specials[0]; j++) {
            double x = specials[i], y = specials[j], a = f(x, y), b = g(x, y);
            int ok = dbits(a) == dbits(b) || (isnan(a) && isnan(b));
            /* C lets fmin/fmax return either zero for (+0, -0); clib orders -0 below +0 */
            if (!ok && a == 0.0 && b == 0.0 && (f == scmp_fmin || f == scmp_fmax))
                ok = 1;
            if (!exact && !ok && !isnan(a) && !isnan(b) && !isinf(b))
                ok = ulp_err(a, (long double)b) <= 1.0001;
            ht_check(ok, "%s(%a, %a) special: clib %a glibc %a (%.3f ulp)", name, x, y, a, b, ulp_err(a, (long double)b));
        }
    }
}

static double f_floor(double x) { return floor(x); }
static double f_ceil(double x) { return ceil(x); }
static double f_trunc(double x) { return trunc(x); }
static double f_round(double x) { return round(x); }
static double f_rint(double x) { return rint(x); }
static double f_logb(double x) { return logb(x); }
static double f_sin(double x) { return sin(x); }
static double f_cos(double x) { return cos(x); }
static double f_tan(double x) { return tan(x); }
static double f_asin(double x) { return asin(x); }
static double f_acos(double x) { return acos(x); }
static double f_atan(double x) { return atan(x); }
static double f_exp(double x) { return exp(x); }
static double f_exp2(double x) { return exp2(x); }
static double f_expm1(double x) { return expm1(x); }
static double f_log(double x) { return log(x); }
static double f_log10(double x) { return log10(x); }
static double f_log2(double x) { return log2(x); }
static double f_log1p(double x) { return log1p(x); }
static double f_sinh(double x) { return sinh(x); }
static double f_cosh(double x) { return cosh(x); }
static double f_tanh(double x) { return tanh(x); }
static double f_asinh(double x) { return asinh(x); }
static double f_acosh(double x) { return acosh(x); }
static double f_atanh(double x) { return atanh(x); }
static double f_cbrt(double x) { return cbrt(x); }
static double f_pow(double x, double y) { return pow(x, y); }
static double f_atan2(double x, double y) { return atan2(x, y); }
static double f_hypot(double x, double y) { return hypot(x, y); }
static double f_fmod(double x, double y) { return fmod(x, y); }
static double f_remainder(double x, double y) { return remainder(x, y); }
static double f_fmin(double x, double y) { return fmin(x, y); }
static double f_fmax(double x, double y) { return fmax(x, y); }
static double f_fdim(double x, double y) { return fdim(x, y); }
static double f_copysign(double x, double y) { return copysign(x, y); }
static double f_nextafter(double x, double y) { return nextafter(x, y); }

int main(void)
{
    long N;
    ht_seed();
    N = ht_count(200000);

    printf("libm accuracy against glibc's long double functions:\n");
    test1("sin", scmp_sin, sinl, f_sin, g_trig_small, N, 1.0);
    test1("sin-med", scmp_sin, sinl, f_sin, g_trig_med, N / 4, 1.0);
    test1("sin-huge", scmp_sin, sinl, f_sin, g_trig_huge, N / 4, 1.0);
    test1("cos", scmp_cos, cosl, f_cos, g_trig_small, N, 1.0);
    test1("cos-med", scmp_cos, cosl, f_cos, g_trig_med, N / 4, 1.0);
    test1("cos-huge", scmp_cos, cosl, f_cos, g_trig_huge, N / 4, 1.0);
    test1("tan", scmp_tan, tanl, f_tan, g_trig_small, N, 1.0);
    test1("tan-huge", scmp_tan, tanl, f_tan, g_trig_huge, N / 4, 1.0);
    test1("asin", scmp_asin, asinl, f_asin, g_unit, N, 1.0);
    test1("acos", scmp_acos, acosl, f_acos, g_unit, N, 1.0);
    test1("atan", scmp_atan, atanl, f_atan, g_any, N, 1.0);
    test1("exp", scmp_exp, expl, f_exp, g_exp, N, 1.0);
    test1("exp2", scmp_exp2, ref_exp2, f_exp2, g_exp, N, 1.0);
    test1("expm1", scmp_expm1, expm1l, f_expm1, g_expm1, N, 1.0);
    test1("log", scmp_log, logl, f_log, g_pos, N, 1.0);
    test1("log-near1", scmp_log, logl, f_log, g_near1, N / 2, 1.0);
    test1("log10", scmp_log10, log10l, f_log10, g_pos, N, 1.0);
    test1("log2", scmp_log2, log2l, f_log2, g_pos, N, 1.0);
    test1("log1p", scmp_log1p, log1pl, f_log1p, g_log1p, N, 1.0);
    test1("sinh", scmp_sinh, sinhl, f_sinh, g_hyp, N, 1.0);
    test1("cosh", scmp_cosh, coshl, f_cosh, g_hyp, N, 1.0);
    test1("tanh", scmp_tanh, tanhl, f_tanh, g_hyp, N, 1.0);
    test1("asinh", scmp_asinh, asinhl, f_asinh, g_any, N, 1.0);
    test1("acosh", scmp_acosh, acoshl, f_acosh, g_acosh, N, 1.0);
    test1("atanh", scmp_atanh, atanhl, f_atanh, g_unit, N, 1.0);
    test1("cbrt", scmp_cbrt, cbrtl, f_cbrt, g_any, N, 1.0);

    /* two-argument functions */
    {
        struct stat1 sp, sa, sh;
        long k;
        memset(&sp, 0, sizeof sp);
        memset(&sa, 0, sizeof sa);
        memset(&sh, 0, sizeof sh);
        sp.name = "pow";
        sa.name = "atan2";
        sh.name = "hypot";
        for (k = 0; k < N; k++) {
            double x, y;
            switch (rnd(4)) {
            case 0:
                x = uni(0, 10);
                y = uni(-100, 100);
                break;
            case 1:
                x = logu(-1074, 1023, 0);
                y = uni(-2, 2);
                break;
            case 2:
                x = g_near1();
                y = logu(0, 40, 1);
                break;
            default:
                x = -(double)(int)uni(1, 50);
                y = (double)(int)uni(-200, 200);
                break;
            }
            {
                long double r = ref_pow(x, y);
                if (fabsl(r) < 1e308L && fabsl(r) > 1e-300L)
                    account(&sp, x, y, scmp_pow(x, y), r, pow(x, y));
            }
            x = g_any();
            y = rnd(2) ? g_any() : x * uni(-100, 100);
            account(&sa, x, y, scmp_atan2(x, y), ref_atan2(x, y), atan2(x, y));
            account(&sh, x, y, scmp_hypot(x, y), ref_hypot(x, y), hypot(x, y));
        }
        report(&sp, 1.0);
        report(&sa, 1.0);
        report(&sh, 1.0);
    }
    /* pow with results near the overflow threshold and in the subnormal range (errors there in ulps of
     * the subnormal spacing), and exact powers of two and ten */
    {
        struct stat1 sp;
        long k;
        memset(&sp, 0, sizeof sp);
        sp.name = "pow-edge";
        for (k = 0; k < N / 2; k++) {
            double x = rnd(2) ? uni(1.0001, 1000) : uni(0.001, 0.9999);
            /* log2 of the result uniform in [990, 1024] or [-1080, -1015] */
            double target = rnd(2) ? uni(990, 1024) : uni(-1080, -1015);
            double y = target / log2(x);
            long double r = ref_pow(x, y);
            if (fabsl(r) > 1.7976931348623157e308L || r == 0.0L)
                continue;
            account(&sp, x, y, scmp_pow(x, y), r, pow(x, y));
        }
        report(&sp, 1.0);
    }
    /* sin, cos and tan next to multiples of pi/2 (results near 0 need the reduction's extra bits), and
     * arguments known to come closest to a multiple of pi/2 among all doubles */
    {
        static const double hard[] = {
            0x1.6ac5b262ca1ffp+851, 0x1.921fb54442d18p+0, 0x1.921fb54442d18p+1, 0x1.921fb54442d18p+2,
            0x1.921fb54442d18p+10, 0x1.5fdbbe9bba775p+244, 0x1.b1af3e2ce87b3p+995, 0x1.4a9c78ea4fd9cp+19,
            0x1.d8aa5b8e7a4e5p+305, 0x1.2b3c0a5c88cc2p+1022, 3.14159265358979311600e+00, 1e22, 1e300
        };
        struct stat1 ss, sc, st;
        long k;
        int i;
        memset(&ss, 0, sizeof ss);
        memset(&sc, 0, sizeof sc);
        memset(&st, 0, sizeof st);
        ss.name = "sin-pi/2";
        sc.name = "cos-pi/2";
        st.name = "tan-pi/2";
        ss.worst_y = sc.worst_y = st.worst_y = NAN;
        for (k = 0; k < N / 4 + (long)(sizeof hard / sizeof hard[0]); k++) {
            double x;
            if (k < (long)(sizeof hard / sizeof hard[0])) {
                x = hard[k];
            } else {
                /* the double nearest k pi/2, moved by up to 8 ulps */
                long double m = (long double)(rnd(2) ? rnd(64) : rnd(2000000)) * 1.57079632679489661923132169163975144L;
                x = (double)m;
                for (i = (int)rnd(17) - 8; i != 0; i += i > 0 ? -1 : 1)
                    x = nextafter(x, i > 0 ? INFINITY : -INFINITY);
                if (rnd(2))
                    x = -x;
            }
            account(&ss, x, NAN, scmp_sin(x), sinl(x), sin(x));
            account(&sc, x, NAN, scmp_cos(x), cosl(x), cos(x));
            account(&st, x, NAN, scmp_tan(x), tanl(x), tan(x));
        }
        report(&ss, 1.0);
        report(&sc, 1.0);
        report(&st, 1.0);
    }

    printf("exact functions against glibc:\n");
    exact1("floor", scmp_floor, f_floor, N);
    exact1("ceil", scmp_ceil, f_ceil, N);
    exact1("trunc", scmp_trunc, f_trunc, N);
    exact1("round", scmp_round, f_round, N);
    exact1("rint", scmp_rint, f_rint, N);
    exact1("logb", scmp_logb, f_logb, N);
    {
        long k, bad = 0;
        for (k = 0; k < N; k++) {
            double x = rnd(2) ? rnd_bits_double() : logu(-1074, 1023, 1), y;
            int e1, e2;
            double a, b, ia, ib;
            y = rnd(3) ? rnd_bits_double() : x * uni(-1e-10, 1e-10);
            if (rnd(4) == 0)
                y = logu(-1074, 1023, 1);
            a = scmp_fmod(x, y);
            b = fmod(x, y);
            bad += !(dbits(a) == dbits(b) || (isnan(a) && isnan(b)));
            a = scmp_remainder(x, y);
            b = remainder(x, y);
            bad += !(dbits(a) == dbits(b) || (isnan(a) && isnan(b)));
            a = scmp_frexp(x, &e1);
            b = frexp(x, &e2);
            bad += !((dbits(a) == dbits(b) || (isnan(a) && isnan(b))) && (e1 == e2 || !isfinite(x)));
            e1 = (int)rnd(4400) - 2200;
            a = scmp_ldexp(x, e1);
            b = ldexp(x, e1);
            bad += !(dbits(a) == dbits(b) || (isnan(a) && isnan(b)));
            a = scmp_modf(x, &ia);
            b = modf(x, &ib);
            bad += !((dbits(a) == dbits(b) && dbits(ia) == dbits(ib)) || isnan(x));
            bad += scmp_ilogb(x) != ilogb(x) && !isnan(x);
            if (fabs(x) < 1e15)
                bad += scmp_lround(x) != lround(x) || scmp_llround(x) != llround(x);
            a = scmp_nextafter(x, y);
            b = nextafter(x, y);
            bad += !(dbits(a) == dbits(b) || (isnan(a) && isnan(b)));
            bad += scmp___fpclassify(x) != fpclassify(x) || scmp___isnan(x) != (isnan(x) != 0) ||
                   scmp___isinf(x) != (isinf(x) != 0) || scmp___isfinite(x) != (isfinite(x) != 0) ||
                   scmp___signbit(x) != (signbit(x) != 0);
            if (bad > 0 && ht_shown < 5) {
                ht_check(0, "exact group at x=%a y=%a", x, y);
            }
        }
        ht_check(bad == 0, "fmod/remainder/frexp/ldexp/modf/ilogb/lround/nextafter/classify: %ld mismatches", bad);
        printf("  fmod remainder frexp ldexp modf ilogb lround nextafter fpclassify: exact on %ld args%s\n", N,
               bad ? " -- MISMATCHES" : "");
    }

    /* special arguments: bit-exact with glibc's double functions (or within 1 ulp of them) */
    special1("sin", scmp_sin, f_sin);
    special1("cos", scmp_cos, f_cos);
    special1("tan", scmp_tan, f_tan);
    special1("asin", scmp_asin, f_asin);
    special1("acos", scmp_acos, f_acos);
    special1("atan", scmp_atan, f_atan);
    special1("exp", scmp_exp, f_exp);
    special1("exp2", scmp_exp2, f_exp2);
    special1("expm1", scmp_expm1, f_expm1);
    special1("log", scmp_log, f_log);
    special1("log10", scmp_log10, f_log10);
    special1("log2", scmp_log2, f_log2);
    special1("log1p", scmp_log1p, f_log1p);
    special1("sinh", scmp_sinh, f_sinh);
    special1("cosh", scmp_cosh, f_cosh);
    special1("tanh", scmp_tanh, f_tanh);
    special1("asinh", scmp_asinh, f_asinh);
    special1("acosh", scmp_acosh, f_acosh);
    special1("atanh", scmp_atanh, f_atanh);
    special1("cbrt", scmp_cbrt, f_cbrt);
    special1("floor", scmp_floor, f_floor);
    special1("ceil", scmp_ceil, f_ceil);
    special1("round", scmp_round, f_round);
    special1("trunc", scmp_trunc, f_trunc);
    special1("rint", scmp_rint, f_rint);
    special2("pow", scmp_pow, f_pow, 0);
    special2("atan2", scmp_atan2, f_atan2, 0);
    special2("hypot", scmp_hypot, f_hypot, 0);
    special2("fmod", scmp_fmod, f_fmod, 1);
    special2("remainder", scmp_remainder, f_remainder, 1);
    special2("fmin", scmp_fmin, f_fmin, 1);
    special2("fmax", scmp_fmax, f_fmax, 1);
    special2("fdim", scmp_fdim, f_fdim, 1);
    special2("copysign", scmp_copysign, f_copysign, 1);
    special2("nextafter", scmp_nextafter, f_nextafter, 1);

    /* pow: integer powers are exact; errno */
    {
        int i, j;
        /* integer powers of integers: exact when representable, else within 1 ulp */
        for (i = -20; i <= 20; i++)
            for (j = -30; j <= 30; j++) {
                double a = scmp_pow(i, j), b = pow(i, j);
                if (j >= 0 && fabs(b) < 9007199254740992.0)
                    ht_check(dbits(a) == dbits(b) || (isnan(a) && isnan(b)), "pow(%d, %d): clib %a glibc %a", i, j,
                             a, b);
                else
                    ht_check(dbits(a) == dbits(b) || ulp_err(a, powl(i, j)) < 1.0, "pow(%d, %d): clib %a glibc %a",
                             i, j, a, b);
            }
        scmp_errno = 0;
        scmp_log(-1.0);
        ht_check(scmp_errno == EDOM, "log(-1) errno");
        scmp_errno = 0;
        scmp_exp(1000.0);
        ht_check(scmp_errno == ERANGE, "exp(1000) errno");
        scmp_errno = 0;
        scmp_pow(10.0, 400.0);
        ht_check(scmp_errno == ERANGE, "pow(10, 400) errno");
        scmp_errno = 0;
        scmp_pow(-2.0, 0.5);
        ht_check(scmp_errno == EDOM, "pow(-2, 0.5) errno");
        ht_check(isnan(scmp_nan("")) && !signbit(scmp_nan("")), "nan()");
        ht_check(dbits(scmp_sqrt(2.0)) == dbits(sqrt(2.0)), "sqrt");
    }

    /* float variants: within 1 float ulp of glibc's float functions */
    {
        long k, bad = 0;
        for (k = 0; k < N; k++) {
            float x = (float)uni(-20, 20), y = (float)uni(0, 5), a, b;
#define FCMP(ea, eb)                                                                                          \
    a = (ea);                                                                                                 \
    b = (eb);                                                                                                 \
    if (!(a == b || (isnan(a) && isnan(b)) || fabs((double)a - (double)b) <= fabs((double)b) * 1.2e-7)) {     \
        bad++;                                                                                                \
        if (bad < 4)                                                                                          \
            ht_check(0, "%s(%a): clib %a glibc %a", #ea, (double)x, (double)a, (double)b);                    \
    }
            FCMP(scmp_sinf(x), sinf(x));
            FCMP(scmp_cosf(x), cosf(x));
            FCMP(scmp_tanf(x), tanf(x));
            FCMP(scmp_expf(x), expf(x));
            FCMP(scmp_logf(y), logf(y));
            FCMP(scmp_log10f(y), log10f(y));
            FCMP(scmp_powf(y, x), powf(y, x));
            FCMP(scmp_atan2f(x, y), atan2f(x, y));
            FCMP(scmp_sqrtf(y), sqrtf(y));
            FCMP(scmp_cbrtf(x), cbrtf(x));
            FCMP(scmp_atanf(x), atanf(x));
            FCMP(scmp_tanhf(x), tanhf(x));
        }
        ht_check(bad == 0, "float variants: %ld mismatches", bad);
        printf("  float variants (sinf cosf tanf expf logf log10f powf atan2f sqrtf cbrtf atanf tanhf): %ld args, "
               "%ld beyond 1 ulp\n", N, bad);
    }
    return ht_done("libm");
}
