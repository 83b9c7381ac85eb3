#include <string.h>
#include "../internal/stdio_impl.h"

int puts(const char *s)
{
    unsigned int n = strlen(s);
    if (__stdio_write(stdout, s, n) != n)
        return EOF;
    if (__stdio_write(stdout, "\n", 1) != 1)
        return EOF;
    return 1;
}
