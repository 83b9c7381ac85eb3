#include <math.h>

/* Computed in double, rounded once to float. */
float sinhf(float x)
{
    return (float)sinh((double)x);
}
