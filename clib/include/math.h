/* math.h - SCMP C library (libm). double is IEEE binary64, float binary32, long double is double.
 * The float functions (sinf, ...) compute in double and round the result to float. */
#ifndef _MATH_H
#define _MATH_H

#if defined(__scmpcc__) || !defined(__GNUC__)
/* An overflowing literal is +infinity; 0.0f/0.0f folds to a quiet NaN (positive, as Java computes it). */
#define HUGE_VAL 1e999
#define HUGE_VALF 1e999f
#define HUGE_VALL 1e999L
#define INFINITY 1e999f
#define NAN (0.0f / 0.0f)
#else
#define HUGE_VAL __builtin_huge_val()
#define HUGE_VALF __builtin_huge_valf()
#define HUGE_VALL __builtin_huge_vall()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#endif

typedef double double_t;
typedef float float_t;

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4

#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling MATH_ERRNO

#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)

/* Classification: a float argument converts exactly to double, so one function serves both. */
int __fpclassify(double x);
int __isnan(double x);
int __isinf(double x);
int __isfinite(double x);
int __signbit(double x);
#define fpclassify(x) __fpclassify(x)
#define isnan(x) __isnan(x)
#define isinf(x) __isinf(x)
#define isfinite(x) __isfinite(x)
#define isnormal(x) (__fpclassify(x) == FP_NORMAL)
#define signbit(x) __signbit(x)
#define isunordered(x, y) (isnan(x) || isnan(y))
#define isgreater(x, y) (!isunordered(x, y) && (x) > (y))
#define isgreaterequal(x, y) (!isunordered(x, y) && (x) >= (y))
#define isless(x, y) (!isunordered(x, y) && (x) < (y))
#define islessequal(x, y) (!isunordered(x, y) && (x) <= (y))
#define islessgreater(x, y) (!isunordered(x, y) && ((x) < (y) || (x) > (y)))

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

double sqrt(double x);
double fabs(double x);
double floor(double x);
double ceil(double x);
double round(double x);
double trunc(double x);
double rint(double x);
double nearbyint(double x);
long lround(double x);
long lrint(double x);
long long llround(double x);
long long llrint(double x);
double fmod(double x, double y);
double remainder(double x, double y);
double exp(double x);
double exp2(double x);
double expm1(double x);
double log(double x);
double log10(double x);
double log2(double x);
double log1p(double x);
double logb(double x);
int ilogb(double x);
double pow(double x, double y);
double sin(double x);
double cos(double x);
double tan(double x);
double asin(double x);
double acos(double x);
double atan(double x);
double atan2(double y, double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double asinh(double x);
double acosh(double x);
double atanh(double x);
double frexp(double x, int *exp);
double ldexp(double x, int exp);
double scalbn(double x, int n);
double modf(double x, double *iptr);
double hypot(double x, double y);
double cbrt(double x);
double fmin(double x, double y);
double fmax(double x, double y);
double fdim(double x, double y);
double copysign(double x, double y);
double nan(const char *tagp);
double nextafter(double x, double y);

float sqrtf(float x);
float fabsf(float x);
float floorf(float x);
float ceilf(float x);
float roundf(float x);
float truncf(float x);
float rintf(float x);
long lroundf(float x);
float fmodf(float x, float y);
float expf(float x);
float exp2f(float x);
float expm1f(float x);
float logf(float x);
float log10f(float x);
float log2f(float x);
float log1pf(float x);
float powf(float x, float y);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float asinf(float x);
float acosf(float x);
float atanf(float x);
float atan2f(float y, float x);
float sinhf(float x);
float coshf(float x);
float tanhf(float x);
float frexpf(float x, int *exp);
float ldexpf(float x, int exp);
float modff(float x, float *iptr);
float hypotf(float x, float y);
float cbrtf(float x);
float fminf(float x, float y);
float fmaxf(float x, float y);
float copysignf(float x, float y);
float nanf(const char *tagp);

#endif
