/* <complex.h>'s double functions (C99 7.3; docs/libc.md): the textbook formulas over libm's real functions,
 * with the special cases of C99 Annex G that matter for finite arguments (signed zeros kept, no spurious
 * overflow in ctan for large imaginary parts). cabs is hypot; carg is atan2. */
#include <complex.h>
#include <math.h>

double creal(double _Complex z) { return __real__ z; }
double cimag(double _Complex z) { return __imag__ z; }
double _Complex conj(double _Complex z) { return CMPLX(__real__ z, -__imag__ z); }
double cabs(double _Complex z) { return hypot(__real__ z, __imag__ z); }
double carg(double _Complex z) { return atan2(__imag__ z, __real__ z); }

double _Complex cproj(double _Complex z)
{
    if (isinf(__real__ z) || isinf(__imag__ z))
        return CMPLX(INFINITY, copysign(0.0, __imag__ z));
    return z;
}

double _Complex cexp(double _Complex z)
{
    double x = __real__ z, y = __imag__ z, r;
    if (y == 0)
        return CMPLX(exp(x), y);
    r = exp(x);
    return CMPLX(r * cos(y), r * sin(y));
}

/* log|z|: near |z| = 1, 0.5 * log1p((a - 1)(a + 1) + b^2) with a >= b, which keeps the small result's digits */
static double logabs(double x, double y)
{
    double a = fabs(x), b = fabs(y), t;
    if (a < b) {
        t = a;
        a = b;
        b = t;
    }
    if (a >= 0.5 && a <= 2.0 && b < 1.0)
        return 0.5 * log1p((a - 1.0) * (a + 1.0) + b * b);
    return log(hypot(x, y));
}

double _Complex clog(double _Complex z)
{
    return CMPLX(logabs(__real__ z, __imag__ z), atan2(__imag__ z, __real__ z));
}

double _Complex cpow(double _Complex z, double _Complex w)
{
    return cexp(w * clog(z));
}

double _Complex csqrt(double _Complex z)
{
    double x = __real__ z, y = __imag__ z, t;
    if (x == 0 && y == 0)
        return CMPLX(0.0, y);
    if (isinf(y))
        return CMPLX(INFINITY, y);
    if (isnan(x))
        return CMPLX(x, x);
    if (isinf(x)) {
        if (x > 0)
            return CMPLX(x, isnan(y) ? y : copysign(0.0, y));
        return CMPLX(isnan(y) ? y : 0.0, copysign(INFINITY, y));
    }
    if (fabs(x) > 1e300 || fabs(y) > 1e300)
        t = 2.0 * sqrt((fabs(x) * 0.25 + hypot(x * 0.25, y * 0.25)) * 0.5);
    else
        t = sqrt((fabs(x) + hypot(x, y)) * 0.5);
    if (x >= 0)
        return CMPLX(t, y / (2.0 * t));
    return CMPLX(fabs(y) / (2.0 * t), copysign(t, y));
}

double _Complex csin(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    if (y == 0)
        return CMPLX(sin(x), y);
    return CMPLX(sin(x) * cosh(y), cos(x) * sinh(y));
}

double _Complex ccos(double _Complex z)
{
    double x = __real__ z, y = __imag__ z;
    if (y == 0)
        return CMPLX(cos(x), x == 0 ? -y : -sin(x) * y);
    return CMPLX(cos(x) * cosh(y), -sin(x) * sinh(y));
}

/* tan z = (sin x cos x + i sinh y cosh y) / (cos^2 x + sinh^2 y); for |y| > 20, sinh y cosh y / sinh^2 y
 * is +-1 to double precision and the real part is 4 sin x cos x e^(-2|y|) */
double _Complex ctan(double _Complex z)
{
    double x = __real__ z, y = __imag__ z, s = sin(x), c = cos(x), sh, ch, den;
    if (y == 0)
        return CMPLX(s / c, y);
    if (fabs(y) > 20.0) {
        double e = exp(-fabs(y));
        return CMPLX(4.0 * s * c * e * e, copysign(1.0, y));
    }
    sh = sinh(y);
    ch = cosh(y);
    den = c * c + sh * sh;
    return CMPLX(s * c / den, sh * ch / den);
}
