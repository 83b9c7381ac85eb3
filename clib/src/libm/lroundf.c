#include <math.h>

long lroundf(float x)
{
    return lround((double)x);
}
