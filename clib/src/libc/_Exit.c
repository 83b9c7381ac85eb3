#include <stdlib.h>
#include <unistd.h>
#include "../internal/sys.h"

/* Ends at once: no atexit handlers, no stdio flush. */
void _Exit(int status)
{
    __hcall_exit(status);
    for (;;)
        ;
}

void _exit(int status)
{
    __hcall_exit(status);
    for (;;)
        ;
}

/* SCMP extension: ends the whole run at once, on every node, with this status, also in an SPMD run
 * (scmpsim -n) where exit() ends only the calling rank. Like _exit, no atexit handlers and no stdio flush. */
void _exit_all(int status)
{
    __hcall_terminate(status);
    for (;;)
        ;
}
