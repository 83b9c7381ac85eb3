#include <math.h>

/* Computed in double, rounded once to float. */
float tanf(float x)
{
    return (float)tan((double)x);
}
