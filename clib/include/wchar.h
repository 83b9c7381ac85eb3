/* wchar.h - SCMP C library: wide characters and strings (C99 7.24).
 * wchar_t is long (signed, 32 bits) and wint_t unsigned int, as in gcc's i386 ABI. The "C" locale is the only
 * one: its multibyte characters are ASCII bytes; converting a byte above 127, or a wide character above 127 to
 * a byte, fails with EILSEQ, as in glibc's "C" locale. The wide printf family formats into wide characters
 * (see docs/libc.md for the conversions); fwprintf and the other stream output write each wide character as
 * its ASCII byte. */
#ifndef _WCHAR_H
#define _WCHAR_H

#include <stdarg.h>
#include <stdio.h>

#ifndef __SCMP_SIZE_T
#define __SCMP_SIZE_T
typedef unsigned int size_t;
#endif
#ifndef __SCMP_WCHAR_T
#define __SCMP_WCHAR_T
typedef long wchar_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __SCMP_WINT_T
#define __SCMP_WINT_T
typedef unsigned int wint_t;
#endif
/* The conversion state: the "C" locale has no shift states, so it is never used (mbsinit is always true). */
typedef struct {
    int __count;
    unsigned int __value;
} mbstate_t;

#define WEOF ((wint_t)-1)
#ifndef WCHAR_MAX
#define WCHAR_MAX 2147483647L
#define WCHAR_MIN (-WCHAR_MAX - 1)
#endif

size_t wcslen(const wchar_t *s);
size_t wcsnlen(const wchar_t *s, size_t maxlen);
wchar_t *wcscpy(wchar_t *dest, const wchar_t *src);
wchar_t *wcsncpy(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wcscat(wchar_t *dest, const wchar_t *src);
wchar_t *wcsncat(wchar_t *dest, const wchar_t *src, size_t n);
int wcscmp(const wchar_t *s1, const wchar_t *s2);
int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
int wcscoll(const wchar_t *s1, const wchar_t *s2);
wchar_t *wcschr(const wchar_t *s, wchar_t c);
wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle);
size_t wcsspn(const wchar_t *s, const wchar_t *accept);
size_t wcscspn(const wchar_t *s, const wchar_t *reject);
wchar_t *wcspbrk(const wchar_t *s, const wchar_t *accept);
wchar_t *wcstok(wchar_t *s, const wchar_t *delim, wchar_t **saveptr);
wchar_t *wcsdup(const wchar_t *s);

wchar_t *wmemcpy(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wmemmove(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n);
int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n);

long wcstol(const wchar_t *nptr, wchar_t **endptr, int base);
unsigned long wcstoul(const wchar_t *nptr, wchar_t **endptr, int base);
long long wcstoll(const wchar_t *nptr, wchar_t **endptr, int base);
unsigned long long wcstoull(const wchar_t *nptr, wchar_t **endptr, int base);
double wcstod(const wchar_t *nptr, wchar_t **endptr);

wint_t btowc(int c);
int wctob(wint_t c);
int mbsinit(const mbstate_t *ps);
size_t mbrlen(const char *s, size_t n, mbstate_t *ps);
size_t mbrtowc(wchar_t *pwc, const char *s, size_t n, mbstate_t *ps);
size_t wcrtomb(char *s, wchar_t wc, mbstate_t *ps);
size_t mbsrtowcs(wchar_t *dest, const char **src, size_t len, mbstate_t *ps);
size_t wcsrtombs(char *dest, const wchar_t **src, size_t len, mbstate_t *ps);

int swprintf(wchar_t *s, size_t n, const wchar_t *format, ...);
int vswprintf(wchar_t *s, size_t n, const wchar_t *format, va_list ap);
int fwprintf(FILE *stream, const wchar_t *format, ...);
int vfwprintf(FILE *stream, const wchar_t *format, va_list ap);
int wprintf(const wchar_t *format, ...);
int vwprintf(const wchar_t *format, va_list ap);

wint_t fputwc(wchar_t wc, FILE *stream);
wint_t putwc(wchar_t wc, FILE *stream);
wint_t putwchar(wchar_t wc);
int fputws(const wchar_t *ws, FILE *stream);
wint_t fgetwc(FILE *stream);
wint_t getwc(FILE *stream);
wint_t getwchar(void);
wint_t ungetwc(wint_t wc, FILE *stream);

#endif
