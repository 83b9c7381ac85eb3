/* _Generic (C11 6.5.1.1): selection by the controlling expression's type after lvalue conversion, every
 * integer and floating type apart (char, signed char and unsigned char are three), pointers by their
 * qualified pointee, default, type-generic macros over functions, constant results, unevaluated operands. */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

#define TYPE_NAME(x) _Generic((x),                                              \
    _Bool: "_Bool", char: "char", signed char: "signed char", unsigned char: "unsigned char", \
    short: "short", unsigned short: "unsigned short", int: "int", unsigned: "unsigned int",  \
    long: "long", unsigned long: "unsigned long", long long: "long long",                    \
    unsigned long long: "unsigned long long", float: "float", double: "double",              \
    long double: "long double", char *: "char *", const char *: "const char *",             \
    int *: "int *", const int *: "const int *", void *: "void *", default: "other")

#define ABS(x) _Generic((x), int: abs, long: labs, long long: llabs, float: fabsf, default: fabs)(x)

#define MAX(a, b) _Generic((a) + (b), int: max_int, double: max_double, default: max_long_long)((a), (b))

static int max_int(int a, int b) { return a > b ? a : b; }
static double max_double(double a, double b) { return a > b ? a : b; }
static long long max_long_long(long long a, long long b) { return a > b ? a : b; }

struct point { int x, y; };
union number { int i; float f; };
enum shade { LIGHT, DARK };
enum sign { NEGATIVE = -1, ZERO, POSITIVE };

static const char *kind_of_struct(struct point p)
{
    return _Generic(p, struct point: "struct point", union number: "union number", default: "?");
}

static int count;

static int side_effect(void)
{
    count++;
    return 1;
}

static void print_int(int v) { printf("int %d\n", v); }
static void print_double(double v) { printf("double %.3f\n", v); }
static void print_string(const char *v) { printf("string %s\n", v); }
#define PRINT(x) _Generic((x), int: print_int, double: print_double, char *: print_string, \
    const char *: print_string)(x)

int main(void)
{
    _Bool b = 1;
    char c = 'c';
    signed char sc = -1;
    unsigned char uc = 200;
    short s = -3;
    unsigned short us = 3;
    int i = -4;
    unsigned u = 4;
    long l = -5;
    unsigned long ul = 5;
    long long ll = -6;
    unsigned long long ull = 6;
    float f = 1.5f;
    double d = 2.5;
    long double ld = 3.5;
    char str[] = "array";
    const char *cs = "const";
    int arr[3] = {1, 2, 3};
    const int *cip = arr;
    void *vp = arr;
    const int ci = 9;
    volatile short vs = 1;

    printf("%s %s %s %s\n", TYPE_NAME(b), TYPE_NAME(c), TYPE_NAME(sc), TYPE_NAME(uc));
    printf("%s %s %s %s\n", TYPE_NAME(s), TYPE_NAME(us), TYPE_NAME(i), TYPE_NAME(u));
    printf("%s %s %s %s\n", TYPE_NAME(l), TYPE_NAME(ul), TYPE_NAME(ll), TYPE_NAME(ull));
    printf("%s %s %s\n", TYPE_NAME(f), TYPE_NAME(d), TYPE_NAME(ld));
    printf("%s %s %s %s %s\n", TYPE_NAME(str), TYPE_NAME(cs), TYPE_NAME(arr), TYPE_NAME(cip), TYPE_NAME(vp));
    printf("qualifiers dropped: %s %s\n", TYPE_NAME(ci), TYPE_NAME(vs));
    printf("literals: %s %s %s %s %s %s %s\n", TYPE_NAME('x'), TYPE_NAME(1), TYPE_NAME(1u), TYPE_NAME(1L),
           TYPE_NAME(1.0f), TYPE_NAME(1.0), TYPE_NAME("lit"));
    printf("promotions: %s %s %s %s\n", TYPE_NAME(c + 1), TYPE_NAME(uc + uc), TYPE_NAME(s * 2), TYPE_NAME(f * 2));
    printf("conversions: %s %s %s %s\n", TYPE_NAME(u + i), TYPE_NAME(l + ul), TYPE_NAME(ll + 1u), TYPE_NAME(i + 0.5f));
    printf("expressions: %s %s %s %s\n", TYPE_NAME(&i), TYPE_NAME(*cip), TYPE_NAME(i < u), TYPE_NAME(b ? c : s));
    printf("others: %s %s %s\n", TYPE_NAME(((struct point){1, 2})), TYPE_NAME(LIGHT), TYPE_NAME(&arr));
    printf("%s\n", kind_of_struct((struct point){3, 4}));
    enum shade sh = DARK;
    enum sign sg = NEGATIVE;
    printf("enums: %s %s\n", TYPE_NAME(sh), TYPE_NAME(sg));

    printf("abs: %d %ld %lld %.2f %.2f\n", ABS(-7), ABS(-8L), ABS(-9LL), ABS(-1.25f), ABS(-2.75));
    printf("max: %d %.2f %lld\n", MAX(3, 9), MAX(2.5, 1.5), MAX(10LL, 20));
    PRINT(42);
    PRINT(2.0 / 3);
    PRINT("hello");
    PRINT(cs);

    int n = _Generic(side_effect(), int: 10, default: 20);
    printf("unevaluated: %d count %d\n", n, count);
    int k = 0;
    int m = _Generic(k++, int: k + 100, default: 0);
    printf("k %d m %d\n", k, m);

    enum { SIZE = _Generic(1.0f, float: 4, double: 8, default: 1) };
    static const int table[] = {_Generic('a', int: 1, char: 2), _Generic((char)'a', int: 1, char: 2)};
    char buffer[_Generic(0L, long: 7, default: 1)];
    printf("constants: %d %d %d %u\n", SIZE, table[0], table[1], (unsigned)sizeof buffer);
    switch (3) {
    case _Generic(3, int: 3, default: 0):
        printf("case label\n");
        break;
    default:
        printf("default\n");
    }

    int x = 5;
    _Generic(x, int: x, default: i) = 50;
    printf("lvalue %d\n", x);
    printf("array size %u\n", (unsigned)sizeof(_Generic(0, int: arr, default: str)));
    printf("default first %s\n", _Generic(d, default: "d", int: "i"));
    printf("function pointer %s\n", _Generic(&max_int, int (*)(int, int): "int (*)(int, int)", default: "?"));
    return 0;
}
