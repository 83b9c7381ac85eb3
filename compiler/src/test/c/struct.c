#include "test.h"

struct point { int x, y; };
struct rect { struct point a, b; char tag; };
typedef struct node { int val; struct node *next; } node;
struct big { int v[20]; double d; };

struct point mkpoint(int x, int y) { struct point p = {x, y}; return p; }
int area(struct rect r) { return (r.b.x - r.a.x) * (r.b.y - r.a.y); }
struct big bump(struct big b) { for (int i = 0; i < 20; i++) b.v[i]++; b.d *= 2; return b; }
int sumlist(node *n) { int s = 0; for (; n; n = n->next) s += n->val; return s; }
struct point gpt = {7, 8};
struct rect grect = {{1, 2}, {3, 4}, 'r'};

int main() {
  ASSERT(1, ({ struct {int a; int b;} x; x.a=1; x.b=2; x.a; }));
  ASSERT(2, ({ struct {int a; int b;} x; x.a=1; x.b=2; x.b; }));
  ASSERT(1, ({ struct {char a; int b; char c;} x; x.a=1; x.b=2; x.c=3; x.a; }));
  ASSERT(3, ({ struct {char a; int b; char c;} x; x.b=1; x.b=2; x.c=3; x.c; }));
  ASSERT(0, ({ struct {char a; char b;} x[3]; char *p=x; p[0]=0; x[0].a; }));
  ASSERT(1, ({ struct {char a; char b;} x[3]; char *p=x; p[1]=1; x[0].b; }));
  ASSERT(2, ({ struct {char a; char b;} x[3]; char *p=x; p[2]=2; x[1].a; }));
  ASSERT(3, ({ struct {char a; char b;} x[3]; char *p=x; p[3]=3; x[1].b; }));
  ASSERT(6, ({ struct {char a[3]; char b[5];} x; char *p=&x; x.a[0]=6; p[0]; }));
  ASSERT(7, ({ struct {char a[3]; char b[5];} x; char *p=&x; x.b[0]=7; p[3]; }));
  ASSERT(6, ({ struct { struct { char b; } a; } x; x.a.b=6; x.a.b; }));
  ASSERT(4, ({ struct {int a;} x; sizeof(x); }));
  ASSERT(8, ({ struct {int a; int b;} x; sizeof(x); }));
  ASSERT(12, ({ struct {int a[3];} x; sizeof(x); }));
  ASSERT(16, ({ struct {int a;} x[4]; sizeof(x); }));
  ASSERT(24, ({ struct {int a[3];} x[2]; sizeof(x); }));
  ASSERT(2, ({ struct {char a; char b;} x; sizeof(x); }));
  ASSERT(0, ({ struct {} x; sizeof(x); }));
  ASSERT(8, ({ struct {char a; int b;} x; sizeof(x); }));
  ASSERT(8, ({ struct {int a; char b;} x; sizeof(x); }));
  ASSERT(16, ({ struct {char a; double b;} x; sizeof(x); }));
  ASSERT(16, ({ struct {char a; long long b;} x; sizeof(x); }));
  ASSERT(8, ({ struct t {int a; int b;} x; struct t y; sizeof(y); }));
  ASSERT(2, ({ struct t {char a[2];}; { struct t {char a[4];}; } struct t y; sizeof(y); }));
  ASSERT(3, ({ struct t {int x;}; int t=1; struct t y; y.x=2; t+y.x; }));
  ASSERT(3, ({ struct t {char a;} x; struct t *y = &x; x.a=3; y->a; }));
  ASSERT(3, ({ struct t {char a;} x; struct t *y = &x; y->a=3; x.a; }));
  ASSERT(3, ({ struct {int a,b;} x,y; x.a=3; y=x; y.a; }));
  ASSERT(7, ({ struct t {int a,b;}; struct t x; x.a=7; struct t y; struct t *z=&y; *z=x; y.a; }));
  ASSERT(7, ({ struct t {int a,b;}; struct t x; x.a=7; struct t y, *p=&x, *q=&y; *q=*p; y.a; }));
  ASSERT(5, ({ struct t {char a, b;} x, y; x.a=5; y=x; y.a; }));
  ASSERT(3, mkpoint(3, 9).x);
  ASSERT(9, mkpoint(3, 9).y);
  ASSERT(12, ({ struct rect r = {{1, 1}, {4, 5}, 0}; area(r); }));
  ASSERT(4, area(grect));
  ASSERT('r', grect.tag);
  ASSERT(8, gpt.y);
  ASSERT(6, ({ struct big b; for (int i = 0; i < 20; i++) b.v[i] = i; b.d = 1.5; struct big c = bump(b); c.v[5]; }));
  ASSERT(5, ({ struct big b; for (int i = 0; i < 20; i++) b.v[i] = i; b.d = 1.5; struct big c = bump(b); b.v[5]; }));
  ASSERT(3, ({ struct big b; b.d = 1.5; struct big c = bump(b); (int)c.d; }));
  ASSERT(6, ({ node c = {3, 0}, b = {2, &c}, a = {1, &b}; sumlist(&a); }));
  ASSERT(1, ({ struct point p = mkpoint(1, 2), q; q = p; q.x == 1 && q.y == 2; }));
  ASSERT(20, ({ struct { int a; struct { int b, c; }; } s; s.a = 1; s.b = 20; s.c = 3; s.b; }));
  ASSERT(12, ({ struct { int a; struct { int b, c; }; } s; sizeof(s); }));
  ASSERT(8, ({ struct { int n; int data[]; } s; sizeof(s) + 4; }));
  ASSERT(5, ({ struct point p = {5, 6}; struct point *pp = &p; (*pp).x; }));
  ASSERT(1, ({ struct point a = {1, 2}; struct point b = a; b.x = 10; a.x; }));
  printf("OK\n");
  return 0;
}
