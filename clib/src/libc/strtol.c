#include <stdlib.h>
#include <limits.h>

unsigned long __strtou32(const char *nptr, char **endptr, int base, unsigned long limit_pos,
                         unsigned long limit_neg, int *neg, int *ovf);

long strtol(const char *nptr, char **endptr, int base)
{
    int neg, ovf;
    unsigned long m = __strtou32(nptr, endptr, base, (unsigned long)LONG_MAX,
                                 (unsigned long)LONG_MAX + 1UL, &neg, &ovf);
    return neg ? (long)(0UL - m) : (long)m;
}
