#include <math.h>

/* Computed in double, rounded once to float. */
float atanf(float x)
{
    return (float)atan((double)x);
}
