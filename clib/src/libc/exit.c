#include <stdlib.h>
#include "../internal/sys.h"
#include "../internal/stdio_impl.h"

void __run_atexit(void);

/* Runs the atexit handlers (last registered first), flushes stdout and stderr, ends the simulation. */
void exit(int status)
{
    __run_atexit();
    __stdio_exit();
    __hcall_exit(status);
    for (;;)
        ;
}
