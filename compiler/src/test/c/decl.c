#include "test.h"

int g1;
int g2 = 5;
extern int g3;
int g3 = 6;
static int s1 = 7;
int gt;
int gt;
extern int gext_arr[];
int gext_arr[3] = {1, 2, 3};
int twice(int);
int twice(int x) { return 2 * x; }
int shadow = 100;
int use_later(void);
const int cg = 42;

int count(void) { static int n = 0; return ++n; }
int count2(void) { static int n = 10; return ++n; }

int main() {
  ASSERT(0, g1);
  ASSERT(5, g2);
  ASSERT(6, g3);
  ASSERT(7, s1);
  ASSERT(2, gext_arr[1]);
  ASSERT(8, twice(4));
  ASSERT(1, ({ int shadow = 1; shadow; }));
  ASSERT(100, shadow);
  ASSERT(2, ({ int x = 1; int y; { int x = 2; y = x; } y; }));
  ASSERT(1, ({ int x = 1; { int x = 2; } x; }));
  ASSERT(7, ({ int x = 2; { extern int g2; x += g2; } x; }));
  ASSERT(1, count());
  ASSERT(2, count());
  ASSERT(11, count2());
  ASSERT(3, count());
  ASSERT(77, use_later());
  ASSERT(42, cg);
  ASSERT(6, ({ int a = 1, b = 2, c = a + b; a + b + c; }));
  ASSERT(10, ({ int x = 10; int *p = &x, **pp = &p; **pp; }));
  ASSERT(4, ({ int n = 4; int arr[4]; for (int i = 0; i < n; i++) arr[i] = i; arr[3] + 1; }));
  int late = 9;
  ASSERT(9, late);
  printf("OK\n");
  return 0;
}

int use_later(void) { return 77; }
