#include <math.h>

/* Computed in double, rounded once to float. */
float cosf(float x)
{
    return (float)cos((double)x);
}
