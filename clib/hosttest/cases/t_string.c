/* string.h, strings.h, ctype.h and strerror against glibc ("C" locale) on random inputs. */
#include "ht.h"
#include <ctype.h>
#include <strings.h>

void *scmp_memcpy(void *, const void *, size_t);
void *scmp_memmove(void *, const void *, size_t);
void *scmp_memset(void *, int, size_t);
int scmp_memcmp(const void *, const void *, size_t);
void *scmp_memchr(const void *, int, size_t);
size_t scmp_strlen(const char *);
size_t scmp_strnlen(const char *, size_t);
char *scmp_strcpy(char *, const char *);
char *scmp_strncpy(char *, const char *, size_t);
char *scmp_strcat(char *, const char *);
char *scmp_strncat(char *, const char *, size_t);
int scmp_strcmp(const char *, const char *);
int scmp_strncmp(const char *, const char *, size_t);
int scmp_strcoll(const char *, const char *);
size_t scmp_strxfrm(char *, const char *, size_t);
char *scmp_strchr(const char *, int);
char *scmp_strrchr(const char *, int);
char *scmp_strstr(const char *, const char *);
size_t scmp_strspn(const char *, const char *);
size_t scmp_strcspn(const char *, const char *);
char *scmp_strpbrk(const char *, const char *);
char *scmp_strtok(char *, const char *);
char *scmp_strdup(const char *);
char *scmp_strndup(const char *, size_t);
char *scmp_strerror(int);
int scmp_strcasecmp(const char *, const char *);
int scmp_strncasecmp(const char *, const char *, size_t);
int scmp_isalnum(int); int scmp_isalpha(int); int scmp_isblank(int); int scmp_iscntrl(int);
int scmp_isdigit(int); int scmp_isgraph(int); int scmp_islower(int); int scmp_isprint(int);
int scmp_ispunct(int); int scmp_isspace(int); int scmp_isupper(int); int scmp_isxdigit(int);
int scmp_tolower(int); int scmp_toupper(int);

static int sgn(int x) { return (x > 0) - (x < 0); }

static void rstr(char *s, int n, int alpha)
{
    int i;
    for (i = 0; i < n; i++)
        s[i] = (char)(alpha ? "abcAB\xe9"[rnd(6)] : (int)rnd(255) + 1);
    s[n] = '\0';
}

int main(void)
{
    static char a[600], b[600], c[600], d[600];
    long n = ht_count(100000), k;
    int i;
    ht_seed();
    for (k = 0; k < n; k++) {
        int la = (int)rnd(40), lb = (int)rnd(8), off1 = (int)rnd(8), off2 = (int)rnd(8), len = (int)rnd(60);
        size_t m = rnd(50);
        int ch = "abcAB\xe9"[rnd(6)];
        rstr(a, la, 1);
        rstr(b, lb, 1);
        ht_check(scmp_strlen(a) == strlen(a) && scmp_strnlen(a, m) == strnlen(a, m), "strlen");
        ht_check(sgn(scmp_strcmp(a, b)) == sgn(strcmp(a, b)) && sgn(scmp_strncmp(a, b, m)) == sgn(strncmp(a, b, m)),
                 "strcmp \"%s\" \"%s\"", a, b);
        ht_check(sgn(scmp_strcoll(a, b)) == sgn(strcmp(a, b)), "strcoll");
        ht_check(sgn(scmp_strcasecmp(a, b)) == sgn(strcasecmp(a, b)) &&
                     sgn(scmp_strncasecmp(a, b, m)) == sgn(strncasecmp(a, b, m)),
                 "strcasecmp \"%s\" \"%s\"", a, b);
        ht_check(sgn(scmp_memcmp(a, b, m < 9 ? m : 8)) == sgn(memcmp(a, b, m < 9 ? m : 8)), "memcmp");
        ht_check(scmp_strchr(a, ch) == strchr(a, ch) && scmp_strrchr(a, ch) == strrchr(a, ch) &&
                     scmp_strchr(a, 0) == strchr(a, 0),
                 "strchr");
        ht_check(scmp_memchr(a, ch, m) == memchr(a, ch, m), "memchr");
        ht_check(scmp_strstr(a, b) == strstr(a, b), "strstr \"%s\" \"%s\"", a, b);
        ht_check(scmp_strspn(a, b) == strspn(a, b) && scmp_strcspn(a, b) == strcspn(a, b) &&
                     scmp_strpbrk(a, b) == strpbrk(a, b),
                 "strspn");
        /* copies, with misaligned pointers and overlap for memmove */
        rstr(c, 500, 0);
        memcpy(d, c, 600);
        scmp_memcpy(c + off1, a + off2, (size_t)len);
        memcpy(d + off1, a + off2, (size_t)len);
        ht_check(memcmp(c, d, 600) == 0, "memcpy");
        scmp_memmove(c + off1, c + off2, (size_t)len * 4);
        memmove(d + off1, d + off2, (size_t)len * 4);
        ht_check(memcmp(c, d, 600) == 0, "memmove %d %d %d", off1, off2, len);
        scmp_memset(c + off1, ch, (size_t)len * 3);
        memset(d + off1, ch, (size_t)len * 3);
        ht_check(memcmp(c, d, 600) == 0, "memset");
        scmp_strcpy(c, a);
        scmp_strcat(c, b);
        strcpy(d, a);
        strcat(d, b);
        ht_check(strcmp(c, d) == 0, "strcpy/strcat");
        memset(c, 'x', 100);
        memset(d, 'x', 100);
        scmp_strncpy(c, a, m);
        strncpy(d, a, m);
        ht_check(memcmp(c, d, 100) == 0, "strncpy");
        scmp_strncat(c, b, m / 3);
        strncat(d, b, m / 3);
        ht_check(memcmp(c, d, 100) == 0, "strncat");
        {
            char *p = scmp_strdup(a), *q = scmp_strndup(a, m);
            ht_check(strcmp(p, a) == 0 && strncmp(q, a, m) == 0 && strlen(q) == strnlen(a, m), "strdup/strndup");
        }
        ht_check(scmp_strxfrm(c, a, 100) == strlen(a) && strcmp(c, a) == 0, "strxfrm");
    }
    /* strtok */
    {
        char s1[] = "  hello, world;; this is,strtok  ", s2[sizeof s1];
        char *t1, *t2;
        memcpy(s2, s1, sizeof s1);
        t1 = scmp_strtok(s1, " ,;");
        t2 = strtok(s2, " ,;");
        while (t1 != NULL && t2 != NULL) {
            ht_check(t1 - s1 == t2 - s2 && strcmp(t1, t2) == 0, "strtok token");
            t1 = scmp_strtok(NULL, " ,;");
            t2 = strtok(NULL, " ,;");
        }
        ht_check(t1 == NULL && t2 == NULL, "strtok end");
    }
    /* ctype over EOF and 0..255 */
    for (i = -1; i < 256; i++) {
        ht_check(!!scmp_isalnum(i) == !!isalnum(i) && !!scmp_isalpha(i) == !!isalpha(i) &&
                     !!scmp_isblank(i) == !!isblank(i) && !!scmp_iscntrl(i) == !!iscntrl(i) &&
                     !!scmp_isdigit(i) == !!isdigit(i) && !!scmp_isgraph(i) == !!isgraph(i) &&
                     !!scmp_islower(i) == !!islower(i) && !!scmp_isprint(i) == !!isprint(i) &&
                     !!scmp_ispunct(i) == !!ispunct(i) && !!scmp_isspace(i) == !!isspace(i) &&
                     !!scmp_isupper(i) == !!isupper(i) && !!scmp_isxdigit(i) == !!isxdigit(i) &&
                     scmp_tolower(i) == tolower(i) && scmp_toupper(i) == toupper(i),
                 "ctype %d", i);
    }
    /* strerror: glibc's messages */
    for (i = 0; i <= 40; i++)
        ht_check(strcmp(scmp_strerror(i), strerror(i)) == 0, "strerror(%d): \"%s\" vs \"%s\"", i, scmp_strerror(i),
                 strerror(i));
    ht_check(strcmp(scmp_strerror(75), strerror(75)) == 0 && strcmp(scmp_strerror(84), strerror(84)) == 0 &&
                 strcmp(scmp_strerror(1234), strerror(1234)) == 0 && strcmp(scmp_strerror(-5), strerror(-5)) == 0,
             "strerror others: \"%s\" \"%s\"", scmp_strerror(-5), strerror(-5));
    return ht_done("string");
}
