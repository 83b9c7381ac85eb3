#include <math.h>

/* Computed in double, rounded once to float. */
float log10f(float x)
{
    return (float)log10((double)x);
}
