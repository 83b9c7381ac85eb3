#include <math.h>

/* Computed in double, rounded once to float. */
float coshf(float x)
{
    return (float)cosh((double)x);
}
