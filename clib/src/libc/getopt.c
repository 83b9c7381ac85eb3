/* getopt (POSIX): short options, clustered (-ab), with their arguments attached (-ofile) or next (-o file);
 * "--" ends them. An unknown option or a missing argument is '?' (':' for a missing argument when optstring
 * starts with ':'), with a line on stderr unless opterr is 0 or optstring starts with ':'. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char *optarg;
int optind = 1, opterr = 1, optopt;
static int nextchar;        /* within argv[optind]: the next option letter, 0 at the start of a word */

int getopt(int argc, char *const argv[], const char *optstring)
{
    const char *arg, *spec;
    int c, quiet = optstring[0] == ':';
    optarg = 0;
    if (optind <= 0) {       /* optind = 0 restarts, as glibc allows */
        optind = 1;
        nextchar = 0;
    }
    if (nextchar == 0) {
        if (optind >= argc || !argv[optind] || argv[optind][0] != '-' || argv[optind][1] == 0)
            return -1;
        if (strcmp(argv[optind], "--") == 0) {
            optind++;
            return -1;
        }
        nextchar = 1;
    }
    arg = argv[optind];
    c = (unsigned char)arg[nextchar++];
    spec = c == ':' ? 0 : strchr(optstring + quiet, c);
    if (!spec) {
        optopt = c;
        if (opterr && !quiet)
            fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        if (arg[nextchar] == 0) {
            optind++;
            nextchar = 0;
        }
        return '?';
    }
    if (spec[1] == ':') {
        if (arg[nextchar] != 0) {
            optarg = (char *)arg + nextchar;
            optind++;
        } else if (optind + 1 < argc) {
            optarg = argv[optind + 1];
            optind += 2;
        } else {
            optopt = c;
            optind++;
            nextchar = 0;
            if (opterr && !quiet)
                fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
            return quiet ? ':' : '?';
        }
        nextchar = 0;
        return c;
    }
    if (arg[nextchar] == 0) {
        optind++;
        nextchar = 0;
    }
    return c;
}
