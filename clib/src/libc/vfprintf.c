#include "../internal/stdio_impl.h"

int vfprintf(FILE *stream, const char *format, va_list ap)
{
    return __vformat(stream, format, ap);
}
