/* Arithmetic on unsigned long long bit-fields of 33 to 63 bits, which gcc does at the field's width
 * (docs/compiler.md, "Types"): with an operand of lower rank (int, unsigned, char, a narrow bit-field) the
 * result has the field's width and wraps there; with another such field, the wider one's; with a long long,
 * 64 bits. Unary minus and complement, shifts, multiplication, division, comparisons, the conditional operator,
 * post-increments, the value of an assignment, conversions from double and to double, arguments, in an ordinary and a packed struct. */
#include <stdio.h>

typedef unsigned long long u64;

struct w {
    u64 x : 40;
    u64 y : 50;
    u64 z : 33;
    long long sg : 40;
    u64 big : 63;
    u64 v : 32;
};

#pragma pack(push, 1)
struct pw {
    char c;
    u64 x : 40;
    u64 z : 33;
};
#pragma pack(pop)

static void show(const char *what, u64 v) {
    printf("%-12s %llx\n", what, v);
}

static u64 pass(u64 v) {
    return v + 1;
}

int main(void) {
    struct w s = {0xffffffffffULL, 3, 0x1ffffffffULL, -5, 0x7fffffffffffffffULL, 0xffffffffu};
    struct pw p = {'p', 0xfffffffff0ULL, 0x100000000ULL};
    int i = -1;
    unsigned char uc = 200;
    int n = 4;

    show("x+1", s.x + 1);
    show("x+1u", s.x + 1u);
    show("x+1ull", s.x + 1ULL);
    show("x+1ll", s.x + 1LL);
    show("(u64)x+1", (u64)s.x + 1);
    show("x+y", s.x + s.y);
    show("y+x", s.y + s.x);
    show("x-y", s.x - s.y);
    show("x+v", s.x + s.v);
    show("x*2", s.x * 2);
    show("x<<4", s.x << 4);
    show("x<<n", s.x << n);
    show("x>>4", s.x >> 4);
    show("-x", -s.x);
    show("~x", ~s.x);
    show("y-4", s.y - 4);
    show("z+z", s.z + s.z);
    show("z*z", s.z * s.z);
    show("z+uc", s.z + uc);
    show("big+big", s.big + s.big);
    show("x/3", s.x / 3);
    show("x%7", s.x % 7);
    show("x^mask", s.x ^ 0xffffffffffffULL);
    show("x+i", s.x + i);
    show("sg*2", s.sg * 2);
    show("v+1", s.v + 1);
    printf("x+1==0       %d\n", s.x + 1 == 0);
    printf("y-4>0        %d\n", s.y - 4 > 0);
    printf("x==-1        %d\n", s.x == -1);
    printf("sizeof       %d\n", (int)sizeof(s.x + 1));
    printf("double       %.1f %.1f\n", s.x + 1.0, (double)(s.x + 1));
    show("cond", 1 ? s.x + 1 : 0);
    u64 t = s.x + 2;
    show("assigned", t);
    show("argument", pass(s.x + 1));
    show("x++ + 1", s.x++ + 1);
    show("x after ++", s.x);
    s.x--;
    s.x += 0x10;
    show("x += 0x10", s.x);
    s.z = 5e9;
    show("z = 5e9", s.z);
    show("px+16", p.x + 16);
    show("pz*2", p.z * 2);
    show("pz+pz+pz", p.z + p.z + p.z);
    show("-pz", -p.z);
    p.x += 0x20;
    show("px += 0x20", p.x);
    show("(x = m) + 1", (s.x = 0xffffffffffULL) + 1);
    show("(x += 0) + 1", (s.x += 0) + 1);
    show("(z *= 2) + z", (s.z *= 2) + 0x100000000ULL);
    return 0;
}
