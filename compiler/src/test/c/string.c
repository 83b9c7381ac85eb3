#include "test.h"

char gs[] = "global";
char *gps = "pointer";
char g2[10] = "ab";

int main() {
  ASSERT(0, ""[0]);
  ASSERT(1, sizeof(""));
  ASSERT(97, "abc"[0]);
  ASSERT(98, "abc"[1]);
  ASSERT(99, "abc"[2]);
  ASSERT(0, "abc"[3]);
  ASSERT(4, sizeof("abc"));
  ASSERT(7, "\a"[0]);
  ASSERT(8, "\b"[0]);
  ASSERT(9, "\t"[0]);
  ASSERT(10, "\n"[0]);
  ASSERT(11, "\v"[0]);
  ASSERT(12, "\f"[0]);
  ASSERT(13, "\r"[0]);
  ASSERT(27, "\e"[0]);
  ASSERT(106, "\j"[0]);
  ASSERT(0, "\0"[0]);
  ASSERT(16, "\20"[0]);
  ASSERT(65, "\101"[0]);
  ASSERT(104, "\1500"[0]);
  ASSERT(0, "\x00"[0]);
  ASSERT(119, "\x77"[0]);
  ASSERT(-1, "\xff"[0]);
  ASSERT(7, sizeof("abc" "def"));
  ASSERT(9, sizeof("abc" "d" "efgh"));
  ASSERT(0, strcmp("abc" "d" "\nefgh", "abcd\nefgh"));
  ASSERT(0, !strcmp("abc" "d", "abcd\nefgh"));
  ASSERT(97, 'a');
  ASSERT(10, '\n');
  ASSERT(-128, '\x80');
  ASSERT(4, sizeof('a'));
  ASSERT(7, sizeof(gs));
  ASSERT(0, strcmp(gs, "global"));
  ASSERT(0, strcmp(gps, "pointer"));
  ASSERT(0, strcmp(g2, "ab"));
  ASSERT(0, g2[9]);
  ASSERT(3, ({ char s[] = "abc"; sizeof(s) - 1; }));
  ASSERT(0, ({ char s[] = "hello"; strcmp(s, "hello"); }));
  ASSERT(0, ({ char s[8] = "hi"; s[7]; }));
  ASSERT('h', ({ char s[8] = "hi"; s[0]; }));
  ASSERT(2, ({ char s[2] = "hi"; sizeof(s); }));
  ASSERT(6, strlen(__func__) + 2);
  ASSERT(0, ({ char buf[32]; sprintf(buf, "%d:%s:%c:%x", -12, "ab", 'z', 255); strcmp(buf, "-12:ab:z:ff"); }));
  ASSERT(0, ({ char buf[32]; sprintf(buf, "%lld", 1234567890123LL); strcmp(buf, "1234567890123"); }));
  ASSERT(16, sizeof(L"abc"));
  ASSERT(98, L"abc"[1]);
  printf("OK\n");
  return 0;
}
