#include <math.h>

/* Computed in double, rounded once to float. */
float floorf(float x)
{
    return (float)floor((double)x);
}
