/* The wait loops of the polling transports (the T3D's, t3d/p2p_t3d.c, and the SP's, sp/): with one thread per
 * node and no handlers, waiting is calling the transport's __mpi_progress until __mpi_ready says a request can
 * complete. The hooks each transport provides are those two functions. SCMP's libmpi has these loops in assembly
 * (fast.S), where they suspend between looks. */
#include "mpi_machine.h"
#include "mpi_internal.h"

int __mpi_background_ready(void)
{
    struct __mpi_request *b;
    for (b = __mpi_background; b; b = b->bnext)
        if (__mpi_ready(b))
            return 1;
    return 0;
}

void __mpi_wait_loop(struct __mpi_request *r)
{
    while (!__mpi_ready_now(r))
        ;
}

int __mpi_wait_any_loop(int count, struct __mpi_request **requests)
{
    for (;;) {
        int i, live = 0;
        for (i = 0; i < count; i++) {
            struct __mpi_request *r = requests[i];
            if (!r || r->state == ST_INACTIVE)
                continue;
            live = 1;
            if (__mpi_ready(r))
                return i;
        }
        if (!live)
            return -2;
        __mpi_progress();
    }
}

void __mpi_wait_change(volatile int *word, int old)
{
    while (*word == old)
        __mpi_progress();
}
