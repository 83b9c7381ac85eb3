#include <string.h>

int strncmp(const char *s1, const char *s2, size_t n)
{
    const unsigned char *a = (const unsigned char *)s1;
    const unsigned char *b = (const unsigned char *)s2;
    while (n > 0) {
        if (*a != *b)
            return (int)*a - (int)*b;
        if (*a == '\0')
            return 0;
        a++;
        b++;
        n--;
    }
    return 0;
}
