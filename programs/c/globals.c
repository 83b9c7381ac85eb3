/* Static storage: initializers of every kind (scalars, arrays with designators and ranges, nested structs,
 * unions, strings into char arrays, pointers to other objects and into arrays, function pointers), static
 * locals that keep their value, tentative definitions, const tables, and zero-initialization of the rest. */
#include <stdio.h>
#include <string.h>

struct point { int x, y; };
struct shape { const char *name; int n; struct point pts[4]; double scale; };
union num { int i; float f; };

static int counter;                     /* zero */
int tentative;                          /* tentative definition: zero */
int tentative;
static const int primes[] = { 2, 3, 5, 7, 11, 13 };
static int sparse[10] = { [2] = 20, [7] = 70, [4] = 40 };
static int ranged[12] = { [0 ... 3] = 1, [8 ... 10] = 8 };
static char word[8] = "hi";
static char exact[3] = "abc";          /* no terminating NUL stored */
static const char *names[] = { "zero", "one", "two", NULL };
static struct point origin;
static struct point corners[] = { { 0, 0 }, { 10, 0 }, [3] = { 0, 10 }, { .y = 5, .x = 5 } };
static struct shape square = { "square", 4, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }, 2.5 };
static struct shape tri = { .name = "triangle", .n = 3, .pts = { [2] = { 3, 4 } }, .scale = -1 };
static union num un = { 42 };
static int *pprime = (int *)&primes[3];
static const int *pend = primes + 6;
static char *pword = word + 1;
static int table2d[3][4] = { { 1, 2, 3, 4 }, { 5, 6 }, [2][3] = 9 };
static int (*fptr)(const char *) = 0;
static double dvals[] = { 1.5, -2.25, 1e-3, 3 };
static long long big = 0x123456789abcdefLL;
static unsigned short shorts[] = { 65535, 1, 0x8000 };

static int next_id(void)
{
    static int id = 100;
    return id++;
}

static const char *season(int month)
{
    static const char *const table[12] = {
        "winter", "winter", "spring", "spring", "spring", "summer",
        "summer", "summer", "autumn", "autumn", "autumn", "winter",
    };
    return month >= 1 && month <= 12 ? table[month - 1] : "none";
}

static int length(const char *s) { return (int)strlen(s); }

int main(void)
{
    int i, j;
    printf("counter %d tentative %d\n", counter, tentative);
    for (i = 0; i < 10; i++)
        printf("%d ", sparse[i]);
    printf("\n");
    for (i = 0; i < 12; i++)
        printf("%d ", ranged[i]);
    printf("\n");
    printf("word \"%s\" %d %d %d; exact %c%c%c\n", word, word[2], word[5], word[7], exact[0], exact[1], exact[2]);
    for (i = 0; names[i]; i++)
        printf("names[%d] = %s\n", i, names[i]);
    printf("origin %d %d\n", origin.x, origin.y);
    for (i = 0; i < (int)(sizeof corners / sizeof corners[0]); i++)
        printf("corner %d: %d %d\n", i, corners[i].x, corners[i].y);
    printf("%s n=%d scale=%g:", square.name, square.n, square.scale);
    for (i = 0; i < 4; i++)
        printf(" (%d,%d)", square.pts[i].x, square.pts[i].y);
    printf("\n%s n=%d scale=%g:", tri.name, tri.n, tri.scale);
    for (i = 0; i < 4; i++)
        printf(" (%d,%d)", tri.pts[i].x, tri.pts[i].y);
    printf("\nunion %d\n", un.i);
    printf("*pprime %d, pend - primes %d, pend[-1] %d, *pword %c\n", *pprime, (int)(pend - primes), pend[-1], *pword);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 4; j++)
            printf("%d ", table2d[i][j]);
        printf("| ");
    }
    printf("\n");
    printf("fptr null %d\n", fptr == 0);
    fptr = length;
    printf("fptr(\"hello\") %d\n", fptr("hello"));
    for (i = 0; i < 4; i++)
        printf("%g ", dvals[i]);
    printf("\nbig %llx shorts %u %u %u\n", big, shorts[0], shorts[1], shorts[2]);
    for (i = 0; i < 5; i++)
        printf("id %d\n", next_id());
    for (i = 0; i <= 13; i += 2)
        printf("month %d: %s\n", i, season(i));
    /* modify statics and read back */
    sparse[0] = -1;
    square.pts[2].x = 99;
    counter += 5;
    word[0] = 'H';
    printf("%d %d %d %s\n", sparse[0], square.pts[2].x, counter, word);
    {
        static int calls;
        static struct point acc = { 1, 1 };
        for (i = 0; i < 3; i++) {
            calls++;
            acc.x *= 2;
            acc.y += acc.x;
        }
        printf("calls %d acc %d %d\n", calls, acc.x, acc.y);
    }
    return 0;
}
