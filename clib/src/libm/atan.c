/* atan(x), fdlibm's method: reduce |x| to [0, 7/16] with atan(x) = atan(c) + atan((x - c)/(1 + x c)) for
 * c = 1/2, 1, 3/2, inf (atan(c) in two pieces), then an odd minimax polynomial of degree 23. Error < 1 ulp. */
#include "libm.h"

static const double atanhi[4] = {
    4.63647609000806093515e-01,     /* atan(0.5) hi 0x3FDDAC67 0561BB4F */
    7.85398163397448278999e-01,     /* atan(1.0) hi 0x3FE921FB 54442D18 */
    9.82793723247329054082e-01,     /* atan(1.5) hi 0x3FEF730B D281F69B */
    1.57079632679489655800e+00      /* atan(inf) hi 0x3FF921FB 54442D18 */
};
static const double atanlo[4] = {
    2.26987774529616870924e-17,     /* 0x3C7A2B7F 222F65E2 */
    3.06161699786838301793e-17,     /* 0x3C81A626 33145C07 */
    1.39033110312309984516e-17,     /* 0x3C700788 7AF0CBBD */
    6.12323399573676603587e-17      /* 0x3C91A626 33145C07 */
};
static const double atan_coef[11] = {
    3.33333333333329318027e-01,     /* 0x3FD55555 5555550D */
    -1.99999999998764832476e-01,    /* 0xBFC99999 9998EBC4 */
    1.42857142725034663711e-01,     /* 0x3FC24924 920083FF */
    -1.11111104054623557880e-01,    /* 0xBFBC71C6 FE231671 */
    9.09088713343650656196e-02,     /* 0x3FB745CD C54C206E */
    -7.69187620504482999495e-02,    /* 0xBFB3B0F2 AF749A6D */
    6.66107313738753120669e-02,     /* 0x3FB10D66 A0D03D51 */
    -5.83357013379057348645e-02,    /* 0xBFADDE2D 52DEFD9A */
    4.97687799461593236017e-02,     /* 0x3FA97B4B 24760DEB */
    -3.65315727442169155270e-02,    /* 0xBFA2B444 2C6A6C2F */
    1.62858201153657823623e-02      /* 0x3F90AD3A E322DA11 */
};

double atan(double x)
{
    double w, s1, s2, z;
    unsigned int hx = hiword(x), ix = hx & 0x7fffffff;
    int id;

    if (ix >= 0x44100000) {                 /* |x| >= 2^66 */
        if (isnan(x))
            return x + x;
        return (hx >> 31) != 0 ? -atanhi[3] - atanlo[3] : atanhi[3] + atanlo[3];
    }
    if (ix < 0x3fdc0000) {                  /* |x| < 0.4375 */
        if (ix < 0x3e400000)                /* |x| < 2^-27 */
            return x;
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3ff30000) {              /* |x| < 1.1875 */
            if (ix < 0x3fe60000) {          /* 7/16 <= |x| < 11/16 */
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {                        /* 11/16 <= |x| < 19/16 */
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else {
            if (ix < 0x40038000) {          /* |x| < 2.4375 */
                id = 2;
                x = (x - 1.5) / (1.0 + 1.5 * x);
            } else {                        /* 2.4375 <= |x| < 2^66 */
                id = 3;
                x = -1.0 / x;
            }
        }
    }
    z = x * x;
    w = z * z;
    /* odd and even halves of the polynomial in z */
    s1 = z * (atan_coef[0] + w * (atan_coef[2] + w * (atan_coef[4] + w * (atan_coef[6] + w * (atan_coef[8] + w * atan_coef[10])))));
    s2 = w * (atan_coef[1] + w * (atan_coef[3] + w * (atan_coef[5] + w * (atan_coef[7] + w * atan_coef[9]))));
    if (id < 0)
        return x - x * (s1 + s2);
    z = atanhi[id] - (x * (s1 + s2) - atanlo[id] - x);
    return (hx >> 31) != 0 ? -z : z;
}
