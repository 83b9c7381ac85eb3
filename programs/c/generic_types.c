/* _Generic over the types gcc gives less common operands: enumerations (unsigned int when no enumerator is
 * negative, int otherwise), enumerators above INT_MAX (unsigned int), bit-fields (a type of their own that
 * only default matches; _Bool ones are _Bool), promoted and converted operands, standard typedefs, arrays,
 * functions and qualified pointers; _Generic in constant expressions (array sizes, case labels, static
 * initializers, _Static_assert); over-long wide character constants (their last character). */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
#include <stdbool.h>

enum pos { P0, P1, P2 };
enum neg { NM = -1, N0 };
enum big { B0, B1 = 0x80000000u, B2 };
struct bits { unsigned u : 3; int i : 5; enum pos e : 2; bool b : 1; unsigned full : 32; };

#define NAME(x) _Generic((x), _Bool: "_Bool", char: "char", signed char: "signed char", \
    unsigned char: "unsigned char", short: "short", unsigned short: "unsigned short", int: "int", \
    unsigned: "unsigned", long: "long", unsigned long: "unsigned long", long long: "long long", \
    unsigned long long: "unsigned long long", float: "float", double: "double", long double: "long double", \
    char *: "char *", const char *: "const char *", int *: "int *", const int *: "const int *", \
    void *: "void *", default: "other")

static int sized[_Generic(1.0f, float: 4, default: 1)];
static const char *stat = _Generic((short)1, short: "static short", default: "static other");
_Static_assert(_Generic((enum pos)0, unsigned: 1, default: 0), "enum pos is unsigned int");
_Static_assert(_Generic(NM, int: 1, default: 0), "enumerators are int");

static int twice(int x) { return 2 * x; }

static const char *kind(int code) {
  switch (code) {
    case _Generic(P1, int: 10, default: 20): return "int enumerator";
    case _Generic(B1, unsigned: 30, default: 40): return "unsigned enumerator";
    default: return "?";
  }
}

int main(void) {
  struct bits b = {5, -3, P2, 1, 4000000000u};
  printf("enums: %s %s %s %s\n", NAME((enum pos)0), NAME((enum neg)0), NAME((enum big)0), NAME(P1));
  printf("enumerators: %s %s %s %s\n", NAME(B0), NAME(B1), NAME(B2), NAME(NM));
  printf("values: %u %u %d %d %d\n", B1, B2, B1 > 0, (int)(B2 - B1), (enum pos)0 - 1 > 0);
  printf("bit-fields: %s %s %s %s %s\n", NAME(b.u), NAME(b.i), NAME(b.e), NAME(b.b), NAME(b.full));
  printf("promoted: %s %s %s %s\n", NAME(+b.u), NAME(b.i + 0), NAME(b.e + 0u), NAME((enum pos)1 * 2));
  printf("bit values: %u %d %d %d %u\n", b.u, b.i, b.e, b.b, b.full);
  char c = 'x';
  short sh = 2;
  const int ci = 3;
  int arr[2] = {1, 2};
  printf("operands: %s %s %s %s %s %s\n", NAME(c), NAME(c + 1), NAME(sh * sh), NAME(ci), NAME(arr), NAME("s"));
  printf("more: %s %s %s %s %s\n", NAME(&ci), NAME((void *)0), NAME(1.0f * 2), NAME(1.0L), NAME(twice));
  printf("typedefs: %s %s %s %s\n", NAME((int32_t)0), NAME((uint8_t)0), NAME((uint16_t)0), NAME((uint32_t)0));
  printf("wide: %s %s %s\n", NAME((wint_t)0), NAME(u'a'), NAME(U'a'));
  printf("constants: %d %s %s %s\n", (int)(sizeof sized / sizeof sized[0]), stat, kind(10), kind(30));
  int n = 0;
  int r = _Generic(n++, int: n + 100, default: 0);
  printf("unevaluated: %d %d\n", n, r);
  printf("long wide constants: %ld %d %u\n", (long)L'ab', (int)u'xy', (unsigned)U'\x101\x102');
  return 0;
}
