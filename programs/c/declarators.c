#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef int (*binop)(int, int);
typedef int fn_t(int);
typedef int arr3[3];
typedef arr3 *parr3;
typedef struct node node_t, *node_p;

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int twice(int x) { return 2 * x; }
static int sq(int x) { return x * x; }

static int (*pick(int k))(int, int) { return k == 0 ? add : k == 1 ? sub : mul; }
static binop table[] = { add, sub, mul };
static int (*const ctable[3])(int, int) = { mul, add, sub };
static fn_t *fns[2] = { twice, sq };
static int data[4][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 10, 11, 12 } };
static int (*rowp)[3] = data + 1;
static arr3 *rows(void) { return data; }
static int (*getrow(int i))[3] { return &data[i]; }
static fn_t *getfn(int i) { return fns[i]; }
int (*(*meta(void))(int))(int, int) { return pick; }
struct node { int v; node_p next; };

int compose(fn_t f, fn_t *g, int x) { return f(g(x)); }
int apply_all(int (*fs[])(int), int n, int x) { for (int i = 0; i < n; i++) x = fs[i](x); return x; }

int big_frame(int k) {
    char buf[34000];
    int tail[100];
    volatile int after = k;
    memset(buf, k, sizeof buf);
    for (int i = 0; i < 100; i++) tail[i] = buf[i * 333] + i;
    buf[33999] = 7;
    int s = 0;
    for (int i = 0; i < 100; i++) s += tail[i];
    return s + buf[33999] + after + buf[33000];
}

struct huge { int a[4000]; int last; };
static struct huge gh;
struct huge ret_huge(int k) { struct huge h; h.a[0] = k; h.a[3999] = k * 2; h.last = k * 3; return h; }

int main(void) {
    int i;
    for (i = 0; i < 3; i++) printf("%d %d %d\n", pick(i)(7, 3), table[i](7, 3), ctable[i](7, 3));
    printf("%d %d\n", fns[0](5), (*fns[1])(5));
    printf("%d %d\n", (*rowp)[2], rowp[1][0]);
    printf("%d %d\n", rows()[2][1], (*getrow(3))[2]);
    printf("%d\n", getfn(1)(9));
    printf("%d\n", meta()(2)(6, 7));
    printf("%d\n", compose(twice, sq, 3));
    printf("%d\n", apply_all(fns, 2, 3));
    parr3 pa = data;
    printf("%d %d\n", pa[3][0], (int)sizeof(*pa));
    arr3 a3 = { 4, 5, 6 };
    printf("%d %d\n", a3[1], (int)sizeof a3);
    node_t n2 = { 2, 0 }, n1 = { 1, &n2 };
    node_p np = &n1;
    int s = 0;
    for (; np; np = np->next) s += np->v;
    printf("%d\n", s);
    int *ptr_arr[3], **pp = ptr_arr;
    int x = 1, y = 2, z = 3;
    ptr_arr[0] = &x; ptr_arr[1] = &y; ptr_arr[2] = &z;
    printf("%d\n", **(pp + 2) + *pp[1]);
    char *strs[] = { "abc", "de", "f" };
    char **sp = strs;
    printf("%c %c %s\n", **sp, *(*(sp + 1) + 1), sp[2]);
    printf("%c\n", *++*sp);
    printf("%s\n", *sp);
    int (*fp2)(int) = &twice;
    printf("%d %d\n", fp2(4), (**fp2)(4));
    void *vp = (void *)fp2;
    printf("%d\n", ((int (*)(int))vp)(10));
    printf("%d\n", big_frame(3));
    printf("%d\n", big_frame(-1));
    gh = ret_huge(5);
    printf("%d %d %d\n", gh.a[0], gh.a[3999], gh.last);
    struct huge *hp = malloc(sizeof *hp);
    *hp = gh;
    hp->a[100] = 9;
    printf("%d %d\n", hp->a[3999] + hp->a[100], gh.a[100]);
    free(hp);
    const int ci = 10;
    const int *cip = &ci;
    int *const icp = &x;
    *icp = 20;
    printf("%d %d\n", *cip, x);
    volatile int vi = 0;
    for (i = 0; i < 10; i++) vi += i;
    printf("%d\n", vi);
    int i2 = 5;
    {
        int i2 = 6;
        {
            int i2 = 7;
            printf("%d ", i2);
        }
        printf("%d ", i2);
    }
    printf("%d\n", i2);
    typedef int T;
    {
        T T = 3;
        printf("%d\n", T);
    }
    T after = 4;
    printf("%d\n", after);
    extern int later_global;
    printf("%d\n", later_global);
    printf("%d\n", (int)sizeof(int[10]));
    int matrix[2][3][4];
    printf("%d %d %d\n", (int)sizeof matrix, (int)sizeof matrix[0], (int)sizeof matrix[0][0]);
    printf("%d\n", (int)(&matrix[1][2][3] - &matrix[0][0][0]));
    printf("%d\n", (int)((char *)&matrix[1] - (char *)matrix));
    return 0;
}
int later_global = 99;
