/* Pointers to members that #pragma pack misaligns (gcc warns -Waddress-of-packed-member; x86 reads through them,
 * SCMP's core would fault, so scmpcc reads and writes a byte at a time through every pointer that may hold such
 * an address, docs/compiler.md): &p->m kept in locals and globals, statically initialized, moved from one
 * variable to another, offset, cast, incremented, used in compound assignments, for short, int, long long,
 * float, double and pointer members; then the bytes of the structs. */
#include <stdio.h>
#include <string.h>

#pragma pack(push, 1)
struct rec {
    char tag;
    int i;
    short s;
    long long ll;
    double d;
    float f;
    unsigned u[3];
    char *p;
};
#pragma pack(pop)

static struct rec g = {1, 100, -3, 0x1122334455667788LL, 2.5, 0.75f, {7, 8, 9}, 0};
static struct rec arr[3];
static int *gi = &g.i;
static double *gd = &g.d;
static unsigned *gu = &g.u[1];
static char text[] = "packed";

static void dump(const char *tag, const void *v, unsigned n) {
    const unsigned char *q = v;
    printf("%s:", tag);
    for (unsigned k = 0; k < n; k++) {
        printf("%02x", q[k]);
    }
    printf("\n");
}

int main(void) {
    printf("static: %d %.2f %u\n", *gi, *gd, *gu);
    *gi += 5;
    *gd *= 3;
    gu[1] = 0xabcdef01u;
    (*gu)++;
    printf("after: %d %.2f %u %u %u\n", g.i, g.d, g.u[0], g.u[1], g.u[2]);

    struct rec *r = &arr[1];
    int *pi = &r->i;
    short *ps = &r->s;
    long long *pll = &r->ll;
    float *pf = &r->f;
    char **pp = &r->p;
    double *pd;
    pd = &r->d;
    *pi = -123456;
    *ps = 4321;
    *pll = -0x0102030405060708LL;
    *pd = 1.0 / 3;
    *pf = 1.5f;
    *pp = text;
    printf("set: %d %d %lld %.6f %.2f %s\n", r->i, r->s, r->ll, r->d, r->f, r->p);
    *pi *= 3;
    (*ps)--;
    *pll += 1;
    *pd = *pd * *pd;
    *pf = -*pf;
    (*pp) += 2;
    printf("compound: %d %d %lld %.6f %.2f %s\n", *pi, *ps, *pll, *pd, *pf, *pp);

    unsigned *walk = r->u;
    for (int k = 0; k < 3; k++) {
        *walk++ = 1000u * (k + 1);
    }
    unsigned *alias = walk - 3;
    unsigned sum = 0;
    for (int k = 0; k < 3; k++) {
        sum += alias[k];
    }
    printf("array: %u %u %u sum %u\n", r->u[0], r->u[1], r->u[2], sum);

    void *vp = &arr[2].i;
    int *back = (int *)vp;
    *back = 77;
    int *choose = sum > 10 ? &arr[0].i : back;
    *choose = 88;
    printf("cast: %d %d\n", arr[2].i, arr[0].i);

    dump("g", &g, sizeof g - sizeof g.p);
    dump("arr0", &arr[0], sizeof arr[0] - sizeof arr[0].p);
    dump("arr2", &arr[2], sizeof arr[2] - sizeof arr[2].p);
    return 0;
}
