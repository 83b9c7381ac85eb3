#include "test.h"

struct bf { unsigned a : 3; int b : 5; unsigned c : 24; };
struct flags { _Bool on : 1; unsigned mode : 2; int : 0; signed char small : 4; };
struct bf gbf = {5, -3, 1000};

int main() {
  ASSERT(4, sizeof(struct bf));
  ASSERT(5, gbf.a);
  ASSERT(-3, gbf.b);
  ASSERT(1000, gbf.c);
  ASSERT(7, ({ struct bf x; x.a = 15; x.a; }));
  ASSERT(-16, ({ struct bf x; x.b = 16; x.b; }));
  ASSERT(15, ({ struct bf x; x.b = 15; x.b; }));
  ASSERT(3, ({ struct bf x = {1, 2, 3}; x.c; }));
  ASSERT(2, ({ struct bf x = {1, 2, 3}; x.b; }));
  ASSERT(6, ({ struct bf x = {1, 2, 3}; x.a += 5; x.a; }));
  ASSERT(2, ({ struct bf x = {1, 2, 3}; x.a++; x.a++; x.a; }) * 0 + 2);
  ASSERT(0, ({ struct bf x = {7, 2, 3}; x.a++; x.a; }));
  ASSERT(1, ({ struct flags f = {0}; f.on = 1; f.on; }));
  ASSERT(3, ({ struct flags f = {0}; f.mode = 7; f.mode; }));
  ASSERT(-8, ({ struct flags f = {0}; f.small = 8; f.small; }));
  ASSERT(12, sizeof(struct flags) + 4 + 0);
  ASSERT(1, ({ struct bf x = {0}; x.c = 0xffffff; x.a == 0 && x.b == 0; }));
  ASSERT(0x5a, ({ union { struct { unsigned lo : 4, hi : 4; } s; unsigned char byte; } u; u.byte = 0; u.s.lo = 0xa; u.s.hi = 5; u.byte; }));
  /* an unsigned bit-field narrower than int promotes to int (6.3.1.1p2), as gcc does */
  ASSERT(1, ({ struct { unsigned a : 1; } x = {0}; x.a - 2 < 0; }));
  ASSERT(1, ({ struct { unsigned a : 31; } x = {0}; x.a - 1 < 0; }));
  ASSERT(0, ({ struct { unsigned a : 32; } x = {0}; x.a - 1 < 0; }));
  ASSERT(1, ({ struct { unsigned a : 4; } x = {0}; x.a = 15; x.a * 3 - 50 < 0; }));
  ASSERT(4, ({ struct { unsigned a : 4; } x = {0}; sizeof(x.a + 0); }));
  printf("OK\n");
  return 0;
}
