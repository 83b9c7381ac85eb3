#include "test.h"

union u { int i; char c[4]; float f; };
union u gu = {0x01020304};

int main() {
  ASSERT(8, ({ union { int a; char b[6]; } x; sizeof(x); }));
  ASSERT(3, ({ union { int a; char b[4]; } x; x.a = 515; x.b[0]; }));
  ASSERT(2, ({ union { int a; char b[4]; } x; x.a = 515; x.b[1]; }));
  ASSERT(0, ({ union { int a; char b[4]; } x; x.a = 515; x.b[2]; }));
  ASSERT(0, ({ union { int a; char b[4]; } x; x.a = 515; x.b[3]; }));
  ASSERT(3, ({ union {int a,b;} x,y; x.a=3; y.a=5; y=x; y.a; }));
  ASSERT(3, ({ union {struct {int a,b;} c;} x,y; x.c.b=3; y.c.b=5; y=x; y.c.b; }));
  ASSERT(4, gu.c[0]);
  ASSERT(1, gu.c[3]);
  ASSERT(0x3f800000, ({ union u x; x.f = 1.0f; x.i; }));
  ASSERT(7, ({ union u x = {.c = {7, 0, 0, 0}}; x.i; }));
  printf("OK\n");
  return 0;
}
