#include <stdio.h>
#include <string.h>
int foo = 3;
int g = 5;
#ifndef PREPROCESSOR_INCLUDE_GUARD
#define PREPROCESSOR_INCLUDE_GUARD 1
#include "preprocessor_include.h"
#include "preprocessor_include.h"
#endif

#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define CAT3(a, b, c) a ## b ## c
#define EMPTY
#define LPAREN (
#define F(x) (x + 1)
#define G F
#define H(x) G(x) * 2
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define LOG(fmt, ...) printf("[%d] " fmt "\n", __LINE__, __VA_ARGS__)
#define LOG2(fmt, ...) printf(fmt "\n", ##__VA_ARGS__)
#define NARGS(...) NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define NARGS_(a, b, c, d, e, f, g, h, n, ...) n
#define FIRST(a, ...) a
#define REST(a, ...) __VA_ARGS__
#define APPLY(m, ...) m(__VA_ARGS__)
#define VER 3
#define NAME scmp
#define VERSION_STRING XSTR(NAME) "-" XSTR(VER)
#define foo foo_is_not_recursive + foo
#define EMPTYARG(x) [x]
#define TWO(a, b) a-b
#define COMMA ,
#define ID(x) x
#define obj_like (1 + 2)
#define fn_like() 42
#define PASTE_NUM(a, b) a##b
#define ADD_SUFFIX(x) x##ULL
#define DECL(type, name) type name = (type)0
#define STRINGIFY_ALL(...) #__VA_ARGS__

#if defined(VER) && VER >= 3 && !defined(NOPE)
#define BRANCH "a"
#elif VER == 2
#define BRANCH "b"
#else
#define BRANCH "c"
#endif

#if (1 ? 2 : 3) == 2 && (0x10 >> 2) == 4 && -1 < 0 && (-1 > 0u) && 10 / 3 == 3 && 'A' == 65 && (1 << 31) < 0
#define ARITH_OK 1
#else
#define ARITH_OK 0
#endif

#if UNDEFINED_THING + 0 == 0 && !UNDEFINED_THING
#define UNDEF_OK 1
#endif

#ifdef __STDC__
#define HAS_STDC 1
#endif

#define X_COLORS X(red, 1) X(green, 2) X(blue, 4)
enum color {
#define X(n, v) n = v,
    X_COLORS
#undef X
};
static const char *color_name(enum color c) {
    switch (c) {
#define X(n, v) case n: return #n;
    X_COLORS
#undef X
    }
    return "?";
}

#define MULTI_LINE(a, b) \
    do { \
        int t_ = (a); \
        (a) = (b); \
        (b) = t_; \
    } while (0)

#define REDEF 1
#define REDEF 1
#undef REDEF
#define REDEF 2

int foo_is_not_recursive = 10;

int main(void) {
    printf("%s\n", STR(hello world));
    printf("%s\n", STR( a  +   b ));
    printf("%s\n", STR("quoted\n" 'c'));
    printf("%s\n", XSTR(VER));
    printf("%s\n", STR(VER));
    int CAT(var, 1) = 5, xy = 7;
    printf("%d %d\n", var1, CAT(x, y));
    printf("%d\n", XCAT(var, 1));
    printf("%d\n", CAT3(x, , y));
    printf("%d\n", H(3));
    printf("%d\n", SQUARE(1 + 2));
    printf("%d\n", MAX(SQUARE(2), SQUARE(-3)));
    LOG("%d %s", 1, "two");
    LOG2("no args");
    LOG2("args %d %d", 1, 2);
    printf("%d %d %d\n", NARGS(a), NARGS(a, b, c), NARGS(1, 2, 3, 4, 5, 6, 7, 8));
    printf("%d\n", FIRST(11, 22, 33));
    int arr[] = { REST(0, 1, 2, 3) };
    printf("%d\n", (int)(sizeof arr / sizeof arr[0]));
    printf("%d\n", APPLY(MAX, 4, 9));
    printf("%s\n", VERSION_STRING);
    printf("%d\n", foo);
    printf("%s\n", STR(EMPTYARG()));
    printf("%d\n", TWO(5, 3));
    printf("%d\n", ID(TWO(10, 1)) + 0);
    printf("%d %d\n", obj_like, fn_like());
    printf("%d\n", PASTE_NUM(12, 34));
    printf("%llu\n", ADD_SUFFIX(18446744073709551615));
    DECL(int, zz);
    DECL(double, dd);
    printf("%d %g\n", zz, dd);
    printf("%s\n", STRINGIFY_ALL(a, b,   c));
    printf("%s %d %d %d\n", BRANCH, ARITH_OK, UNDEF_OK, HAS_STDC);
    printf("%s %s %s\n", color_name(red), color_name(green), color_name(blue));
    int p = 1, q = 2;
    MULTI_LINE(p, q);
    printf("%d %d\n", p, q);
    printf("%d\n", REDEF);
    printf("%d\n", __LINE__);
#line 1000
    printf("%d\n", __LINE__);
    printf("%s\n", strrchr(__FILE__, '/') ? strrchr(__FILE__, '/') + 1 : __FILE__);
    printf("%d %s\n", HDR_VALUE, hdr_func());
    printf("%d\n", header_counter);
    printf("%s\n", STR(__LINE__));
    printf("%s\n", XSTR(__LINE__));
    printf("%d\n", F(F(F(1))));
    printf("%d\n", G(G(2)));
#define f(x) x*g
#define g(x) f(x)
    int x = 3;
    printf("%d\n", f(2)(9));
#undef f
#undef g
#define t(x,y) x ## y
    printf("%s\n", STR(t(1,2)));
    printf("%d\n", t(1,2));
#if 0
    this is not compiled #error nothing
    'unterminated char in skipped block
#endif
#if 1
#else
#error should not happen
#endif
#define EMPTY_FN()
    EMPTY_FN() printf("after empty\n");
    printf("%s\n", STR(EMPTY));
    printf("%s|\n", XSTR(EMPTY));
    return 0;
}
