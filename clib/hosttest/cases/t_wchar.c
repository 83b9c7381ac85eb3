/* wchar.h, wctype.h and the multibyte conversions of stdlib.h against glibc ("C" locale) on random inputs:
 * wide strings over an alphabet with characters outside ASCII, random swprintf formats, random bytes for
 * the multibyte conversions. */
#include "ht.h"
#include <wchar.h>
#include <wctype.h>

size_t scmp_wcslen(const wchar_t *);
wchar_t *scmp_wcscpy(wchar_t *, const wchar_t *);
wchar_t *scmp_wcsncpy(wchar_t *, const wchar_t *, size_t);
wchar_t *scmp_wcscat(wchar_t *, const wchar_t *);
wchar_t *scmp_wcsncat(wchar_t *, const wchar_t *, size_t);
int scmp_wcscmp(const wchar_t *, const wchar_t *);
int scmp_wcsncmp(const wchar_t *, const wchar_t *, size_t);
wchar_t *scmp_wcschr(const wchar_t *, wchar_t);
wchar_t *scmp_wcsrchr(const wchar_t *, wchar_t);
wchar_t *scmp_wcsstr(const wchar_t *, const wchar_t *);
size_t scmp_wcsspn(const wchar_t *, const wchar_t *);
size_t scmp_wcscspn(const wchar_t *, const wchar_t *);
wchar_t *scmp_wcspbrk(const wchar_t *, const wchar_t *);
wchar_t *scmp_wcstok(wchar_t *, const wchar_t *, wchar_t **);
int scmp_wmemcmp(const wchar_t *, const wchar_t *, size_t);
wchar_t *scmp_wmemchr(const wchar_t *, wchar_t, size_t);
wchar_t *scmp_wmemmove(wchar_t *, const wchar_t *, size_t);
long scmp_wcstol(const wchar_t *, wchar_t **, int);
unsigned long long scmp_wcstoull(const wchar_t *, wchar_t **, int);
double scmp_wcstod(const wchar_t *, wchar_t **);
int scmp_swprintf(wchar_t *, size_t, const wchar_t *, ...);
int scmp_mbtowc(wchar_t *, const char *, size_t);
int scmp_wctomb(char *, wchar_t);
size_t scmp_mbstowcs(wchar_t *, const char *, size_t);
size_t scmp_wcstombs(char *, const wchar_t *, size_t);
wint_t scmp_btowc(int);
int scmp_wctob(wint_t);
int scmp_iswalnum(wint_t); int scmp_iswalpha(wint_t); int scmp_iswblank(wint_t); int scmp_iswcntrl(wint_t);
int scmp_iswdigit(wint_t); int scmp_iswgraph(wint_t); int scmp_iswlower(wint_t); int scmp_iswprint(wint_t);
int scmp_iswpunct(wint_t); int scmp_iswspace(wint_t); int scmp_iswupper(wint_t); int scmp_iswxdigit(wint_t);
wint_t scmp_towlower(wint_t); wint_t scmp_towupper(wint_t);

static int sgn(int x) { return (x > 0) - (x < 0); }

static const wchar_t alphabet[] = {L'a', L'b', L'c', L'A', L' ', L',', 0xe9, 0x263a, -5};

static void rwcs(wchar_t *s, int n)
{
    int i;
    for (i = 0; i < n; i++)
        s[i] = alphabet[rnd(sizeof alphabet / sizeof alphabet[0])];
    s[n] = 0;
}

static void strings(long n)
{
    static wchar_t a[100], b[100], c[200], d[200];
    long k;
    for (k = 0; k < n; k++) {
        int la = (int)rnd(30), lb = (int)rnd(6);
        size_t m = rnd(40);
        wchar_t ch = alphabet[rnd(sizeof alphabet / sizeof alphabet[0])];
        rwcs(a, la);
        rwcs(b, lb);
        ht_check(scmp_wcslen(a) == wcslen(a), "wcslen");
        ht_check(sgn(scmp_wcscmp(a, b)) == sgn(wcscmp(a, b)), "wcscmp");
        ht_check(sgn(scmp_wcsncmp(a, b, m)) == sgn(wcsncmp(a, b, m)), "wcsncmp");
        ht_check(scmp_wcschr(a, ch) == wcschr(a, ch) && scmp_wcsrchr(a, ch) == wcsrchr(a, ch), "wcschr");
        ht_check(scmp_wcsstr(a, b) == wcsstr(a, b), "wcsstr");
        ht_check(scmp_wcsspn(a, b) == wcsspn(a, b) && scmp_wcscspn(a, b) == wcscspn(a, b), "wcsspn");
        ht_check(scmp_wcspbrk(a, b) == wcspbrk(a, b), "wcspbrk");
        ht_check(sgn(scmp_wmemcmp(a, b, m < 6 ? m : 6)) == sgn(wmemcmp(a, b, m < 6 ? m : 6)), "wmemcmp");
        ht_check(scmp_wmemchr(a, ch, (size_t)la) == wmemchr(a, ch, (size_t)la), "wmemchr");
        wcscpy(c, a);
        scmp_wcscpy(d, a);
        scmp_wcsncat(d, b, m);
        wcsncat(c, b, m);
        ht_check(wcscmp(c, d) == 0, "wcsncat");
        wmemset(c, 7, 100);
        wmemset(d, 7, 100);
        wcsncpy(c, a, m);
        scmp_wcsncpy(d, a, m);
        ht_check(wmemcmp(c, d, 100) == 0, "wcsncpy");
        wmemmove(c + rnd(8), c + rnd(8), rnd(40));
        memcpy(d, c, sizeof c);
        {
            size_t to = rnd(8), from = rnd(8), len = rnd(40);
            wmemmove(c + to, c + from, len);
            scmp_wmemmove(d + to, d + from, len);
            ht_check(wmemcmp(c, d, 100) == 0, "wmemmove");
        }
        {
            wchar_t *s1, *s2, *t1, *t2;
            wcscpy(c, a);
            wcscpy(d, a);
            t1 = wcstok(c, b, &s1);
            t2 = scmp_wcstok(d, b, &s2);
            while (t1 != NULL && t2 != NULL && t1 - c == t2 - d && wcscmp(t1, t2) == 0) {
                t1 = wcstok(NULL, b, &s1);
                t2 = scmp_wcstok(NULL, b, &s2);
            }
            ht_check(t1 == NULL && t2 == NULL, "wcstok");
        }
    }
}

static void numbers(long n)
{
    static const char *const pieces[] = {" ", "-", "+", "0", "1", "7", "9", "x", "f", "e", ".", "z", "8", "5"};
    long k;
    for (k = 0; k < n; k++) {
        wchar_t s[32], *e1, *e2;
        int len = (int)rnd(12), i, base = (int)rnd(5) == 0 ? 0 : (int)rnd(35) + 2;
        for (i = 0; i < len; i++)
            s[i] = (wchar_t)pieces[rnd(sizeof pieces / sizeof pieces[0])][0];
        s[len] = 0;
        if (base == 1)
            base = 10;
        errno = 0;
        scmp_errno = 0;
        ht_check(scmp_wcstol(s, &e2, base) == wcstol(s, &e1, base) && e1 == e2 && errno == scmp_errno,
                 "wcstol %ls base %d", s, base);
        ht_check(scmp_wcstoull(s, &e2, base) == wcstoull(s, &e1, base) && e1 == e2, "wcstoull %ls", s);
        ht_check(dbits(scmp_wcstod(s, &e2)) == dbits(wcstod(s, &e1)) && e1 == e2, "wcstod %ls", s);
    }
}

/* A random conversion specification and its argument, formatted by both. */
static void one_format(void)
{
    static const char *const flags[] = {"", "-", "+", " ", "#", "0", "-+", "0#"};
    static const char *const convs = "diuoxXcseEfgGaAp";
    wchar_t fmt[64], want[256], got[256];
    char narrow[64];
    char conv = convs[rnd(16)];
    /* width and precision are always given as arguments; a negative precision counts as none */
    int w = (int)rnd(30) - 5, p = (int)rnd(13) - 1, rw, rg;
    size_t n = rnd(4) == 0 ? rnd(20) : 256;
    snprintf(narrow, sizeof narrow, "<%%%s*.*%s%c>", flags[rnd(8)],
             conv == 'c' || conv == 's' ? (rnd(2) ? "l" : "") : (conv == 'd' || conv == 'x') && rnd(2) ? "ll" : "",
             conv);
    mbstowcs(fmt, narrow, 64);
    wmemset(want, 1, 256);
    wmemset(got, 1, 256);
    if (strchr("eEfgGaA", conv) != NULL) {
        double x = rnd(2) ? rnd_bits_double() : (double)(int)rnd64() / 1000;
        rw = swprintf(want, n, fmt, w, p, x);
        rg = scmp_swprintf(got, n, fmt, w, p, x);
    } else if (conv == 'c') {
        int c = strstr(narrow, "l") ? (int)alphabet[rnd(8)] : "abz %"[rnd(5)];
        rw = swprintf(want, n, fmt, w, p, c);
        rg = scmp_swprintf(got, n, fmt, w, p, c);
    } else if (conv == 's') {
        wchar_t ws[12];
        rwcs(ws, (int)rnd(11));
        if (strstr(narrow, "l")) {
            rw = swprintf(want, n, fmt, w, p, ws);
            rg = scmp_swprintf(got, n, fmt, w, p, ws);
        } else {
            rw = swprintf(want, n, fmt, w, p, "narrow str");
            rg = scmp_swprintf(got, n, fmt, w, p, "narrow str");
        }
    } else if (conv == 'p') {
        void *ptr = (void *)(uintptr_t)rnd64();
        rw = swprintf(want, n, fmt, w, p, ptr);
        rg = scmp_swprintf(got, n, fmt, w, p, ptr);
    } else if (strstr(narrow, "ll")) {
        long long v = (long long)rnd64() >> rnd(64);
        rw = swprintf(want, n, fmt, w, p, v);
        rg = scmp_swprintf(got, n, fmt, w, p, v);
    } else {
        int v = (int)rnd64() >> rnd(32);
        rw = swprintf(want, n, fmt, w, p, v);
        rg = scmp_swprintf(got, n, fmt, w, p, v);
    }
    ht_check(rw == rg && (rw < 0 || wcscmp(want, got) == 0), "swprintf \"%s\" size %u: %d [%ls] vs %d [%ls]",
             narrow, (unsigned)n, rw, rw < 0 ? L"" : want, rg, rg < 0 ? L"" : got);
}

static void conversions(long n)
{
    long k;
    for (k = 0; k < n; k++) {
        char bytes[16], b1[16], b2[16];
        wchar_t w1[16], w2[16], wc1 = 0, wc2 = 0;
        int len = (int)rnd(12), i;
        size_t r1, r2, m = rnd(14);
        for (i = 0; i < len; i++)
            bytes[i] = (char)(rnd(6) == 0 ? 128 + rnd(128) : 1 + rnd(127));
        bytes[len] = '\0';
        wmemset(w1, 9, 16);
        wmemset(w2, 9, 16);
        r1 = mbstowcs(w1, bytes, m);
        r2 = scmp_mbstowcs(w2, bytes, m);
        ht_check(r1 == r2 && (r1 == (size_t)-1 || wmemcmp(w1, w2, r1 < m ? r1 + 1 : m) == 0), "mbstowcs");
        ht_check(mbstowcs(NULL, bytes, 0) == scmp_mbstowcs(NULL, bytes, 0), "mbstowcs count");
        ht_check(mbtowc(&wc1, bytes, m) == scmp_mbtowc(&wc2, bytes, m) && wc1 == wc2, "mbtowc");
        rwcs(w1, len);
        for (i = 0; i < len; i++)
            if (w1[i] == -5)
                w1[i] = L'q';
        memset(b1, 9, 16);
        memset(b2, 9, 16);
        r1 = wcstombs(b1, w1, m);
        r2 = scmp_wcstombs(b2, w1, m);
        ht_check(r1 == r2 && (r1 == (size_t)-1 || memcmp(b1, b2, r1 < m ? r1 + 1 : m) == 0), "wcstombs");
        {
            wchar_t wc = alphabet[rnd(9)];
            int c = (int)rnd(300) - 1;
            ht_check(wctomb(b1, wc) == scmp_wctomb(b2, wc), "wctomb %ld", (long)wc);
            ht_check(btowc(c) == scmp_btowc(c) && wctob((wint_t)wc) == scmp_wctob((wint_t)wc), "btowc %d", c);
        }
    }
}

static void classes(void)
{
    long c;
    for (c = -1; c < 0x3100; c++) {
        wint_t w = (wint_t)c;
        ht_check(!iswalnum(w) == !scmp_iswalnum(w) && !iswalpha(w) == !scmp_iswalpha(w)
                 && !iswblank(w) == !scmp_iswblank(w) && !iswcntrl(w) == !scmp_iswcntrl(w)
                 && !iswdigit(w) == !scmp_iswdigit(w) && !iswgraph(w) == !scmp_iswgraph(w)
                 && !iswlower(w) == !scmp_iswlower(w) && !iswprint(w) == !scmp_iswprint(w)
                 && !iswpunct(w) == !scmp_iswpunct(w) && !iswspace(w) == !scmp_iswspace(w)
                 && !iswupper(w) == !scmp_iswupper(w) && !iswxdigit(w) == !scmp_iswxdigit(w)
                 && towlower(w) == scmp_towlower(w) && towupper(w) == scmp_towupper(w), "class %ld", c);
    }
}

int main(void)
{
    long n = ht_count(20000), k;
    ht_seed();
    strings(n);
    numbers(n);
    for (k = 0; k < n; k++)
        one_format();
    conversions(n);
    classes();
    return ht_done("wchar");
}
