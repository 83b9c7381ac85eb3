#include "../internal/stdio_impl.h"

int vprintf(const char *format, va_list ap)
{
    return __vformat(stdout, format, ap);
}
