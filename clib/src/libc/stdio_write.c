/* The write side of stdio: buffering, flushing, padding. */
#include <string.h>
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

/* Writes all n bytes with the write host call. Returns the count written. */
static unsigned int write_all(FILE *f, const unsigned char *s, unsigned int n)
{
    unsigned int done = 0;
    while (done < n) {
        int r = __hcall_write(f->fd, s + done, n - done);
        if (r <= 0) {
            f->flags |= F_ERR;
            if (r < 0)
                errno = -r;
            break;
        }
        done += (unsigned int)r;
    }
    return done;
}

int __stdio_flushbuf(FILE *f)
{
    unsigned int n = f->wpos;
    if ((f->flags & F_STR) != 0 || (f->flags & F_WRITE) == 0 || n == 0)
        return 0;
    f->wpos = 0;
    if (write_all(f, f->buf, n) != n)
        return EOF;
    return 0;
}

unsigned int __stdio_write(FILE *f, const char *s, unsigned int n)
{
    const unsigned char *p = (const unsigned char *)s;

    if ((f->flags & F_STR) != 0) {
        unsigned int room = f->bufsize - f->wpos;
        unsigned int k = n < room ? n : room;
        if (k > 0) {
            memcpy(f->buf + f->wpos, p, k);
            f->wpos += k;
        }
        f->count += n;
        return n;
    }
    if ((f->flags & F_WRITE) == 0 && __stdio_switch(f, F_WRITE) != 0)
        return 0;
    if ((f->flags & F_NBF) != 0 || f->bufsize == 0) {
        if (__stdio_flushbuf(f) != 0)
            return 0;
        return write_all(f, p, n);
    }
    if (n > f->bufsize - f->wpos) {
        if (__stdio_flushbuf(f) != 0)
            return 0;
    }
    if (n >= f->bufsize)
        return write_all(f, p, n);
    memcpy(f->buf + f->wpos, p, n);
    f->wpos += n;
    if ((f->flags & F_LBF) != 0 && memchr(p, '\n', n) != NULL) {
        if (__stdio_flushbuf(f) != 0)
            return 0;
    }
    return n;
}

void __stdio_pad(FILE *f, int c, int n)
{
    char chunk[32];
    int i;
    if (n <= 0)
        return;
    for (i = 0; i < 32; i++)
        chunk[i] = (char)c;
    while (n > 32) {
        __stdio_write(f, chunk, 32);
        n -= 32;
    }
    __stdio_write(f, chunk, (unsigned int)n);
}
