/* Unions: by value as arguments and results, tagged unions in arrays, type punning between float/double
 * and their bit patterns (IEEE on both sides), unions holding structs, and sizeof/alignment. */
#include <stdio.h>
#include <string.h>

union bits64 { double d; unsigned long long u; unsigned int w[2]; unsigned char b[8]; };
union bits32 { float f; unsigned int u; unsigned short h[2]; };

enum kind { K_INT, K_DBL, K_STR, K_PAIR };
struct pair { short a, b; };
struct value {
    enum kind kind;
    union {
        int i;
        double d;
        char s[12];
        struct pair p;
    } u;
};

static struct value make_int(int i) { struct value v; v.kind = K_INT; v.u.i = i; return v; }
static struct value make_dbl(double d) { struct value v; v.kind = K_DBL; v.u.d = d; return v; }
static struct value make_str(const char *s) { struct value v; v.kind = K_STR; strncpy(v.u.s, s, 11); v.u.s[11] = 0; return v; }
static struct value make_pair(int a, int b) { struct value v; v.kind = K_PAIR; v.u.p.a = (short)a; v.u.p.b = (short)b; return v; }

static void print_value(struct value v)
{
    switch (v.kind) {
    case K_INT: printf("int %d\n", v.u.i); break;
    case K_DBL: printf("double %.6g\n", v.u.d); break;
    case K_STR: printf("string \"%s\"\n", v.u.s); break;
    case K_PAIR: printf("pair (%d, %d)\n", v.u.p.a, v.u.p.b); break;
    }
}

static struct value add(struct value x, struct value y)
{
    if (x.kind == K_INT && y.kind == K_INT)
        return make_int(x.u.i + y.u.i);
    if (x.kind == K_STR && y.kind == K_STR) {
        struct value r = x;
        strncat(r.u.s, y.u.s, 11 - strlen(r.u.s));
        return r;
    }
    if (x.kind == K_PAIR && y.kind == K_PAIR)
        return make_pair(x.u.p.a + y.u.p.a, x.u.p.b + y.u.p.b);
    return make_dbl((x.kind == K_INT ? x.u.i : x.kind == K_DBL ? x.u.d : 0)
                    + (y.kind == K_INT ? y.u.i : y.kind == K_DBL ? y.u.d : 0));
}

static union bits64 from_double(double d) { union bits64 b; b.d = d; return b; }
static double next_up(double d)
{
    union bits64 b = from_double(d);
    if (d >= 0)
        b.u++;
    else
        b.u--;
    return b.d;
}

int main(void)
{
    static const double ds[] = { 0.0, -0.0, 1.0, -2.0, 0.1, 1e300, 5e-324, 3.141592653589793 };
    static const float fs[] = { 0.0f, 1.0f, -1.5f, 0.1f, 3.4e38f, 1e-45f, 65504.0f };
    struct value vals[8];
    int i;

    for (i = 0; i < 8; i++) {
        union bits64 b = from_double(ds[i]);
        printf("%-22.17g %08x %08x %016llx sign=%d exp=%4d\n", ds[i], b.w[1], b.w[0], b.u, b.b[7] >> 7,
               (int)((b.u >> 52) & 0x7ff));
    }
    for (i = 0; i < 7; i++) {
        union bits32 b;
        b.f = fs[i];
        printf("%-16.9g %08x halves %04x %04x\n", (double)fs[i], b.u, b.h[1], b.h[0]);
    }
    {
        union bits32 b;
        b.u = 0x40490fdbu;
        printf("float from bits: %.9g\n", (double)b.f);
        b.u = 0x7f7fffffu;
        printf("FLT_MAX from bits: %.9g\n", (double)b.f);
    }
    printf("next_up(1) - 1 = %.17g\n", next_up(1.0) - 1.0);
    printf("next_up(-1) = %.17g\n", next_up(-1.0));
    printf("next_up(0) = %.17g\n", next_up(0.0));

    vals[0] = make_int(41);
    vals[1] = make_dbl(0.5);
    vals[2] = make_str("hello");
    vals[3] = make_str(" world!!");
    vals[4] = make_pair(3, -4);
    vals[5] = add(vals[0], make_int(1));
    vals[6] = add(vals[2], vals[3]);
    vals[7] = add(vals[4], make_pair(100, 200));
    for (i = 0; i < 8; i++)
        print_value(vals[i]);
    print_value(add(vals[0], vals[1]));
    print_value(add(add(vals[1], vals[1]), make_int(-2)));

    {
        union bits64 x, y;
        x.u = 0x0123456789abcdefULL;
        y = x;
        y.b[0] = 0xff;
        printf("%016llx %016llx bytes:", x.u, y.u);
        for (i = 0; i < 8; i++)
            printf(" %02x", x.b[i]);
        printf("\n");
    }
    printf("sizeof bits64 %u bits32 %u\n", (unsigned)sizeof(union bits64), (unsigned)sizeof(union bits32));
    return 0;
}
