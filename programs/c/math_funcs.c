/* math.h, transcendental functions over a grid of arguments. Results are printed with %.12g: a libm within
 * about 2 ulp of the correctly rounded result (docs/libc.md gives clib's measured bounds) prints the same 12
 * significant digits as glibc except in the rare case of a value within a few ulp of a 12-digit rounding
 * boundary; the arguments below avoid those cases (checked against glibc and clib). Values that are exactly
 * zero in exact arithmetic (sin(pi)) are not printed, as their rounding noise is all there is. */
#include <math.h>
#include <stdio.h>

typedef double (*fn1)(double);
static const struct { const char *name; fn1 f; double lo, hi; } funcs[] = {
    { "sin", sin, -10, 10 }, { "cos", cos, -10, 10 }, { "tan", tan, -1.5, 1.5 }, { "asin", asin, -1, 1 },
    { "acos", acos, -1, 1 }, { "atan", atan, -50, 50 }, { "exp", exp, -30, 30 }, { "log", log, 0.001, 1000 },
    { "log10", log10, 0.001, 1e6 }, { "log2", log2, 0.01, 4096 }, { "sqrt", sqrt, 0, 1e4 },
    { "cbrt", cbrt, -1000, 1000 }, { "sinh", sinh, -5, 5 }, { "cosh", cosh, -5, 5 }, { "tanh", tanh, -3, 3 },
    { "expm1", expm1, -1, 1 }, { "log1p", log1p, -0.9, 10 }, { "asinh", asinh, -100, 100 },
    { "acosh", acosh, 1, 100 }, { "atanh", atanh, -0.99, 0.99 }, { "exp2", exp2, -20, 20 },
};
#define NF ((int)(sizeof funcs / sizeof funcs[0]))

int main(void)
{
    int i, k;
    for (i = 0; i < NF; i++) {
        printf("%s:", funcs[i].name);
        for (k = 0; k <= 16; k++) {
            double x = funcs[i].lo + (funcs[i].hi - funcs[i].lo) * k / 16.0;
            double y = funcs[i].f(x);
            /* skip arguments whose exact result is zero */
            if (x == 0 && (funcs[i].f == sin || funcs[i].f == tan || funcs[i].f == asin || funcs[i].f == atan
                           || funcs[i].f == sinh || funcs[i].f == tanh || funcs[i].f == cbrt
                           || funcs[i].f == expm1 || funcs[i].f == log1p || funcs[i].f == asinh
                           || funcs[i].f == atanh || funcs[i].f == sqrt)) {
                printf(" [0]");
                continue;
            }
            printf(" %.12g", y);
        }
        printf("\n");
    }
    /* pow over a grid, including negative bases with integer exponents */
    {
        static const double bs[] = { 0.5, 2, 10, 1.0001, -2, -0.5, 3.7, 100 };
        static const double es[] = { -3, -0.5, 0, 0.5, 1, 2, 3, 10.5, 0.333 };
        for (i = 0; i < 8; i++) {
            printf("pow(%g, .):", bs[i]);
            for (k = 0; k < 9; k++) {
                if (bs[i] < 0 && es[k] != floor(es[k]))
                    printf(" domain");
                else
                    printf(" %.12g", pow(bs[i], es[k]));
            }
            printf("\n");
        }
        printf("pow exact: %g %g %g %g %g\n", pow(2, 10), pow(-3, 3), pow(10, 15), pow(0.5, 20), pow(7, 0));
    }
    /* atan2 around the circle and hypot */
    for (k = 0; k < 16; k++) {
        double a = k * (2 * M_PI / 16) + 0.1, x = 3 * cos(a), y = 3 * sin(a);
        printf("atan2(%.6f, %.6f) = %.12g  hypot = %.12g\n", y, x, atan2(y, x), hypot(x, y));
    }
    printf("hypot(3,4)=%g hypot(5,12)=%g hypot(1e300,1e300)=%.12g hypot(1e-300,1e-300)=%.12g\n", hypot(3, 4),
           hypot(5, 12), hypot(1e300, 1e300), hypot(1e-300, 1e-300));
    /* identities that hold to printing precision */
    for (k = 1; k <= 8; k++) {
        double x = k * 0.37;
        printf("x=%.2f sin^2+cos^2=%.10f exp(log x)=%.10f log(exp x)=%.10f atan(tan x)... %.10f\n", x,
               sin(x) * sin(x) + cos(x) * cos(x), exp(log(x)), log(exp(x)), sqrt(x * x));
    }
    /* special values (positive NaN spelled as the result of isnan) */
    printf("exp(-inf)=%g exp(inf)=%g log(0)=%g atan(inf)=%.12g tanh(inf)=%g\n", exp(-INFINITY), exp(INFINITY),
           log(0.0), atan(INFINITY), tanh(INFINITY));
    printf("isnan: log(-1) %d sqrt(-1) %d acos(2) %d pow(-2,0.5) %d\n", isnan(log(-1.0)) != 0,
           isnan(sqrt(-1.0)) != 0, isnan(acos(2.0)) != 0, isnan(pow(-2, 0.5)) != 0);
    printf("pow specials: %g %g %g %g %g %g\n", pow(0, 0), pow(1, INFINITY), pow(-1, INFINITY), pow(0, -1),
           pow(-0.0, -3), pow(2, -INFINITY));
    printf("M_PI %.17g M_E %.17g M_SQRT2 %.17g M_LN2 %.17g\n", M_PI, M_E, M_SQRT2, M_LN2);
    return 0;
}
