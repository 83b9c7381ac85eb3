#include <math.h>

/* Computed in double, rounded once to float. */
float atan2f(float y, float x)
{
    return (float)atan2((double)y, (double)x);
}
