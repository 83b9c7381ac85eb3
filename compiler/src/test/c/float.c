#include "test.h"

double gd = 2.5;
float gf = 1.25f;
double half(double x) { return x / 2; }
float fadd(float a, float b) { return a + b; }
double mix(int a, double b, float c, int d, double e) { return a + b + c + d + e; }
double many(double a, double b, double c, double d, double e, double f, double g, double h, double i, double j) {
  return a + b + c + d + e + f + g + h + i * 100 + j * 1000;
}

int main() {
  ASSERT(35, (float)(char)35);
  ASSERT(35, (float)(short)35);
  ASSERT(35, (float)(int)35);
  ASSERT(35, (float)(long)35);
  ASSERT(35, (float)(unsigned char)35);
  ASSERT(35, (double)(char)35);
  ASSERT(35, (char)(float)35);
  ASSERT(35, (short)(float)35);
  ASSERT(35, (int)(float)35);
  ASSERT(-1, (int)(double)-1.5);
  ASSERT(2, (int)(double)2.99);
  ASSERT(4000000000u == (unsigned)(double)4000000000.0, 1);
  ASSERT(1, 2e3 == 2000.0);
  ASSERT(1, 0.5 + 0.25 == 0.75);
  ASSERT(0, 0.1 + 0.2 == 0.3);
  ASSERT(1, 0.1f + 0.2f == 0.3f);
  ASSERT(6, (int)(2.5 * 2.5));
  ASSERT(1, 3.0 / 2 == 1.5);
  ASSERT(1, 1.0 < 2.0);
  ASSERT(0, 2.0 < 1.0);
  ASSERT(1, 2.0 >= 2.0);
  ASSERT(1, 2.0 != 3.0);
  ASSERT(0, !3.5);
  ASSERT(1, !0.0);
  ASSERT(5, ({ double d = 2.5; d * 2; }));
  ASSERT(1, ({ double d = 0.0; d ? 0 : 1; }));
  ASSERT(2, ({ double d = 0.5; int r; if (d) r = 2; else r = 3; r; }));
  ASSERT(1, half(3.0) == 1.5);
  ASSERT(1, fadd(1.5f, 2.25f) == 3.75f);
  ASSERT(21, (int)mix(1, 2.0, 3.0f, 4, 11.0));
  ASSERT(1036, (int)many(1, 1, 1, 1, 1, 1, 1, 1, 10, 1) - 8 + 36 - 1000 + 0);
  ASSERT(2, (int)gd);
  ASSERT(1, gf == 1.25);
  ASSERT(1, ({ float f = 16777217; f == 16777216.0f; }));
  ASSERT(1, ({ float f = 0.1f; double d = f; d != 0.1; }));
  ASSERT(1, ({ float a = 1e38f; float b = a * 10; b > 1e38; }));
  ASSERT(-3, ({ double d = -3.7; (int)d; }));
  ASSERT(3, ({ double d = 3.0; d += 0.5; d -= 0.5; (int)d; }));
  ASSERT(4, ({ double d = 3.0; d++; (int)d; }));
  ASSERT(1, ({ double x = 1.5; x++ == 1.5; }));
  ASSERT(8, sizeof(double));
  ASSERT(4, sizeof(float));
  ASSERT(8, sizeof(long double));
  ASSERT(1, 1.0 / 0.0 > 1e308);
  ASSERT(1, ({ double n = 0.0 / 0.0; n != n; }));
  ASSERT(1, ({ unsigned u = 3000000000u; double d = u; d == 3000000000.0; }));
  ASSERT(1, (_Bool)0.5);
  ASSERT(1, 0x1p4 == 16.0);
  /* a folded NaN is the one the hardware makes (positive), whatever the compiling host's FPU produces */
  ASSERT(0, ({ union { double d; unsigned long long u; } x; x.d = 0.0 / 0.0; (int)(x.u >> 63); }));
  ASSERT(1, ({ union { double d; unsigned long long u; } x; x.d = -(0.0 / 0.0); (int)(x.u >> 63); }));
  ASSERT(1, ({ double z = 0.0; union { double d; unsigned long long u; } x, y; x.d = 0.0 / 0.0; y.d = z / z; x.u == y.u; }));
  ASSERT(0x7fc00000, ({ union { float f; unsigned u; } x; x.f = 0.0f / 0.0f; x.u; }));
  ASSERT(0x7fc00000, ({ float f = 0.0f / 0.0f; union { float f; unsigned u; } x; x.f = f; x.u; }));
  ASSERT(0, ({ static double n = 0.0 / 0.0; union { double d; unsigned long long u; } x; x.d = n; (int)(x.u >> 63); }));
  printf("OK\n");
  return 0;
}
