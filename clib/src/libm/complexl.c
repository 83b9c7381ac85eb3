/* <complex.h>'s long double functions: long double is double (docs/abi.md), so these are the double ones. */
#include <complex.h>

long double creall(long double _Complex z) { return __real__ z; }
long double cimagl(long double _Complex z) { return __imag__ z; }
long double _Complex conjl(long double _Complex z) { return conj(z); }
long double cabsl(long double _Complex z) { return cabs(z); }
long double cargl(long double _Complex z) { return carg(z); }
long double _Complex cprojl(long double _Complex z) { return cproj(z); }
long double _Complex cexpl(long double _Complex z) { return cexp(z); }
long double _Complex clogl(long double _Complex z) { return clog(z); }
long double _Complex cpowl(long double _Complex z, long double _Complex w) { return cpow(z, w); }
long double _Complex csqrtl(long double _Complex z) { return csqrt(z); }
long double _Complex csinl(long double _Complex z) { return csin(z); }
long double _Complex ccosl(long double _Complex z) { return ccos(z); }
long double _Complex ctanl(long double _Complex z) { return ctan(z); }
