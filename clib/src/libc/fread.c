#include <string.h>
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

size_t fread(void *ptr, size_t size, size_t nmemb, FILE *stream)
{
    unsigned char *p = (unsigned char *)ptr;
    unsigned int total, done = 0;

    if (size == 0 || nmemb == 0)
        return 0;
    total = size * nmemb;
    if (stream->ungot >= 0) {
        p[done++] = (unsigned char)stream->ungot;
        stream->ungot = -1;
    }
    while (done < total) {
        unsigned int avail = stream->rend - stream->rpos;
        if (avail > 0) {
            unsigned int k = total - done < avail ? total - done : avail;
            memcpy(p + done, stream->buf + stream->rpos, k);
            stream->rpos += k;
            done += k;
        } else if (total - done >= stream->bufsize && (stream->flags & (F_STR | F_READ)) == F_READ) {
            /* a large request: read straight into the caller's memory */
            int r;
            if (stream->fd == 0)
                __stdio_flushbuf(stdout);
            r = __hcall_read(stream->fd, p + done, total - done);
            if (r < 0) {
                stream->flags |= F_ERR;
                errno = -r;
                break;
            }
            if (r == 0) {
                stream->flags |= F_EOF;
                break;
            }
            done += (unsigned int)r;
        } else if (__stdio_fill(stream) == 0) {
            break;
        }
    }
    return done / size;
}
