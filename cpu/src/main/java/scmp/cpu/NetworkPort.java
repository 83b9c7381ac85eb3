package scmp.cpu;

/**
 * The network interface unit (NIU) as the core sees it: the receiver of the flits that the network
 * instructions build. One port belongs to one node; the core calls it while executing {@code sendh_*},
 * {@code send2}, {@code sende}, {@code send2e}, {@code sendm} and {@code sendme}.
 *
 * <p>A message is built by the calls of this grammar, in program order, by one thread:
 * <pre>
 *   message = sendHead { sendData(tail=false) | sendDma(tail=false) } ( sendData(tail=true) | sendDma(tail=true) )
 * </pre>
 *
 * <p><b>Acceptance.</b> Each call returns true when the NIU accepts the whole instruction (both flits of a
 * {@code send2}, the whole DMA descriptor of a {@code sendm}). It returns false to refuse it (the injection
 * queue is full): nothing of the instruction takes effect, the thread <em>blocks</em> at that instruction (a
 * thread switch, docs/timing.md section 2), and the port must later call {@link Node#wakeBlocked(long)} on
 * the node when it can accept again; the thread then issues the same instruction anew.
 *
 * <p><b>Misuse.</b> A call that breaks the grammar or the NIU's rules (a data flit without a head, a head
 * while a message is open, an empty {@code sendme}, a THREAD message with more than 24 data words, an unknown
 * message type or node) throws a {@link GuestFault} of kind {@link GuestFault.Kind#NIU_MISUSE}; the engine locates
 * it at the instruction. DMA reads of the sender's memory go through {@link Memory#dmaRead(int)} and fault the
 * same way.
 *
 * <p>{@code thread} is the sending context; its {@link ThreadContext#pc()} is the address of the network
 * instruction during the call. {@code cycle} is the instruction's issue cycle; calls come in nondecreasing
 * cycle order.
 */
public interface NetworkPort {

    /**
     * Starts a message ({@code sendh_i}, {@code sendh_r}, {@code sendh_rr}): the head flit and the address flit.
     *
     * @param cycle    the issue cycle of the instruction
     * @param thread   the sending thread context
     * @param destNode the destination node, {@code y * xdim + x}
     * @param type     the message type code (THREAD 0, DATA 1; others are misuse)
     * @param address  the address flit: a function address for THREAD, a memory address for DATA
     * @param stride   for DATA messages, the distance in words between consecutive data words at the target
     * @return true when accepted
     */
    boolean sendHead(long cycle, ThreadContext thread, int destNode, int type, int address, int stride);

    /**
     * Appends one or two data flits ({@code send2}, {@code sende}, {@code send2e}).
     *
     * @param cycle  the issue cycle of the instruction
     * @param thread the sending thread context
     * @param w0     the first word
     * @param w1     the second word (ignored when {@code count} is 1)
     * @param count  1 or 2
     * @param tail   whether the last of these flits carries the tail bit, ending the message
     * @return true when accepted
     */
    boolean sendData(long cycle, ThreadContext thread, int w0, int w1, int count, boolean tail);

    /**
     * Appends words read from the sender's memory by DMA ({@code sendm}, {@code sendme}).
     *
     * @param cycle       the issue cycle of the instruction
     * @param thread      the sending thread context
     * @param address     the first word's address
     * @param strideCount the stride in words (upper 16 bits, signed) and the word count (lower 16 bits)
     * @param tail        whether the last word carries the tail bit, ending the message
     * @return true when accepted
     */
    boolean sendDma(long cycle, ThreadContext thread, int address, int strideCount, boolean tail);

    /**
     * Tells the NIU that a thread executes {@code endt} at {@code cycle}; a thread that ends while its message
     * is open would keep the NIU forever, so an NIU may throw a {@link GuestFault} of kind
     * {@link GuestFault.Kind#NIU_MISUSE} (located at the {@code endt}). The default does nothing.
     *
     * @param cycle  the issue cycle of the {@code endt}
     * @param thread the ending thread's context
     */
    default void threadEnded(long cycle, ThreadContext thread) {
    }

    /** Bit of {@link #status}: the DMA engine is still reading a sendm/sendme block. */
    int STATUS_DMA_BUSY = 1;
    /** Bit of {@link #status}: the injection queue holds flits not yet in the network. */
    int STATUS_QUEUE_BUSY = 2;
    /** Bit of {@link #status}: a message is open (head sent, tail not yet). */
    int STATUS_MESSAGE_OPEN = 4;

    /**
     * The NIU's state for {@code rdsr rd, niustat} at {@code cycle}: a sum of the STATUS_ bits. Libraries poll it
     * to learn when a DMA send has finished reading the sender's memory (a blocking sendDataBlock).
     */
    default int status(long cycle, ThreadContext thread) {
        return 0;
    }

    /** A port for machines without a network: every network instruction is a misuse. */
    NetworkPort NONE = new NetworkPort() {
        @Override
        public boolean sendHead(long cycle, ThreadContext thread, int destNode, int type, int address, int stride) {
            throw noNetwork();
        }

        @Override
        public boolean sendData(long cycle, ThreadContext thread, int w0, int w1, int count, boolean tail) {
            throw noNetwork();
        }

        @Override
        public boolean sendDma(long cycle, ThreadContext thread, int address, int strideCount, boolean tail) {
            throw noNetwork();
        }

        private GuestFault noNetwork() {
            return new GuestFault(GuestFault.Kind.NIU_MISUSE, "network instruction on a node without a network");
        }
    };
}
