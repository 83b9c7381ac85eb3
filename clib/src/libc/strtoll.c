#include <stdlib.h>
#include <limits.h>

unsigned long long __strtou64(const char *nptr, char **endptr, int base, unsigned long long limit_pos,
                              unsigned long long limit_neg, int *neg, int *ovf);

long long strtoll(const char *nptr, char **endptr, int base)
{
    int neg, ovf;
    unsigned long long m = __strtou64(nptr, endptr, base, (unsigned long long)LLONG_MAX,
                                      (unsigned long long)LLONG_MAX + 1ULL, &neg, &ovf);
    return neg ? (long long)(0ULL - m) : (long long)m;
}
