/* The standard streams. stdout is line-buffered (the console), stderr unbuffered, stdin buffered. */
#include "../internal/stdio_impl.h"

static unsigned char stdin_buf[BUFSIZ];
static unsigned char stdout_buf[BUFSIZ];

/* fields: fd, flags, buf, bufsize, wpos, rpos, rend, ungot, count */
static FILE stdin_file = { 0, F_READ | F_OPEN, stdin_buf, BUFSIZ, 0, 0, 0, -1, 0 };
static FILE stdout_file = { 1, F_WRITE | F_LBF | F_OPEN, stdout_buf, BUFSIZ, 0, 0, 0, -1, 0 };
static FILE stderr_file = { 2, F_WRITE | F_NBF | F_OPEN, 0, 0, 0, 0, 0, -1, 0 };

FILE *stdin = &stdin_file;
FILE *stdout = &stdout_file;
FILE *stderr = &stderr_file;

void __stdio_exit(void)
{
    __stdio_flushbuf(stdout);
    __stdio_flushbuf(stderr);
}
