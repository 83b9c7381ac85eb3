#include "../internal/stdio_impl.h"

int fgetc(FILE *stream)
{
    if (stream->ungot >= 0) {
        int c = stream->ungot;
        stream->ungot = -1;
        return c;
    }
    if (stream->rpos >= stream->rend) {
        if ((stream->flags & (F_EOF | F_ERR)) != 0 && (stream->flags & F_STR) != 0)
            return EOF;
        if (__stdio_fill(stream) == 0)
            return EOF;
    }
    return stream->buf[stream->rpos++];
}

int getc(FILE *stream)
{
    return fgetc(stream);
}
