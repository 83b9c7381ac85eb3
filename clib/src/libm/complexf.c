/* <complex.h>'s float functions: the double ones, rounded once to float (docs/libc.md). */
#include <complex.h>
#include <math.h>

static float _Complex tof(double _Complex z) { return CMPLXF((float)__real__ z, (float)__imag__ z); }
static double _Complex tod(float _Complex z) { return CMPLX(__real__ z, __imag__ z); }

float crealf(float _Complex z) { return __real__ z; }
float cimagf(float _Complex z) { return __imag__ z; }
float _Complex conjf(float _Complex z) { return CMPLXF(__real__ z, -__imag__ z); }
float cabsf(float _Complex z) { return (float)hypot(__real__ z, __imag__ z); }
float cargf(float _Complex z) { return (float)atan2(__imag__ z, __real__ z); }
float _Complex cprojf(float _Complex z) { return tof(cproj(tod(z))); }
float _Complex cexpf(float _Complex z) { return tof(cexp(tod(z))); }
float _Complex clogf(float _Complex z) { return tof(clog(tod(z))); }
float _Complex cpowf(float _Complex z, float _Complex w) { return tof(cpow(tod(z), tod(w))); }
float _Complex csqrtf(float _Complex z) { return tof(csqrt(tod(z))); }
float _Complex csinf(float _Complex z) { return tof(csin(tod(z))); }
float _Complex ccosf(float _Complex z) { return tof(ccos(tod(z))); }
float _Complex ctanf(float _Complex z) { return tof(ctan(tod(z))); }
