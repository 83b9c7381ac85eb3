/* Pointers to an ordinary struct that a packed one places below its alignment (docs/compiler.md, "Pointers to
 * packed members"): once the unit takes such an address (&g.f, the decayed g.arr, also in a static
 * initializer), the struct's members reached through a pointer are read and written a byte at a time, and a
 * copy of the struct through one goes a byte at a time: compound assignments, bit-fields, indexing, calls,
 * a struct returned and assigned; then the bytes of the packed struct. */
#include <stdio.h>

struct in {
    int a;
    short s;
    unsigned b : 7;
};

#pragma pack(push, 1)
struct out {
    char c;
    struct in f;
    struct in arr[2];
};
#pragma pack(pop)

static struct out g = {'g', {1, 2, 3}, {{4, 5, 6}, {7, 8, 9}}};
static struct in *gp = &g.f;

static int get(struct in *q) {
    return q->a + q->s + q->b;
}

static struct in copy(struct in *q) {
    return *q;
}

int main(void) {
    struct in *q = &g.f;
    q->a += 10;
    q->s = 300;
    q->b = 99;
    struct in *r = g.arr;
    r[1].a *= 3;
    r[0].b--;
    gp->s -= 1;
    struct in c = copy(&g.arr[1]);
    *q = c;
    printf("%d %d %d %d %d %d\n", get(q), get(&g.arr[0]), get(r + 1), c.a, gp->a, g.f.b);
    unsigned char *bytes = (unsigned char *)&g;
    for (unsigned k = 0; k < sizeof g; k++) {
        printf("%02x", bytes[k]);
    }
    printf("\n");
    return 0;
}
