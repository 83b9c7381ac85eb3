#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

ssize_t write(int fd, const void *buf, size_t count)
{
    int r = __hcall_write(fd, buf, count);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return r;
}
