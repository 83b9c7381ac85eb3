#include <fcntl.h>
#include <errno.h>
#include "../internal/sys.h"

/* Host files are read-only: any access mode but O_RDONLY, or O_CREAT/O_TRUNC/O_APPEND, fails with EROFS.
 * The optional mode argument is not read. */
int open(const char *path, int flags, ...)
{
    int r;
    if ((flags & (O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND)) != O_RDONLY) {
        errno = EROFS;
        return -1;
    }
    r = __hcall_open(path);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
