#include "test.h"

long long gll = 0x123456789abcdefLL;
long long add64(long long a, long long b) { return a + b; }
long long arg7(int a, int b, int c, int d, int e, int f, int g, long long h) { return h + a; }
unsigned long long umax(void) { return -1; }

int main() {
  ASSERT(8, sizeof(long long));
  ASSERT(1, 0x100000000LL == 4294967296LL);
  ASSERT(1, (1LL << 40) == 1099511627776LL);
  ASSERT(1, ({ long long a = 1LL << 40; (a >> 40) == 1; }));
  ASSERT(-1, ({ long long a = -1; (int)(a >> 63); }));
  ASSERT(1, ({ unsigned long long a = -1; (int)(a >> 63); }));
  ASSERT(1, ({ long long a = 0xffffffffLL; a + 1 == 0x100000000LL; }));
  ASSERT(1, ({ long long a = 0x100000000LL; a - 1 == 0xffffffffLL; }));
  ASSERT(1, ({ long long a = 123456789LL, b = 1000LL; a * b == 123456789000LL; }));
  ASSERT(1, ({ long long a = -123456789000LL, b = 1000LL; a / b == -123456789LL; }));
  ASSERT(1, ({ long long a = 123456789123LL; a % 1000 == 123; }));
  ASSERT(1, ({ long long a = -7; a % 3 == -1; }));
  ASSERT(1, ({ unsigned long long a = 18446744073709551615ULL; a / 3 == 6148914691236517205ULL; }));
  ASSERT(1, ({ long long a = 5; int s = 33; (a << s) == 42949672960LL; }));
  ASSERT(1, ({ long long a = -42949672960LL; int s = 33; (a >> s) == -5; }));
  ASSERT(1, ({ unsigned long long a = 42949672960ULL; int s = 3; (a >> s) == 5368709120ULL; }));
  ASSERT(1, ({ long long a = 3, b = 5; a < b && b > a && a <= a && b >= b && a != b; }));
  ASSERT(1, ({ long long a = -1, b = 1; a < b; }));
  ASSERT(0, ({ unsigned long long a = -1, b = 1; a < b; }));
  ASSERT(1, ({ long long a = 0x100000000LL, b = 0xffffffffLL; a > b; }));
  ASSERT(1, ({ long long a = -0x100000000LL, b = -0xffffffffLL; a < b; }));
  ASSERT(1, gll == 81985529216486895LL);
  ASSERT(1, add64(0xffffffffLL, 1) == 0x100000000LL);
  ASSERT(1, arg7(1, 2, 3, 4, 5, 6, 7, 0x500000000LL) == 0x500000001LL);
  ASSERT(-1, (int)umax());
  ASSERT(1, ({ long long a = 7; -a == -7; }));
  ASSERT(1, ({ long long a = 0x100000000LL; ~a == -0x100000001LL; }));
  ASSERT(1, ({ long long a = 0; !a; }));
  ASSERT(1, ({ long long a = 0x100000000LL; !!a; }));
  ASSERT(1, ({ long long a = 1LL << 40; int r; if (a) r = 1; else r = 0; r; }));
  ASSERT(1, ({ long long a = 1LL << 40; double d = a; d == 1099511627776.0; }));
  ASSERT(1, ({ double d = -1099511627776.0; long long a = d; a == -1099511627776LL; }));
  ASSERT(1, ({ unsigned long long a = 1ULL << 63; double d = a; d == 9223372036854775808.0; }));
  ASSERT(1, ({ double d = 9223372036854775808.0; unsigned long long a = d; a == 1ULL << 63; }));
  ASSERT(1, ({ int i = -5; long long a = i; a == -5; }));
  ASSERT(1, ({ unsigned u = 0xffffffff; long long a = u; a == 4294967295LL; }));
  ASSERT(1, ({ long long a = 0x1234567890LL; int i = a; i == 0x34567890; }));
  ASSERT(1, ({ long long a = 10; a += 5; a -= 3; a *= 4; a /= 6; a == 8; }));
  ASSERT(1, ({ long long a = 0xf0f0f0f0f0LL; (a & 0xff00ff00ffLL) == 0xf000f000f0LL; }));
  ASSERT(1, ({ long long a = 1; a++; a++; a == 3; }));
  ASSERT(1, ({ long long x[3] = {1, 2, 3}; x[1] + x[2] == 5; }));
  ASSERT(3, ({ long long a = 3; int r = 0; switch (a) { case 3: r = 3; break; default: r = 9; } r; }));
  /* 64-bit integers to floating point round once, to nearest even, in constants and at run time */
  ASSERT(1, (double)0x8000000000000401ULL == 9223372036854777856.0);
  ASSERT(1, ({ unsigned long long a = 0x8000000000000401ULL; double d = a; d == 9223372036854777856.0; }));
  ASSERT(1, (float)0xFFFFFF7FFFFFFFFFULL == 18446742974197923840.0f);
  ASSERT(1, (float)0x0100000100000001LL == 72057602627862528.0f);
  ASSERT(1, ({ unsigned long long a = 0xFFFFFF7FFFFFFFFFULL; float f = a; f == 18446742974197923840.0f; }));
  ASSERT(1, ({ long long a = 0x0100000100000001LL; float f = a; f == 72057602627862528.0f; }));
  ASSERT(1, ({ long long a = -0x0100000100000001LL; float f = a; f == -72057602627862528.0f; }));
  ASSERT(1, ({ static float f = 0x0100000100000001LL; f == 72057602627862528.0f; }));
  printf("OK\n");
  return 0;
}
