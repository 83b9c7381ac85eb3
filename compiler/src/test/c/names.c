#include "test.h"

/* Name spaces, repeated typedefs, enum bit-fields, anonymous members in initializers, empty braces. */

typedef struct s s;
typedef struct s s;
struct s { s *next; int s; };
typedef int T;
typedef int T;
struct anon { int a; union { struct { int b, c; }; long d; }; int e; };
struct deep { int a; struct { int b; union { int c; struct { short d, e; }; }; int f; }; int g; };
enum color { RED, GREEN, BLUE, WHITE };
enum sign { NEG = -1, ZERO, POS };
struct bits { enum color c : 2; enum sign g : 2; };

int labels(void) {
  typedef int L;
  int n = 0;
  goto L;
s:
  return n;
L:
  n = 7;
  goto s;
}

int main() {
  ASSERT(3, ({ struct s s; s.s = 3; s.s; }));
  ASSERT(4, ({ int T = 4; T; }));
  ASSERT(5, ({ int a = 1, T = 4; a + T; }));
  ASSERT(6, ({ T x = 6; x; }));
  ASSERT(7, labels());
  ASSERT(8, ({ struct T { T T; } t = {8}; t.T; }));
  ASSERT(3, ({ struct bits b; b.c = WHITE; b.c; }));
  ASSERT(-1, ({ struct bits b; b.g = NEG; b.g; }));
  ASSERT(1, ({ struct bits b; b.c = WHITE; b.c > 2; }));
  ASSERT(3, ({ struct anon x = {1, {{2, 3}}, 4}; x.c; }));
  ASSERT(4, ({ struct anon x = {1, 2, 3, 4}; x.e; }));
  ASSERT(4, ({ struct anon x = {.b = 2, 3, 4}; x.e; }));
  ASSERT(3, ({ struct anon x = {.b = 2, 3, 4}; x.c; }));
  ASSERT(9, ({ struct anon x = {.e = 9, .c = 8}; x.e + x.a + x.b; }));
  ASSERT(8, ({ struct deep x = {.d = 7, 8, 9, .g = 10}; x.e; }));
  ASSERT(9, ({ struct deep x = {.d = 7, 8, 9, .g = 10}; x.f; }));
  ASSERT(5, ({ struct deep x = {1, 2, 3, 4, 5}; x.g; }));
  ASSERT(4, ({ struct deep x = {1, 2, 3, 4, 5}; x.f; }));
  ASSERT(6, ({ int a[2][3] = {[1][1] = 5, 6}; a[1][2]; }));
  ASSERT(0, ({ int a[4] = {}; a[3]; }));
  ASSERT(0, ({ struct anon x = {}; x.e; }));
  ASSERT(0, ({ int *p = (int[3]){}; p[2]; }));
  ASSERT(0, ({ struct anon *p = &(struct anon){}; p->c; }));
  ASSERT(7, ({ int a[10] = {[3] 7}; a[3]; }));
  printf("OK\n");
  return 0;
}
