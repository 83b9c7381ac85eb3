#include <math.h>

/* Computed in double, rounded once to float. */
float logf(float x)
{
    return (float)log((double)x);
}
