#include "libm.h"

/* 2^x through pow, which computes log2 and the exponential in extra precision (error < 1 ulp), and is
 * exact for integer x. */
double exp2(double x)
{
    return pow(2.0, x);
}
