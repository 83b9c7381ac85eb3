/* The general case of sendDataBlock and sendDataBlockNB (thesis Table 2.3), whose common case (one
 * message) is in api.s.
 *
 * The hardware limits one sendme to 65535 words (a 16-bit count) and both strides to signed 16 bits. A
 * longer block is cut into messages of 65535 words, each starting where the previous one stopped on both
 * sides. A stride outside -32768..32767 cannot be encoded at all; such a block is sent as one 3-flit
 * message per word (sendDataIntValue), read by the core, so it is slow but correct. count <= 0 sends
 * nothing.
 *
 * Returns when the last message's sendme has issued, while the DMA engine may still be reading the source.
 * (A block of more than 65535 words waits for all but its last message, since a thread's next head waits
 * until the DMA engine has finished the previous sendme.) */
#include "libscmp.h"

#define MAX_BLOCK_WORDS 65535
#define STRIDE_FITS(s) ((s) >= -32768 && (s) <= 32767)

void __scmp_sendblocks(int dst_node, int *dst_addr, int dst_stride, int *src_addr, int src_stride, int count)
{
    if (count <= 0) {
        return;
    }
    if (!STRIDE_FITS(dst_stride) || !STRIDE_FITS(src_stride)) {
        while (count-- > 0) {
            sendDataIntValue(dst_node, dst_addr, *src_addr);
            dst_addr += dst_stride;
            src_addr += src_stride;
        }
        return;
    }
    while (count > 0) {
        int n = count > MAX_BLOCK_WORDS ? MAX_BLOCK_WORDS : count;
        __scmp_sendblock(dst_node, dst_addr, dst_stride, src_addr, src_stride, (unsigned)n);
        dst_addr += n * dst_stride;
        src_addr += n * src_stride;
        count -= n;
    }
}
