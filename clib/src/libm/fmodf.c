#include <math.h>

/* Computed in double, rounded once to float. */
float fmodf(float x, float y)
{
    return (float)fmod((double)x, (double)y);
}
