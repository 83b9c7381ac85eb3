#include <math.h>

/* Computed in double, rounded once to float. */
float rintf(float x)
{
    return (float)rint((double)x);
}
