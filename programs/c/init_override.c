/* Initializers whose later items override earlier ones (C11 6.7.9p19): a braced list, a string literal or a
 * whole struct value given for a sub-object already partly initialized replaces all of it; designators that
 * choose the same union member again keep what it holds. Compound literals, empty braces included, as
 * initializers of static objects (gcc's extension: the literal's value at load time), at file scope and in
 * static locals; [*] in unnamed prototype parameters. */
#include <stdio.h>
#include <string.h>

typedef unsigned char u8;
typedef struct {} empty_s;
struct pt { int x, y, z; };
struct box { struct pt lo, hi; int tag; };
struct named { const char *name; int v[3]; };
union word { unsigned u; u8 b[4]; struct { unsigned short lo, hi; }; };
struct holder { u8 a; empty_s e; u8 b; };

/* Overriding at file scope. */
int gx[2][3] = {1, 2, 3, 4, 5, 6, [0] = {7, 8}, 9, 10};
char gs[3][5] = {"abcd", "efgh", "ijkl", [1] = "x", [0][2] = 'Z'};
struct pt gp[3] = {1, 2, 3, 4, 5, 6, 7, 8, 9, [1] = {40}, [2].y = 80};
struct box gb = {.lo.y = 5, .lo.z = 6, .lo = {1}, .hi = {.z = 3}, .hi.x = 2, .tag = 9};
struct named gn[2] = {{"one", {1, 2, 3}}, {"two", {4, 5, 6}}, [0].v = {7}, [1].v[2] = 60};
union word gw1 = {.b[0] = 1, .b[1] = 2, .b[3] = 4};
union word gw2 = {.hi = 0x1234, .lo = 0x5678};
union word gw3 = {.b = {1, 2, 3, 4}, .u = 0x0a0b0c0d};

/* Compound literals initializing static objects. */
struct pt gcl = (struct pt){11, 12, 13};
struct pt gcl_empty = (struct pt){};
struct pt gcl_arr[3] = {(struct pt){1, 1, 1}, [2] = (struct pt){.z = 33}, [1] = (struct pt){}};
struct box gcl_box = {.lo = (struct pt){.y = 21}, .hi = {22}, .tag = (int){23}};
struct holder gh = {{1}, (empty_s){}, 022};
int gcl_int = (int){77};
double gcl_dbl = (double){2.5};
const char *gcl_str = (const char *){"literal"};
int *gcl_ptr = (int[]){100, 200, 300};
union word gcl_word = (union word){.b = {0x11, 0x22, 0x33, 0x44}};

static void show_pt(const char *what, struct pt p) { printf("%s {%d %d %d}\n", what, p.x, p.y, p.z); }

static void show_box(const char *what, struct box b) {
  printf("%s lo {%d %d %d} hi {%d %d %d} tag %d\n", what, b.lo.x, b.lo.y, b.lo.z, b.hi.x, b.hi.y, b.hi.z, b.tag);
}

static void show_chars(const char *what, char (*s)[5], int n) {
  printf("%s", what);
  for (int i = 0; i < n; i++) {
    printf(" [");
    for (int j = 0; j < 5; j++) printf("%s%d", j ? " " : "", s[i][j]);
    printf("]");
  }
  printf("\n");
}

/* [*] in an unnamed parameter of a prototype; the definition gives the lengths. */
long trace(int, const long [*][*]);
long trace(int n, const long a[n][n]) {
  long t = 0;
  for (int i = 0; i < n; i++) t += a[i][i];
  return t;
}
int fill(int, int, int [const *]);
int fill(int n, int v, int a[const n]) {
  for (int i = 0; i < n; i++) a[i] = v + i;
  return a[n - 1];
}

/* Static locals: their compound literals are static, and each call sees the value the previous one left. */
static int counter(void) {
  static struct pt p = (struct pt){.y = 100};
  static int cells[4] = {};
  static int seed = (int){5};
  p.y++;
  cells[seed % 4] += seed;
  seed = seed * 3 + 1;
  return p.y * 1000 + cells[0] + cells[1] * 10 + cells[2] * 100 + cells[3] * 1000;
}

int main(void) {
  for (int i = 0; i < 2; i++) printf("gx[%d] %d %d %d\n", i, gx[i][0], gx[i][1], gx[i][2]);
  show_chars("gs", gs, 3);
  for (int i = 0; i < 3; i++) show_pt("gp", gp[i]);
  show_box("gb", gb);
  for (int i = 0; i < 2; i++) printf("gn %s %d %d %d\n", gn[i].name, gn[i].v[0], gn[i].v[1], gn[i].v[2]);
  printf("gw %08x %08x %08x\n", gw1.u, gw2.u, gw3.u);

  int lx[2][3] = {1, 2, 3, 4, 5, 6, [0] = {7, 8}, 9, 10};
  char ls[3][5] = {"abcd", "efgh", "ijkl", [1] = "x", [0][2] = 'Z'};
  struct pt lp[3] = {1, 2, 3, 4, 5, 6, 7, 8, 9, [1] = {40}, [2].y = 80};
  struct pt whole = {4, 4, 4};
  struct box lb = {.lo.y = 5, .lo.z = 6, .lo = {1}, .hi = {.z = 3}, .hi.x = 2, .tag = 9};
  struct box lb2 = {.lo.y = 5, .lo = whole, .hi.z = 1, .hi = (struct pt){.y = 2}};
  struct named ln[2] = {{"one", {1, 2, 3}}, {"two", {4, 5, 6}}, [0].v = {7}, [1].v[2] = 60};
  union word lw1 = {.b[0] = 1, .b[1] = 2, .b[3] = 4};
  union word lw2 = {.hi = 0x1234, .lo = 0x5678};
  union word lw3 = {.b = {1, 2, 3, 4}, .u = 0x0a0b0c0d};
  for (int i = 0; i < 2; i++) printf("lx[%d] %d %d %d\n", i, lx[i][0], lx[i][1], lx[i][2]);
  show_chars("ls", ls, 3);
  for (int i = 0; i < 3; i++) show_pt("lp", lp[i]);
  show_box("lb", lb);
  show_box("lb2", lb2);
  for (int i = 0; i < 2; i++) printf("ln %s %d %d %d\n", ln[i].name, ln[i].v[0], ln[i].v[1], ln[i].v[2]);
  printf("lw %08x %08x %08x\n", lw1.u, lw2.u, lw3.u);

  show_pt("gcl", gcl);
  show_pt("gcl_empty", gcl_empty);
  for (int i = 0; i < 3; i++) show_pt("gcl_arr", gcl_arr[i]);
  show_box("gcl_box", gcl_box);
  printf("gh %d %d %d\n", gh.a, gh.b, (int)sizeof(empty_s));
  printf("gcl_int %d gcl_dbl %g gcl_str %s gcl_ptr %d %d\n", gcl_int, gcl_dbl, gcl_str, gcl_ptr[0], gcl_ptr[2]);
  printf("gcl_word %08x\n", gcl_word.u);
  gcl_ptr[1] += 5;
  printf("gcl_ptr[1] %d\n", gcl_ptr[1]);
  for (int i = 0; i < 5; i++) printf("counter %d\n", counter());

  long m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  int cells[6] = {};
  long t = trace(3, (const long (*)[3])m);
  int last = fill(6, 10, cells);
  printf("trace %ld fill %d cells %d %d\n", t, last, cells[0], cells[5]);
  return 0;
}
