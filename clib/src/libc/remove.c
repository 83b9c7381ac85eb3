/* remove and rename work inside scmpsim's writable directory (--dir) and fail with EROFS without one (EACCES
 * for a path outside it); there are no temporary files. */
#include <errno.h>
#include "../internal/stdio_impl.h"
#include "../internal/sys.h"

int remove(const char *path)
{
    int r = __hcall_unlink(path);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}

int rename(const char *oldpath, const char *newpath)
{
    int r = __hcall_rename(oldpath, newpath);
    if (r < 0) {
        errno = -r;
        return -1;
    }
    return 0;
}

FILE *tmpfile(void)
{
    errno = EROFS;
    return NULL;
}

char *tmpnam(char *s)
{
    (void)s;
    return NULL;
}
