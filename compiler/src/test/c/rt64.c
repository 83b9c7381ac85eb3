/* The 64-bit runtime helpers (libgcc names) the code generator calls, written simply for the compiler's
 * tests so that they need no C library: multiply, divide, modulo, variable shifts and conversions. */
typedef unsigned long long u64;
typedef long long s64;

u64 __udivmoddi4(u64 n, u64 d, u64 *rem) {
  u64 q = 0, r = 0;
  for (int i = 63; i >= 0; i--) {
    r = (r << 1) | ((n >> i) & 1);
    if (r >= d) { r -= d; q |= 1ULL << i; }
  }
  if (rem) *rem = r;
  return q;
}
u64 __udivdi3(u64 a, u64 b) { return __udivmoddi4(a, b, 0); }
u64 __umoddi3(u64 a, u64 b) { u64 r; __udivmoddi4(a, b, &r); return r; }
s64 __divdi3(s64 a, s64 b) {
  int neg = (a < 0) != (b < 0);
  u64 q = __udivmoddi4(a < 0 ? -(u64)a : a, b < 0 ? -(u64)b : b, 0);
  return neg ? -(s64)q : (s64)q;
}
s64 __moddi3(s64 a, s64 b) {
  u64 r;
  __udivmoddi4(a < 0 ? -(u64)a : a, b < 0 ? -(u64)b : b, &r);
  return a < 0 ? -(s64)r : (s64)r;
}
s64 __muldi3(s64 a, s64 b) {
  u64 x = a, y = b, r = 0;
  while (y) { if (y & 1) r += x; x <<= 1; y >>= 1; }
  return r;
}
s64 __ashldi3(s64 a, int n) {
  unsigned lo = a, hi = (u64)a >> 32;
  if (n == 0) return a;
  if (n >= 32) { hi = lo << (n - 32); lo = 0; } else { hi = (hi << n) | (lo >> (32 - n)); lo <<= n; }
  return (s64)(((u64)hi << 32) | lo);
}
u64 __lshrdi3(u64 a, int n) {
  unsigned lo = a, hi = a >> 32;
  if (n == 0) return a;
  if (n >= 32) { lo = hi >> (n - 32); hi = 0; } else { lo = (lo >> n) | (hi << (32 - n)); hi >>= n; }
  return ((u64)hi << 32) | lo;
}
s64 __ashrdi3(s64 a, int n) {
  int hi = a >> 32;
  unsigned lo = a;
  if (n == 0) return a;
  if (n >= 32) { lo = hi >> (n - 32); hi = hi >> 31; } else { lo = (lo >> n) | ((unsigned)hi << (32 - n)); hi >>= n; }
  return (s64)(((u64)(unsigned)hi << 32) | lo);
}
double __floatundidf(u64 a) {
  return (double)(unsigned)(a >> 32) * 4294967296.0 + (double)(unsigned)a;
}
double __floatdidf(s64 a) {
  return a < 0 ? -__floatundidf(-(u64)a) : __floatundidf(a);
}
/* To float in one rounding: cut to 53 bits with a sticky bit (exact in a double), then round once. */
float __floatundisf(u64 a) {
  int s = 0;
  double d;
  while ((a >> 53) != 0) { a = (a >> 1) | (a & 1); s++; }
  d = __floatundidf(a);
  while (s-- > 0) d *= 2.0;
  return (float)d;
}
float __floatdisf(s64 a) {
  return a < 0 ? -__floatundisf(-(u64)a) : __floatundisf(a);
}
u64 __fixunsdfdi(double d) {
  if (!(d > 0)) return 0;
  if (d >= 18446744073709551616.0) return ~0ULL;
  unsigned hi = (unsigned)(d / 4294967296.0);
  double rest = d - (double)hi * 4294967296.0;
  return ((u64)hi << 32) | (unsigned)rest;
}
s64 __fixdfdi(double d) {
  if (d != d) return 0;
  if (d >= 9223372036854775807.0) return 0x7fffffffffffffffLL;
  if (d < -9223372036854775808.0) return -0x7fffffffffffffffLL - 1;
  return d < 0 ? -(s64)__fixunsdfdi(-d) : (s64)__fixunsdfdi(d);
}
