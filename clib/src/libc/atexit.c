#include <stdlib.h>

#define ATEXIT_MAX 32

/* Handlers in registration order; exit() calls __run_atexit, which runs them in reverse. */
static void (*handlers[ATEXIT_MAX])(void);
static int nhandlers = 0;

int atexit(void (*function)(void))
{
    if (nhandlers >= ATEXIT_MAX)
        return -1;
    handlers[nhandlers] = function;
    nhandlers++;
    return 0;
}

void __run_atexit(void)
{
    while (nhandlers > 0) {
        void (*fn)(void);
        nhandlers--;
        fn = handlers[nhandlers];
        fn();
    }
}
