#include "../internal/stdio_impl.h"

int feof(FILE *stream)
{
    return (stream->flags & F_EOF) != 0;
}

int ferror(FILE *stream)
{
    return (stream->flags & F_ERR) != 0;
}

void clearerr(FILE *stream)
{
    stream->flags &= ~(F_EOF | F_ERR);
}

int fileno(FILE *stream)
{
    return stream->fd;
}
