#include <math.h>

/* Computed in double, rounded once to float. */
float exp2f(float x)
{
    return (float)exp2((double)x);
}
