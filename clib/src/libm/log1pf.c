#include <math.h>

/* Computed in double, rounded once to float. */
float log1pf(float x)
{
    return (float)log1p((double)x);
}
