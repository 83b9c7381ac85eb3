#include <math.h>

/* Computed in double, rounded once to float. */
float tanhf(float x)
{
    return (float)tanh((double)x);
}
