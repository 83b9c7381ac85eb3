#include <string.h>

/* Finds c (converted to char); the terminating NUL counts as part of the string. */
char *strchr(const char *s, int c)
{
    char ch = (char)c;
    for (;;) {
        if (*s == ch)
            return (char *)s;
        if (*s == '\0')
            return NULL;
        s++;
    }
}
