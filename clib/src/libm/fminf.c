#include <math.h>

/* Computed in double, rounded once to float. */
float fminf(float x, float y)
{
    return (float)fmin((double)x, (double)y);
}
