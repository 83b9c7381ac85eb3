#include <stdlib.h>
#include <limits.h>

unsigned long long __strtou64(const char *nptr, char **endptr, int base, unsigned long long limit_pos,
                              unsigned long long limit_neg, int *neg, int *ovf);

unsigned long long strtoull(const char *nptr, char **endptr, int base)
{
    int neg, ovf;
    unsigned long long m = __strtou64(nptr, endptr, base, ULLONG_MAX, ULLONG_MAX, &neg, &ovf);
    if (neg && !ovf)
        return 0ULL - m;
    return m;
}
