/* fopen, freopen, fclose. Host files are read-only: modes "r" and "rb" only; any other mode fails with
 * errno EROFS. Each open file gets a BUFSIZ buffer from malloc. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

/* The streams fopen can hand out (FOPEN_MAX counts the three standard streams). */
static FILE files[FOPEN_MAX - 3];

static int mode_ok(const char *mode)
{
    if (mode[0] != 'r')
        return 0;
    if (mode[1] == '\0')
        return 1;
    if (mode[1] == 'b' && mode[2] == '\0')
        return 1;
    return 0;
}

/* Opens path on f (a free slot or a standard stream). */
static FILE *open_on(FILE *f, const char *path)
{
    int fd;
    unsigned char *buf = (unsigned char *)malloc(BUFSIZ);
    if (buf == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    fd = __hcall_open(path);
    if (fd < 0) {
        free(buf);
        errno = -fd;
        return NULL;
    }
    f->fd = fd;
    f->flags = F_READ | F_OPEN | F_ALLOC;
    f->buf = buf;
    f->bufsize = BUFSIZ;
    f->wpos = 0;
    f->rpos = 0;
    f->rend = 0;
    f->ungot = -1;
    f->count = 0;
    return f;
}

FILE *fopen(const char *path, const char *mode)
{
    int i;
    if (!mode_ok(mode)) {
        errno = EROFS;
        return NULL;
    }
    for (i = 0; i < FOPEN_MAX - 3; i++) {
        if ((files[i].flags & F_OPEN) == 0)
            return open_on(&files[i], path);
    }
    errno = EMFILE;
    return NULL;
}

int fclose(FILE *stream)
{
    int r = 0;
    if (stream == NULL || (stream->flags & F_OPEN) == 0) {
        errno = EBADF;
        return EOF;
    }
    if ((stream->flags & F_WRITE) != 0) {
        if (__stdio_flushbuf(stream) != 0)
            r = EOF;
    }
    if (stream->fd > 2) {
        int c = __hcall_close(stream->fd);
        if (c < 0) {
            errno = -c;
            r = EOF;
        }
    }
    if ((stream->flags & F_ALLOC) != 0)
        free(stream->buf);
    stream->flags = 0;
    stream->buf = NULL;
    stream->bufsize = 0;
    stream->rpos = 0;
    stream->rend = 0;
    stream->wpos = 0;
    stream->ungot = -1;
    return r;
}

FILE *freopen(const char *path, const char *mode, FILE *stream)
{
    if ((stream->flags & F_OPEN) != 0)
        fclose(stream);
    if (path == NULL || !mode_ok(mode)) {
        errno = EROFS;
        return NULL;
    }
    return open_on(stream, path);
}
