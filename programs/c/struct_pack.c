/* #pragma pack (push, pop, a value, pack()) and _Alignas: sizes, alignments and offsets as gcc lays them out,
 * and values written and read through members that packing puts at odd addresses (scmpcc reads and writes them
 * a byte at a time): plain and compound assignment, increments, arrays of packed structs, through pointers,
 * bit-fields at any bit, and the bytes of the result. Structs holding a double or a long long are only laid
 * out under pack(4) or less, where i386 and SCMP agree (their natural alignments differ). */
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#define SHOW(T) printf("%-16s size %2u align %2u\n", #T, (unsigned)sizeof(T), (unsigned)_Alignof(T))
#define OFF(T, m) printf("  .%s at %u\n", #m, (unsigned)offsetof(T, m))

struct natural { char c; int i; short s; };

#pragma pack(push, 1)
struct p1 { char c; int i; short s; double d; long long ll; float f; unsigned short us; };
struct p1bits { char a; int x : 4; int y : 20; unsigned z : 3; char tail; };
#pragma pack(pop)

#pragma pack(2)
struct p2 { char c; int i; short s; double d; char e; };
#pragma pack()
struct reset { char c; int i; };

#pragma pack(push, outer, 4)
struct p4 { char c; double d; long long ll; short s; };
#pragma pack(push, 1)
struct inner { char c; short s; int i; };
#pragma pack(pop)
struct p4nest { char c; struct inner in; int k; };
#pragma pack(pop, outer)
struct after { char c; int i; };

struct aligned { char c; _Alignas(16) int i; char e; };
struct aligned2 { char c; _Alignas(int) char d; };
_Alignas(32) static char g32[3];
_Alignas(16) int g16;

static void dump(const char *what, const void *p, unsigned n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned i;
    printf("%s:", what);
    for (i = 0; i < n; i++)
        printf(" %02x", b[i]);
    printf("\n");
}

static long long sum(const struct p1 *p)
{
    return p->c + p->i + p->s + (long long)p->d + p->ll + (long long)p->f + p->us;
}

int main(void)
{
    struct p1 a[3];
    struct p1 *q;
    struct p1bits bits[2];
    struct p4nest n;
    struct p2 two;
    _Alignas(8) char local8[3];
    int i;

    SHOW(struct natural);
    SHOW(struct p1); OFF(struct p1, i); OFF(struct p1, s); OFF(struct p1, d); OFF(struct p1, ll);
    OFF(struct p1, f); OFF(struct p1, us);
    SHOW(struct p1bits); OFF(struct p1bits, tail);
    SHOW(struct p2); OFF(struct p2, i); OFF(struct p2, s); OFF(struct p2, d); OFF(struct p2, e);
    SHOW(struct reset); OFF(struct reset, i);
    SHOW(struct p4); OFF(struct p4, d); OFF(struct p4, ll); OFF(struct p4, s);
    SHOW(struct inner); OFF(struct inner, s); OFF(struct inner, i);
    SHOW(struct p4nest); OFF(struct p4nest, in); OFF(struct p4nest, k);
    SHOW(struct after); OFF(struct after, i);
    SHOW(struct aligned); OFF(struct aligned, i); OFF(struct aligned, e);
    SHOW(struct aligned2); OFF(struct aligned2, d);
    printf("g32 on 32 bytes %d, g16 on 16 bytes %d, a local on 8 bytes %d\n", ((unsigned long)g32 & 31) == 0,
           ((unsigned long)&g16 & 15) == 0, ((unsigned long)local8 & 7) == 0);

    memset(a, 0, sizeof a);
    for (i = 0; i < 3; i++) {
        a[i].c = (char)(i + 1);
        a[i].i = 0x11223344 * (i + 1);
        a[i].s = (short)(-1000 * (i + 1));
        a[i].d = 1.5 * (i + 1);
        a[i].ll = -0x123456789abLL * (i + 1);
        a[i].f = 0.25f * (i + 1);
        a[i].us = (unsigned short)(60000 + i);
    }
    dump("a[1]", &a[1], sizeof a[1]);
    for (i = 0; i < 3; i++)
        printf("a[%d]: c %d i %d s %d d %g ll %lld f %g us %u\n", i, a[i].c, a[i].i, a[i].s, a[i].d, a[i].ll,
               (double)a[i].f, a[i].us);
    q = &a[2];
    q->i += 5;
    q->s -= 7;
    q->d *= 2;
    q->ll <<= 4;
    q->f /= 2;
    q->us++;
    a[1].i++;
    --a[1].s;
    a[0].ll = a[2].ll - a[1].ll;
    printf("after updates: i %d s %d d %g ll %lld f %g us %u; a[1].i %d a[1].s %d a[0].ll %lld\n", q->i, q->s,
           q->d, q->ll, (double)q->f, q->us, a[1].i, a[1].s, a[0].ll);
    printf("sums: %lld %lld %lld\n", sum(&a[0]), sum(&a[1]), sum(&a[2]));
    dump("a[2]", &a[2], sizeof a[2]);

    memset(bits, 0, sizeof bits);
    for (i = 0; i < 2; i++) {
        bits[i].a = (char)(0x40 + i);
        bits[i].x = -3 + i;
        bits[i].y = -400000 + i * 1000;
        bits[i].z = (unsigned)(5 + i);
        bits[i].tail = (char)(0x7e - i);
    }
    bits[1].y += 77;
    bits[0].z++;
    dump("bits", bits, sizeof bits);
    for (i = 0; i < 2; i++)
        printf("bits[%d]: a %d x %d y %d z %u tail %d\n", i, bits[i].a, bits[i].x, bits[i].y, bits[i].z,
               bits[i].tail);

    memset(&n, 0, sizeof n);
    n.c = 9;
    n.in.c = 8;
    n.in.s = -2;
    n.in.i = 0x01020304;
    n.k = 77;
    dump("nest", &n, sizeof n);
    printf("nest: %d %d %d %d %d\n", n.c, n.in.c, n.in.s, n.in.i, n.k);

    memset(&two, 0, sizeof two);
    two.c = 1;
    two.i = -2;
    two.s = 3;
    two.d = -4.75;
    two.e = 5;
    dump("two", &two, sizeof two);
    printf("two: %d %d %d %g %d\n", two.c, two.i, two.s, two.d, two.e);
    return 0;
}
