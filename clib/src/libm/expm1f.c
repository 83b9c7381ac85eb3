#include <math.h>

/* Computed in double, rounded once to float. */
float expm1f(float x)
{
    return (float)expm1((double)x);
}
