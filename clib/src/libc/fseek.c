/* fseek, ftell, rewind, fgetpos, fsetpos on host files (lseek host call). stdout and stderr cannot be
 * positioned (ESPIPE). fseek writes out pending output first. */
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

/* Bytes read from the host but not yet consumed by the program. */
static int unread(FILE *f)
{
    int n = (int)(f->rend - f->rpos);
    if (f->ungot >= 0)
        n++;
    return n;
}

int fseek(FILE *stream, long offset, int whence)
{
    int r;
    if ((stream->flags & (F_READ | F_WRITE)) == 0 || (stream->flags & F_STR) != 0 || stream->fd <= 2) {
        errno = ESPIPE;
        return -1;
    }
    if ((stream->flags & F_WRITE) != 0 && __stdio_flushbuf(stream) != 0)
        return -1;
    if (whence == SEEK_CUR)
        offset -= unread(stream);
    else if (whence != SEEK_SET && whence != SEEK_END) {
        errno = EINVAL;
        return -1;
    }
    r = __hcall_lseek(stream->fd, (int)offset, whence);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    stream->rpos = 0;
    stream->rend = 0;
    stream->ungot = -1;
    stream->flags &= ~F_EOF;
    return 0;
}

long ftell(FILE *stream)
{
    int r;
    if ((stream->flags & (F_READ | F_WRITE)) == 0 || (stream->flags & F_STR) != 0 || stream->fd <= 2) {
        errno = ESPIPE;
        return -1;
    }
    r = __hcall_lseek(stream->fd, 0, SEEK_CUR);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return (long)r - unread(stream) + (long)stream->wpos;
}

void rewind(FILE *stream)
{
    fseek(stream, 0, SEEK_SET);
    stream->flags &= ~F_ERR;
}

int fgetpos(FILE *stream, fpos_t *pos)
{
    long p = ftell(stream);
    if (p < 0)
        return -1;
    *pos = p;
    return 0;
}

int fsetpos(FILE *stream, const fpos_t *pos)
{
    return fseek(stream, *pos, SEEK_SET);
}
