#include "test.h"

/* Variable-length arrays: sizes computed where the declaration is reached, run-time sizeof and pointer
 * arithmetic, parameters, typedefs, and the stack given back whichever way a scope is left. */

int sum(int n, int a[n]) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int corner(int n, int m, int a[n][m]) { return a[n - 1][m - 1]; }
int rowsize(int n, int a[][n]) { return sizeof a[0]; }
int star(int n, int a[*]);
int star(int n, int a[n]) { return a[n - 1]; }
int unnamed(int, int, const int [const *][*]);
int unnamed(int n, int m, const int a[const n][m]) { return a[n - 1][0] + sizeof a[0]; }
int side;
int count(void) { return ++side; }

char *probe_address(int n) {
  char probe[n];
  return probe;
}

int loop_stack(int n, int variant) {
  char *first = 0;
  int same = 1;
  for (int it = 0; it < 50; it++) {
    char probe[n];
    if (!first) first = probe; else same &= probe == first;
    if (variant == 1 && it % 2) continue;
    { int inner[n]; inner[0] = 1; if (variant == 2) break; }
    int k = 0;
again:
    { short s[n]; s[0] = 0; if (++k < 3 && variant == 3) goto again; }
  }
  return same;
}

int main() {
  ASSERT(20, ({ int n = 5; int a[n]; sizeof(a); }));
  ASSERT(60, ({ int n = 5, m = 3; int a[n][m]; sizeof(a); }));
  ASSERT(12, ({ int n = 5, m = 3; int a[n][m]; sizeof(a[0]); }));
  ASSERT(4, ({ int n = 5, m = 3; int a[n][m]; sizeof(a[0][0]); }));
  ASSERT(30, ({ int n = 5, m = 3; char a[n][m * 2]; sizeof a; }));
  ASSERT(40, ({ int n = 5; int a[n][2]; sizeof(a); }));
  ASSERT(24, ({ int n = 3; int (*p)[n] = 0; sizeof(*p) * 2; }));
  ASSERT(12, ({ int n = 3; sizeof(int[n]); }));
  ASSERT(16, ({ int n = 2; sizeof(double[n]); }));
  ASSERT(10, ({ int n = 5; int a[n]; for (int i = 0; i < n; i++) a[i] = i; sum(n, a); }));
  ASSERT(9, ({ int a[2][3] = {{1, 2, 3}, {4, 5, 9}}; corner(2, 3, a); }));
  ASSERT(28, ({ int a[3][7]; rowsize(7, a); }));
  ASSERT(3, ({ int a[3] = {1, 2, 3}; star(3, a); }));
  ASSERT(24, ({ int a[2][5] = {{1}, {4}}; unnamed(2, 5, a); }));
  ASSERT(8, ({ int n = 2; typedef int T[n]; n = 10; sizeof(T); }));
  ASSERT(24, ({ int n = 2; typedef int T[n]; T x[3]; sizeof x; }));
  ASSERT(3, ({ int n = 4; int a[n][n]; int (*p)[n] = a; (int)(&p[3] - &p[0]); }));
  ASSERT(16, ({ int n = 4; int a[n][n]; int (*p)[n] = a; p++; (int)((char *)p - (char *)a); }));
  ASSERT(7, ({ int n = 3; int a[n][n]; a[2][1] = 7; int (*p)[n] = a + 2; p[0][1]; }));
  ASSERT(1, ({ side = 0; int a[count() + 1]; side; }));
  ASSERT(2, ({ side = 0; int n = 3; int a[n][n]; (void)sizeof(a[count()]); sizeof(a[count()]) / 4 - 1; }));
  ASSERT(2, side);
  ASSERT(13, ({ side = 0; int n = 3; int (*p)[n] = 0; int sz = sizeof(p[count()]); sz + side; }));
  ASSERT(42, ({ int n = 3; ({ int t[n]; t[2] = 42; t[2]; }); }));
  ASSERT(1, ({ char *a = probe_address(16); char *b = probe_address(16); a == b; }));
  ASSERT(1, loop_stack(24, 0));
  ASSERT(1, loop_stack(24, 1));
  ASSERT(1, loop_stack(24, 2));
  ASSERT(1, loop_stack(24, 3));
  ASSERT(100, ({ int t = 0; for (int i = 0; i < 100; i++) { int big[10000]; big[9999] = 1; int v[i + 1]; v[i] = 1; t += v[i] * big[9999]; } t; }));
  printf("OK\n");
  return 0;
}
