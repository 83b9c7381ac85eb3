/* ctype.h over every value from -1 (EOF) to 255 in the "C" locale, as a table of classification bits, plus
 * toupper/tolower round trips and a word/identifier scanner built on them. */
#include <ctype.h>
#include <stdio.h>

int main(void)
{
    int c, col = 0;
    unsigned long sig = 0;
    for (c = -1; c < 256; c++) {
        int bits = (isalnum(c) ? 1 : 0) | (isalpha(c) ? 2 : 0) | (iscntrl(c) ? 4 : 0) | (isdigit(c) ? 8 : 0)
                   | (isgraph(c) ? 16 : 0) | (islower(c) ? 32 : 0) | (isprint(c) ? 64 : 0)
                   | (ispunct(c) ? 128 : 0) | (isspace(c) ? 256 : 0) | (isupper(c) ? 512 : 0)
                   | (isxdigit(c) ? 1024 : 0);
        sig = sig * 31 + (unsigned long)bits;
        sig &= 0xffffffffUL;
        printf("%4d:%03x%s", c, bits, ++col % 10 == 0 ? "\n" : " ");
    }
    printf("\nsignature %08lx\n", sig);
    for (c = 0; c < 128; c++) {
        if (isalpha(c) && (toupper(c) == c) == (tolower(c) == c))
            printf("case pair broken at %d\n", c);
        if (!isalpha(c) && (toupper(c) != c || tolower(c) != c))
            printf("non-letter changed at %d\n", c);
    }
    printf("toupper: ");
    for (c = 'a'; c <= 'z'; c++)
        putchar(toupper(c));
    printf("\ntolower: ");
    for (c = 'A'; c <= 'Z'; c++)
        putchar(tolower(c));
    printf("\ntoupper(EOF)=%d tolower(200)=%d toupper('1')=%c\n", toupper(EOF), tolower(200), toupper('1'));
    {
        const char *text = "int main(void) { return x_1 + 0x1F * y2; } /* 42 */\n\tend";
        const char *p = text;
        int idents = 0, numbers = 0, spaces = 0, puncts = 0;
        while (*p) {
            unsigned char ch = (unsigned char)*p;
            if (isalpha(ch) || ch == '_') {
                printf("ident: ");
                while (isalnum((unsigned char)*p) || *p == '_')
                    putchar(*p++);
                putchar('\n');
                idents++;
            } else if (isdigit(ch)) {
                printf("number: ");
                while (isxdigit((unsigned char)*p) || *p == 'x')
                    putchar(*p++);
                putchar('\n');
                numbers++;
            } else {
                if (isspace(ch))
                    spaces++;
                else if (ispunct(ch))
                    puncts++;
                p++;
            }
        }
        printf("%d identifiers, %d numbers, %d spaces, %d punctuation\n", idents, numbers, spaces, puncts);
    }
    return 0;
}
