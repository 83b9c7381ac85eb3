#include "../internal/stdio_impl.h"

/* One character of push-back, as C guarantees. Clears the end-of-file indicator. */
int ungetc(int c, FILE *stream)
{
    if (c == EOF || stream->ungot >= 0 || (stream->flags & F_READ) == 0)
        return EOF;
    stream->ungot = (unsigned char)c;
    stream->flags &= ~F_EOF;
    return (unsigned char)c;
}
