#include "../internal/stdio_impl.h"

int snprintf(char *str, size_t size, const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vsnprintf(str, size, format, ap);
    va_end(ap);
    return r;
}
