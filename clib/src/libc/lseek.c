#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

off_t lseek(int fd, off_t offset, int whence)
{
    int r = __hcall_lseek(fd, (int)offset, whence);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
