/* The read side of stdio: refilling the buffer. */
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

int __stdio_fill(FILE *f)
{
    int r;
    if ((f->flags & F_STR) != 0) {
        f->flags |= F_EOF;
        return 0;
    }
    if ((f->flags & F_READ) == 0 && __stdio_switch(f, F_READ) != 0)
        return 0;
    /* Reading the console: show the prompt first, as an interactive C library does. */
    if (f->fd == 0)
        __stdio_flushbuf(stdout);
    f->rpos = 0;
    f->rend = 0;
    r = __hcall_read(f->fd, f->buf, f->bufsize);
    if (r < 0) {
        f->flags |= F_ERR;
        errno = -r;
        return 0;
    }
    if (r == 0) {
        f->flags |= F_EOF;
        return 0;
    }
    f->rend = (unsigned int)r;
    return r;
}
