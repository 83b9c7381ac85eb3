#include "../internal/stdio_impl.h"

int vsprintf(char *str, const char *format, va_list ap)
{
    return vsnprintf(str, 0x7fffffff, format, ap);
}
