/* Old-style C as 1980s programs wrote it: K&R definitions, implicit int, () declarations. */
#include <stdio.h>
#include <string.h>

double scale(double, int);
int mix();
static long accumulate();
char *skip();
float halve();
int count_chars();

struct rec { int key; char tag[8]; };

static int table[10];
static total;

int
add(a, b)
int a, b;
{
    return a + b;
}

double
scale(x, k)
    double x;
    int k;
{
    return x * k;
}

int
mix(c, s, f, d, u)
    char c;
    short s;
    float f;
    double d;
    unsigned char u;
{
    return c + s + (int)(f * 2) + (int)d + u + (int)sizeof(c) * 1000 + (int)sizeof(f) * 10000;
}

static long
accumulate(n, arr)
    int n;
    register int *arr;
{
    long s = 0;
    register i;
    for (i = 0; i < n; i++)
        s += arr[i];
    return s;
}

char *
skip(s, ch)
    char *s;
{
    while (*s == ch)
        s++;
    return s;
}

float
halve(v)
    float v;
{
    return v / 2;
}

int
count_chars(s, set)
    char *s, set[];
{
    int n = 0;
    for (; *s; s++)
        if (strchr(set, *s))
            n++;
    return n;
}

sum_rec(r, n)
    struct rec *r;
{
    int t = 0;
    while (n--)
        t += r++->key;
    return t;
}

apply(f, x)
    int (*f)();
{
    return (*f)(x, x);
}

unsigned
widen(b)
    unsigned char b;
{
    return b << 4;
}

main(argc, argv)
    int argc;
    char **argv;
{
    int i;
    struct rec recs[3];
    for (i = 0; i < 10; i++)
        table[i] = i * i;
    for (i = 0; i < 3; i++) {
        recs[i].key = 10 * (i + 1);
        sprintf(recs[i].tag, "r%d", i);
    }
    total = add(3, 4);
    printf("%d %d\n", total, argc);
    printf("%g %g\n", scale(1.5, 3), scale(2, 5));
    printf("%d\n", mix('a', 1000, 2.75, 9.9, 200));
    printf("%d\n", mix(-1, -2, -0.5, 1e9, 511));
    printf("%ld\n", accumulate(10, table));
    printf("%s\n", skip("xxxhello", 'x'));
    printf("%g\n", halve(5.0f));
    printf("%d\n", count_chars("mississippi", "sp"));
    printf("%d\n", sum_rec(recs, 3));
    printf("%d\n", apply(add, 21));
    printf("%u %u\n", widen(255), widen(0x1ff));
    return 0;
}
