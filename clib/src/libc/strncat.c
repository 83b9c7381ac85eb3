#include <string.h>

/* Appends at most n characters of src, then always a NUL. */
char *strncat(char *dest, const char *src, size_t n)
{
    char *d = dest + strlen(dest);
    while (n > 0 && *src != '\0') {
        *d++ = *src++;
        n--;
    }
    *d = '\0';
    return dest;
}
