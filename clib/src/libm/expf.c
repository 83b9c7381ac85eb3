#include <math.h>

/* Computed in double, rounded once to float. */
float expf(float x)
{
    return (float)exp((double)x);
}
