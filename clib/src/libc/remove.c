/* The host file system is read-only for guest programs: these fail politely. */
#include <errno.h>
#include "../internal/stdio_impl.h"

int remove(const char *path)
{
    (void)path;
    errno = EROFS;
    return -1;
}

int rename(const char *oldpath, const char *newpath)
{
    (void)oldpath;
    (void)newpath;
    errno = EROFS;
    return -1;
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
