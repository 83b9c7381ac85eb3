/* The preprocessor's corners: # and ## (including with empty arguments and in nested macros), variadic
 * macros (__VA_ARGS__, named, GNU's , ## __VA_ARGS__), nested conditionals, macros that mention themselves
 * (painted blue, not expanded again), function-like macro names without parentheses, X-macros, and
 * arithmetic in #if. */
#include <stdio.h>
#include <string.h>

#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define CAT3(a, b, c) a##b##c
#define EMPTY
#define VERSION_MAJOR 3
#define VERSION_MINOR 14
#define VERSION XCAT(XCAT(VERSION_MAJOR, _), VERSION_MINOR)
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define SHOW(expr) printf("%-32s = %d\n", #expr, (expr))
#define SHOWS(expr) printf("%-32s = \"%s\"\n", #expr, (expr))

/* self-reference: foo expands to (4 + foo) once; the inner foo is not expanded again */
int foo = 10;
#define foo (4 + foo)
/* indirect self-reference */
int x = 1, y = 2;
#define x (2 * y)
#define y (x + 1)

/* a function-like macro's name without parentheses is not an invocation */
static int twice(int v) { return 2 * v; }
#define twice(v) (twice(v) + 1000)

#define LOG(fmt, ...) printf("[log] " fmt "\n", __VA_ARGS__)
#define LOG0(fmt, ...) printf("[log0] " fmt "\n", ##__VA_ARGS__)
#define NAMED(fmt, args...) printf("[named] " fmt "\n", ##args)
#define COUNT_ARGS(...) COUNT_ARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define COUNT_ARGS_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define FIRST(a, ...) a
#define REST(a, ...) __VA_ARGS__

/* X-macro table */
#define COLORS(X) X(RED, 0xff0000) X(GREEN, 0x00ff00) X(BLUE, 0x0000ff) X(WHITE, 0xffffff)
#define AS_ENUM(name, value) COLOR_##name,
#define AS_NAME(name, value) #name,
#define AS_VALUE(name, value) value,
enum color { COLORS(AS_ENUM) COLOR_COUNT };
static const char *color_names[] = { COLORS(AS_NAME) };
static const int color_values[] = { COLORS(AS_VALUE) };

/* stringification keeps spacing normalized and escapes strings */
#define QUOTE(...) #__VA_ARGS__

/* macros that build other macro invocations */
#define APPLY(f, ...) f(__VA_ARGS__)
#define ADD3(a, b, c) ((a) + (b) + (c))
#define PARENS ()
#define DEFER(m) m EMPTY

#if defined(VERSION_MAJOR) && VERSION_MAJOR > 2
#  if VERSION_MINOR == 14
#    define LEVEL "three-fourteen"
#  elif VERSION_MINOR > 14
#    define LEVEL "newer"
#  else
#    define LEVEL "older"
#  endif
#else
#  define LEVEL "ancient"
#endif

#if (1 << 10) == 1024 && -1 < 0 && (0x7fffffff + 0) > 0 && 10 / 3 == 3 && 10 % 3 == 1 && !0
#define ARITH_OK 1
#else
#define ARITH_OK 0
#endif

#if -1 > 0u
#define UNSIGNED_PROMOTION 1   /* in #if, -1 becomes a huge unsigned value */
#else
#define UNSIGNED_PROMOTION 0
#endif

#ifdef UNDEFINED_THING
#error "should not be reached"
#elif defined UNDEFINED_OTHER || 0
#error "nor this"
#else
#define ELSE_TAKEN 1
#endif

#if 0
#if this is not even valid
#endif
#garbage directive inside a skipped group
#endif

#define LINE_AS_STRING XSTR(__LINE__)

#undef SQUARE
#define SQUARE(x) ((x) * (x) + 0)

int main(void)
{
    int CAT(var, 1) = 11, XCAT(var, VERSION_MAJOR) = 33;
    int abc = 123;
    SHOWS(STR(hello world));
    SHOWS(STR(  spaced    out   tokens  ));
    SHOWS(STR("quoted \"string\"" 'c' '\n'));
    SHOWS(XSTR(VERSION));
    SHOWS(STR(VERSION));
    SHOWS(XSTR(CAT(a, b)));
    SHOWS(QUOTE(a, b,c , d));
    SHOWS(QUOTE());
    SHOWS(XSTR(EMPTY));
    SHOWS(LEVEL);
    SHOWS(LINE_AS_STRING);
    SHOW(var1);
    SHOW(var3);
    SHOW(CAT3(a, b, c));
    SHOW(SQUARE(3 + 1));
    SHOW(MAX(SQUARE(2), SQUARE(-3)));
    SHOW(foo);
    SHOW(x);
    SHOW(y);
    SHOW(twice(5));
    {
        int (*fp)(int) = twice;
        SHOW(fp(5));
    }
    SHOW(COUNT_ARGS(a));
    SHOW(COUNT_ARGS(a, b, c));
    SHOW(COUNT_ARGS(1, 2, 3, 4, 5, 6, 7, 8));
    SHOW(FIRST(7, 8, 9));
    SHOW(APPLY(ADD3, REST(0, 1, 2, 3)));
    SHOW(APPLY(ADD3, 10, 20, 30));
    SHOW(ARITH_OK);
    SHOW(UNSIGNED_PROMOTION);
    SHOW(ELSE_TAKEN);
    SHOW(COLOR_COUNT);
    SHOW(__STDC__);
    SHOW(__STDC_VERSION__ >= 199901L);
    LOG("%d + %d = %d", 2, 3, 2 + 3);
    LOG0("no arguments");
    LOG0("one argument %s", "here");
    NAMED("named %d %d", 1, 2);
    NAMED("named none");
    {
        int i;
        for (i = 0; i < COLOR_COUNT; i++)
            printf("%-6s %06x\n", color_names[i], color_values[i]);
    }
    printf("%s %d\n", strrchr(__FILE__, '/') ? strrchr(__FILE__, '/') + 1 : __FILE__, __LINE__);
#line 1000 "renamed.c"
    printf("%s %d\n", __FILE__, __LINE__);
    printf("%s\n", __func__);
    return 0;
}
