/* getopt: clustered flags, arguments attached and separate, "--", a lone "-", the first operand ending the
 * options, an unknown option and a missing argument (with opterr 0 and with a leading ':'), optind after each
 * (no option after an operand: glibc's getopt moves those forward, POSIX's stops at the operand). */
#include <stdio.h>
#include <unistd.h>

static void parse(const char *what, int argc, char **argv, const char *optstring)
{
    int c;
    optind = 1;
    printf("%s:", what);
    while ((c = getopt(argc, argv, optstring)) != -1) {
        if (c == '?' || c == ':')
            printf(" [%c optopt %c]", c, optopt);
        else if (optarg)
            printf(" -%c=%s", c, optarg);
        else
            printf(" -%c", c);
    }
    printf(" | optind %d:", optind);
    for (c = optind; c < argc; c++)
        printf(" %s", argv[c]);
    printf("\n");
}

int main(void)
{
    char *a1[] = { "prog", "-v", "-ab", "-ofile", "-o", "other", "x", "y", 0 };
    char *a2[] = { "prog", "-vo", "out", "--", "-a", 0 };
    char *a3[] = { "prog", "-a", "-", "b", 0 };
    char *a4[] = { "prog", "-z", "-a", "-o", 0 };
    char *a5[] = { "prog", 0 };
    char *a6[] = { "prog", "-bav", 0 };
    opterr = 0;
    parse("flags and arguments", 8, a1, "abvo:");
    parse("cluster with an argument, --", 5, a2, "abvo:");
    parse("a lone -", 4, a3, "ab");
    parse("unknown, missing", 4, a4, "abo:");
    parse("leading colon", 4, a4, ":abo:");
    parse("no options", 1, a5, "ab");
    parse("one cluster", 2, a6, "abv");
    return 0;
}
