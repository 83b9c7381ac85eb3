#include "test.h"

/* _Generic: the controlling expression's type after lvalue conversion, not evaluated; the result is the
 * chosen expression itself. */

int f_int(int x) { return x + 1; }
int f_long(long x) { return (int)x + 2; }
#define F(x) _Generic((x), int: f_int, long: f_long)(x)

int main() {
  ASSERT(1, _Generic(1, int: 1, long: 2, default: 3));
  ASSERT(2, _Generic(1L, int: 1, long: 2, default: 3));
  ASSERT(3, _Generic(1.0, int: 1, long: 2, default: 3));
  ASSERT(1, _Generic((char)1, char: 1, signed char: 2, unsigned char: 3));
  ASSERT(2, _Generic((signed char)1, char: 1, signed char: 2, unsigned char: 3));
  ASSERT(3, _Generic((unsigned char)1, char: 1, signed char: 2, unsigned char: 3));
  ASSERT(1, ({ const int c = 1; _Generic(c, int: 1, const int: 2); }));
  ASSERT(2, ({ const int c = 1; _Generic(&c, int *: 1, const int *: 2); }));
  ASSERT(1, ({ int a[3]; _Generic(a, int *: 1, default: 2); }));
  ASSERT(1, _Generic("s", char *: 1, const char *: 2));
  ASSERT(2, _Generic(1.0f, double: 1, float: 2));
  ASSERT(3, _Generic(1.0L, double: 1, float: 2, long double: 3));
  ASSERT(4, _Generic((_Bool)1, int: 1, default: 4));
  ASSERT(6, F(5));
  ASSERT(7, F(5L));
  ASSERT(0, ({ int i = 0; _Generic(i++, int: i, default: 9); }));
  ASSERT(12, ({ int a[3]; sizeof(_Generic(1, int: a)); }));
  ASSERT(5, ({ int x = 0; _Generic(x, int: x) = 5; x; }));
  ASSERT(2, ({ enum e { A, B } v = B; _Generic(v, unsigned int: 2, int: 1); }));
  ASSERT(1, ({ enum e { A = -1, B } v = B; _Generic(v, unsigned int: 2, int: 1); }));
  ASSERT(1, _Generic(&f_int, int (*)(int): 1, default: 0));
  ASSERT(8, ({ char buf[_Generic(1.0, double: 8, default: 1)]; sizeof buf; }));
  ASSERT(1, ({ enum { E0, E1 = 0x80000000u } e = E0; _Generic(E1, unsigned: 1, default: 2); }));
  ASSERT(1, ({ enum { E0, E1 } e = E0; e - 1 > 0; }));
  ASSERT(0, ({ enum { EN = -1, E1 } e = E1; e - 2 > 0; }));
  ASSERT(2, ({ struct { unsigned u : 3; unsigned f : 32; _Bool b : 1; } v = {1, 2, 1};
               _Generic(v.u, unsigned: 1, default: 0) + _Generic(v.f, unsigned: 1, default: 0) * 2
               + _Generic(v.b, _Bool: 0, default: 4); }));
  printf("OK\n");
  return 0;
}
