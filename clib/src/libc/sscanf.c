#include <string.h>
#include "../internal/stdio_impl.h"

int vsscanf(const char *str, const char *format, va_list ap)
{
    FILE f;
    memset(&f, 0, sizeof f);
    f.fd = -1;
    f.flags = F_READ | F_STR;
    f.buf = (unsigned char *)str;
    f.bufsize = strlen(str);
    f.rpos = 0;
    f.rend = f.bufsize;
    f.ungot = -1;
    return __vscan(&f, format, ap);
}

int sscanf(const char *str, const char *format, ...)
{
    va_list ap;
    int r;
    va_start(ap, format);
    r = vsscanf(str, format, ap);
    va_end(ap);
    return r;
}
