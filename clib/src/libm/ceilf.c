#include <math.h>

/* Computed in double, rounded once to float. */
float ceilf(float x)
{
    return (float)ceil((double)x);
}
