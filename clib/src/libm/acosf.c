#include <math.h>

/* Computed in double, rounded once to float. */
float acosf(float x)
{
    return (float)acos((double)x);
}
