#include <string.h>
#include "../internal/stdio_impl.h"

int fputs(const char *s, FILE *stream)
{
    unsigned int n = strlen(s);
    if (__stdio_write(stream, s, n) != n)
        return EOF;
    return 1;
}
