#include "../internal/stdio_impl.h"

int fputc(int c, FILE *stream)
{
    char ch = (char)c;
    if (__stdio_write(stream, &ch, 1) != 1)
        return EOF;
    return (unsigned char)ch;
}

int putc(int c, FILE *stream)
{
    return fputc(c, stream);
}
