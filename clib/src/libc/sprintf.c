#include "../internal/stdio_impl.h"

int sprintf(char *str, const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vsnprintf(str, 0x7fffffff, format, ap);
    va_end(ap);
    return r;
}
