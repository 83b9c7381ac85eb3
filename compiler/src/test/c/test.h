/* Support for the C tests (one file per language area, chibicc style): each ASSERT(expected, expr) line
 * compares the value of expr with expected and, when they differ, prints the expression and both values
 * and exits with status 1. The runtime (runtime.c, start.s) needs no C library. */
#define ASSERT(x, y) assert_eq(x, y, #y)

void assert_eq(long long expected, long long actual, char *code);
int printf(const char *fmt, ...);
int sprintf(char *buf, const char *fmt, ...);
void exit(int code);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, unsigned n);
int memcmp(const void *a, const void *b, unsigned n);
unsigned strlen(const char *s);
void *memcpy(void *d, const void *s, unsigned n);
void *memset(void *d, int c, unsigned n);
