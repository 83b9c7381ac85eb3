/* getBlock (thesis Table 2.2) from this node itself: the network only carries messages between nodes, so
 * the core copies the words, in the same order as the DATA message would write them. getBlock and its
 * server thread, with the message sequence, are in api.s. Units: src_offset, both strides and num_words
 * count 32-bit words; strides are used as signed. */
#include "libscmp.h"

void __scmp_getblock_local(unsigned node_id, char *dst_addr, unsigned dst_stride, char **src_addr,
                           unsigned src_offset, unsigned src_stride, unsigned num_words)
{
    int *s = (int *)*src_addr + (int)src_offset;
    int *d = (int *)dst_addr;
    unsigned i;

    (void)node_id;
    for (i = 0; i < num_words; i++) {
        *d = *s;
        d += (int)dst_stride;
        s += (int)src_stride;
    }
}
