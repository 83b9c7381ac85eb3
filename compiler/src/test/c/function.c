#include "test.h"

int ret3(void) { return 3; return 5; }
int add2(int x, int y) { return x + y; }
int sub2(int x, int y) { return x - y; }
int add6(int a, int b, int c, int d, int e, int f) { return a + b + c + d + e + f; }
int add10(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {
  return a + b * 2 + c + d + e + f + g + h + i * 100 + j * 1000;
}
int fib(int x) { if (x <= 1) return 1; return fib(x - 1) + fib(x - 2); }
int sub_char(char a, char b, char c) { return a - b - c; }
int sub_short(short a, short b, short c) { return a - b - c; }
int counter(void) { static int i; static int j = 1 + 1; return i++ + j; }
int (*pick(int which))(int, int) { return which ? add2 : sub2; }
int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
_Bool true_fn(void) { return 2; }
char char_fn(void) { return 257; }
short short_fn(void) { return 65537; }
unsigned char uchar_fn(void) { return 511; }
void void_fn(int *p) { *p = 9; return; }
int implicit_user(void);
static int static_fn(void) { return 11; }
inline int inline_fn(int x) { return x * 2; }
int param_decay(int a[], int n) { return a[n - 1] + sizeof(a); }
int deep(int n) { return n == 0 ? 0 : 1 + deep(n - 1); }

typedef int (*binop)(int, int);
binop table[2] = {add2, sub2};

int main() {
  ASSERT(3, ret3());
  ASSERT(8, add2(3, 5));
  ASSERT(2, sub2(5, 3));
  ASSERT(21, add6(1, 2, 3, 4, 5, 6));
  ASSERT(66, add6(1, 2, add6(3, 4, 5, 6, 7, 8), 9, 10, 11));
  ASSERT(136, add6(1, 2, add6(3, add6(4, 5, 6, 7, 8, 9), 10, 11, 12, 13), 14, 15, 16));
  ASSERT(10038, add10(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) - 900 + 0 * 0 - 0 + 0 - 0 - 0 + 0 - 0 - 0 - 0 - 0 - 0);
  ASSERT(55, fib(9));
  ASSERT(1, ({ sub_char(7, 3, 3); }));
  ASSERT(1, sub_short(7, 3, 3));
  ASSERT(2, counter());
  ASSERT(3, counter());
  ASSERT(4, counter());
  ASSERT(8, pick(1)(3, 5));
  ASSERT(-2, pick(0)(3, 5));
  ASSERT(7, apply(add2, 3, 4));
  ASSERT(-1, apply(&sub2, 3, 4));
  ASSERT(7, (*add2)(3, 4));
  ASSERT(10, table[0](4, 6));
  ASSERT(-2, table[1](4, 6));
  ASSERT(1, true_fn());
  ASSERT(1, char_fn());
  ASSERT(1, short_fn());
  ASSERT(255, uchar_fn());
  ASSERT(9, ({ int x = 0; void_fn(&x); x; }));
  ASSERT(11, static_fn());
  ASSERT(12, inline_fn(6));
  ASSERT(7, ({ int a[3] = {1, 2, 3}; param_decay(a, 3); }));
  ASSERT(1000, deep(1000));
  ASSERT(1, ({ int (*fp)(int, int) = add2; fp == add2; }));
  ASSERT(5, ({ binop f = add2; f(2, 3); }));
  printf("OK\n");
  return 0;
}
