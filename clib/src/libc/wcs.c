/* The wide string functions of wchar.h (C99 7.24.4): lengths, copies, comparisons, searches, tokens.
 * Comparisons compare wchar_t values as signed longs, as glibc does. */
#include <wchar.h>
#include <stdlib.h>

size_t wcslen(const wchar_t *s)
{
    const wchar_t *p = s;
    while (*p != 0)
        p++;
    return (size_t)(p - s);
}

size_t wcsnlen(const wchar_t *s, size_t maxlen)
{
    size_t n = 0;
    while (n < maxlen && s[n] != 0)
        n++;
    return n;
}

wchar_t *wcscpy(wchar_t *dest, const wchar_t *src)
{
    wchar_t *d = dest;
    while ((*d++ = *src++) != 0)
        ;
    return dest;
}

/* Copies at most n wide characters and pads with zeros up to n, as strncpy does. */
wchar_t *wcsncpy(wchar_t *dest, const wchar_t *src, size_t n)
{
    size_t i = 0;
    for (; i < n && src[i] != 0; i++)
        dest[i] = src[i];
    for (; i < n; i++)
        dest[i] = 0;
    return dest;
}

wchar_t *wcscat(wchar_t *dest, const wchar_t *src)
{
    wcscpy(dest + wcslen(dest), src);
    return dest;
}

/* Appends at most n wide characters and always a terminating zero. */
wchar_t *wcsncat(wchar_t *dest, const wchar_t *src, size_t n)
{
    wchar_t *d = dest + wcslen(dest);
    size_t i = 0;
    for (; i < n && src[i] != 0; i++)
        d[i] = src[i];
    d[i] = 0;
    return dest;
}

int wcscmp(const wchar_t *s1, const wchar_t *s2)
{
    while (*s1 == *s2 && *s1 != 0) {
        s1++;
        s2++;
    }
    return *s1 < *s2 ? -1 : *s1 > *s2;
}

int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n)
{
    for (; n > 0; n--, s1++, s2++) {
        if (*s1 != *s2)
            return *s1 < *s2 ? -1 : 1;
        if (*s1 == 0)
            return 0;
    }
    return 0;
}

/* The "C" locale collates by value. */
int wcscoll(const wchar_t *s1, const wchar_t *s2)
{
    return wcscmp(s1, s2);
}

/* Finds c; the terminating zero counts as part of the string. */
wchar_t *wcschr(const wchar_t *s, wchar_t c)
{
    for (;;) {
        if (*s == c)
            return (wchar_t *)s;
        if (*s == 0)
            return NULL;
        s++;
    }
}

wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
    const wchar_t *last = NULL;
    for (;;) {
        if (*s == c)
            last = s;
        if (*s == 0)
            return (wchar_t *)last;
        s++;
    }
}

wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle)
{
    size_t n = wcslen(needle);
    if (n == 0)
        return (wchar_t *)haystack;
    for (; *haystack != 0; haystack++) {
        if (*haystack == *needle && wcsncmp(haystack, needle, n) == 0)
            return (wchar_t *)haystack;
    }
    return NULL;
}

size_t wcsspn(const wchar_t *s, const wchar_t *accept)
{
    size_t n = 0;
    while (s[n] != 0 && wcschr(accept, s[n]) != NULL)
        n++;
    return n;
}

size_t wcscspn(const wchar_t *s, const wchar_t *reject)
{
    size_t n = 0;
    while (s[n] != 0 && wcschr(reject, s[n]) == NULL)
        n++;
    return n;
}

wchar_t *wcspbrk(const wchar_t *s, const wchar_t *accept)
{
    s += wcscspn(s, accept);
    return *s != 0 ? (wchar_t *)s : NULL;
}

/* The C99 form with the caller's state pointer: the next token of s (or of *saveptr when s is NULL). */
wchar_t *wcstok(wchar_t *s, const wchar_t *delim, wchar_t **saveptr)
{
    wchar_t *end;
    if (s == NULL)
        s = *saveptr;
    s += wcsspn(s, delim);
    if (*s == 0) {
        *saveptr = s;
        return NULL;
    }
    end = s + wcscspn(s, delim);
    if (*end != 0)
        *end++ = 0;
    *saveptr = end;
    return s;
}

wchar_t *wcsdup(const wchar_t *s)
{
    size_t n = wcslen(s) + 1;
    wchar_t *d = malloc(n * sizeof(wchar_t));
    if (d != NULL)
        wmemcpy(d, s, n);
    return d;
}
