#include "test.h"

/* Wide and Unicode literals: wchar_t (long), char16_t (unsigned short) and char32_t (unsigned int) elements,
 * UTF-8 source characters and universal character names decoded. */

int main() {
  ASSERT(4, sizeof(L'a'));
  ASSERT(2, sizeof(u'a'));
  ASSERT(4, sizeof(U'a'));
  ASSERT(97, L'a');
  ASSERT(-1, L'\xffffffff' >> 31);
  ASSERT(0x263a, L'\x263a');
  ASSERT(65535, u'\xffff');
  ASSERT(946, L'β');
  ASSERT(946, u'β');
  ASSERT(0x1F600, U'😀');
  ASSERT(0x1F600, L'\U0001F600');
  ASSERT(16, sizeof(L"abc"));
  ASSERT(8, sizeof(u"abc"));
  ASSERT(16, sizeof(U"abc"));
  ASSERT(4, sizeof(u8"abc"));
  ASSERT(98, L"abc"[1]);
  ASSERT(946, L"αβγ"[1]);
  ASSERT(4, sizeof(L"αβγ") / sizeof(L'a'));
  ASSERT(0xD83D, u"😀"[0]);
  ASSERT(0xDE00, u"😀"[1]);
  ASSERT(6, sizeof(u"😀"));
  ASSERT(0x1F600, U"😀"[0]);
  ASSERT(0xE9, L"\u00e9"[0]);
  ASSERT(0xC3, (unsigned char)"\u00e9"[0]);
  ASSERT(0xA9, (unsigned char)"\u00e9"[1]);
  ASSERT(3, sizeof("\u00e9"));
  ASSERT(0xCE, (unsigned char)"β"[0]);
  ASSERT(3, sizeof("β"));
  ASSERT(12354, ("あ" L"")[0]);
  ASSERT(4, sizeof("ab" L"c") / 4);
  ASSERT(0x263a, ({ long s[] = L"\x263a!"; s[0]; }));
  ASSERT(3, ({ unsigned short s[] = u"ab"; sizeof s / sizeof s[0]; }));
  ASSERT(-1, (L"\xffffffff"[0] < 0) ? -1 : 1);
  ASSERT(1, (u"\xffff"[0] > 0));
  ASSERT('b', L'ab');
  ASSERT(0x102, U'\x101\x102');
  printf("OK\n");
  return 0;
}
