#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

int close(int fd)
{
    int r = __hcall_close(fd);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}
