#include <string.h>
#include "../internal/stdio_impl.h"

/* Formats into a string FILE that keeps at most size-1 characters; always NUL-terminates when size > 0.
 * Returns the length the full output would have. */
int vsnprintf(char *str, size_t size, const char *format, va_list ap)
{
    FILE f;
    int r;
    memset(&f, 0, sizeof f);
    f.fd = -1;
    f.flags = F_WRITE | F_STR;
    f.buf = (unsigned char *)str;
    f.bufsize = size > 0 ? size - 1 : 0;
    f.ungot = -1;
    r = __vformat(&f, format, ap);
    if (size > 0)
        str[f.wpos] = '\0';
    return r;
}
