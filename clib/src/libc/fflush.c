#include "../internal/stdio_impl.h"

/* fflush(NULL) flushes stdout and stderr, the only output streams. On an input stream it drops
 * the buffered input and any pushed-back character. */
int fflush(FILE *stream)
{
    if (stream == NULL) {
        int r = __stdio_flushbuf(stdout);
        if (__stdio_flushbuf(stderr) != 0)
            r = EOF;
        return r;
    }
    if ((stream->flags & F_READ) != 0 && (stream->flags & F_STR) == 0) {
        stream->rpos = stream->rend;
        stream->ungot = -1;
        return 0;
    }
    return __stdio_flushbuf(stream);
}
