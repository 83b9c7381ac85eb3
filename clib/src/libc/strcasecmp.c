#include <strings.h>
#include <ctype.h>

int strcasecmp(const char *s1, const char *s2)
{
    const unsigned char *a = (const unsigned char *)s1;
    const unsigned char *b = (const unsigned char *)s2;
    int ca, cb;
    for (;;) {
        ca = tolower(*a);
        cb = tolower(*b);
        if (ca != cb || ca == 0)
            return ca - cb;
        a++;
        b++;
    }
}
