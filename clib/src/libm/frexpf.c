#include <math.h>

float frexpf(float x, int *e)
{
    return (float)frexp((double)x, e);
}
