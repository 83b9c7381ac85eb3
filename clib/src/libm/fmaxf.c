#include <math.h>

/* Computed in double, rounded once to float. */
float fmaxf(float x, float y)
{
    return (float)fmax((double)x, (double)y);
}
