/* Classification behind the math.h macros; a float argument converts exactly to double. */
#include "libm.h"

int __fpclassify(double x)
{
    unsigned int hi = hiword(x) & 0x7fffffff, lo = loword(x);
    unsigned int e = hi >> 20;
    if (e == 0x7ff)
        return ((hi & 0xfffff) | lo) != 0 ? FP_NAN : FP_INFINITE;
    if (e == 0)
        return (hi | lo) != 0 ? FP_SUBNORMAL : FP_ZERO;
    return FP_NORMAL;
}

int __isnan(double x)
{
    unsigned int hi = hiword(x) & 0x7fffffff, lo = loword(x);
    return hi > 0x7ff00000 || (hi == 0x7ff00000 && lo != 0);
}

int __isinf(double x)
{
    return (hiword(x) & 0x7fffffff) == 0x7ff00000 && loword(x) == 0;
}

int __isfinite(double x)
{
    return (hiword(x) & 0x7ff00000) != 0x7ff00000;
}

int __signbit(double x)
{
    return (int)(hiword(x) >> 31);
}
