/* fopen, freopen, fclose. Mode "r" reads a host file scmpsim lets the program open; "w", "a", "r+", "w+", "a+"
 * (with "b" and C11's "x" anywhere after the first letter) need a file inside scmpsim's writable directory
 * (--dir): without one they fail with errno EROFS (docs/libc.md "stdio"). Each open file gets a BUFSIZ buffer
 * from malloc. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

/* The streams fopen can hand out (FOPEN_MAX counts the three standard streams). */
static FILE files[FOPEN_MAX - 3];
static int flush_registered;

/* Writes out the buffered output of every open file (fflush(NULL), and at exit through atexit). */
static void flush_files(void)
{
    int i;
    for (i = 0; i < FOPEN_MAX - 3; i++) {
        if ((files[i].flags & (F_OPEN | F_WRITE)) == (F_OPEN | F_WRITE))
            __stdio_flushbuf(&files[i]);
    }
}

/* The open(2) flags of a mode, or -1 when the mode is not one of C's. */
static int mode_flags(const char *mode)
{
    int flags, plus = 0, excl = 0;
    const char *m;
    switch (mode[0]) {
    case 'r':
        flags = O_RDONLY;
        break;
    case 'w':
        flags = O_WRONLY | O_CREAT | O_TRUNC;
        break;
    case 'a':
        flags = O_WRONLY | O_CREAT | O_APPEND;
        break;
    default:
        return -1;
    }
    for (m = mode + 1; *m != '\0'; m++) {
        if (*m == '+')
            plus = 1;
        else if (*m == 'x' && mode[0] == 'w')
            excl = 1;
        else if (*m != 'b')
            return -1;
    }
    if (plus)
        flags = (flags & ~O_ACCMODE) | O_RDWR;
    if (excl)
        flags |= O_EXCL;
    return flags;
}

/* Opens path on f (a free slot or a standard stream) with the flags of a mode. */
static FILE *open_on(FILE *f, const char *path, int flags)
{
    int fd, acc = flags & O_ACCMODE;
    unsigned char *buf = (unsigned char *)malloc(BUFSIZ);
    if (buf == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    fd = flags == O_RDONLY ? __hcall_open(path) : __hcall_openw(path, flags, 0666);
    if (fd < 0) {
        free(buf);
        errno = -fd;
        return NULL;
    }
    f->fd = fd;
    /* an update stream starts reading ("r+") or writing ("w+", "a+") and switches as it is used */
    f->flags = F_OPEN | F_ALLOC | (acc == O_RDWR ? F_UPD | ((flags & O_CREAT) != 0 ? F_WRITE : F_READ)
                                                 : acc == O_RDONLY ? F_READ : F_WRITE);
    f->buf = buf;
    f->bufsize = BUFSIZ;
    f->wpos = 0;
    f->rpos = 0;
    f->rend = 0;
    f->ungot = -1;
    f->count = 0;
    if (acc != O_RDONLY && !flush_registered) {
        /* glibc writes out every stream at exit; clib's exit flushes the standard streams only, so the first
         * file opened for writing registers this flush (and fflush(NULL) reaches it through the hook) */
        flush_registered = 1;
        __stdio_flush_files = flush_files;
        atexit(flush_files);
    }
    return f;
}

FILE *fopen(const char *path, const char *mode)
{
    int i, flags = mode_flags(mode);
    if (flags < 0) {
        errno = EINVAL;
        return NULL;
    }
    for (i = 0; i < FOPEN_MAX - 3; i++) {
        if ((files[i].flags & F_OPEN) == 0)
            return open_on(&files[i], path, flags);
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
    int flags = mode_flags(mode);
    if ((stream->flags & F_OPEN) != 0)
        fclose(stream);
    if (path == NULL) {
        errno = EROFS;
        return NULL;
    }
    if (flags < 0) {
        errno = EINVAL;
        return NULL;
    }
    return open_on(stream, path, flags);
}
