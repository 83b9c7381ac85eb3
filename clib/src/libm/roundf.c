#include <math.h>

/* Computed in double, rounded once to float. */
float roundf(float x)
{
    return (float)round((double)x);
}
