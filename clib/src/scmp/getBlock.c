/* getBlock (thesis Table 2.2): fetch a block of words from another node's memory.
 *
 * The network only has sends, so the requester starts a thread on the node that holds the data, and that
 * thread sends the data back. Message sequence (docs/libscmp.md):
 *   1. one THREAD message to node_id, pc = __scmp_getblock_serve, data = requester, dst_addr, dst_stride,
 *      src_addr, src_offset, src_stride, num_words, &done (head, address, 8 data flits);
 *   2. on node_id, __scmp_getblock_serve reads the pointer *src_addr there, and sends one DATA message per
 *      65535 words (sendDataBlockNB: head, address, the words by DMA) from *src_addr + src_offset words,
 *      src_stride words apart, to dst_addr on the requester, dst_stride words apart;
 *   3. then one DATA message writing 1 into the requester's `done` (head, address, 1 data flit). Its head
 *      waits in the NIU until the DMA engine has read the whole block (docs/timing.md section 3.1).
 * The requester waits, suspending, until `done` is 1, then returns.
 *
 * Units: src_offset, both strides and num_words count 32-bit words, as the hardware's DATA stride does;
 * src_addr, *src_addr + src_offset and dst_addr must be word aligned. src_addr is the address (the same on
 * every node, a global variable) of a pointer that is read on node_id, so each node may keep the data
 * wherever its own malloc put it. Strides are used as signed: (unsigned)-1 walks backwards.
 *
 * Completion: `done` is written by a message sent after the data messages, so getBlock relies on the
 * network delivering the messages of one node to another in the order they were sent (docs/libscmp.md,
 * "Ordering"). A block from this node itself is copied by the core, without messages. */
#include <scmp.h>
#include "libscmp.h"

/* The thread that step 1 starts on the data's node. Returning ends it. */
void __scmp_getblock_serve(int requester, int *dst, int dst_stride, char **src_addr, int src_offset,
                           int src_stride, int num_words, int *done)
{
    int *src = (int *)*src_addr + src_offset;

    sendDataBlockNB(requester, dst, dst_stride, src, src_stride, num_words);
    sendDataIntValue(requester, done, 1);
}

void getBlock(unsigned node_id, char *dst_addr, unsigned dst_stride, char **src_addr, unsigned src_offset,
              unsigned src_stride, unsigned num_words)
{
    volatile int done = 0;
    int w[8];

    if (num_words == 0) {
        return;
    }
    if ((int)node_id == getNodeId()) {
        /* The same words, in the same order, as the DATA message would write them. */
        int *s = (int *)*src_addr + (int)src_offset;
        int *d = (int *)dst_addr;
        unsigned i;
        for (i = 0; i < num_words; i++) {
            *d = *s;
            d += (int)dst_stride;
            s += (int)src_stride;
        }
        return;
    }
    w[0] = getNodeId();
    w[1] = (int)dst_addr;
    w[2] = (int)dst_stride;
    w[3] = (int)src_addr;
    w[4] = (int)src_offset;
    w[5] = (int)src_stride;
    w[6] = (int)num_words;
    w[7] = (int)&done;
    __scmp_send_thread((int)node_id, (void (*)())__scmp_getblock_serve, w, 8);
    waitFlag(&done, 1);
}
