#include <stdio.h>
#include <limits.h>

typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
typedef unsigned int u32;
typedef long long s64;
typedef unsigned long long u64;

static u8 gu8 = 200;
static s8 gs8 = -100;
static u16 gu16 = 60000;
static s16 gs16 = -30000;

int cmp_mixed(void) {
    int r = 0;
    unsigned u = 1;
    int i = -1;
    if (i < u) r |= 1;          /* -1 converted to UINT_MAX: false */
    if ((long long)i < u) r |= 2; /* true */
    if (i < (int)u) r |= 4;
    unsigned short us = 1;
    if (i < us) r |= 8;         /* promoted to int: true */
    unsigned char uc = 255;
    if ((char)uc < 0) r |= 16;
    return r;
}

void show_conv(void) {
    int i;
    for (i = -3; i <= 3; i++) {
        u8 a = (u8)(i * 100);
        s8 b = (s8)(i * 100);
        u16 c = (u16)(i * 30000);
        s16 d = (s16)(i * 30000);
        printf("%d: %u %d %u %d\n", i, a, b, c, d);
    }
    long long big = 0x123456789abcdefLL;
    printf("%d %u %hd %hu %hhd %hhu\n", (int)big, (unsigned)big, (short)big, (unsigned short)big, (signed char)big, (unsigned char)big);
    printf("%lld %llu\n", (long long)(int)0x80000000u, (unsigned long long)(unsigned)-5);
    printf("%lld\n", (long long)(s8)0x80);
    printf("%llx\n", (u64)(s16)-2);
    printf("%llx\n", (u64)(u16)-2);
}

void arith(void) {
    u8 a = 250, b = 10;
    int s = a + b;          /* 260 */
    u8 t = a + b;           /* 4 */
    printf("%d %d\n", s, t);
    s8 c = 127;
    c++;                     /* implementation-defined wrap: -128 */
    printf("%d\n", c);
    u16 x = 65535;
    x += 2;
    printf("%u\n", x);
    s16 y = -32768;
    y--;
    printf("%d\n", y);
    printf("%d\n", (u8)~a);
    printf("%d\n", ~a);
    printf("%d\n", -a);
    printf("%u\n", -(unsigned)a);
    printf("%d\n", a << 24 >> 24);
    printf("%d\n", (s8)a >> 1);
    printf("%u\n", (unsigned)(s8)a >> 1);
    unsigned int ui = 0xffffffff;
    ui += 1;
    printf("%u\n", ui);
    ui = 0; ui--;
    printf("%u %x %o\n", ui, ui, ui);
    printf("%d %d\n", gu8 * gs8, gu16 * gs16);
    printf("%d\n", (int)(gu16 * (unsigned)gs16));
    printf("%u\n", gu16 * (unsigned)gs16);
    long long m = (long long)gu16 * gs16;
    printf("%lld\n", m);
    printf("%d\n", sizeof(a + b) == sizeof(int));
    printf("%d\n", (int)sizeof(c));
    printf("%d %d\n", (int)sizeof(+c), (int)sizeof(c = 1));
}

void divmod(void) {
    int vals[] = { 7, -7, 13, -13, 0, 1, -1, INT_MAX, INT_MIN + 1 };
    int divs[] = { 1, -1, 2, -2, 3, -3, 7, 16, -16, 1000 };
    unsigned h = 0;
    for (int i = 0; i < (int)(sizeof vals / sizeof vals[0]); i++)
        for (int j = 0; j < (int)(sizeof divs / sizeof divs[0]); j++) {
            int q = vals[i] / divs[j], r = vals[i] % divs[j];
            h = h * 31 + (unsigned)q * 7 + (unsigned)r;
            if (j == 4) printf("%d/%d=%d r%d\n", vals[i], divs[j], q, r);
        }
    printf("h=%u\n", h);
    unsigned uv[] = { 0, 1, 7, 0x80000000u, 0xffffffffu, 12345678 };
    unsigned ud[] = { 1, 2, 3, 10, 0x10000, 0xffffffffu, 0x80000001u };
    h = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 7; j++)
            h = h * 33 + uv[i] / ud[j] + uv[i] % ud[j];
    printf("h=%u\n", h);
    /* constant divisions */
    for (int v = -20; v <= 20; v += 3)
        printf("%d:%d,%d,%d,%d,%d,%d ", v, v / 4, v % 4, v / 5, v % 5, v / -8, v % -8);
    printf("\n");
    for (unsigned v = 0; v < 100; v += 13)
        printf("%u:%u,%u,%u,%u ", v, v / 4, v % 4, v / 10, v % 10);
    printf("\n");
}

void shifts(void) {
    int x = -12345;
    unsigned y = 0xdeadbeef;
    for (int s = 0; s < 32; s += 5)
        printf("%d %d %u %u\n", x >> s, x << (s & 15), y >> s, y << s);
    s8 c = -1;
    u8 d = 0xff;
    printf("%d %d %d %d\n", c >> 4, d >> 4, c << 4, d << 4);
    long long L = -0x123456789LL;
    for (int s = 0; s < 64; s += 7)
        printf("%lld %llx %llx\n", L >> s, (unsigned long long)L >> s, (unsigned long long)L << s);
}

void bitops(void) {
    unsigned v = 0x12345678;
    int pop = 0;
    for (unsigned t = v; t; t &= t - 1) pop++;
    printf("pop=%d\n", pop);
    unsigned r = 0;
    for (int i = 0; i < 32; i++) if (v & (1u << i)) r |= 1u << (31 - i);
    printf("rev=%08x\n", r);
    printf("%x %x %x %x\n", v & 0xff00, v | 0xf, v ^ 0xffffffff, ~v);
    int neg = -v;
    printf("%d\n", neg);
    printf("%d %d %d\n", !v, !!v, !0);
}

int main(void) {
    printf("cmp=%d\n", cmp_mixed());
    show_conv();
    arith();
    divmod();
    shifts();
    bitops();
    printf("%d %d %d\n", CHAR_MIN, SCHAR_MIN, UCHAR_MAX);
    printf("%d %d %u\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("%d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("%lld %lld %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    return 0;
}
