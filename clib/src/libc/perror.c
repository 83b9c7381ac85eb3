#include <string.h>
#include <errno.h>
#include "../internal/stdio_impl.h"

/* "s: message\n" on stderr, or just the message if s is NULL or empty. */
void perror(const char *s)
{
    const char *msg = strerror(errno);
    if (s != NULL && *s != '\0') {
        fputs(s, stderr);
        fputs(": ", stderr);
    }
    fputs(msg, stderr);
    fputs("\n", stderr);
}
