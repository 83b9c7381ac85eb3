/* char is signed on both SCMP and x86: arithmetic on chars above 127, comparisons, sign extension into int,
 * explicit signed/unsigned char, character literals and escapes, string literal bytes, and counting
 * bytes with values above 127 in a buffer. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char c = (char)200;
    signed char sc = (signed char)200;
    unsigned char uc = 200;
    const char *s = "caf\xc3\xa9 \x7f\x80\xff end";
    int i, high = 0, neg = 0;
    char buf[32];

    printf("char 200 -> %d, signed %d, unsigned %d\n", c, sc, uc);
    printf("c < 0: %d, uc < 0: %d, c == uc: %d, (unsigned char)c == uc: %d\n", c < 0, uc < 0, c == uc,
           (unsigned char)c == uc);
    printf("CHAR_MIN-ish %d %d\n", (char)0x80, (char)0x7f);
    printf("c + 1 = %d, c * 2 = %d, c >> 1 = %d, uc >> 1 = %d\n", c + 1, c * 2, c >> 1, uc >> 1);
    for (i = 0; s[i]; i++) {
        if ((unsigned char)s[i] > 127)
            high++;
        if (s[i] < 0)
            neg++;
    }
    printf("bytes %d, high %d, negative %d\n", (int)strlen(s), high, neg);
    for (i = 0; s[i]; i++)
        printf("%02x%c", (unsigned char)s[i], s[i + 1] ? ' ' : '\n');
    for (i = 0; s[i]; i++)
        printf("%d%c", s[i], s[i + 1] ? ' ' : '\n');
    printf("escapes: %d %d %d %d %d %d %d %d %d %d\n", '\n', '\t', '\0', '\\', '\'', '\"', '\a', '\x41', '\101',
           '\377');
    printf("sizeof('a') %u sizeof(char) %u\n", (unsigned)sizeof('a'), (unsigned)sizeof(char));
    printf("multi: %s|%s|%s\n", "tab\there", "quote\"inside", "back\\slash");
    printf("concat: %s\n", "ab" "cd" "\x41" "BC");
    /* a case-folding histogram that must index with unsigned char */
    {
        int hist[256] = { 0 };
        for (i = 0; s[i]; i++)
            hist[(unsigned char)s[i]]++;
        for (i = 0; i < 256; i++)
            if (hist[i])
                printf("[%d]=%d ", i, hist[i]);
        printf("\n");
    }
    /* strcmp compares as unsigned char */
    printf("strcmp(\"\\x80\", \"\\x7f\") > 0: %d\n", strcmp("\x80", "\x7f") > 0);
    /* caesar shift with wrap */
    strcpy(buf, "Hello, World! xyz");
    for (i = 0; buf[i]; i++) {
        char ch = buf[i];
        if (ch >= 'a' && ch <= 'z')
            buf[i] = (char)('a' + (ch - 'a' + 13) % 26);
        else if (ch >= 'A' && ch <= 'Z')
            buf[i] = (char)('A' + (ch - 'A' + 13) % 26);
    }
    printf("rot13: %s\n", buf);
    {
        char acc = 0;
        unsigned char uacc = 0;
        for (i = 0; i < 300; i++) {
            acc = (char)(acc + 1);
            uacc++;
        }
        printf("after 300 increments: char %d unsigned char %d\n", acc, uacc);
    }
    return (unsigned char)c;
}
