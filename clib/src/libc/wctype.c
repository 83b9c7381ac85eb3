/* Wide character classes (C99 7.25) of the "C" locale: an ASCII character is in the class ctype.h puts it in,
 * any other wide character (and WEOF) in none, as in glibc's "C" locale. */
#include <wctype.h>
#include <ctype.h>

#define WIDE_CLASS(name, narrowfn)                                        \
    int name(wint_t wc)                                                   \
    {                                                                     \
        return wc < 128 && narrowfn((int)wc);                             \
    }

WIDE_CLASS(iswalnum, isalnum)
WIDE_CLASS(iswalpha, isalpha)
WIDE_CLASS(iswblank, isblank)
WIDE_CLASS(iswcntrl, iscntrl)
WIDE_CLASS(iswdigit, isdigit)
WIDE_CLASS(iswgraph, isgraph)
WIDE_CLASS(iswlower, islower)
WIDE_CLASS(iswprint, isprint)
WIDE_CLASS(iswpunct, ispunct)
WIDE_CLASS(iswspace, isspace)
WIDE_CLASS(iswupper, isupper)
WIDE_CLASS(iswxdigit, isxdigit)

wint_t towlower(wint_t wc)
{
    return wc < 128 ? (wint_t)tolower((int)wc) : wc;
}

wint_t towupper(wint_t wc)
{
    return wc < 128 ? (wint_t)toupper((int)wc) : wc;
}
