#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>

static int *gp = (int[]){ 10, 20, 30 };
static const char *gs = (const char[]){ "lit" };
struct anon { int tag; union { int i; float f; struct { short lo, hi; }; }; int after; };
struct flex { int n; double sum; int data[]; };
struct with_str { char name[8]; int n; };
static struct with_str ws[] = { { "abc", 1 }, { { 'x', 'y' }, 2 }, { .n = 3, .name = "zzzzzzz" } };
static int over[5] = { [0] = 1, [0] = 2, [3] = 4, [1] = 9, 8 };
struct inner { int a, b; };
struct outer { struct inner in; int c; struct inner arr[2]; };
static struct outer ov = { .in.b = 5, .c = 6, .arr[1].a = 7, .in.a = 4, .arr[0] = { 1, 2 } };
union first2 { char c; int i; double d; };
static union first2 u2 = { .d = 2.5 };
enum big { BNEG = -3, BA, BB = 100, BC, BMAX = 0x7fffffff };
enum big_u { UBIG = 0x80000000u };
typedef void (*vfp)(void);
static int hits;
static void hit(void) { hits++; }

static int sw_decl(int k) {
    int r = 0;
    switch (k) {
        int hidden;
    case 1:
        hidden = 5;
        r = hidden;
        break;
    case 2: {
        int x = k * 3;
        r = x;
        break;
    }
    default:
        r = -1;
    }
    return r;
}

static int goto_block(int n) {
    int s = 0;
    if (n > 2) goto inside;
    s = 100;
    {
        int v;
    inside:
        v = n * 2;
        s += v;
    }
    return s;
}

int main(void) {
    printf("%d %d %s\n", gp[1], gp[2], gs);
    struct anon a = { .tag = 1, .lo = 3, .hi = 4, .after = 9 };
    printf("%d %d %d %d %d\n", a.tag, a.lo, a.hi, a.after, (int)sizeof a);
    a.f = 1.0f;
    printf("%08x\n", a.i);
    struct flex *f = malloc(sizeof *f + 5 * sizeof(int));
    f->n = 5;
    f->sum = 0;
    for (int i = 0; i < f->n; i++) { f->data[i] = i * i; f->sum += f->data[i]; }
    printf("%g %d\n", f->sum, (int)(sizeof(struct flex) >= sizeof(int) + sizeof(double)));
    free(f);
    for (int i = 0; i < 3; i++) printf("[%s %d] ", ws[i].name, ws[i].n);
    printf("\n");
    for (int i = 0; i < 5; i++) printf("%d ", over[i]);
    printf("\n%d %d %d %d %d %d %d\n", ov.in.a, ov.in.b, ov.c, ov.arr[0].a, ov.arr[0].b, ov.arr[1].a, ov.arr[1].b);
    printf("%g\n", u2.d);
    printf("%d %d %d %d %d %u\n", BNEG, BA, BB, BC, BMAX, (unsigned)UBIG);
    printf("%d\n", (int)sizeof(enum big_u));
    bool b1 = 0.1, b2 = 256, b3 = -1, b4 = 0.0;
    bool b5 = 5;
    b5++;
    bool b6 = 0;
    b6--;
    printf("%d %d %d %d %d %d %d\n", b1, b2, b3, b4, b5, b6, (int)sizeof(bool));
    _Bool bb = (void *)0 == NULL;
    printf("%d\n", bb + bb);
    struct inner arr[5];
    struct inner *p = &arr[1], *q = &arr[4];
    printf("%d %d %d\n", (int)(q - p), (int)(p - q), p < q);
    struct { char c[12]; } x12[4];
    printf("%d\n", (int)(&x12[3] - &x12[0]));
    char *end = (char *)(arr + 5);
    printf("%d\n", (int)(end - (char *)arr));
    vfp calls[3] = { hit, hit, hit };
    for (int i = 0; i < 3; i++) calls[i]();
    ((void (*)(void))calls[0])();
    printf("%d\n", hits);
    printf("%d\n", 'ab');
    printf("%d %d\n", (int)sizeof("\1234"), "\1234"[1]);
    printf("%d %d\n", '\xff', (unsigned char)'\xff');
    printf("%g %g\n", 0x1.8p3, 0x10p-2);
    printf("%d %d %d\n", sw_decl(1), sw_decl(2), sw_decl(3));
    printf("%d %d\n", goto_block(5), goto_block(1));
    int cnt = 0;
    int sz = sizeof(cnt++);
    printf("%d %d\n", sz, cnt);
    unsigned u = 5;
    int i = -10;
    printf("%u %d\n", i < 0 ? u : i, (int)(1 ? u : i));
    printf("%d\n", (i < 0 ? u : 0) > 3);
    printf("%lld\n", (long long)(i < 0 ? i : u));
    char *np = 0 ? "x" : NULL;
    printf("%d\n", np == NULL);
    printf("%d %d\n", -8 >> 1, -1 >> 31);
    printf("%d\n", (-8) / 3 * 3 + (-8) % 3);
    for (int i = 0, j = 10; i < j; i += 3, j -= 2) printf("(%d,%d)", i, j);
    printf("\n");
    static int persist[3];
    for (int k = 0; k < 3; k++) persist[k] += k;
    printf("%d\n", persist[2]);
    int arr2[3] = { 1, 2, 3 };
    int *pp = arr2;
    *pp++ += 10;
    *++pp *= 2;
    printf("%d %d %d\n", arr2[0], arr2[1], arr2[2]);
    int k = 0;
    k = k++ ? 1 : 2;
    printf("%d\n", k);
    char buf[4] = "abcd";
    printf("%c%c\n", buf[0], buf[3]);
    char str[] = { 'h', 'i', 0 };
    printf("%s %d\n", str, (int)sizeof str);
    const char *msgs[] = { [2] = "two", [0] = "zero" };
    printf("%s %s %d\n", msgs[0], msgs[2], msgs[1] == NULL);
    return 0;
}
