/* string.h: copying, concatenation, comparison (sign only), searching, tokenizing, memory functions with
 * overlapping moves, and a few hand-written string algorithms over the results. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int sign(int v) { return (v > 0) - (v < 0); }

static void reverse(char *s)
{
    size_t i, n = strlen(s);
    for (i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

static int is_palindrome(const char *s)
{
    size_t i = 0, j = strlen(s);
    while (i + 1 < j) {
        if (s[i] != s[j - 1])
            return 0;
        i++;
        j--;
    }
    return 1;
}

static char *replace_all(const char *s, const char *from, const char *to)
{
    size_t nf = strlen(from), nt = strlen(to), count = 0;
    const char *p;
    char *out, *o;
    for (p = s; (p = strstr(p, from)) != NULL; p += nf)
        count++;
    out = malloc(strlen(s) + count * (nt - nf) + 1);
    o = out;
    while ((p = strstr(s, from)) != NULL) {
        memcpy(o, s, (size_t)(p - s));
        o += p - s;
        memcpy(o, to, nt);
        o += nt;
        s = p + nf;
    }
    strcpy(o, s);
    return out;
}

int main(void)
{
    char buf[128], buf2[128], *tok, *p;
    const char *s = "The quick brown fox jumps over the lazy dog";
    static const char *cmp[][2] = { { "abc", "abd" }, { "abc", "abc" }, { "b", "abc" }, { "", "a" },
                                    { "abc", "ab" }, { "\xff", "a" }, { "Apple", "apple" } };
    int i;

    printf("strlen %u\n", (unsigned)strlen(s));
    strcpy(buf, s);
    printf("copy: %s\n", buf);
    strncpy(buf2, s, 9);
    buf2[9] = 0;
    printf("strncpy 9: [%s]\n", buf2);
    memset(buf2, 'X', 20);
    strncpy(buf2, "short", 10);
    printf("strncpy pads: %d %d %d %c\n", buf2[5], buf2[9], buf2[10] == 'X', buf2[11]);
    strcpy(buf2, "Hello");
    strcat(buf2, ", ");
    strcat(buf2, "world");
    strncat(buf2, "!!!???", 3);
    printf("cat: %s (%u)\n", buf2, (unsigned)strlen(buf2));
    for (i = 0; i < 7; i++)
        printf("strcmp(\"%s\", \"%s\") %d, strncmp 2: %d\n", cmp[i][0][0] == '\xff' ? "\\xff" : cmp[i][0],
               cmp[i][1], sign(strcmp(cmp[i][0], cmp[i][1])), sign(strncmp(cmp[i][0], cmp[i][1], 2)));
    printf("strchr o: %s\n", strchr(s, 'o'));
    printf("strrchr o: %s\n", strrchr(s, 'o'));
    printf("strchr NUL at end: %d\n", (int)(strchr(s, 0) - s));
    printf("strchr z missing: %s\n", strchr("abc", 'z') ? "found" : "null");
    printf("strstr lazy: %s\n", strstr(s, "lazy"));
    printf("strstr empty: %d\n", strstr(s, "") == s);
    printf("strstr missing: %s\n", strstr(s, "cat") ? "found" : "null");
    printf("strspn %u strcspn %u\n", (unsigned)strspn("aaabbbccc", "ab"), (unsigned)strcspn(s, "xyz"));
    printf("strpbrk: %s\n", strpbrk(s, "xyz"));
    strcpy(buf, "  alpha,beta;;gamma , delta,,epsilon  ");
    for (tok = strtok(buf, " ,;"); tok; tok = strtok(NULL, " ,;"))
        printf("token [%s]\n", tok);
    /* memmove with overlap, both directions */
    strcpy(buf, "0123456789abcdef");
    memmove(buf + 4, buf, 8);
    printf("memmove right: %s\n", buf);
    strcpy(buf, "0123456789abcdef");
    memmove(buf, buf + 5, 9);
    printf("memmove left: %s\n", buf);
    memset(buf, '-', 10);
    buf[10] = 0;
    printf("memset: %s\n", buf);
    printf("memcmp: %d %d %d\n", sign(memcmp("abcd", "abce", 4)), sign(memcmp("abcd", "abce", 3)),
           sign(memcmp("\x80", "\x7f", 1)));
    p = memchr(s, 'q', strlen(s));
    printf("memchr: %s\n", p);
    printf("memchr beyond: %s\n", memchr(s, 'q', 4) ? "found" : "null");
    {
        char *d = strdup(s);
        reverse(d);
        printf("reversed: %s\n", d);
        free(d);
    }
    {
        static const char *words[] = { "racecar", "level", "scmp", "a", "", "abba", "abca" };
        for (i = 0; i < 7; i++)
            printf("palindrome(\"%s\") = %d\n", words[i], is_palindrome(words[i]));
    }
    p = replace_all(s, "the", "THE");
    printf("%s\n", p);
    free(p);
    p = replace_all("aaaa", "a", "bcd");
    printf("%s\n", p);
    free(p);
    p = replace_all("one two three two one", "two", "");
    printf("%s\n", p);
    free(p);
    printf("strerror(0) %s\n", strerror(0) ? "non-null" : "null");
    {
        /* build a long string and count letters */
        static char big[4096];
        int counts[26] = { 0 };
        big[0] = 0;
        for (i = 0; i < 80; i++)
            strcat(big, i % 2 ? "lorem " : "ipsum ");
        for (p = big; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                counts[*p - 'a']++;
        printf("len %u:", (unsigned)strlen(big));
        for (i = 0; i < 26; i++)
            if (counts[i])
                printf(" %c=%d", 'a' + i, counts[i]);
        printf("\n");
    }
    return 0;
}
