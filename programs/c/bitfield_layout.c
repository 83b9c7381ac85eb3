#include <stdio.h>
#include <string.h>

struct bf1 { unsigned a:3, b:5, c:8; int d:4; signed e:12; unsigned f:1; };
struct bf2 { char c; int x:7; short s; unsigned y:20; unsigned z:20; };
struct bf3 { unsigned char a:4; unsigned char b:4; unsigned char c:1; };
struct bf4 { int a:1; int :0; int b:3; unsigned :5; unsigned c:31; };
struct bf5 { short a:9; short b:9; char c:3; long long big; };
struct bf6 { unsigned long long x:40; unsigned y:24; };
struct flags { unsigned ready:1, busy:1, err:1, code:5; unsigned char tail; };
union ubf { struct bf1 s; unsigned w[2]; unsigned char bytes[8]; };

void dump(const void *p, int n) { const unsigned char *b = p; for (int i = 0; i < n; i++) printf("%02x", b[i]); printf("\n"); }

int main(void) {
    printf("%d %d %d %d %d\n", (int)sizeof(struct bf1), (int)sizeof(struct bf2), (int)sizeof(struct bf3), (int)sizeof(struct bf4), (int)sizeof(struct flags));
    struct bf1 x;
    memset(&x, 0, sizeof x);
    x.a = 9; x.b = 31; x.c = 300; x.d = 7; x.e = -2049; x.f = 3;
    printf("%u %u %u %d %d %u\n", x.a, x.b, x.c, x.d, x.e, x.f);
    dump(&x, sizeof x);
    x.d = 8;
    printf("%d\n", x.d);
    x.d++;
    printf("%d\n", x.d);
    x.a += 6;
    printf("%u\n", x.a);
    x.e -= 5000;
    printf("%d\n", x.e);
    x.c = x.a * x.b;
    printf("%u\n", x.c);
    int sum = x.a + x.b + x.c + x.d + x.e;
    printf("%d\n", sum);
    printf("%d %d\n", x.a - 10 < 0, x.d - 10 < 0);
    struct bf2 y;
    memset(&y, 0xff, sizeof y);
    y.c = 1; y.x = -64; y.s = 2; y.y = 0xabcde; y.z = 0x12345;
    printf("%d %d %d %x %x\n", y.c, y.x, y.s, y.y, y.z);
    dump(&y, sizeof y);
    struct bf3 z = { 15, 3, 1 };
    dump(&z, sizeof z);
    z.a = z.a + z.b;
    printf("%d %d %d\n", z.a, z.b, z.c);
    struct bf4 w = { -1, 5, 0x7fffffff };
    printf("%d %d %u\n", w.a, w.b, w.c);
    dump(&w, sizeof w);
    struct flags fl = { .busy = 1, .code = 19, .tail = 7 };
    printf("%d %d %d %d %d\n", fl.ready, fl.busy, fl.err, fl.code, fl.tail);
    dump(&fl, sizeof fl);
    fl.code <<= 1;
    printf("%d\n", fl.code);
    union ubf u;
    u.w[0] = 0x12345678; u.w[1] = 0x9abcdef0;
    printf("%u %u %u %d %d %u\n", u.s.a, u.s.b, u.s.c, u.s.d, u.s.e, u.s.f);
    struct bf5 v = { -200, 255, -3, 5 };
    printf("%d %d %d %lld\n", v.a, v.b, v.c, v.big);
    struct bf1 arr[4];
    for (int i = 0; i < 4; i++) { arr[i].a = i; arr[i].e = -i * 100; arr[i].b = i * 9; }
    for (int i = 0; i < 4; i++) printf("%u %d %u ", arr[i].a, arr[i].e, arr[i].b);
    printf("\n");
    struct bf1 *p = &arr[2];
    p->e = p->e * 3;
    p->b |= 1;
    printf("%d %u\n", p->e, p->b);
    unsigned long long t = x.c;
    printf("%llu\n", t << 30);
    printf("%d\n", (int)sizeof(x.a + 0));
    /* bitfield promotion: unsigned:3 promotes to int */
    printf("%d\n", x.a - 8 < 0);
    struct { unsigned u31:31; } s31 = { 0x7fffffff };
    struct { unsigned u32:32; } s32 = { 0xffffffff };
    printf("%d\n", s32.u32 + 1 > 0);
    return 0;
}
