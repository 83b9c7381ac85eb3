/* parExecute (thesis Table 2.2, section 6.2): run a function on nodes 0..num_nodes-1, this one included,
 * and wait until every call has returned.
 *
 * Message sequence (docs/libscmp.md): for every node i < num_nodes other than this one, one THREAD message
 * to i with pc = __scmp_pe_entry (thread.s) and data = the SCMP_THREAD_ARGS argument words, addr, the
 * address of the local counter `done`, this node's number (head, address, 8 data flits). On node i,
 * __scmp_pe_entry runs addr(w0..w4) and then sends one THREAD message back that adds 1 to `done` here
 * (__scmp_add_handler: head, address, 2 data flits). Meanwhile this thread calls addr(w0..w4) itself (when
 * this node is one of the num_nodes), and then waits, suspending, until `done` has counted every remote
 * call. Suspending matters: the completion messages and any THREAD message that addr's work sends to this
 * node are threads that can only run while this one gives up the core.
 *
 * Completion means that addr has returned everywhere. Messages that those calls sent and that are still
 * in the network are not covered: see docs/libscmp.md, "Ordering", for how to wait for data.
 *
 * num_nodes larger than getXDim() * getYDim() makes the first message to a missing node a guest fault.
 * The counter is a local variable, so parExecute may be used by several threads of a node at once and
 * inside functions that parExecute itself started. */
#include <stdarg.h>
#include <scmp.h>
#include "libscmp.h"

void parExecute(int num_nodes, void (*addr)(), ...)
{
    int w[8];
    volatile int done = 0;
    int self = getNodeId();
    int remote = 0;
    int i;
    va_list ap;

    va_start(ap, addr);
    __scmp_va_words(ap, w, SCMP_THREAD_ARGS);
    va_end(ap);
    w[5] = (int)addr;
    w[6] = (int)&done;
    w[7] = self;
    /* Start the remote threads first, so that they run while this node does its own share. */
    for (i = 0; i < num_nodes; i++) {
        if (i != self) {
            __scmp_send_thread(i, __scmp_pe_entry, w, 8);
            remote++;
        }
    }
    if (self < num_nodes) {
        /* The ABI passes these words in a0..a4 exactly as the THREAD message loads them remotely. */
        ((void (*)(int, int, int, int, int))addr)(w[0], w[1], w[2], w[3], w[4]);
    }
    waitCount(&done, remote);
}
