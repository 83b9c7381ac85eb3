/* The turn of an update stream ("r+", "w+", "a+") between reading and writing, apart from the write and read
 * paths so that other streams pay nothing for it. */
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

int __stdio_switch(FILE *f, int to)
{
    if ((f->flags & F_UPD) == 0) {
        f->flags |= F_ERR;
        errno = EBADF;
        return EOF;
    }
    if (to == F_WRITE) {
        /* from reading: the host position goes back over the input read ahead, which is dropped, so that the
         * output lands where the program's reading stopped (glibc allows the switch without a seek too) */
        int back = (int)(f->rend - f->rpos) + (f->ungot >= 0 ? 1 : 0);
        if (back != 0)
            __hcall_lseek(f->fd, -back, SEEK_CUR);
        f->rpos = 0;
        f->rend = 0;
        f->ungot = -1;
        f->flags = (f->flags & ~F_READ) | F_WRITE;
    } else {
        /* from writing: the output goes out first */
        if (__stdio_flushbuf(f) != 0)
            return EOF;
        f->flags = (f->flags & ~F_WRITE) | F_READ;
    }
    return 0;
}
