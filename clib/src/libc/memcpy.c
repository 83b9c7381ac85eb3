#include <string.h>

/* Copies word by word when both pointers are 4-byte aligned, else byte by byte. */
void *memcpy(void *dest, const void *src, size_t n)
{
    unsigned char *d = (unsigned char *)dest;
    const unsigned char *s = (const unsigned char *)src;

    if ((((unsigned int)d | (unsigned int)s) & 3) == 0) {
        unsigned int *dw = (unsigned int *)d;
        const unsigned int *sw = (const unsigned int *)s;
        while (n >= 16) {
            dw[0] = sw[0];
            dw[1] = sw[1];
            dw[2] = sw[2];
            dw[3] = sw[3];
            dw += 4;
            sw += 4;
            n -= 16;
        }
        while (n >= 4) {
            *dw++ = *sw++;
            n -= 4;
        }
        d = (unsigned char *)dw;
        s = (const unsigned char *)sw;
    }
    while (n > 0) {
        *d++ = *s++;
        n--;
    }
    return dest;
}
