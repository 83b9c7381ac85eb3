/* hypot(x, y) = sqrt(x^2 + y^2) without undue overflow or underflow: both are scaled by a power of two
 * near 1/max(|x|,|y|), the squares are formed exactly as double-double sums (Dekker's splitting), and the
 * square root of hi + lo is corrected by lo/(2 sqrt(hi)). hypot(+-inf, NaN) is +inf. Error < 1 ulp. */
#include "libm.h"

/* hi + lo = a * a exactly (Dekker: a split into two 26-bit halves). */
static void square(double a, double *hi, double *lo)
{
    double c = a * 134217729.0;             /* 2^27 + 1 */
    double ah = (a - c) + c;
    double al = a - ah;
    *hi = a * a;
    *lo = ((ah * ah - *hi) + 2.0 * ah * al) + al * al;
}

double hypot(double x, double y)
{
    double ax = fabs(x), ay = fabs(y), t, scale = 1.0, hx, lx, hy, ly, h, l, s, s2h, s2l;
    int ex, ey;

    if (isinf(ax) || isinf(ay))
        return from_words(0x7ff00000, 0);
    if (isnan(ax) || isnan(ay))
        return ax + ay;
    if (ax < ay) {
        t = ax;
        ax = ay;
        ay = t;
    }
    if (ay == 0.0)
        return ax;
    ex = (int)((hiword(ax) >> 20) & 0x7ff);
    ey = (int)((hiword(ay) >> 20) & 0x7ff);
    if (ex - ey > 60)                       /* ay is below half an ulp of ax */
        return ax + ay;
    /* keep the squares in range: scale by 2^-600 or 2^600 (exact) */
    if (ex > 1023 + 500) {
        ax *= 2.40991986510288411774e-181;  /* 2^-600 */
        ay *= 2.40991986510288411774e-181;
        scale = 4.14951556888099295851e+180;    /* 2^600 */
    } else if (ex < 1023 - 500) {
        ax *= 4.14951556888099295851e+180;
        ay *= 4.14951556888099295851e+180;
        scale = 2.40991986510288411774e-181;
    }
    square(ax, &hx, &lx);
    square(ay, &hy, &ly);
    h = hx + hy;
    l = ((hx - h) + hy) + lx + ly;          /* h + l = ax^2 + ay^2 to about 2^-105 */
    s = sqrt(h);
    square(s, &s2h, &s2l);
    /* one Newton step on the exact residual: sqrt(h + l) ~ s + (h + l - s^2) / (2 s) */
    return (s + (((h - s2h) - s2l) + l) / (2.0 * s)) * scale;
}
