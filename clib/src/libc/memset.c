#include <string.h>

void *memset(void *s, int c, size_t n)
{
    unsigned char *p = (unsigned char *)s;
    unsigned char b = (unsigned char)c;

    while (n > 0 && ((unsigned int)p & 3) != 0) {
        *p++ = b;
        n--;
    }
    if (n >= 4) {
        unsigned int w = b;
        unsigned int *pw = (unsigned int *)p;
        w |= w << 8;
        w |= w << 16;
        while (n >= 16) {
            pw[0] = w;
            pw[1] = w;
            pw[2] = w;
            pw[3] = w;
            pw += 4;
            n -= 16;
        }
        while (n >= 4) {
            *pw++ = w;
            n -= 4;
        }
        p = (unsigned char *)pw;
    }
    while (n > 0) {
        *p++ = b;
        n--;
    }
    return s;
}
