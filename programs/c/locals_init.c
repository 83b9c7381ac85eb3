/* Automatic aggregates: local arrays and structs initialized from run-time values, partial initializers
 * (the rest zeroed), designated initializers, compound literals in loops (a fresh object each iteration),
 * char arrays from string literals (sized and unsized), structs of odd sizes copied and compared, and
 * GNU statement expressions. */
#include <stdio.h>
#include <string.h>

struct odd3 { char a, b, c; };
struct odd5 { char s[5]; };
struct odd7 { short h; char c[5]; };
struct mixed { char c; short s; int i; char tail[3]; };

static struct odd3 make3(int k) { struct odd3 r = { (char)k, (char)(k + 1), (char)(k + 2) }; return r; }
static struct odd7 make7(int k)
{
    struct odd7 r;
    r.h = (short)(k * 100);
    memcpy(r.c, "abcde", 5);
    r.c[k % 5] = '*';
    return r;
}

static int sum_arr(const int *v, int n)
{
    int s = 0;
    while (n--)
        s += *v++;
    return s;
}

int main(void)
{
    int i, n = 7;
    int runtime[6] = { n, n * 2, n * 3 };                  /* rest zero */
    int desig[8] = { [1] = n, [5] = -n, [6] = n * n };
    char word[] = "local";
    char padded[10] = "ab";
    char exact[4] = "wxyz";                                /* no NUL */
    struct mixed m = { 'q', (short)(n * 1000), n << 20, { 1, 2 } };
    struct mixed zero = { 0 };
    struct odd3 o3[4];
    struct odd5 o5a = { "hey" }, o5b;
    struct odd7 o7[3];

    printf("runtime:");
    for (i = 0; i < 6; i++)
        printf(" %d", runtime[i]);
    printf("\ndesig:");
    for (i = 0; i < 8; i++)
        printf(" %d", desig[i]);
    printf("\nword %s (%u) padded %s %d %d exact %c%c%c%c sizeof %u\n", word, (unsigned)sizeof word, padded,
           padded[2], padded[9], exact[0], exact[1], exact[2], exact[3], (unsigned)sizeof exact);
    printf("mixed %c %d %d %d %d %d\n", m.c, m.s, m.i, m.tail[0], m.tail[1], m.tail[2]);
    printf("zero %d %d %d %d\n", zero.c, zero.s, zero.i, zero.tail[2]);

    for (i = 0; i < 4; i++)
        o3[i] = make3('a' + i * 3);
    for (i = 0; i < 4; i++)
        printf("%c%c%c ", o3[i].a, o3[i].b, o3[i].c);
    printf("\n");
    o3[0] = o3[3];
    printf("copied %c%c%c equal %d\n", o3[0].a, o3[0].b, o3[0].c, memcmp(&o3[0], &o3[3], sizeof o3[0]) == 0);
    o5b = o5a;
    o5b.s[0] = 'H';
    printf("o5 %s %s sizes %u %u %u\n", o5a.s, o5b.s, (unsigned)sizeof(struct odd3), (unsigned)sizeof(struct odd5),
           (unsigned)sizeof(struct odd7));
    for (i = 0; i < 3; i++)
        o7[i] = make7(i + 2);
    for (i = 0; i < 3; i++)
        printf("o7 %d %.5s\n", o7[i].h, o7[i].c);

    /* compound literals: a new object each time round the loop */
    {
        int total = 0, last = 0;
        for (i = 0; i < 3; i++) {
            int *p = (int[]){ i, i * 10, i * 100 };
            total += sum_arr(p, 3);
            p[2]++;             /* the literal is a modifiable object, alive until the end of the body */
            last = p[2];
        }
        printf("compound total %d, last %d\n", total, last);
        printf("sum of literal %d\n", sum_arr((int[]){ 1, 2, 3, 4, 5 }, 5));
        printf("struct literal %d\n", ((struct mixed){ .i = 42, .c = 'z' }).i + ((struct mixed){ 0 }).s);
    }
    /* statement expressions */
    {
        int a = ({ int t = n * 3; t + 1; });
        int mx = ({ int x = a, y = n * 4; x > y ? x : y; });
        printf("stmt expr %d %d\n", a, mx);
    }
    /* two-dimensional local array from run-time values */
    {
        int grid[3][4] = { { n, n + 1 }, [2] = { [3] = n * 9 } };
        int r, c;
        for (r = 0; r < 3; r++) {
            for (c = 0; c < 4; c++)
                printf("%3d", grid[r][c]);
            printf("\n");
        }
    }
    /* array of structs with nested designators */
    {
        struct { const char *name; int v[3]; } tab[] = {
            { "first", { 1, 2, 3 } }, { .name = "second", .v[1] = n }, [3] = { "fourth", { [2] = -1 } },
        };
        for (i = 0; i < 4; i++)
            printf("%s %d %d %d\n", tab[i].name ? tab[i].name : "(null)", tab[i].v[0], tab[i].v[1], tab[i].v[2]);
        printf("entries %u\n", (unsigned)(sizeof tab / sizeof tab[0]));
    }
    return 0;
}
