#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

ssize_t read(int fd, void *buf, size_t count)
{
    int r = __hcall_read(fd, buf, count);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
