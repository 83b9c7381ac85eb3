/* The exactly specified part of math.h: rounding functions, fmod/remainder, frexp/ldexp/modf, scalbn,
 * ilogb/logb, copysign, fmin/fmax/fdim, nextafter, and the classification macros; printed in full (%.17g
 * and %a), since these must agree bit for bit. */
#include <math.h>
#include <stdio.h>
#include <float.h>

int main(void)
{
    static const double xs[] = { 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1e15 + 0.5,
                                 -7.75, 123456.789, 4503599627370495.5, 1e300, 5e-324, -3.0 };
    int i, e;
    for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
        double x = xs[i], ip;
        double fr = frexp(x, &e);
        printf("x=%.17g\n  floor %.17g ceil %.17g trunc %.17g round %.17g rint %.17g nearbyint %.17g\n", x,
               floor(x), ceil(x), trunc(x), round(x), rint(x), nearbyint(x));
        double frac = modf(x, &ip);
        printf("  frexp %.17g * 2^%d  ldexp back %.17g  modf %.17g + %.17g\n", fr, e, ldexp(fr, e), ip, frac);
        printf("  modf int part %.17g  lround %ld  llround %lld  copysign(3,x) %g  signbit %d\n", ip,
               fabs(x) < 1e9 ? lround(x) : 0L, fabs(x) < 1e18 ? llround(x) : 0LL, copysign(3, x),
               signbit(x) != 0);
        printf("  %a fpclassify %s isfinite %d isnormal %d\n", x,
               fpclassify(x) == FP_ZERO ? "zero" : fpclassify(x) == FP_SUBNORMAL ? "subnormal"
               : fpclassify(x) == FP_NORMAL ? "normal" : "other", isfinite(x) != 0, isnormal(x) != 0);
    }
    {
        static const double as[] = { 10, -10, 5.5, -5.5, 1e20, 0.3, 7 };
        static const double bs[] = { 3, -3, 1.5, 0.1, 7 };
        int j;
        for (i = 0; i < 7; i++)
            for (j = 0; j < 5; j++)
                printf("fmod(%g, %g) = %.17g  remainder = %.17g\n", as[i], bs[j], fmod(as[i], bs[j]),
                       remainder(as[i], bs[j]));
    }
    for (e = -1080; e <= 1030; e += 97)
        printf("ldexp(1.5, %d) = %.17g scalbn = %a\n", e, ldexp(1.5, e), scalbn(1.5, e));
    {
        static const double ls[] = { 1, 2, 3, 0.1, 1024, 1e-310, 1e308, -8 };
        for (i = 0; i < 8; i++)
            printf("ilogb(%g)=%d logb=%g\n", ls[i], ilogb(ls[i]), logb(ls[i]));
    }
    printf("nextafter: %a %a %a %a\n", nextafter(1, 2), nextafter(1, 0), nextafter(0, 1), nextafter(-0.0, -1));
    printf("nextafter(DBL_MAX, inf) = %g\n", nextafter(DBL_MAX, INFINITY));
    printf("fmin %g %g fmax %g %g fdim %g %g\n", fmin(1, 2), fmin(-1, -2), fmax(1, 2), fmax(-3, 3), fdim(5, 3),
           fdim(3, 5));
    printf("fmin with NaN: %g %g\n", fmin(NAN, 1), fmax(2, NAN));
    printf("isinf %d %d isnan %d %d\n", isinf(INFINITY) != 0, isinf(1e308) != 0, isnan(NAN) != 0, isnan(1.0) != 0);
    printf("rint ties to even: %g %g %g %g\n", rint(0.5), rint(1.5), rint(2.5), rint(-3.5));
    printf("sqrt exact: %.17g %.17g %.17g %.17g\n", sqrt(2), sqrt(1e-300), sqrt(0.25), sqrt(DBL_MAX));
    printf("fabs: %g %g %g\n", fabs(-0.0), fabs(-3.5), fabs(INFINITY));
    return 0;
}
