/* tan(x + y) (odd = 1) or -1/tan(x + y) (odd = -1) on [-pi/4, pi/4], y the tail of x.
 * fdlibm's method: an odd degree-27 minimax polynomial on [0, 0.67434] (error < 2^-59.2); above 0.67434,
 * tan(x) = tan(pi/4 - t) = 1 - 2 (tan t - tan^2 t / (1 + tan t)) with t = pi/4 - x; -1/tan computed
 * with a split divisor for accuracy. */
#include "libm.h"

static const double T[13] = {
    3.33333333333334091986e-01,     /* 3FD55555 55555563 */
    1.33333333333201242699e-01,     /* 3FC11111 1110FE7A */
    5.39682539762260521377e-02,     /* 3FABA1BA 1BB341FE */
    2.18694882948595424599e-02,     /* 3F9664F4 8406D637 */
    8.86323982359930005737e-03,     /* 3F8226E3 E96E8493 */
    3.59207910759131235356e-03,     /* 3F6D6D22 C9560328 */
    1.45620945432529025516e-03,     /* 3F57DBC8 FEE08315 */
    5.88041240820264096874e-04,     /* 3F4344D8 F2F26501 */
    2.46463134818469906812e-04,     /* 3F3026F7 1A8D1068 */
    7.81794442939557092300e-05,     /* 3F147E88 A03792A6 */
    7.14072491382608190305e-05,     /* 3F12B80F 32F0A7E9 */
    -1.85586374855275456654e-05,    /* BEF375CB DB605373 */
    2.59073051863633712884e-05      /* 3EFB2A70 74BF7AD4 */
};
static const double
    pio4 = 7.85398163397448278999e-01,      /* 3FE921FB 54442D18 */
    pio4lo = 3.06161699786838301793e-17;    /* 3C81A626 33145C07 */

double __tan_kernel(double x, double y, int odd)
{
    double z, r, v, w, s, sign;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;
    int big = ix >= 0x3fe59428;             /* |x| >= 0.6744 */

    if (big) {
        if ((hx >> 31) != 0) {
            x = -x;
            y = -y;
        }
        z = pio4 - x;
        w = pio4lo - y;
        x = z + w;
        y = 0.0;
    }
    z = x * x;
    w = z * z;
    /* odd and even halves of the polynomial, in w = x^4 */
    r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
    v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
    s = z * x;
    r = y + z * (s * (r + v) + y);
    r += T[0] * s;
    w = x + r;
    if (big) {
        v = (double)odd;
        sign = (hx >> 31) != 0 ? -1.0 : 1.0;
        return sign * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if (odd == 1)
        return w;
    {
        /* -1/(x + r) with extra precision: split w and -1/w */
        double a, t;
        z = trunc_lo(w);
        v = r - (z - x);                    /* z + v = x + r */
        a = -1.0 / w;
        t = trunc_lo(a);
        s = 1.0 + t * z;
        return t + a * (s + t * v);
    }
}
