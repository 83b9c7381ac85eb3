#include <math.h>

/* Exact in double, rounded once to float. */
float ldexpf(float x, int n)
{
    return (float)ldexp((double)x, n);
}
