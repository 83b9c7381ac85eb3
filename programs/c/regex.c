/* Pattern matching: Kernighan and Pike's regular expression matcher (^ $ . * c), a glob matcher with * ? and
 * [...] classes, and KMP substring search with its failure table, run over tables of patterns and texts. */
#include <stdio.h>
#include <string.h>

static int match_here(const char *re, const char *text);

static int match_star(int c, const char *re, const char *text)
{
    do {
        if (match_here(re, text))
            return 1;
    } while (*text != '\0' && (*text++ == c || c == '.'));
    return 0;
}

static int match_here(const char *re, const char *text)
{
    if (re[0] == '\0')
        return 1;
    if (re[1] == '*')
        return match_star(re[0], re + 2, text);
    if (re[0] == '$' && re[1] == '\0')
        return *text == '\0';
    if (*text != '\0' && (re[0] == '.' || re[0] == *text))
        return match_here(re + 1, text + 1);
    return 0;
}

static int match(const char *re, const char *text)
{
    if (re[0] == '^')
        return match_here(re + 1, text);
    do {
        if (match_here(re, text))
            return 1;
    } while (*text++ != '\0');
    return 0;
}

static int glob(const char *p, const char *s)
{
    const char *star_p = NULL, *star_s = NULL;
    while (*s) {
        if (*p == '*') {
            star_p = ++p;
            star_s = s;
            continue;
        }
        if (*p == '[') {
            const char *q = p + 1;
            int neg = 0, hit = 0;
            if (*q == '!') {
                neg = 1;
                q++;
            }
            while (*q && *q != ']') {
                if (q[1] == '-' && q[2] && q[2] != ']') {
                    if (*s >= q[0] && *s <= q[2])
                        hit = 1;
                    q += 3;
                } else {
                    if (*s == *q)
                        hit = 1;
                    q++;
                }
            }
            if (*q == ']' && hit != neg) {
                p = q + 1;
                s++;
                continue;
            }
        } else if (*p == '?' || *p == *s) {
            p++;
            s++;
            continue;
        }
        if (star_p) {
            p = star_p;
            s = ++star_s;
            continue;
        }
        return 0;
    }
    while (*p == '*')
        p++;
    return *p == '\0';
}

static int kmp(const char *text, const char *pat, int *positions, int max)
{
    int m = (int)strlen(pat), fail[64], i, k = 0, count = 0;
    fail[0] = 0;
    for (i = 1; i < m; i++) {
        while (k > 0 && pat[i] != pat[k])
            k = fail[k - 1];
        if (pat[i] == pat[k])
            k++;
        fail[i] = k;
    }
    k = 0;
    for (i = 0; text[i]; i++) {
        while (k > 0 && text[i] != pat[k])
            k = fail[k - 1];
        if (text[i] == pat[k])
            k++;
        if (k == m) {
            if (count < max)
                positions[count] = i - m + 1;
            count++;
            k = fail[k - 1];
        }
    }
    return count;
}

int main(void)
{
    static const char *res[] = { "abc", "^abc", "abc$", "a.c", "a*b", "^a*$", ".*", "^$", "x*y*z*", "b.*d$",
                                 "^.b", "c*" };
    static const char *texts[] = { "abc", "xabcx", "aaab", "", "ac", "abd", "bbd", "abcd", "xyz", "aaa" };
    static const char *globs[] = { "*.c", "a?c", "[a-c]*", "[!a]*", "*x*y*", "*", "???", "[abc][0-9]" };
    static const char *names[] = { "main.c", "abc", "a.h", "xaybz", "b7", "", "zzz", "c0", "abc.c" };
    int i, j;
    printf("%-8s", "");
    for (j = 0; j < 10; j++)
        printf(" %-5.5s", texts[j][0] ? texts[j] : "''");
    printf("\n");
    for (i = 0; i < 12; i++) {
        printf("%-8s", res[i]);
        for (j = 0; j < 10; j++)
            printf(" %-5d", match(res[i], texts[j]));
        printf("\n");
    }
    for (i = 0; i < 8; i++) {
        printf("%-11s", globs[i]);
        for (j = 0; j < 9; j++)
            printf("%d", glob(globs[i], names[j]));
        printf("\n");
    }
    {
        const char *text = "abracadabra abracadabra cadabra dabracabra";
        static const char *pats[] = { "abra", "cad", "a", "dabra", "xyz", "abracadabra", "ra c" };
        int pos[16], k;
        for (i = 0; i < 7; i++) {
            int n = kmp(text, pats[i], pos, 16);
            printf("kmp \"%s\": %d at", pats[i], n);
            for (k = 0; k < n && k < 16; k++)
                printf(" %d", pos[k]);
            printf("\n");
        }
    }
    return 0;
}
