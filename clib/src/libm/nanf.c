#include <math.h>

float nanf(const char *tagp)
{
    return (float)nan(tagp);
}
