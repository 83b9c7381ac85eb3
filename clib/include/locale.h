/* locale.h - SCMP C library: only the "C" locale exists. */
#ifndef _LOCALE_H
#define _LOCALE_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#define LC_CTYPE 0
#define LC_NUMERIC 1
#define LC_TIME 2
#define LC_COLLATE 3
#define LC_MONETARY 4
#define LC_MESSAGES 5
#define LC_ALL 6

struct lconv {
    char *decimal_point;
    char *thousands_sep;
    char *grouping;
};

/* Returns "C" for NULL, "" , "C" and "POSIX"; NULL (failure) for any other name. */
char *setlocale(int category, const char *locale);
struct lconv *localeconv(void);

#endif
