#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>

static void reverse(char *s) { for (char *e = s + strlen(s) - 1; s < e; s++, e--) { char t = *s; *s = *e; *e = t; } }
static int is_pal(const char *s) {
    const char *e = s + strlen(s);
    while (s < e) {
        while (s < e && !isalnum((unsigned char)*s)) s++;
        while (s < e && !isalnum((unsigned char)e[-1])) e--;
        if (s < e && tolower((unsigned char)*s) != tolower((unsigned char)e[-1])) return 0;
        s++; e--;
    }
    return 1;
}
static char *itoa_base(long v, char *buf, int base) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char *p = buf;
    unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
    do { *p++ = digits[u % base]; u /= base; } while (u);
    if (v < 0) *p++ = '-';
    *p = 0;
    reverse(buf);
    return buf;
}
static int word_count(const char *s) {
    int n = 0, in = 0;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) in = 0;
        else if (!in) { in = 1; n++; }
    }
    return n;
}
static void caesar(char *s, int k) {
    for (; *s; s++) {
        if (*s >= 'a' && *s <= 'z') *s = 'a' + (*s - 'a' + k) % 26;
        else if (*s >= 'A' && *s <= 'Z') *s = 'A' + (*s - 'A' + k) % 26;
    }
}
static int levenshtein(const char *a, const char *b) {
    int la = strlen(a), lb = strlen(b);
    int d[32][32];
    for (int i = 0; i <= la; i++) d[i][0] = i;
    for (int j = 0; j <= lb; j++) d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}
static int cmpstr(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }
static int cmplen(const void *a, const void *b) {
    size_t la = strlen(*(char **)a), lb = strlen(*(char **)b);
    return la < lb ? -1 : la > lb ? 1 : strcmp(*(char **)a, *(char **)b);
}
static char *my_strtok(char *s, const char *delim, char **save) {
    if (!s) s = *save;
    s += strspn(s, delim);
    if (!*s) { *save = s; return NULL; }
    char *e = s + strcspn(s, delim);
    if (*e) *e++ = 0;
    *save = e;
    return s;
}

int main(void) {
    char buf[256];
    strcpy(buf, "Hello, World");
    reverse(buf);
    printf("%s\n", buf);
    const char *pals[] = { "A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab" };
    for (int i = 0; i < 6; i++) printf("%d", is_pal(pals[i]));
    printf("\n");
    long vals[] = { 0, 255, -255, 123456789, -2147483647L - 1, 2147483647 };
    for (int i = 0; i < 6; i++) {
        printf("%s ", itoa_base(vals[i], buf, 2));
        printf("%s ", itoa_base(vals[i], buf, 16));
        printf("%s\n", itoa_base(vals[i], buf, 36));
    }
    printf("%d\n", word_count("  the quick\tbrown\n fox  jumps "));
    strcpy(buf, "The Quick Brown Fox, xyz!");
    caesar(buf, 3);
    printf("%s\n", buf);
    caesar(buf, 23);
    printf("%s\n", buf);
    printf("%d %d %d\n", levenshtein("kitten", "sitting"), levenshtein("", "abc"), levenshtein("flaw", "lawn"));
    char *words[] = { "pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "elderberry", "grape" };
    int nw = sizeof words / sizeof words[0];
    qsort(words, nw, sizeof words[0], cmpstr);
    for (int i = 0; i < nw; i++) printf("%s ", words[i]);
    printf("\n");
    qsort(words, nw, sizeof words[0], cmplen);
    for (int i = 0; i < nw; i++) printf("%s ", words[i]);
    printf("\n");
    char text[] = "a,b;;c,,d;e f";
    char *save, *tok;
    for (tok = my_strtok(text, ",; ", &save); tok; tok = my_strtok(NULL, ",; ", &save)) printf("[%s]", tok);
    printf("\n");
    char s1[20] = "abc", s2[] = "abd";
    printf("%d %d %d\n", strcmp(s1, s2) < 0, strncmp(s1, s2, 2), memcmp(s1, s2, 3) < 0);
    strcat(s1, "def");
    strncat(s1, "ghijkl", 3);
    printf("%s %d\n", s1, (int)strlen(s1));
    printf("%s %s\n", strchr(s1, 'd'), strstr(s1, "fgh"));
    printf("%p\n", (void *)strchr(s1, 'z'));
    char m[16];
    memset(m, 'x', sizeof m);
    memcpy(m, "0123456789", 10);
    memmove(m + 2, m, 8);
    m[15] = 0;
    printf("%s\n", m);
    char esc[] = "tab\there\nnl \"q\" \\ \x41\102\0hidden";
    printf("%d %s|\n", (int)sizeof esc, esc);
    printf("%d %d %d %d\n", '\a', '\b', '\f', '\v');
    printf("%d %d %d\n", '\0', '\x7f', '\377');
    printf("%d\n", "abc"[1]);
    printf("%c\n", 1["xyz"]);
    printf("%s\n", "con" "cat" "enation");
    const char *multi = "line1\n"
                        "line2\n";
    printf("%s", multi);
    char c = 'a';
    c += 25;
    printf("%c %d\n", c, c - 'a');
    c = 'z' + 10;
    printf("%d\n", c);
    unsigned char uc = 'z' + 200;
    printf("%d\n", uc);
    int digitsum = 0;
    for (const char *p = "9876543210"; *p; p++) digitsum += *p - '0';
    printf("%d\n", digitsum);
    char up[32];
    int k = 0;
    for (const char *p = "mixed Case 123"; *p; p++) up[k++] = toupper((unsigned char)*p);
    up[k] = 0;
    printf("%s\n", up);
    sprintf(buf, "%s-%05d-%x-%c", "id", 42, 0xbeef, 'Q');
    printf("%s %d\n", buf, (int)strlen(buf));
    int n1, n2;
    char w[20];
    if (sscanf("42 17 word", "%d %d %19s", &n1, &n2, w) == 3) printf("%d %s\n", n1 + n2, w);
    printf("%ld %lu %g\n", strtol("-0x1f", 0, 16), strtoul("777", 0, 8), strtod("2.5e3xyz", 0));
    printf("%d\n", atoi("  -123abc"));
    return 0;
}
