#include <stdlib.h>
#include <limits.h>

unsigned long __strtou32(const char *nptr, char **endptr, int base, unsigned long limit_pos,
                         unsigned long limit_neg, int *neg, int *ovf);

/* As C requires, a '-' sign negates the converted value in unsigned arithmetic; out of range gives
 * ULONG_MAX and ERANGE. */
unsigned long strtoul(const char *nptr, char **endptr, int base)
{
    int neg, ovf;
    unsigned long m = __strtou32(nptr, endptr, base, ULONG_MAX, ULONG_MAX, &neg, &ovf);
    if (neg && !ovf)
        return 0UL - m;
    return m;
}
