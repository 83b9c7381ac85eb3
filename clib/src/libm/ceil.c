#include "libm.h"

/* ceil(x) = -floor(-x); keeps the sign of zero (ceil(-0.5) is -0). */
double ceil(double x)
{
    return -floor(-x);
}
