/* Program termination: atexit handlers run in reverse order of registration after exit() is called from
 * deep inside the program, stdout's buffered output is flushed, and the status comes from exit(). */
#include <stdio.h>
#include <stdlib.h>

static int level;

static void first(void) { printf("handler registered first (runs last), level %d\n", level); }
static void second(void) { printf("handler registered second\n"); }
static void third(void) { printf("handler registered third (runs first)\n"); fflush(stdout); }

static void recurse(int n)
{
    level = n;
    if (n == 5) {
        printf("exiting from depth %d without a newline...", n);
        exit(42);
    }
    recurse(n + 1);
    printf("not reached\n");
}

int main(void)
{
    int i;
    if (atexit(first) || atexit(second) || atexit(third)) {
        printf("atexit failed\n");
        return 1;
    }
    for (i = 0; i < 3; i++)
        printf("line %d\n", i);
    fputs("fputs line\n", stdout);
    puts("puts line");
    putchar('p');
    putchar('\n');
    fwrite("fwrite line\n", 1, 12, stdout);
    fprintf(stdout, "fprintf %s\n", "line");
    recurse(0);
    return 0;
}
