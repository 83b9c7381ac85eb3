/* Structs by value: assignment, arguments, return values, nesting, arrays of structs, structs holding
 * arrays, small and large structs, struct results used directly in expressions. */
#include <stdio.h>
#include <string.h>

struct vec { double x, y, z; };
struct small { char c; short s; };
struct mixed { char tag; int n; double d; long long ll; char name[10]; };
struct line { struct vec from, to; int id; };
struct matrix { double m[3][3]; };
struct big { int a[40]; char s[33]; };

static struct vec vadd(struct vec a, struct vec b)
{
    struct vec r;
    r.x = a.x + b.x;
    r.y = a.y + b.y;
    r.z = a.z + b.z;
    return r;
}

static struct vec vscale(struct vec a, double k)
{
    a.x *= k;   /* modifies the callee's copy only */
    a.y *= k;
    a.z *= k;
    return a;
}

static double vdot(struct vec a, struct vec b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static struct vec vcross(struct vec a, struct vec b)
{
    struct vec r = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
    return r;
}

static void pv(const char *label, struct vec v)
{
    printf("%s = (%.4f, %.4f, %.4f)\n", label, v.x, v.y, v.z);
}

static struct small mk_small(int c, int s)
{
    struct small r;
    r.c = (char)c;
    r.s = (short)s;
    return r;
}

static struct mixed mk_mixed(char tag, int n, const char *name)
{
    struct mixed m;
    memset(&m, 0, sizeof m);
    m.tag = tag;
    m.n = n;
    m.d = n / 4.0;
    m.ll = (long long)n * 1000000007LL;
    strncpy(m.name, name, sizeof m.name - 1);
    return m;
}

static void print_mixed(struct mixed m)
{
    printf("mixed{%c %d %.3f %lld \"%s\"}\n", m.tag, m.n, m.d, m.ll, m.name);
}

static struct line reverse(struct line l)
{
    struct vec t = l.from;
    l.from = l.to;
    l.to = t;
    l.id = -l.id;
    return l;
}

static struct matrix mmul(struct matrix a, struct matrix b)
{
    struct matrix r;
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            r.m[i][j] = 0;
            for (k = 0; k < 3; k++)
                r.m[i][j] += a.m[i][k] * b.m[k][j];
        }
    return r;
}

static struct big fill_big(int seed)
{
    struct big b;
    int i;
    for (i = 0; i < 40; i++)
        b.a[i] = seed * i - i * i;
    for (i = 0; i < 32; i++)
        b.s[i] = (char)('a' + (seed + i) % 26);
    b.s[32] = 0;
    return b;
}

static long long sum_big(struct big b)
{
    long long s = 0;
    int i;
    for (i = 0; i < 40; i++)
        s += b.a[i];
    b.a[0] = 999999; /* the caller's copy is untouched */
    return s;
}

/* many struct arguments: more than there are argument registers */
static int many(struct small a, struct small b, struct small c, struct small d, struct small e,
                struct small f, struct small g, struct small h, struct small i, struct small j)
{
    return a.c + b.c * 2 + c.c * 3 + d.c * 4 + e.c * 5 + f.c * 6 + g.c * 7 + h.c * 8 + i.c * 9 + j.c * 10
           + a.s + j.s;
}

int main(void)
{
    struct vec a = { 1, 2, 3 }, b = { -4.5, 0.25, 8 }, c;
    struct line l1, l2;
    struct matrix m1, m2, m3;
    struct big big1, big2;
    struct mixed arr[4];
    struct small sm[10];
    int i, j;

    pv("a", a);
    pv("b", b);
    pv("a+b", vadd(a, b));
    pv("a*2.5", vscale(a, 2.5));
    pv("a (unchanged)", a);
    printf("a.b = %.4f\n", vdot(a, b));
    pv("axb", vcross(a, b));
    printf("(axb).a = %.4f\n", vdot(vcross(a, b), a));
    c = vadd(vadd(a, b), vscale(vcross(a, b), 0.5));
    pv("c", c);
    printf("vadd(a,b).y = %.4f\n", vadd(a, b).y);

    l1.from = a;
    l1.to = b;
    l1.id = 7;
    l2 = reverse(l1);
    pv("l2.from", l2.from);
    pv("l2.to", l2.to);
    printf("ids %d %d\n", l1.id, l2.id);
    l2 = l1;
    l2.from.x = 100;
    printf("copy independent: %.1f %.1f\n", l1.from.x, l2.from.x);

    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            m1.m[i][j] = i + j * 0.5;
            m2.m[i][j] = (i == j) ? 2 : (i - j);
        }
    m3 = mmul(m1, m2);
    for (i = 0; i < 3; i++)
        printf("[%8.3f %8.3f %8.3f]\n", m3.m[i][0], m3.m[i][1], m3.m[i][2]);
    m3 = mmul(mmul(m1, m1), m2);
    printf("trace %.4f\n", m3.m[0][0] + m3.m[1][1] + m3.m[2][2]);

    big1 = fill_big(5);
    big2 = big1;
    big2.a[3] = -1;
    printf("big sums %lld %lld %s\n", sum_big(big1), sum_big(big2), big1.s);
    printf("after call a[0]=%d\n", big1.a[0]);

    arr[0] = mk_mixed('A', 10, "first");
    arr[1] = mk_mixed('B', -3, "second-long-name");
    arr[2] = arr[0];
    arr[2].tag = 'C';
    arr[3] = mk_mixed('D', 123456, "");
    for (i = 0; i < 4; i++)
        print_mixed(arr[i]);
    /* (the size of a struct holding a double depends on the ABI's alignment of double: 4 on i386, 8 on
       SCMP and x86-64; only sizes that every ABI agrees on are printed) */
    printf("sizeof: vec %u small %u big %u\n", (unsigned)sizeof(struct vec), (unsigned)sizeof(struct small),
           (unsigned)sizeof(struct big));

    for (i = 0; i < 10; i++)
        sm[i] = mk_small('a' + i, i * 1000 - 3000);
    printf("many = %d\n", many(sm[0], sm[1], sm[2], sm[3], sm[4], sm[5], sm[6], sm[7], sm[8], sm[9]));
    {
        struct small s1 = mk_small(-1, -1), s2 = { 0 };
        s2 = s1;
        printf("small %d %d, equal bytes %d\n", s2.c, s2.s, memcmp(&s1.c, &s2.c, 1) == 0 && s1.s == s2.s);
    }
    /* struct with an initializer list, designated initializers and a compound literal */
    {
        struct mixed m = { .name = "desig", .n = 5, .tag = 'Z' };
        struct vec v = (struct vec){ .z = 9, .x = 1 };
        print_mixed(m);
        pv("compound", v);
        pv("compound sum", vadd((struct vec){ 1, 1, 1 }, (struct vec){ 2, 3, 4 }));
    }
    return 0;
}
