#include <fcntl.h>
#include <errno.h>
#include "../internal/sys.h"

/* O_RDONLY alone opens a host file for reading (hcall open: a file named on scmpsim's command line, or inside its
 * writable directory); anything else asks for a writable file (hcall openw: inside scmpsim's --dir, else EROFS).
 * The optional mode argument is not read: the host's umask decides. */
int open(const char *path, int flags, ...)
{
    int r;
    if ((flags & (O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND)) == O_RDONLY)
        r = __hcall_open(path);
    else
        r = __hcall_openw(path, flags, 0);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
