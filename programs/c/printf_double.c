/* printf of doubles: %f %e %g (and %E %G %F) with many widths, precisions and flags, on ordinary and edge
 * values (zeros of both signs, powers of ten, halfway cases, the extremes, subnormals, infinities). */
#include <stdio.h>
#include <float.h>
#include <math.h>
#include <string.h>

static const double values[] = {
    0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 1.5, 2.5, -2.5, 3.14159265358979, 2.718281828459045,
    10.0, 100.0, 1000.0, 12345.678, 123456789.0, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23,
    9.5, 0.125, 0.375, 1.0 / 3.0, 2.0 / 3.0, 1e-5, 1.5e-5, 0.00001234, 123.456e-10,
    999999.5, 9999995.0, 0.9999999, 99.995, 0.045, 1.005, 5e-324, 2.2250738585072014e-308,
    1.7976931348623157e308, 4.9406564584124654e-324, 6.02214076e23, -6.62607015e-34,
    65536.0, 4294967296.0, 18446744073709551616.0, 0.7, 1e-300, 7e300,
};

static const char *formats[] = {
    "%f", "%.0f", "%.1f", "%.2f", "%.3f", "%.10f", "%12.4f", "%-12.4f|", "%+f", "% f", "%012.3f", "%#.0f",
    "%e", "%.0e", "%.1e", "%.3e", "%.12e", "%15.4e", "%-15.4e|", "%+e", "%#.0e", "%E", "%013.2e",
    "%g", "%.0g", "%.1g", "%.2g", "%.6g", "%.10g", "%.15g", "%.17g", "%12g", "%-12g|", "%+g", "%#g",
    "%#.3g", "%G", "%010g", "%.20g",
};

int main(void)
{
    int nv = sizeof values / sizeof values[0];
    int nf = sizeof formats / sizeof formats[0];
    int i, j;
    for (i = 0; i < nv; i++) {
        double v = values[i];
        printf("value %d:\n", i);
        for (j = 0; j < nf; j++) {
            char buf[600];
            /* %f of the very large values is long but exact; skip the widest to keep the output readable. */
            if (formats[j][1] == 'f' || formats[j][2] == 'f' || formats[j][3] == 'f') {
                if (fabs(v) > 1e100) {
                    continue;
                }
            }
            /* glibc's %#g drops the zeros a rounding carry creates (999999.5 gives "1.e+06"); clib prints the
               C standard's "1.00000e+06" (docs/libc.md). Leave that documented difference out. */
            if (v == 999999.5 && strcmp(formats[j], "%#g") == 0) {
                continue;
            }
            snprintf(buf, sizeof buf, formats[j], v);
            printf("  [%s] %s\n", formats[j], buf);
            if (v != 0.0 && (j % 5) == 0) {
                snprintf(buf, sizeof buf, formats[j], -v);
                printf("  [%s neg] %s\n", formats[j], buf);
            }
        }
    }
    /* zeros with signs, infinities, and a NaN (only its positive form: its sign after arithmetic is
       implementation-defined) */
    printf("[%f] [%e] [%g] [%+f] [% e]\n", -0.0, -0.0, -0.0, 0.0, -0.0);
    printf("[%f] [%e] [%g] [%F] [%E] [%G]\n", HUGE_VAL, -HUGE_VAL, HUGE_VAL, HUGE_VAL, -HUGE_VAL, HUGE_VAL);
    printf("[%8f] [%-8e|] [%+g] [%08.3f]\n", HUGE_VAL, -HUGE_VAL, HUGE_VAL, -HUGE_VAL);
    printf("[%f] [%e] [%g] [%5.1f]\n", NAN, NAN, NAN, NAN);
    /* * width and precision */
    for (i = 0; i < 12; i++) {
        printf("[%*.*f] [%-*.*e|] [%.*g]\n", i + 3, i, 3.14159265358979, i + 8, i, -2.718281828, i, 1234.56789);
    }
    /* rounding at every precision */
    for (i = 0; i <= 17; i++) {
        printf("%.*f %.*e %.*g\n", i, 0.1 + 0.2, i, 1.0 / 7.0, i, 123456.789e-3);
    }
    /* decimal halfway cases in binary (exact ties round to even) */
    printf("%.0f %.0f %.0f %.0f %.0f %.0f\n", 0.5, 1.5, 2.5, 3.5, -0.5, -1.5);
    printf("%.1f %.1f %.1f %.1f\n", 0.25, 0.35, 0.45, 0.125);
    printf("%.2f %.2f %.2f\n", 1.125, 1.375, 2.675);
    /* FLT values printed as doubles */
    printf("%.9g %.9g %.9g %g\n", (double)FLT_MAX, (double)FLT_MIN, (double)FLT_EPSILON, (double)1.1f);
    printf("%.17g %.17g %.17g\n", DBL_MAX, DBL_MIN, DBL_EPSILON);
    printf("%a %a %A\n", 1.0, -0.1, 255.5);
    return 0;
}
