/* Wide string to number conversions (C99 7.24.4.1): the longest prefix of ASCII characters is converted by the
 * narrow function (strtol and the others), so the syntax and the results are the same; the end pointer is
 * mapped back into the wide string. */
#include <wchar.h>
#include <stdlib.h>

/* The ASCII prefix of nptr as a narrow string in buf (or a malloc'ed copy when longer); NULL if no memory. */
static char *narrow(const wchar_t *nptr, char *buf, size_t size)
{
    size_t n = 0, i;
    char *s = buf;
    while (nptr[n] > 0 && nptr[n] < 128)
        n++;
    if (n >= size && (s = malloc(n + 1)) == NULL)
        return NULL;
    for (i = 0; i < n; i++)
        s[i] = (char)nptr[i];
    s[n] = '\0';
    return s;
}

/* Sets *endptr to the wide character matching narrow end pointer e of s, and frees s if it was malloc'ed. */
static void done(const wchar_t *nptr, wchar_t **endptr, char *s, char *e, char *buf)
{
    if (endptr != NULL)
        *endptr = (wchar_t *)(nptr + (e - s));
    if (s != buf)
        free(s);
}

#define WIDE_STRTO(name, type, narrowfn)                                  \
    type name(const wchar_t *nptr, wchar_t **endptr, int base)            \
    {                                                                     \
        char buf[80], *e, *s = narrow(nptr, buf, sizeof buf);             \
        type v;                                                           \
        if (s == NULL) {                                                  \
            if (endptr != NULL)                                           \
                *endptr = (wchar_t *)nptr;                                \
            return 0;                                                     \
        }                                                                 \
        v = narrowfn(s, &e, base);                                        \
        done(nptr, endptr, s, e, buf);                                    \
        return v;                                                         \
    }

WIDE_STRTO(wcstol, long, strtol)
WIDE_STRTO(wcstoul, unsigned long, strtoul)
WIDE_STRTO(wcstoll, long long, strtoll)
WIDE_STRTO(wcstoull, unsigned long long, strtoull)

double wcstod(const wchar_t *nptr, wchar_t **endptr)
{
    char buf[80], *e, *s = narrow(nptr, buf, sizeof buf);
    double v;
    if (s == NULL) {
        if (endptr != NULL)
            *endptr = (wchar_t *)nptr;
        return 0;
    }
    v = strtod(s, &e);
    done(nptr, endptr, s, e, buf);
    return v;
}
