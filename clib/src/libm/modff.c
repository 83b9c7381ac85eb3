#include <math.h>

float modff(float x, float *ip)
{
    double i;
    double r = modf((double)x, &i);
    *ip = (float)i;
    return (float)r;
}
