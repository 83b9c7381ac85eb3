#include <string.h>

void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned char b = (unsigned char)c;
    size_t i;

    for (i = 0; i < n; i++) {
        if (p[i] == b)
            return (void *)(p + i);
    }
    return NULL;
}
