#include <math.h>

/* Computed in double, rounded once to float. */
float truncf(float x)
{
    return (float)trunc((double)x);
}
