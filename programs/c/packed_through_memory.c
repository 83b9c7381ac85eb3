/* Pointers to members that #pragma pack misaligns, when the pointer goes through memory, calls and returns
 * (docs/compiler.md, "Pointers to packed members"): once a unit takes such an address, every access of that
 * kind through a pointer not provably aligned goes a byte at a time. Here: int **pp = &p; **pp, pointers in
 * arrays and struct members (set in code and by static initializers), passed to functions, returned, cast;
 * short, long long, double and pointer members; and a struct that packing places below its alignment (its
 * members, bit-fields, copies, compound assignments), as csmith writes them. Aligned objects keep working. */
#include <stdio.h>
#include <string.h>

struct inner {
    int a;
    unsigned b : 5;
    signed c : 19;
    short s;
};

#pragma pack(push, 1)
struct rec {
    char tag;
    int i;
    short s;
    long long ll;
    double d;
    char *p;
    struct inner in;
    unsigned u[2];
};
#pragma pack(pop)

static struct rec g = {1, 100, -3, 0x1122334455667788LL, 2.5, 0, {7, 9, -1000, 12}, {5, 6}};
static struct rec arr[2];
static int *table[2] = {&g.i, &arr[1].i};
static struct { int *p; short *s; } holder = {&g.i, &g.s};
static char text[] = "memory";
static int plain[3] = {10, 20, 30};

static int get(const int *q) {
    return *q;
}

static void add(int *q, int v) {
    *q += v;
}

static int *addr_of(struct rec *r) {
    return &r->i;
}

static long long twice(long long *q) {
    *q *= 2;
    return *q;
}

static struct inner copy_in(struct rec *r) {
    return r->in;
}

static int sum_in(struct inner x) {
    return x.a + x.b + x.c + x.s;
}

static void dump(const char *tag, const void *v, unsigned n) {
    const unsigned char *q = v;
    printf("%s:", tag);
    for (unsigned k = 0; k < n; k++) {
        printf("%02x", q[k]);
    }
    printf("\n");
}

int main(void) {
    int *p = &g.i;
    int **pp = &p;
    **pp += 1;
    printf("pp: %d %d\n", **pp, g.i);

    *table[0] *= 3;
    *table[1] = -7;
    printf("table: %d %d %d\n", *table[0], *table[1], arr[1].i);
    *holder.p -= 4;
    *holder.s = 321;
    printf("holder: %d %d %d\n", *holder.p, *holder.s, g.s);

    int *slots[3];
    slots[0] = &arr[0].i;
    slots[1] = p;
    slots[2] = &plain[1];
    for (int k = 0; k < 3; k++) {
        *slots[k] += k + 1;
    }
    printf("slots: %d %d %d %d\n", get(slots[0]), get(slots[1]), get(slots[2]), plain[1]);

    add(&g.i, 1000);
    add(addr_of(&arr[1]), 50);
    *addr_of(&arr[0]) ^= 0x5a5a;
    printf("calls: %d %d %d\n", g.i, arr[1].i, get(addr_of(&arr[0])));

    unsigned *up = (unsigned *)&g.i;
    unsigned **upp = &up;
    **upp |= 0x80000000u;
    printf("cast: %u %d\n", **upp, g.i);

    short *sp = &g.s;
    short **spp = &sp;
    **spp -= 10;
    long long *lp = &g.ll;
    long long **lpp = &lp;
    printf("short: %d long long: %lld %lld\n", **spp, twice(*lpp), **lpp);
    double *dp = &g.d;
    double **dpp = &dp;
    **dpp *= 1.5;
    char **cp = &g.p;
    char ***cpp = &cp;
    **cpp = text;
    printf("double: %.3f pointer: %s %s\n", **dpp, **cpp + 1, g.p);

    unsigned *walk = g.u;
    unsigned **wp = &walk;
    (*wp)[1] += 100;
    printf("array: %u %u\n", g.u[0], g.u[1]);

    g.in.a += 5;
    g.in.b = 31;
    g.in.c -= 7;
    g.in.s *= 2;
    arr[1].in = g.in;
    struct inner local = copy_in(&arr[1]);
    printf("inner: %d %u %d %d sum %d %d\n", arr[1].in.a, arr[1].in.b, arr[1].in.c, arr[1].in.s,
           sum_in(arr[1].in), sum_in(local));

    int q[2] = {3, 4};
    int *qp = q;
    int **qpp = &qp;
    **qpp += plain[0];
    printf("aligned: %d %d %d\n", q[0], *(*qpp + 1), plain[2]);

    g.p = 0; /* an address, the host's differs */
    dump("g", &g, sizeof g);
    dump("arr", arr, sizeof arr);
    return 0;
}
