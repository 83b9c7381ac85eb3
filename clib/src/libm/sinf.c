#include <math.h>

/* Computed in double, rounded once to float. */
float sinf(float x)
{
    return (float)sin((double)x);
}
