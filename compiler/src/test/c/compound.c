#include "test.h"

struct pt { int x, y; };
int *gcl = (int[]){7, 8, 9};
int sum(struct pt p) { return p.x + p.y; }

int main() {
  ASSERT(1, (int){1});
  ASSERT(2, ((int[]){0, 1, 2})[2]);
  ASSERT('a', ((struct {char a; int b;}){'a', 3}).a);
  ASSERT(3, ({ int x = 3; (int){x}; }));
  (int){3} = 5;
  ASSERT(8, sum((struct pt){3, 5}));
  ASSERT(9, gcl[2]);
  ASSERT(4, ({ struct pt *p = &(struct pt){.y = 4}; p->y; }));
  ASSERT(6, ({ int *a = (int[3]){4, 5, 6}; a[2]; }));
  printf("OK\n");
  return 0;
}
