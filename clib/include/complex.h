/* <complex.h>: C99 7.3, complex arithmetic (docs/libc.md). double _Complex is a pair of doubles, real part
 * first (docs/abi.md); long double is double, so the l functions are the double ones. There are no imaginary
 * types: I is _Complex_I, the complex value 0 + 1i, as with gcc. */
#ifndef _COMPLEX_H
#define _COMPLEX_H

#define complex _Complex
#define _Complex_I (__builtin_complex(0.0f, 1.0f))
#define I _Complex_I

#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#define CMPLXL(x, y) __builtin_complex((long double)(x), (long double)(y))

double creal(double _Complex z);
double cimag(double _Complex z);
double _Complex conj(double _Complex z);
double cabs(double _Complex z);
double carg(double _Complex z);
double _Complex cproj(double _Complex z);
double _Complex cexp(double _Complex z);
double _Complex clog(double _Complex z);
double _Complex cpow(double _Complex z, double _Complex w);
double _Complex csqrt(double _Complex z);
double _Complex csin(double _Complex z);
double _Complex ccos(double _Complex z);
double _Complex ctan(double _Complex z);

float crealf(float _Complex z);
float cimagf(float _Complex z);
float _Complex conjf(float _Complex z);
float cabsf(float _Complex z);
float cargf(float _Complex z);
float _Complex cprojf(float _Complex z);
float _Complex cexpf(float _Complex z);
float _Complex clogf(float _Complex z);
float _Complex cpowf(float _Complex z, float _Complex w);
float _Complex csqrtf(float _Complex z);
float _Complex csinf(float _Complex z);
float _Complex ccosf(float _Complex z);
float _Complex ctanf(float _Complex z);

long double creall(long double _Complex z);
long double cimagl(long double _Complex z);
long double _Complex conjl(long double _Complex z);
long double cabsl(long double _Complex z);
long double cargl(long double _Complex z);
long double _Complex cprojl(long double _Complex z);
long double _Complex cexpl(long double _Complex z);
long double _Complex clogl(long double _Complex z);
long double _Complex cpowl(long double _Complex z, long double _Complex w);
long double _Complex csqrtl(long double _Complex z);
long double _Complex csinl(long double _Complex z);
long double _Complex ccosl(long double _Complex z);
long double _Complex ctanl(long double _Complex z);

#endif
