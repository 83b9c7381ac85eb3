#include <stdio.h>
#include <stddef.h>
#include <limits.h>

/* Nested function-like macros, argument pre-expansion, ## blocking expansion, # of odd tokens. */
#define A(x) B(x) + 1
#define B(x) (x * 2)
#define C(x) A(A(x))
#define PASTE(a, b) a ## b
#define XPASTE(a, b) PASTE(a, b)
#define ONE 1
#define TWO 2
#define ONETWO 12
#define HASH_HASH # ## #
#define MKSTR(x) #x
#define XMKSTR(x) MKSTR(x)
#define INCONCAT(x) MKSTR(in ## x)
#define EMPTY
#define NOTHING()
#define CALL(f, ...) f(__VA_ARGS__)
#define SUM3(a, b, c) ((a) + (b) + (c))
#define COUNT(...) COUNT_(, ##__VA_ARGS__, 5, 4, 3, 2, 1, 0)
#define COUNT_(_0, _1, _2, _3, _4, _5, N, ...) N
#define NAMED(args...) sizeof((int[]){ args })
#define PRINT_ALL(fmt, args...) printf(fmt, ## args)
#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define DEFER(m) m EMPTY
#define OBJ (OBJ + 1)
#define SELF(x) x SELF
#define CHAIN1 CHAIN2
#define CHAIN2 CHAIN3
#define CHAIN3 42
#define ARGS 3, 4, 5
#define APPLY3(m, args) m args
#define PARENS (7, 8, 9)
#define LINE_STR XMKSTR(__LINE__)
#define CONCAT_NUM(a, b) a##b##0
#define NEGATE(x) -x
#define SPACE_STR(x) #x
#define f(a) a + f(a)
#define g f
#define STRUCT_INIT(nm, ...) { .name = #nm, .vals = { __VA_ARGS__ } }
#define IF_ELSE(c) PASTE(IF_, c)
#define IF_1(t, e) t
#define IF_0(t, e) e

struct item { const char *name; int vals[4]; };

#if defined ONE && defined(TWO) && !defined THREE
#  if ONE + TWO == 3
#    define CHECK1 "ok1"
#  else
#    define CHECK1 "bad1"
#  endif
#endif
#if 0x7fffffff + 1 < 0
#define OVF "wrapped"
#else
#define OVF "intmax_t"
#endif
#if -1 > 0u
#define UNS "unsigned"
#else
#define UNS "signed"
#endif
#if (2 || 1 / 0) && !(0 && 1 / 0)
#define SHORTCIRC "sc"
#endif
#if 'a' == 97 && '\n' == 10 && '\377' < 0
#define CHARS "chars-signed"
#elif 'a' == 97
#define CHARS "chars-unsigned"
#endif
#if INT_MAX == 2147483647 && SCHAR_MIN == -128
#define ILP "ilp32"
#else
#define ILP "other"
#endif
#ifdef __STDC_VERSION__
#if __STDC_VERSION__ >= 199901L
#define C99 1
#endif
#endif
#ifndef NOT_DEFINED_ANYWHERE
#define NDEF "ndef"
#endif
#if defined(NOPE)
#error nope
#elif defined(ONE)
#define ELIF "elif"
#else
#error else
#endif
#define VERSION 10203
#if VERSION / 10000 == 1 && VERSION / 100 % 100 == 2 && VERSION % 100 == 3
#define VER_OK 1
#endif
#undef ONE
#ifdef ONE
#error still defined
#endif
#define ONE 111
#if (ONE > 100) ? 1 : 0
#define TERN "tern"
#endif

int z[2] = { 5, 6 };

int main(void) {
    int x = 3;
    printf("%d\n", C(x));
    printf("%d %d\n", XPASTE(ONE, TWO), PASTE(ONE, TWO));
    printf("%s\n", XMKSTR(HASH_HASH));
    printf("%s\n", INCONCAT(side));
    printf("[%s] [%s]\n", MKSTR(EMPTY), XMKSTR(EMPTY));
    printf("%d\n", CALL(SUM3, 1, 2, 3));
    printf("%d %d %d %d\n", COUNT(), COUNT(a), COUNT(a, b), COUNT(a, b, c, d, e));
    printf("%d\n", (int)(NAMED(1, 2, 3) / sizeof(int)));
    PRINT_ALL("plain\n");
    PRINT_ALL("%d-%d\n", 1, 2);
    printf("%d %g\n", MIN(3, 9), MIN(2.5, -1.0));
    int OBJ_val = 0;
    (void)OBJ_val;
    printf("%d\n", CHAIN1);
    printf("%d\n", APPLY3(SUM3, (ARGS)));
    printf("%d\n", APPLY3(SUM3, PARENS));
    printf("%s\n", LINE_STR);
    printf("%d\n", CONCAT_NUM(1, 2));
    printf("%d\n", NEGATE(-3));
    printf("%d\n", -NEGATE(3));
    printf("%s\n", SPACE_STR(  a   b
                               c  ));
    printf("%s\n", SPACE_STR(a/**/b));
    printf("%s\n", SPACE_STR("x\"y" '\''));
    printf("%s\n", MKSTR(f(1)));
    int fv = 100;
#define f_shadow fv
    printf("%d\n", f_shadow);
    struct item it = STRUCT_INIT(widget, 1, 2, 3);
    printf("%s %d %d %d %d\n", it.name, it.vals[0], it.vals[1], it.vals[2], it.vals[3]);
    printf("%s %s\n", IF_ELSE(1)("then", "else"), IF_ELSE(0)("then", "else"));
    printf("%s %s %s %s %s %s %s %s %d\n", CHECK1, OVF, UNS, SHORTCIRC, CHARS, ILP, NDEF, ELIF, C99);
    printf("%d %s %d\n", VER_OK, TERN, ONE);
    printf("%d\n", __LINE__ +
        0);
    printf("%s\n", __func__);
    printf("%d\n", (int)(offsetof(struct item, vals[2]) - offsetof(struct item, vals[0])));
    int a\
b = 5;
    printf("%d\n", ab);
    printf("%s\n", "split\
string");
    // comment with backslash \
    printf("this is part of the comment\n");
    printf("after\n");
    /* ??= trigraph-like text is not special: */ printf("%s\n", "??=");
    return 0;
}
