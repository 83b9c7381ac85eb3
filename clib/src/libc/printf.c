#include "../internal/stdio_impl.h"

int printf(const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = __vformat(stdout, format, ap);
    va_end(ap);
    return r;
}
