/* Narrow types held in registers: char, short and their unsigned forms as loop counters, accumulators and
 * parameters must wrap to their width after every assignment, increment and compound assignment (gcc and
 * scmpcc both wrap on conversion to a narrower signed type); _Bool normalizes to 0 or 1; narrow return
 * values and narrow parameters are converted at the call. */
#include <stdio.h>

static signed char sc_add(signed char a, signed char b) { return (signed char)(a + b); }
static unsigned char uc_mul(unsigned char a, unsigned char b) { return (unsigned char)(a * b); }
static short sh_neg(short a) { return (short)-a; }
static unsigned short us_shift(unsigned short a, int n) { return (unsigned short)(a << n); }
static _Bool to_bool(int v) { return v; }
static char pass_through(char c) { return c; }
static int widen(signed char c, unsigned char u, short s, unsigned short us) { return c * 1000000 + u * 10000 + s + us; }

int main(void)
{
    signed char c = 0;
    unsigned char u = 0;
    short s = 0;
    unsigned short us = 0;
    _Bool b;
    int i, steps = 0;

    for (i = 0; i < 300; i++) {
        c++;
        u += 3;
        s += 300;
        us -= 7;
        if (i % 50 == 49)
            printf("i=%d c=%d u=%d s=%d us=%d\n", i, c, u, s, us);
    }
    c = 127;
    c++;
    printf("127+1 as signed char: %d\n", c);
    c = -128;
    c--;
    printf("-128-1 as signed char: %d\n", c);
    s = 32767;
    s += 1;
    printf("32767+1 as short: %d\n", s);
    us = 0;
    us--;
    printf("0-1 as unsigned short: %d\n", us);
    u = 200;
    u *= 2;
    printf("200*2 as unsigned char: %d\n", u);
    u = 17;
    u <<= 4;
    printf("17<<4 as unsigned char: %d\n", u);
    c = -100;
    c >>= 2;
    printf("-100>>2 as signed char: %d\n", c);
    c = 100;
    c *= 3;
    printf("100*3 as signed char: %d\n", c);
    s = -32768;
    s = -s;
    printf("-(-32768) as short: %d\n", s);

    /* counters in narrow types */
    for (u = 250; u != 4; u++)
        steps++;
    printf("unsigned char loop from 250 to 4: %d steps\n", steps);
    steps = 0;
    for (c = 120; c > 0; c += 5)
        steps++;
    printf("signed char loop until it wraps negative: %d steps, c=%d\n", steps, c);

    printf("sc_add(100, 100) = %d, uc_mul(16, 17) = %d, sh_neg(-32768) = %d, us_shift(0x8001, 1) = %d\n",
           sc_add(100, 100), uc_mul(16, 17), sh_neg(-32768), us_shift(0x8001, 1));
    printf("to_bool: %d %d %d %d\n", to_bool(0), to_bool(5), to_bool(-1), to_bool(256));
    b = 0;
    for (i = 0; i < 5; i++) {
        b = b + 1;      /* stays 1 */
    }
    printf("_Bool after five increments by addition: %d\n", b);
    b = 0.5;
    printf("_Bool from 0.5: %d, from 0.0: %d\n", b, (_Bool)0.0);
    printf("pass_through(300 truncated): %d\n", pass_through((char)300));
    printf("widen: %d %d\n", widen(-1, 255, -1, 65535), widen((signed char)129, (unsigned char)257, (short)65536, (unsigned short)65537));
    {
        /* narrow values across calls in loops (saved registers at -O1) */
        short acc = 0;
        unsigned char h = 0;
        for (i = 0; i < 1000; i++) {
            acc = (short)(acc * 31 + sc_add((signed char)i, 1));
            h = uc_mul(h, 3) + (unsigned char)i;
        }
        printf("acc %d h %d\n", acc, h);
    }
    {
        unsigned char bytes[8] = { 0x80, 0xff, 0x7f, 0x01, 0xfe, 0x00, 0x40, 0xc0 };
        signed char *sb = (signed char *)bytes;
        int sum_u = 0, sum_s = 0;
        for (i = 0; i < 8; i++) {
            sum_u += bytes[i];
            sum_s += sb[i];
        }
        printf("bytes as unsigned sum %d, as signed sum %d\n", sum_u, sum_s);
    }
    return 0;
}
