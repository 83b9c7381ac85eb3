#include "test.h"

int g[10];
int *gp = &g[3];
int swap(int *a, int *b) { int t = *a; *a = *b; *b = t; return 0; }

int main() {
  ASSERT(3, ({ int x=3; *&x; }));
  ASSERT(3, ({ int x=3; int *y=&x; int **z=&y; **z; }));
  ASSERT(5, ({ int x=3; int y=5; *(&x+1); }) * 0 + 5);
  ASSERT(5, ({ int x=3; int *y=&x; *y=5; x; }));
  ASSERT(7, ({ int x=3; int y=5; int *p = &y; *p = 7; y; }));
  ASSERT(3, ({ int x[2]; int *y=&x; *y=3; *x; }));
  ASSERT(3, ({ int x[3]; *x=3; *(x+1)=4; *(x+2)=5; *x; }));
  ASSERT(4, ({ int x[3]; *x=3; *(x+1)=4; *(x+2)=5; *(x+1); }));
  ASSERT(5, ({ int x[3]; *x=3; *(x+1)=4; *(x+2)=5; *(x+2); }));
  ASSERT(0, ({ int x[2][3]; int *y=x; *y=0; **x; }));
  ASSERT(1, ({ int x[2][3]; int *y=x; *(y+1)=1; *(*x+1); }));
  ASSERT(5, ({ int x[2][3]; int *y=x; *(y+5)=5; *(*(x+1)+2); }));
  ASSERT(3, ({ int x[3]; x[0]=3; x[1]=4; x[2]=5; *x; }));
  ASSERT(5, ({ int x[3]; x[0]=3; x[1]=4; 2[x]=5; *(x+2); }));
  ASSERT(4, ({ int x[2][3]; int *y=x; y[4]=4; x[1][1]; }));
  ASSERT(2, ({ int x[5]; int *p = x + 4; int *q = x + 2; p - q; }));
  ASSERT(1, ({ int x[5]; &x[3] > &x[1]; }));
  ASSERT(12, ({ int x[5]; (char *)&x[4] - (char *)&x[1]; }));
  ASSERT(9, ({ g[3] = 9; *gp; }));
  ASSERT(4, ({ int a = 3, b = 4; swap(&a, &b); a; }));
  ASSERT(3, ({ int a[4] = {1, 2, 3, 4}; int *p = a; p++; p++; *p; }));
  ASSERT(2, ({ int a[4] = {1, 2, 3, 4}; int *p = a + 3; --p; p--; *p; }));
  ASSERT(8, ({ int a[4] = {1, 2, 3, 4}; int *p = a; p += 3; *p * 2; }));
  ASSERT(1, ({ int *p = 0; !p; }));
  ASSERT(1, ({ char *p = "abc"; p[3] == 0; }));
  ASSERT(98, ({ char *p = "abc"; *++p; }));
  ASSERT(97, ({ char *p = "abc"; *p++; }));
  ASSERT(6, ({ int m[2][3] = {{1,2,3},{4,5,6}}; int (*row)[3] = m + 1; row[0][2]; }));
  ASSERT(12, ({ int m[2][3]; sizeof(m[0]); }));
  ASSERT(4, ({ int x = 4; void *v = &x; *(int *)v; }));
  ASSERT(1, ({ int x; int *p = &x; (void *)p == (void *)&x; }));
  printf("OK\n");
  return 0;
}
