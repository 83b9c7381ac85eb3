#include <assert.h>
#include <string.h>
#include <stdlib.h>
#include "../internal/sys.h"

extern char *__progname_full;

static void put(const char *s)
{
    __hcall_write(2, s, strlen(s));
}

/* glibc's format: "prog: file:line: function: Assertion `expr' failed.\n", prog being the last
 * component of argv[0]. Written straight to fd 2 (stderr is unbuffered anyway). */
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
    char num[12];
    int i = 11;
    const char *prog = __progname_full;

    if (prog != 0) {
        const char *slash = strrchr(prog, '/');
        if (slash != 0)
            prog = slash + 1;
        put(prog);
        put(": ");
    }
    put(file);
    put(":");
    num[11] = '\0';
    do {
        num[--i] = (char)('0' + line % 10);
        line /= 10;
    } while (line != 0);
    put(num + i);
    put(": ");
    if (func != 0) {
        put(func);
        put(": ");
    }
    put("Assertion `");
    put(expr);
    put("' failed.\n");
    abort();
}
