/* wctype.h - SCMP C library: wide character classes (C99 7.25) of the "C" locale, where only ASCII characters
 * belong to a class (as in glibc's "C" locale); towlower and towupper change only A-Z and a-z. */
#ifndef _WCTYPE_H
#define _WCTYPE_H

#ifndef __SCMP_WINT_T
#define __SCMP_WINT_T
typedef unsigned int wint_t;
#endif
#ifndef WEOF
#define WEOF ((wint_t)-1)
#endif

int iswalnum(wint_t wc);
int iswalpha(wint_t wc);
int iswblank(wint_t wc);
int iswcntrl(wint_t wc);
int iswdigit(wint_t wc);
int iswgraph(wint_t wc);
int iswlower(wint_t wc);
int iswprint(wint_t wc);
int iswpunct(wint_t wc);
int iswspace(wint_t wc);
int iswupper(wint_t wc);
int iswxdigit(wint_t wc);
wint_t towlower(wint_t wc);
wint_t towupper(wint_t wc);

#endif
