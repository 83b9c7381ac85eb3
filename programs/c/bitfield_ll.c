/* long long bit-fields, and bit-fields that #pragma pack spreads over more than 4 bytes: values written and
 * read back at every width and position (within a word, across the two words of a long long's unit, the whole
 * unit), signed and unsigned, by plain and compound assignment, increments, through pointers, in arrays, in
 * static initializers; the value of an assignment; promotion of a narrow one to int. Under pack(1) the bytes of
 * the struct are printed too (i386 and SCMP lay out packed structs alike). Arithmetic on an unsigned long long
 * bit-field wider than 32 bits is done after a cast: gcc computes it at the field's width (docs/compiler.md). */
#include <stdio.h>

typedef unsigned long long u64;
typedef long long s64;

struct wide {
    u64 a : 40;
    s64 b : 20;
    u64 c : 4;
    s64 d : 63;
    int e : 3;
    u64 f : 33;
    s64 g : 64;
    u64 h : 1;
    s64 i : 31;
};

struct mixed {
    char x;
    u64 a : 12;
    u64 b : 30;
    s64 c : 50;
    short y;
};

#pragma pack(push, 1)
struct packed {
    char x;
    u64 a : 60;
    s64 b : 37;
    unsigned char y;
    u64 c : 9;
    int d : 31;
    unsigned e : 32;
    s64 f : 64;
};
#pragma pack(pop)

static struct wide sw = {0x123456789aULL, -77, 5, -1234567890123LL, 2, 0x1fedcba98ULL, -5, 1, -1000000};
static struct packed sp = {1, 0xfedcba987654321ULL, -0x123456789LL, 2, 300, -123456789, 0xdeadbeefu, -2};

static unsigned lcg = 12345;
static u64 next(void) {
    u64 v = 0;
    for (int i = 0; i < 4; i++) {
        lcg = lcg * 1103515245u + 12345u;
        v = v << 16 | (lcg >> 8 & 0xffff);
    }
    return v;
}

static void show_wide(const char *tag, const struct wide *w) {
    printf("%s: a=%llx b=%lld c=%llu d=%lld e=%d f=%llx g=%lld h=%llu i=%lld\n", tag, (u64)w->a, (s64)w->b,
           (u64)w->c, (s64)w->d, w->e, (u64)w->f, (s64)w->g, (u64)w->h, (s64)w->i);
}

static void show_packed(const char *tag, const struct packed *p) {
    const unsigned char *q = (const unsigned char *)p;
    printf("%s: x=%d a=%llx b=%lld y=%u c=%llu d=%d e=%x f=%lld bytes=", tag, p->x, (u64)p->a, (s64)p->b, p->y,
           (u64)p->c, p->d, p->e, (s64)p->f);
    for (unsigned k = 0; k < sizeof *p; k++) {
        printf("%02x", q[k]);
    }
    printf(" size %u\n", (unsigned)sizeof *p);
}

int main(void) {
    show_wide("static", &sw);
    show_packed("static", &sp);

    struct wide w = {0};
    w.a = 0xffffffffffULL;
    w.b = -5;
    w.c = 9;
    w.d = -123456789012345LL;
    w.e = -2;
    w.f = 0x1abcdef01ULL;
    w.g = 0x7fffffffffffffffLL;
    w.h = 1;
    w.i = -1073741824;
    show_wide("set", &w);
    printf("promote: %d %d %d\n", w.c - 10 < 0, w.h - 2 < 0, (int)sizeof(w.c + 0));
    printf("value of =: %llx %lld %llu\n", (u64)(w.a = 0x1122334455667788ULL), (s64)(w.b = 0xfffff),
           (u64)(w.c = 0x1f));
    w.a += 5;
    w.b *= 3;
    w.d++;
    w.f--;
    w.g -= 0x100;
    w.i /= 7;
    w.c |= 2;
    show_wide("compound", &w);
    u64 before = w.d--;
    printf("post: %lld %lld\n", (s64)before, (s64)w.d);

    struct wide arr[3];
    for (int r = 0; r < 200; r++) {
        struct wide *p = &arr[r % 3];
        u64 v = next();
        p->a = v;
        p->b = (s64)v >> 7;
        p->c = v >> 60;
        p->d = (s64)v;
        p->e = (int)v;
        p->f = v >> 3;
        p->g = (s64)(v * 3);
        p->h = v >> 63;
        p->i = (s64)v >> 20;
        if (r % 40 == 0) {
            show_wide("loop", p);
        }
        u64 sum = (u64)p->a + (u64)p->b + (u64)p->c + (u64)p->d + (u64)p->e + (u64)p->f + (u64)p->g + (u64)p->h
                + (u64)p->i;
        if (r % 20 == 0) {
            printf("sum %llx\n", sum);
        }
    }

    struct mixed m = {0};
    m.x = 1;
    m.a = 0xabc;
    m.b = 0x3fffffff;
    m.c = -1;
    m.y = -2;
    printf("mixed: x=%d a=%llx b=%llx c=%lld y=%d\n", m.x, (u64)m.a, (u64)m.b, (s64)m.c, m.y);
    m.c = 0x1ffffffffffffLL;
    m.b ^= 0x15555555;
    printf("mixed: x=%d a=%llx b=%llx c=%lld y=%d\n", m.x, (u64)m.a, (u64)m.b, (s64)m.c, m.y);

    struct packed p = {0};
    show_packed("zero", &p);
    p.x = 7;
    p.a = 0x123456789abcdefULL;
    p.b = -0x123456789LL;
    p.y = 0x55;
    p.c = 0x1ff;
    p.d = -1;
    p.e = 0x89abcdefu;
    p.f = -0x123456789abcdefLL;
    show_packed("set", &p);
    p.d = 0x3fffffff;
    p.a ^= 0xf0f0f0f0f0f0f0fULL;
    p.b++;
    p.c >>= 1;
    p.e += 0x11111111u;
    p.f = p.f * 2 + 1;
    show_packed("compound", &p);
    struct packed *pp = &p;
    for (int r = 0; r < 50; r++) {
        u64 v = next();
        pp->a = v;
        pp->b = (s64)v;
        pp->c = v >> 40;
        pp->d = (int)(v >> 8);
        pp->e = (unsigned)(v >> 16);
        pp->f = (s64)~v;
        if (r % 10 == 0) {
            show_packed("loop", pp);
        }
    }
    return 0;
}
