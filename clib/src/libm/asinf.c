#include <math.h>

/* Computed in double, rounded once to float. */
float asinf(float x)
{
    return (float)asin((double)x);
}
