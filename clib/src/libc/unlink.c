/* unlink: removes a file inside scmpsim's writable directory (--dir); without one it fails with EROFS. */
#include <unistd.h>
#include <errno.h>
#include "../internal/sys.h"

int unlink(const char *path)
{
    int r = __hcall_unlink(path);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}
