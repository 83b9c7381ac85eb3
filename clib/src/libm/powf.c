#include <math.h>

/* Computed in double, rounded once to float. */
float powf(float x, float y)
{
    return (float)pow((double)x, (double)y);
}
