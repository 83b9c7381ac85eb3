/* C's name spaces (C99 6.2.3): tags, labels, members and ordinary identifiers apart, so one spelling can
 * be a typedef, a tag, a variable, a member and a label at once; repeated identical typedefs (C11 6.7p3);
 * bit-fields of enumerated type, unsigned when no enumerator is negative (as gcc makes them). */
#include <stdio.h>
#include <string.h>

typedef struct s s;
typedef struct s s;
struct s {
    s *next;
    int s;
};
typedef int T;
typedef int T;
typedef T T2;
typedef T2 T;
typedef unsigned long size_type;
typedef unsigned long size_type;

struct T { T T; T s; };
union u { int u; char c[4]; } u;
enum e { e, f, g };

static int walk(s *list)
{
    int sum = 0;
    s *s = list;
    while (s != NULL) {
        sum += s->s;
        s = s->next;
    }
    return sum;
}

static int labels(int n)
{
    int s = 0, T = 0;
    typedef int L;
    L count = 0;
    goto s;
T:
    T++;
s:
    s += n--;
    count++;
    if (n > 0)
        goto T;
    if (count < 100)
        goto L;
    return -1;
L:
    return s * 1000 + T * 10 + count;
}

static int shadow(T T)
{
    return T * 2;
}

static int members(void)
{
    struct T t = {3, 4};
    struct s node = {NULL, 5};
    u.u = 0x01020304;
    return t.T * 100 + t.s * 10 + node.s + u.c[0];
}

enum color { RED, GREEN, BLUE, WHITE };
enum delta { DOWN = -1, SAME, UP };
enum big { SMALL = 1, LARGE = 6 };
typedef enum color color_t;

struct packed {
    enum color c : 2;
    enum delta d : 2;
    color_t tc : 2;
    enum big b : 3;
    unsigned rest : 7;
};

static void bitfields(void)
{
    struct packed p;
    memset(&p, 0, sizeof p);
    p.c = WHITE;
    p.d = DOWN;
    p.tc = BLUE;
    p.b = LARGE;
    p.rest = 100;
    printf("fields %d %d %d %d %u\n", p.c, p.d, p.tc, p.b, p.rest);
    printf("compare %d %d %d %d\n", p.c == WHITE, p.d == DOWN, p.c > BLUE, p.d < SAME);
    printf("arith %d %d %d\n", p.c - 4, p.d + 1, p.c * p.d);
    printf("promoted %d %d\n", p.c - 4 < 0, p.tc - 3 < 0);
    for (int i = 0; i < 8; i++) {
        p.c = (enum color)i;
        p.d = (enum delta)i;
        p.b = (enum big)i;
        printf("wrap %d: %d %d %d\n", i, p.c, p.d, p.b);
    }
    struct packed q = {GREEN, UP, RED, SMALL, 5};
    printf("init %d %d %d %d %u\n", q.c, q.d, q.tc, q.b, q.rest);
    q.c++;
    q.d--;
    printf("incdec %d %d\n", q.c, q.d);
}

int main(void)
{
    struct s c = {NULL, 3}, b = {&c, 20}, a = {&b, 100};
    printf("walk %d\n", walk(&a));
    printf("labels %d\n", labels(5));
    printf("shadow %d\n", shadow(21));
    printf("members %d\n", members());
    T x = 7;
    T2 y = x + 1;
    size_type z = 9;
    printf("typedefs %d %d %lu %u\n", x, y, z, (unsigned)sizeof(T));
    {
        struct s s;
        s.s = 42;
        s.next = NULL;
        printf("block %d\n", s.s);
        int T = 5;
        printf("ordinary %d\n", T);
    }
    {
        typedef char T;
        T small = 'q';
        printf("inner typedef %c %u\n", small, (unsigned)sizeof(T));
    }
    printf("outer typedef %u\n", (unsigned)sizeof(T));
    enum e v = g;
    printf("enum %d %d %d\n", e, f, v);
    bitfields();
    return 0;
}
