#include "../internal/stdio_impl.h"

/* Changes the buffering of an output stream (stdout, stderr); for input streams only a caller's
 * buffer is taken. Call it before any I/O on the stream, as C requires. */
int setvbuf(FILE *stream, char *buf, int mode, size_t size)
{
    if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF)
        return -1;
    if ((stream->flags & F_WRITE) != 0)
        __stdio_flushbuf(stream);
    stream->flags &= ~(F_LBF | F_NBF);
    if (mode == _IONBF) {
        stream->flags |= F_NBF;
        return 0;
    }
    if (mode == _IOLBF)
        stream->flags |= F_LBF;
    if (buf != NULL && size > 0) {
        stream->buf = (unsigned char *)buf;
        stream->bufsize = size;
        stream->rpos = 0;
        stream->rend = 0;
    }
    if (stream->bufsize == 0)   /* stderr made buffered without a buffer of its own */
        stream->flags |= F_NBF;
    return 0;
}

void setbuf(FILE *stream, char *buf)
{
    if (buf == NULL)
        setvbuf(stream, NULL, _IONBF, 0);
    else
        setvbuf(stream, buf, _IOFBF, BUFSIZ);
}
