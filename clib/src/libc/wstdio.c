/* Wide character stream input and output (C99 7.24.3) in the "C" locale: a wide character is written as the
 * ASCII byte of the same value and a byte read is the wide character of the same value; anything else is an
 * encoding error (errno EILSEQ, WEOF). Streams have no orientation here: byte and wide functions mix freely. */
#include <wchar.h>
#include <stdio.h>
#include <errno.h>

wint_t fputwc(wchar_t wc, FILE *stream)
{
    if (wc < 0 || wc >= 128) {
        errno = EILSEQ;
        return WEOF;
    }
    return fputc((int)wc, stream) == EOF ? WEOF : (wint_t)wc;
}

wint_t putwc(wchar_t wc, FILE *stream)
{
    return fputwc(wc, stream);
}

wint_t putwchar(wchar_t wc)
{
    return fputwc(wc, stdout);
}

int fputws(const wchar_t *ws, FILE *stream)
{
    for (; *ws != 0; ws++) {
        if (fputwc(*ws, stream) == WEOF)
            return -1;
    }
    return 0;
}

wint_t fgetwc(FILE *stream)
{
    int c = fgetc(stream);
    if (c == EOF)
        return WEOF;
    if (c >= 128) {
        errno = EILSEQ;
        return WEOF;
    }
    return (wint_t)c;
}

wint_t getwc(FILE *stream)
{
    return fgetwc(stream);
}

wint_t getwchar(void)
{
    return fgetwc(stdin);
}

wint_t ungetwc(wint_t wc, FILE *stream)
{
    if (wc == WEOF || wc >= 128)
        return WEOF;
    return ungetc((int)wc, stream) == EOF ? WEOF : wc;
}
