#include <math.h>

/* Computed in double, rounded once to float. */
float log2f(float x)
{
    return (float)log2((double)x);
}
