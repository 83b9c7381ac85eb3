#include <math.h>

/* Computed in double, rounded once to float. */
float hypotf(float x, float y)
{
    return (float)hypot((double)x, (double)y);
}
