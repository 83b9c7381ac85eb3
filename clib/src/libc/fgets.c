#include "../internal/stdio_impl.h"

/* Reads at most size-1 characters, up to and including a newline. NULL at end of file before any
 * character, or on error. */
char *fgets(char *s, int size, FILE *stream)
{
    int n = 0;
    if (size <= 0)
        return NULL;
    while (n < size - 1) {
        int c = fgetc(stream);
        if (c == EOF) {
            if (n == 0 || (stream->flags & F_ERR) != 0)
                return NULL;
            break;
        }
        s[n++] = (char)c;
        if (c == '\n')
            break;
    }
    s[n] = '\0';
    return s;
}
