#include <stdio.h>
#include <string.h>

struct pt { int x, y; };
struct line { struct pt a, b; const char *label; };
struct cfg { int id; char name[8]; double w; int flags[4]; struct pt origin; };
union num { int i; double d; char s[8]; };
enum { A_ONE = 1, A_FIVE = 5, A_TEN = 10 };

static int arr1[10] = { [2] = 5, [7] = 9, 1, [0] = 3 };
static int arr2[] = { [A_FIVE] = 50, [A_ONE] = 10, 11, 12 };
static struct pt pts[] = { [2] = { .y = 4, .x = 3 }, { 7, 8 }, [0].x = 1 };
static struct line lines[2] = { { { 1, 2 }, { 3, 4 }, "first" }, { .b = { .x = 9 }, .label = "second" } };
static struct cfg cfgs[] = {
    { .id = 1, .name = "alpha", .w = 0.5, .flags = { 1, 2 }, .origin = { 1, 1 } },
    { 2, "beta", 1.5, { [3] = 7 }, { .y = -1 } },
    [3] = { .name = { 'g', 'a', 'm' }, .flags[1] = 4, .origin.x = 8 },
};
static union num un[3] = { { 5 }, { .d = 2.5 }, { .s = "hi" } };
static char str1[] = "hello";
static char str2[10] = "abc";
static char str3[3] = "abc";
static const char *strs[] = { "one", "two", "three", 0 };
static int grid[3][4] = { { 1, 2, 3, 4 }, { 5, 6 }, [2][3] = 12 };
static int flat[2][3] = { 1, 2, 3, 4, 5 };
static int *ptrs[] = { &arr1[2], &arr2[1], arr1 + 9 };
static struct pt *ppt = &pts[1];
static char *cp = str1 + 2;
static int range[10] = { [2 ... 5] = 7, [8 ... 9] = 1 };
static struct { int a; struct { int b, c; } in; int d[2]; } nest = { 1, { 2 }, { 3 } };
static struct { int a; struct { int b, c; } in; int d[2]; } nest2 = { 1, 2, 3, 4, 5 };
static double dz[5] = { 1.5, [3] = -2.25 };
static long long lls[] = { 1LL << 40, -1, 0x7fffffffffffffffLL };
static unsigned char bytes[] = "\x01\x02\377\0z";
static short shorts[4] = { -1, 65535, 32768 };
static float fl[] = { 1, 2.5, 1e-3f };
static int sz = sizeof(cfgs) / sizeof(cfgs[0]);

void show_cfg(const struct cfg *c) {
    printf("%d %s %g [%d %d %d %d] (%d,%d)\n", c->id, c->name, c->w, c->flags[0], c->flags[1], c->flags[2], c->flags[3], c->origin.x, c->origin.y);
}

int main(void) {
    int i, j;
    for (i = 0; i < 10; i++) printf("%d ", arr1[i]);
    printf("\n%d: ", (int)(sizeof arr2 / sizeof *arr2));
    for (i = 0; i < (int)(sizeof arr2 / sizeof *arr2); i++) printf("%d ", arr2[i]);
    printf("\n%d: ", (int)(sizeof pts / sizeof *pts));
    for (i = 0; i < (int)(sizeof pts / sizeof *pts); i++) printf("(%d,%d) ", pts[i].x, pts[i].y);
    printf("\n");
    for (i = 0; i < 2; i++) printf("%d %d %d %d %s\n", lines[i].a.x, lines[i].a.y, lines[i].b.x, lines[i].b.y, lines[i].label);
    printf("%d\n", sz);
    for (i = 0; i < sz; i++) show_cfg(&cfgs[i]);
    printf("%d %g %s\n", un[0].i, un[1].d, un[2].s);
    printf("%s %d %s %d %c%c%c %d\n", str1, (int)sizeof str1, str2, (int)sizeof str2, str3[0], str3[1], str3[2], (int)sizeof str3);
    for (i = 0; strs[i]; i++) printf("%s ", strs[i]);
    printf("\n");
    for (i = 0; i < 3; i++) { for (j = 0; j < 4; j++) printf("%d ", grid[i][j]); printf("| "); }
    printf("\n");
    for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) printf("%d ", flat[i][j]);
    printf("\n%d %d %d\n", *ptrs[0], *ptrs[1], *ptrs[2]);
    printf("%d %s\n", ppt->y, cp);
    for (i = 0; i < 10; i++) printf("%d", range[i]);
    printf("\n%d %d %d %d %d\n", nest.a, nest.in.b, nest.in.c, nest.d[0], nest.d[1]);
    printf("%d %d %d %d %d\n", nest2.a, nest2.in.b, nest2.in.c, nest2.d[0], nest2.d[1]);
    for (i = 0; i < 5; i++) printf("%g ", dz[i]);
    printf("\n%lld %lld %lld\n", lls[0], lls[1], lls[2]);
    printf("%d: ", (int)sizeof bytes);
    for (i = 0; i < (int)sizeof bytes; i++) printf("%d ", bytes[i]);
    printf("\n%d %d %d %d\n", shorts[0], shorts[1], shorts[2], shorts[3]);
    printf("%g %g %g\n", fl[0], fl[1], fl[2]);

    /* locals */
    int la[8] = { [1] = i, [5] = j, i + j };
    for (int k = 0; k < 8; k++) printf("%d ", la[k]);
    printf("\n");
    struct cfg lc = { .name = "loc", .origin = { i, j }, .w = i * 0.5, .flags[2] = 99 };
    show_cfg(&lc);
    struct cfg lc2 = lc;
    lc2.id = 42;
    show_cfg(&lc2);
    char ls[] = "local" "str" "ing";
    printf("%s %d\n", ls, (int)sizeof ls);
    char lbuf[16] = "ab";
    printf("%d %d %d\n", lbuf[2], lbuf[15], (int)strlen(lbuf));
    int lg[2][3][2] = { { { 1 }, { 2, 3 } }, { [1] = { 4 }, [2][1] = 5 } };
    for (int a = 0; a < 2; a++) for (int b = 0; b < 3; b++) for (int c = 0; c < 2; c++) printf("%d", lg[a][b][c]);
    printf("\n");
    struct pt *cl = (struct pt[]){ { 1, 2 }, { 3, 4 }, { 5, 6 } };
    printf("%d %d\n", cl[1].x, cl[2].y);
    int *ip = (int[]){ 10, 20, 30 };
    ip[1] += 5;
    printf("%d %d\n", ip[1], ip[2]);
    struct pt p = (struct pt){ .y = 8 };
    printf("%d %d\n", p.x, p.y);
    p = (struct pt){ p.y, p.x };
    printf("%d %d\n", p.x, p.y);
    const char *msg = (const char *[]){ "zero", "one", "two" }[2];
    printf("%s\n", msg);
    printf("%d\n", ((int[]){ 1, 2, 3, 4 })[3]);
    printf("%d\n", (int)sizeof((char[]){ "abcdef" }));
    union num lu = { .d = -1.0 };
    printf("%g\n", lu.d);
    union num lu2 = { 77 };
    printf("%d\n", lu2.i);
    static int calls;
    for (i = 0; i < 3; i++) {
        static int counter = 100;
        int fresh = 5;
        counter++;
        fresh++;
        calls += counter;
        printf("%d %d ", counter, fresh);
    }
    printf("%d\n", calls);
    int n = 3;
    int vla_like[3] = { n, n * 2, n * 3 };
    printf("%d\n", vla_like[0] + vla_like[1] + vla_like[2]);
    double dd[3] = { [2] = 1.0 / 3, [0] = 2 };
    printf("%.17g %g %g\n", dd[2], dd[0], dd[1]);
    struct { char c; short s; int i; long long l; } mix = { 'a', -2, 3, -4 };
    printf("%c %d %d %lld\n", mix.c, mix.s, mix.i, mix.l);
    return 0;
}
