#include <math.h>

/* Computed in double, rounded once to float. */
float cbrtf(float x)
{
    return (float)cbrt((double)x);
}
