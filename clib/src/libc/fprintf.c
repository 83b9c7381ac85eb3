#include "../internal/stdio_impl.h"

int fprintf(FILE *stream, const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = __vformat(stream, format, ap);
    va_end(ap);
    return r;
}
