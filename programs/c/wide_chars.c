/* Wide characters: wide character constants and L"..." strings, <wchar.h>'s string, memory, conversion and
 * formatting functions, the multibyte conversions of <stdlib.h> in the "C" locale (ASCII), <wctype.h>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <wchar.h>
#include <wctype.h>

/* Prints a wide string (as %ls when it is ASCII: glibc's "C" locale cannot print other characters) and its
 * first values. */
static void show(const char *what, const wchar_t *ws)
{
    int ascii = 1;
    for (size_t i = 0; ws[i] != 0; i++)
        ascii &= ws[i] > 0 && ws[i] < 128;
    printf("%-10s [%ls] len %u:", what, ascii ? ws : L"...", (unsigned)wcslen(ws));
    for (size_t i = 0; ws[i] != 0 && i < 12; i++)
        printf(" %ld", (long)ws[i]);
    printf("\n");
}

static int sign(int v)
{
    return v < 0 ? -1 : v > 0;
}

static void literals(void)
{
    wchar_t a = L'A', nul = L'\0', hi = L'\x263A', oct = L'\101', big = L'\xffffffff';
    printf("constants %ld %ld %ld %ld %ld\n", (long)a, (long)nul, (long)hi, (long)oct, (long)big);
    printf("sizeof %u %u %u\n", (unsigned)sizeof(wchar_t), (unsigned)sizeof(L"abc"), (unsigned)sizeof(L'x'));
    printf("signed %d wint unsigned %d\n", (wchar_t)-1 < 0, (wint_t)-1 > 0);
    wchar_t s[] = L"wide" L" and " L"concatenated";
    show("concat", s);
    wchar_t esc[] = L"tab\tnl\\q\"\x41\u00e9\U0001F600";
    show("escapes", esc);
    printf("esc count %u last %lx\n", (unsigned)(sizeof esc / sizeof esc[0]), (unsigned long)esc[11]);
    const wchar_t *p = L"pointer";
    printf("index %ld %ld\n", (long)p[0], (long)L"xyz"[2]);
    wchar_t arr[8] = L"ab";
    printf("padded %ld %ld %ld\n", (long)arr[1], (long)arr[2], (long)arr[7]);
    wchar_t mixed[] = L"wide" "narrow";
    show("mixed", mixed);
    printf("limits %d %d\n", WCHAR_MAX == 2147483647, WCHAR_MIN == -WCHAR_MAX - 1);
    printf("weof %u\n", (unsigned)WEOF);
}

static void strings(void)
{
    wchar_t buf[64], buf2[64];
    wcscpy(buf, L"hello");
    wcscat(buf, L", world");
    show("wcscat", buf);
    wcsncat(buf, L"!!!???", 3);
    show("wcsncat", buf);
    wcsncpy(buf2, L"abc", 6);
    printf("wcsncpy %ld %ld %ld\n", (long)buf2[2], (long)buf2[3], (long)buf2[5]);
    wcsncpy(buf2, L"abcdefgh", 4);
    printf("wcsncpy trunc %ld %ld\n", (long)buf2[3], (long)buf2[4]);
    const wchar_t *words[] = {L"apple", L"apricot", L"banana", L"", L"app", L"apple"};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            printf("%d%s", sign(wcscmp(words[i], words[j])), j == 5 ? "\n" : " ");
    printf("wcsncmp %d %d %d\n", sign(wcsncmp(L"apple", L"apricot", 2)), sign(wcsncmp(L"apple", L"apricot", 3)),
           sign(wcsncmp(L"abc", L"abd", 0)));
    printf("negative %d\n", sign(wcscmp(L"\xffffffff", L"a")));
    const wchar_t *s = L"the quick brown fox";
    printf("wcschr %d %d %d\n", (int)(wcschr(s, L'q') - s), wcschr(s, L'z') == NULL, (int)(wcschr(s, 0) - s));
    printf("wcsrchr %d %d\n", (int)(wcsrchr(s, L'o') - s), wcsrchr(s, L'x') == s + 18);
    printf("wcsstr %d %d %d\n", (int)(wcsstr(s, L"brown") - s), wcsstr(s, L"cat") == NULL, wcsstr(s, L"") == s);
    printf("wcsspn %u %u\n", (unsigned)wcsspn(s, L"eht "), (unsigned)wcscspn(s, L"qz"));
    printf("wcspbrk %ls\n", wcspbrk(s, L"kb"));
    printf("wcsnlen %u %u\n", (unsigned)wcsnlen(s, 5), (unsigned)wcsnlen(s, 100));
    wchar_t text[] = L"  alpha,beta;;gamma , delta ";
    wchar_t *save, *tok = wcstok(text, L" ,;", &save);
    while (tok != NULL) {
        printf("token [%ls]\n", tok);
        tok = wcstok(NULL, L" ,;", &save);
    }
    wchar_t *d = wcsdup(L"duplicate");
    show("wcsdup", d);
    free(d);
}

static void memory(void)
{
    wchar_t a[10], b[10];
    wmemset(a, L'x', 10);
    wmemcpy(b, L"0123456789", 10);
    printf("wmemset %ld %ld\n", (long)a[0], (long)a[9]);
    wmemmove(b + 2, b, 6);
    printf("wmemmove");
    for (int i = 0; i < 10; i++)
        printf(" %ld", (long)(b[i] - L'0'));
    printf("\n");
    wmemmove(b, b + 3, 5);
    printf("wmemmove back");
    for (int i = 0; i < 10; i++)
        printf(" %ld", (long)(b[i] - L'0'));
    printf("\n");
    printf("wmemcmp %d %d %d\n", sign(wmemcmp(L"abcd", L"abce", 4)), sign(wmemcmp(L"abcd", L"abce", 3)),
           sign(wmemcmp(L"b", L"a", 1)));
    wchar_t z[] = L"a\0b\0c";
    printf("wmemchr %d %d\n", (int)(wmemchr(z, L'c', 5) - z), wmemchr(z, L'd', 5) == NULL);
}

static void conversions(void)
{
    wchar_t w[32];
    char c[32];
    size_t n = mbstowcs(w, "multibyte", 32);
    printf("mbstowcs %u\n", (unsigned)n);
    show("converted", w);
    printf("mbstowcs count %u\n", (unsigned)mbstowcs(NULL, "count me", 0));
    n = mbstowcs(w, "abcdef", 3);
    printf("mbstowcs short %u %ld\n", (unsigned)n, (long)w[2]);
    errno = 0;
    n = mbstowcs(w, "bad\xe9", 32);
    printf("mbstowcs high %d errno %d\n", n == (size_t)-1, errno == EILSEQ);
    n = wcstombs(c, L"back to bytes", sizeof c);
    printf("wcstombs %u [%s]\n", (unsigned)n, c);
    printf("wcstombs count %u\n", (unsigned)wcstombs(NULL, L"12345", 0));
    errno = 0;
    n = wcstombs(c, L"x\x100", sizeof c);
    printf("wcstombs wide %d errno %d\n", n == (size_t)-1, errno == EILSEQ);
    wchar_t wc = 0;
    printf("mbtowc %d %ld\n", mbtowc(&wc, "Q", 1), (long)wc);
    printf("mbtowc nul %d, n=0 %d, null %d\n", mbtowc(&wc, "", 1), mbtowc(&wc, "Q", 0), mbtowc(NULL, NULL, 0));
    printf("mbtowc high %d\n", mbtowc(&wc, "\x80", 1));
    printf("mblen %d %d %d\n", mblen("abc", 3), mblen("", 1), mblen("\xff", 1));
    char one[4] = {0};
    printf("wctomb %d [%s] %d %d\n", wctomb(one, L'z'), one, wctomb(one, 0x263A), wctomb(NULL, L'a'));
    printf("btowc %ld %d %d\n", (long)btowc('a'), btowc(EOF) == WEOF, btowc(200) == WEOF);
    printf("wctob %d %d %d\n", wctob(L'a'), wctob(0x263A), wctob(WEOF));
    mbstate_t st;
    memset(&st, 0, sizeof st);
    printf("mbsinit %d %d\n", mbsinit(&st) != 0, mbsinit(NULL) != 0);
    printf("mbrtowc %d %ld %d %d\n", (int)mbrtowc(&wc, "hi", 2, &st), (long)wc, (int)mbrtowc(&wc, "", 1, &st),
           mbrtowc(&wc, "x", 0, &st) == (size_t)-2);
    printf("mbrlen %d\n", (int)mbrlen("k", 1, &st));
    printf("wcrtomb %d %c %d\n", (int)wcrtomb(c, L'W', &st), c[0], wcrtomb(c, 0x1000, &st) == (size_t)-1);
    const char *src = "source text";
    n = mbsrtowcs(w, &src, 6, &st);
    printf("mbsrtowcs %u rest [%s]\n", (unsigned)n, src);
    n = mbsrtowcs(w, &src, 32, &st);
    printf("mbsrtowcs %u done %d\n", (unsigned)n, src == NULL);
    const wchar_t *wsrc = L"wide source";
    n = wcsrtombs(c, &wsrc, 4, &st);
    printf("wcsrtombs %u rest [%ls]\n", (unsigned)n, wsrc);
    n = wcsrtombs(c, &wsrc, sizeof c, &st);
    printf("wcsrtombs %u [%s] done %d\n", (unsigned)n, c, wsrc == NULL);
}

static void numbers(void)
{
    wchar_t *end;
    const wchar_t *in[] = {L"  12345xyz", L"-0x1F", L"0777", L"junk", L"99999999999999999999", L"+42"};
    for (int i = 0; i < 6; i++) {
        errno = 0;
        long v = wcstol(in[i], &end, 0);
        printf("wcstol %ld end %d errno %d\n", v == LONG_MAX ? 2147483647L : v, (int)(end - in[i]), errno == ERANGE);
    }
    printf("wcstoul %lu\n", wcstoul(L"4294967295", NULL, 10));
    printf("wcstoll %lld %llu\n", wcstoll(L"-9223372036854775807", NULL, 10), wcstoull(L"ffffffffffffffff", NULL, 16));
    printf("wcstol base 36 %ld\n", wcstol(L"zz", NULL, 36));
    double d = wcstod(L"  3.25e2rest", &end);
    printf("wcstod %.17g [%ls]\n", d, end);
    printf("wcstod hex %.17g\n", wcstod(L"0x1.8p3", NULL));
}

static void formatting(void)
{
    wchar_t buf[128];
    int n = swprintf(buf, 128, L"%d %5d|%-5d|%05d %+d % d", 42, 7, 7, 7, 3, 3);
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"%u %x %X %#o %#x %lld %hhd %hd %ld", 4000000000u, 255, 255, 8, 255, -5LL, 300, 70000, -9L);
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"[%s] [%10s] [%-6s] [%.2s]", "str", "right", "left", "precision");
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"[%ls] [%8ls] [%-4ls] [%.3ls]", L"wide", L"wr", L"wl", L"wprecision");
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"[%c] [%3c] [%lc] [%-3lc] %%", 'c', 'd', L'W', L'X');
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"%.3f %e %g %10.2f %-8.1f| %G", 3.14159, 12345.678, 0.0001, 2.5, -1.25, 1e-10);
    printf("%d [%ls]\n", n, buf);
    n = swprintf(buf, 128, L"%*d|%-*d|%.*f", 6, 12, 4, 3, 2, 1.23456);
    printf("%d [%ls]\n", n, buf);
    int cnt = 0;
    n = swprintf(buf, 128, L"abc%ndef", &cnt);
    printf("%d %d [%ls]\n", n, cnt, buf);
    n = swprintf(buf, 128, L"wide literal \x263A and %ls", L"\x263B");
    printf("%d last %lx %lx\n", n, (unsigned long)buf[13], (unsigned long)buf[n - 1]);
    n = swprintf(buf, 5, L"%d", 123456);
    printf("overflow %d\n", n);
    n = swprintf(buf, 5, L"%d", 1234);
    printf("fits %d [%ls]\n", n, buf);
    errno = 0;
    n = swprintf(buf, 128, L"%s", "caf\xe9");
    printf("narrow high %d errno %d\n", n, errno == EILSEQ);
    n = swprintf(buf, 128, L"%s and %ls", (char *)NULL, (wchar_t *)NULL);
    printf("%d [%ls]\n", n, buf);
}

static void classes(void)
{
    const wchar_t *sample = L"aZ5 _\t!~";
    for (const wchar_t *p = sample; *p != 0; p++)
        printf("%ld:%d%d%d%d%d%d%d%d%d%d%d%d ", (long)*p, iswalnum(*p) != 0, iswalpha(*p) != 0, iswblank(*p) != 0,
               iswcntrl(*p) != 0, iswdigit(*p) != 0, iswgraph(*p) != 0, iswlower(*p) != 0, iswprint(*p) != 0,
               iswpunct(*p) != 0, iswspace(*p) != 0, iswupper(*p) != 0, iswxdigit(*p) != 0);
    printf("\n");
    printf("non-ascii %d %d %d\n", iswalpha(0xe9) != 0, iswspace(0x3000) != 0, iswprint(0x263A) != 0);
    printf("case %lc%lc %lc%lc %ld %d\n", towupper(L'q'), towlower(L'Q'), towupper(L'5'), towlower(L'!'),
           (long)towupper(0xe9), towlower(WEOF) == WEOF);
    wchar_t s[] = L"Mixed Case 123";
    for (wchar_t *p = s; *p != 0; p++)
        *p = iswupper(*p) ? towlower(*p) : towupper(*p);
    show("swapped", s);
}

int main(void)
{
    literals();
    strings();
    memory();
    conversions();
    numbers();
    formatting();
    classes();
    return 0;
}
