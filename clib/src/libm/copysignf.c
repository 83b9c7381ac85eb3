#include <math.h>

/* Computed in double, rounded once to float. */
float copysignf(float x, float y)
{
    return (float)copysign((double)x, (double)y);
}
