#include <string.h>

void *memmove(void *dest, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dest;
    const unsigned char *s = (const unsigned char *)src;

    if (d == s || n == 0)
        return dest;
    if (d < s || d >= s + n)
        return memcpy(dest, src, n);
    /* overlapping with dest above src: copy backwards */
    d += n;
    s += n;
    while (n > 0) {
        *--d = *--s;
        n--;
    }
    return dest;
}
