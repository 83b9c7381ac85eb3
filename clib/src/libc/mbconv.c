/* Conversions between multibyte and wide characters (C99 7.20.7, 7.20.8, 7.24.6) in the "C" locale, the only
 * one: a multibyte character is one ASCII byte and stands for the wide character of the same value. A byte
 * above 127, or a wide character outside 0..127, is an encoding error: the function sets errno to EILSEQ and
 * returns -1 ((size_t)-1), as glibc's "C" locale does. There are no shift states, so an mbstate_t is never
 * read or written. */
#include <wchar.h>
#include <stdlib.h>
#include <errno.h>

/* Whether wide character wc has a multibyte form (a byte of the same value). */
static int ascii(wchar_t wc)
{
    return wc >= 0 && wc < 128;
}

static size_t ilseq(void)
{
    errno = EILSEQ;
    return (size_t)-1;
}

size_t mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps)
{
    unsigned char c;
    (void)ps;
    if (s == NULL)
        return 0;
    if (n == 0)
        return (size_t)-2;
    c = (unsigned char)*s;
    if (c >= 128)
        return ilseq();
    if (pwc != NULL)
        *pwc = c;
    return c != 0;
}

size_t mbrlen(const char *s, size_t n, mbstate_t *ps)
{
    return mbrtowc(NULL, s, n, ps);
}

size_t wcrtomb(char *s, wchar_t wc, mbstate_t *ps)
{
    (void)ps;
    if (s == NULL)
        return 1;
    if (!ascii(wc))
        return ilseq();
    *s = (char)wc;
    return 1;
}

int mbsinit(const mbstate_t *ps)
{
    (void)ps;
    return 1;
}

wint_t btowc(int c)
{
    return c >= 0 && c < 128 ? (wint_t)c : WEOF;
}

int wctob(wint_t c)
{
    return c < 128 ? (int)c : EOF;
}

int mblen(const char *s, size_t n)
{
    return mbtowc(NULL, s, n);
}

int mbtowc(wchar_t *pwc, const char *s, size_t n)
{
    size_t r;
    if (s == NULL)
        return 0;
    if (n == 0 && *s != '\0')
        return -1;
    if (n == 0)
        n = 1;  /* glibc converts an empty string whatever n is */
    r = mbrtowc(pwc, s, n, NULL);
    return r == (size_t)-1 ? -1 : (int)r;
}

int wctomb(char *s, wchar_t wc)
{
    if (s == NULL)
        return 0;
    return wcrtomb(s, wc, NULL) == (size_t)-1 ? -1 : 1;
}

/* Converts the string *src, storing at most len wide characters in dest (all of them, uncounted, when dest is
 * NULL). Returns how many were stored, without the terminating zero; *src becomes NULL when the zero was
 * converted, else points after the last byte converted. */
size_t mbsrtowcs(wchar_t *dest, const char **src, size_t len, mbstate_t *ps)
{
    const char *s = *src;
    size_t n = 0;
    (void)ps;
    for (; dest == NULL || n < len; n++, s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 128) {
            if (dest != NULL)
                *src = s;
            return ilseq();
        }
        if (dest != NULL)
            dest[n] = c;
        if (c == 0) {
            if (dest != NULL)
                *src = NULL;
            return n;
        }
    }
    *src = s;
    return n;
}

/* The other way: at most len bytes in dest (all, uncounted, when dest is NULL). */
size_t wcsrtombs(char *dest, const wchar_t **src, size_t len, mbstate_t *ps)
{
    const wchar_t *s = *src;
    size_t n = 0;
    (void)ps;
    for (; dest == NULL || n < len; n++, s++) {
        if (!ascii(*s)) {
            if (dest != NULL)
                *src = s;
            return ilseq();
        }
        if (dest != NULL)
            dest[n] = (char)*s;
        if (*s == 0) {
            if (dest != NULL)
                *src = NULL;
            return n;
        }
    }
    *src = s;
    return n;
}

size_t mbstowcs(wchar_t *dest, const char *src, size_t n)
{
    return mbsrtowcs(dest, &src, n, NULL);
}

size_t wcstombs(char *dest, const wchar_t *src, size_t n)
{
    return wcsrtombs(dest, &src, n, NULL);
}
