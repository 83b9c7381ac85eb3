typedef struct node { struct node *next; int v; } node;
typedef int T;
static node pool[4] = { [0] = { &pool[1], 1 }, [1].v = 2, { 0, 3 } };
extern int (*table[3])(int);
int k_and_r(a, b) int a; char *b; { return a + *b; }
static inline int sq(int x) { return x * x; }
union u { int i; float f; unsigned char b[4]; };
int scope(void) {
    T T = 1;        /* an object named like the typedef, in an inner scope */
    { typedef long T; T y = 2; T += (int) y; }
    return T;
}
int sum(node *n) { int s = 0; for (; n; n = n->next) s += n->v; return s; }
int strings(void) {
    static const char *names[] = { "a", "bc", "def", 0 };
    const char *const *p = names;
    int n = 0;
    while (*p) n += (int) sizeof *p + **p++;
    return n + L'x' + u'y' + U'z' + '\n' + '\0' + '\377';
}
int bits(unsigned x) {
    union u v = { .f = 1.5f };
    x = x << 3 | x >> 29;
    x ^= ~x & 0xF0F0u;
    return (int) (x % 10) + v.b[3] + (x > 5 ? sq(3) : -sq(2)) + k_and_r(1, "z");
}
