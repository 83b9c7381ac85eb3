int printf(const char *, ...); void *malloc(unsigned); void free(void *); int strcmp(const char *, const char *);
/* Bit-fields: unsigned and signed fields of various widths, packing (sizeof of int-only structs), overflow
 * wrap within the field's width, fields read in arithmetic (promotions), zero-width fields and a register
 * description decoded through a union. */

struct flags {
    unsigned int a : 1;
    unsigned int b : 3;
    unsigned int c : 4;
    unsigned int d : 8;
    unsigned int e : 16;
};

struct sfields {
    signed int s3 : 3;
    signed int s5 : 5;
    unsigned int u7 : 7;
    int pad : 1;
    signed int s16 : 16;
};

struct split {
    unsigned int lo : 20;
    unsigned int : 0;        /* start a new unit */
    unsigned int hi : 20;
    unsigned char tag;
};

struct date {
    unsigned int day : 5;
    unsigned int month : 4;
    unsigned int year : 12;
};

union reg {
    unsigned int word;
    struct {
        unsigned int opcode : 6;
        unsigned int rd : 5;
        unsigned int rs1 : 5;
        unsigned int imm : 16;
    } f;
};

static struct date next_day(struct date d)
{
    static const int len[] = { 0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    int leap = (d.year % 4 == 0 && d.year % 100 != 0) || d.year % 400 == 0;
    int n = len[d.month] + (d.month == 2 && leap);
    if (++d.day > n) {
        d.day = 1;
        if (++d.month > 12) {
            d.month = 1;
            d.year++;
        }
    }
    return d;
}

int main(void)
{
    struct flags f = { 0 };
    struct sfields s;
    struct split sp;
    struct date d = { 27, 2, 2000 };
    union reg r;
    int i;

    printf("sizeof flags %u sfields %u split %u date %u reg %u\n", (unsigned)sizeof(struct flags),
           (unsigned)sizeof(struct sfields), (unsigned)sizeof(struct split), (unsigned)sizeof(struct date),
           (unsigned)sizeof(union reg));
    for (i = 0; i < 20; i++) {
        f.a += 1;
        f.b += 3;
        f.c += 5;
        f.d += 77;
        f.e += 12345;
        printf("%d %d %2d %3d %5d\n", f.a, f.b, f.c, f.d, f.e);
    }
    f.b = 9;                       /* stores 9 mod 8 */
    f.c = 0xff;
    printf("truncated %u %u\n", f.b, f.c);
    printf("promoted: %d %d\n", f.a - 2 < 0, f.e * 2 > 65535);

    s.s3 = 3;
    s.s5 = -16;
    s.u7 = 127;
    s.pad = 0;
    s.s16 = -12345;
    printf("%d %d %d %d\n", s.s3, s.s5, s.u7, s.s16);
    for (i = -4; i < 4; i++) {
        s.s3 = i;
        s.s5 = i * 4;
        printf("s3=%d s5=%d sum=%d\n", s.s3, s.s5, s.s3 + s.s5);
    }
    s.u7 = 0;
    s.u7--;                         /* unsigned wrap within 7 bits */
    printf("u7 wraps to %d\n", s.u7);

    sp.lo = 0xfffff;
    sp.hi = 0x12345;
    sp.tag = 200;
    sp.lo++;
    printf("split lo %x hi %x tag %u\n", sp.lo, sp.hi, sp.tag);

    for (i = 0; i < 5; i++) {
        printf("%04u-%02u-%02u\n", d.year, d.month, d.day);
        d = next_day(d);
    }
    d.day = 31;
    d.month = 12;
    d.year = 4095;
    d = next_day(d);
    printf("%u-%u-%u\n", d.year, d.month, d.day);

    r.word = 0;
    r.f.opcode = 0x23;
    r.f.rd = 4;
    r.f.rs1 = 31;
    r.f.imm = 0xfffc;
    printf("encoded %08x\n", r.word);
    r.word = 0x8c850010u;
    printf("decoded op %u rd %u rs1 %u imm %u\n", r.f.opcode, r.f.rd, r.f.rs1, r.f.imm);
    {
        struct flags g = { 1, 7, 15, 255, 65535 };
        struct flags h = g;
        h.c = 3;
        printf("%u %u %u %u %u / %u\n", g.a, g.b, g.c, g.d, g.e, h.c);
    }
    return 0;
}
