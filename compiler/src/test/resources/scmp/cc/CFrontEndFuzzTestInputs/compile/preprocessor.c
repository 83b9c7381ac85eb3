#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a ## b
#define V(fmt, ...) f(fmt, ## __VA_ARGS__)
#define EMPTY
#if defined(EMPTY) && (1 << 3) == 8 && !defined UNDEF
int CAT(x, 1) = 1;
#elif 0
#error no
#else
int x1 = 2;
#endif
#ifdef __scmp__
const char *s = XSTR(__LINE__) STR(a "b" 'c');
#endif
#pragma push_macro("EMPTY")
#undef EMPTY
#define EMPTY 3
int e = EMPTY;
#pragma pop_macro("EMPTY")
#line 100 "other.c"
int f(const char *fmt, ...);
int g(void) { return V("a") + V("%d", 1) + __LINE__ + __COUNTER__; }
