#include "test.h"
#include <stdarg.h>

int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

double dsum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, double);
  va_end(ap);
  return s;
}

long long mixed(const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  long long s = 0;
  for (; *fmt; fmt++) {
    if (*fmt == 'i') s += va_arg(ap, int);
    else if (*fmt == 'l') s += va_arg(ap, long long);
    else if (*fmt == 'd') s += (long long)va_arg(ap, double);
    else if (*fmt == 'p') s += *va_arg(ap, int *);
  }
  va_copy(ap2, ap);
  va_end(ap2);
  va_end(ap);
  return s;
}

int many_named(int a, int b, int c, int d, int e, int f, int g, int h, int i, ...) {
  va_list ap;
  va_start(ap, i);
  int x = va_arg(ap, int);
  va_end(ap);
  return a + i * 10 + x * 100;
}

int vsum(int n, va_list ap) { int s = 0; while (n--) s += va_arg(ap, int); return s; }
int fwd(int n, ...) { va_list ap; va_start(ap, n); int r = vsum(n, ap); va_end(ap); return r; }

int main() {
  ASSERT(0, sum(0));
  ASSERT(6, sum(3, 1, 2, 3));
  ASSERT(55, sum(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
  ASSERT(6, (int)dsum(3, 1.0, 2.0, 3.0));
  ASSERT(7, (int)dsum(2, 3.5, 3.5f));
  ASSERT(1, mixed("ildi", 1, 2LL << 40, 3.0, 4) == (2LL << 40) + 8);
  ASSERT(1, mixed("lil", 1LL, 2, 3LL) == 6);
  ASSERT(42, ({ int v = 42; (int)mixed("p", &v); }));
  ASSERT(791, many_named(1, 2, 3, 4, 5, 6, 7, 8, 9, 7));
  ASSERT(15, fwd(5, 1, 2, 3, 4, 5));
  ASSERT(97, ({ char c = 'a'; sum(1, c); }));
  printf("OK\n");
  return 0;
}
