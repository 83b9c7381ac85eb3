#include "test.h"
#include "include_me.h"

#define ONE 1
#define TWO ONE + ONE
#define SQUARE(x) ((x) * (x))
#define CAT(a, b) a##b
#define STR(x) #x
#define XSTR(x) STR(x)
#define VA(fmt, ...) sprintf(buf, fmt, __VA_ARGS__)
#define GNU_VA(fmt, args...) sprintf(buf, fmt, ##args)
#define EMPTY
#define F(x) x + 1
#define G F
#define SELF SELF
#define MA MB
#define MB MA

#if defined(ONE) && ONE == 1
int pp_if = 1;
#else
int pp_if = 0;
#endif

#ifdef NOT_DEFINED
#error this must not happen
#elif TWO == 2
int pp_elif = 2;
#else
int pp_elif = 0;
#endif

#ifndef ONE
int pp_ifndef = 0;
#else
int pp_ifndef = 3;
#endif

#if 0
garbage \xff @ `'
#if 1
#error nested in a skipped group
#endif
#endif

#define FOO 10
#undef FOO
#ifdef FOO
int pp_undef = 0;
#else
int pp_undef = 4;
#endif

#if (1 ? 2 : 3) == 2 && -1 < 0 && 0xffffffffffffffff > 0 && (10 / 3) == 3 && !defined NOTHING
int pp_arith = 5;
#endif

#line 500
int line_after = __LINE__;

int main() {
  char buf[64];
  ASSERT(1, ONE);
  ASSERT(2, TWO);
  ASSERT(2, TWO * 2 - 1 + 0 * 0);
  ASSERT(25, SQUARE(2 + 3));
  ASSERT(12, CAT(1, 2));
  ASSERT(5, ({ int CAT(my, var) = 5; myvar; }));
  ASSERT(0, strcmp(STR(a + b), "a + b"));
  ASSERT(0, strcmp(STR("q"), "\"q\""));
  ASSERT(0, strcmp(XSTR(ONE), "1"));
  ASSERT(0, strcmp(STR(ONE), "ONE"));
  ASSERT(4, ({ VA("%d-%d", 1, 23); strlen(buf); }));
  ASSERT(0, ({ GNU_VA("plain"); strcmp(buf, "plain"); }));
  ASSERT(0, ({ GNU_VA("%d", 7); strcmp(buf, "7"); }));
  ASSERT(3, EMPTY 3 EMPTY);
  ASSERT(5, G(4));
  ASSERT(1, pp_if);
  ASSERT(2, pp_elif);
  ASSERT(3, pp_ifndef);
  ASSERT(4, pp_undef);
  ASSERT(5, pp_arith);
  ASSERT(500, line_after);
  ASSERT(0, strcmp(__FILE__, "src/test/c/preprocess.c"));
  ASSERT(1, __STDC__);
  ASSERT(199901, __STDC_VERSION__);
  ASSERT(1, __SCMP__);
  ASSERT(4, __SIZEOF_INT__);
  ASSERT(4, __SIZEOF_LONG__);
  ASSERT(4, __SIZEOF_POINTER__);
  ASSERT(8, __CHAR_BIT__);
  ASSERT(1, __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);
  ASSERT(1, __ILP32__);
  ASSERT(12, sizeof(__DATE__));
  ASSERT(9, sizeof(__TIME__));
  ASSERT(42, INCLUDED_VALUE);
  ASSERT(1, ({ int SELF = 1; SELF; }));
  ASSERT(5, ({ int MA = 5; MA; }));
  printf("OK\n");
  return 0;
}
