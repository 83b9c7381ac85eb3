/* createThread (thesis Table 2.2): run a function on another node as a new thread, then a callback here.
 *
 * Message sequence (docs/libscmp.md):
 *   callback == NULL: one THREAD message to dst_node, pc = addr, data = the SCMP_THREAD_ARGS argument
 *     words (head, address, 5 data flits). The new thread runs addr(w0..w4); its return ends it (ra is
 *     __thread_exit, docs/abi.md).
 *   otherwise: one THREAD message to dst_node, pc = __scmp_ct_entry (thread.s), data = w0..w4, addr,
 *     callback, this node's number (head, address, 8 data flits). __scmp_ct_entry runs addr(w0..w4), then
 *     sends one THREAD message back that starts callback(result, dst_node) on this node, result being the
 *     value addr returned in a0 (head, address, 2 data flits).
 *
 * createThread returns as soon as its message has been queued in the NIU (it blocks only while the NIU is
 * busy with another thread's message or its injection queue is full): it neither waits for addr to start
 * nor for the callback. Several createThread calls may be outstanding at once; each callback is its own
 * thread on this node, scheduled cooperatively, so a callback's updates to this node's memory are atomic
 * as long as it does not suspend. dst_node may be this node. */
#include <stdarg.h>
#include <scmp.h>
#include "libscmp.h"

void createThread(int dst_node, void (*addr)(), void (*callback)(), ...)
{
    int w[8];
    va_list ap;

    va_start(ap, callback);
    __scmp_va_words(ap, w, SCMP_THREAD_ARGS);
    va_end(ap);
    if (callback == 0) {
        /* Nothing to report back: start addr itself, with the words in a0..a4. */
        __scmp_thread5(dst_node, addr, w[0], w[1], w[2], w[3], w[4]);
        return;
    }
    w[5] = (int)addr;
    w[6] = (int)callback;
    w[7] = getNodeId();
    __scmp_send_thread(dst_node, __scmp_ct_entry, w, 8);
}
