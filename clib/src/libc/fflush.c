#include "../internal/stdio_impl.h"

/* Set by fopen when it first opens a file for writing: writes out every open file. */
void (*__stdio_flush_files)(void);

/* fflush(NULL) flushes stdout, stderr and the files open for writing. On a stream open for reading only it drops
 * the buffered input and any pushed-back character (an update stream reading, too). */
int fflush(FILE *stream)
{
    if (stream == NULL) {
        int r = __stdio_flushbuf(stdout);
        if (__stdio_flushbuf(stderr) != 0)
            r = EOF;
        if (__stdio_flush_files != NULL)
            __stdio_flush_files();
        return r;
    }
    if ((stream->flags & F_READ) != 0 && (stream->flags & F_STR) == 0) {
        stream->rpos = stream->rend;
        stream->ungot = -1;
        return 0;
    }
    return __stdio_flushbuf(stream);
}
