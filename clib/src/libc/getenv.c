#include <stdlib.h>

/* The environment: NAME=VALUE strings, the last pointer 0. scmpsim writes them into every node's argument
 * area and sets environ there when it builds the node (docs/simulator.md, "The environment"), so getenv
 * works on every node, also on nodes where only THREAD messages start threads. */
char **environ;

char *getenv(const char *name)
{
    char **e = environ;
    const char *s, *n;
    if (e == 0 || name == 0)
        return NULL;
    for (; *e; e++) {
        s = *e;
        n = name;
        while (*n && *n == *s) {
            n++;
            s++;
        }
        if (*n == 0 && *s == '=')
            return (char *)s + 1;
    }
    return NULL;
}
