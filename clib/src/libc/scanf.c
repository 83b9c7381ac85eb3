#include "../internal/stdio_impl.h"

int vfscanf(FILE *stream, const char *format, va_list ap)
{
    return __vscan(stream, format, ap);
}

int vscanf(const char *format, va_list ap)
{
    return __vscan(stdin, format, ap);
}

int fscanf(FILE *stream, const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = __vscan(stream, format, ap);
    va_end(ap);
    return r;
}

int scanf(const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = __vscan(stdin, format, ap);
    va_end(ap);
    return r;
}
