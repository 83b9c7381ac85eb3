#include "test.h"

int main() {
  ASSERT(131585, (int)8590066177LL);
  ASSERT(513, (short)8590066177LL);
  ASSERT(1, (char)8590066177LL);
  ASSERT(1, (long)1);
  ASSERT(0, (long)&*(int *)0);
  ASSERT(513, ({ int x=512; *(char *)&x=1; x; }));
  ASSERT(5, ({ int x=5; long y=(long)&x; *(int*)y; }));
  (void)1;
  ASSERT(-1, (char)255);
  ASSERT(-1, (signed char)255);
  ASSERT(255, (unsigned char)255);
  ASSERT(-1, (short)65535);
  ASSERT(65535, (unsigned short)65535);
  ASSERT(-1, (int)0xffffffff);
  ASSERT(0xffffffff, (unsigned)0xffffffff);
  ASSERT(1, -1 < 1);
  ASSERT(0, -1 < (unsigned)1);
  ASSERT(254, ((char)127 + (char)127));
  ASSERT(65534, ((short)32767 + (short)32767));
  ASSERT(-1, -1 >> 1);
  ASSERT(-1, (unsigned long long)-1 == 0xffffffffffffffffULL ? -1 : 0);
  ASSERT(2147483647, ((unsigned)-1) >> 1);
  ASSERT(-50, (-100) / 2);
  ASSERT(-50, ({ int x = -100; x / 2; }));
  ASSERT(2147483598, ({ unsigned x = -100; (int)(x / 2); }));
  ASSERT(1, ({ unsigned char c = 200; c > 100; }));
  ASSERT(0, ({ signed char c = 200; c > 100; }));
  ASSERT(-56, ({ signed char c = 200; c; }));
  ASSERT(200, ({ unsigned char c = 200; c; }));
  ASSERT(1, ({ unsigned short s = 65535; s + 1 == 65536; }));
  ASSERT(1, ({ long x = -1; unsigned y = 1; x > y; }));
  ASSERT(1, ({ long long x = -1; unsigned y = 1; x < y; }));
  ASSERT(1, ({ char c = 'a'; c + 1 == 'b'; }));
  ASSERT(0, ({ char c = 0x80; c > 0; }));
  ASSERT(255, ({ char c = 0xff; (unsigned char)c; }));
  ASSERT(-1, ({ unsigned char c = 0xff; (signed char)c; }));
  ASSERT(1, ({ int i = 1; (_Bool)i; }));
  ASSERT(0, ({ int *p = 0; (_Bool)p; }));
  ASSERT(1, ({ int x; (_Bool)&x; }));
  ASSERT(3, ({ double d = 3.99; (int)d; }));
  ASSERT(1, ({ unsigned u = 4294967295u; (double)u == 4294967295.0; }));
  ASSERT(-3, ({ float f = -3.5f; (int)f; }));
  ASSERT(1, ({ int x = 7; (x & 1) == 1; }));
  printf("OK\n");
  return 0;
}
