package scmp.cpu;

/**
 * The device a node's network instructions talk to, whatever the machine model makes of them: the SCMP chip's
 * network interface unit (NIU) builds messages of flits from them, another model's device may turn them into
 * remote memory operations. The engine calls {@link #request} for every instruction of the NET timing class
 * ({@code sendh_*}, {@code send2}, {@code sende}, {@code send2e}, {@code sendm}, {@code sendme}) and
 * {@link #threadEnded} at every {@code endt}; nothing else of the engine reaches the device.
 *
 * <p><b>Operands.</b> {@code op} is the instruction's ordinal in {@link scmp.isa.Instruction}, and the values are
 * those of the operands of its declared send statement ({@link scmp.isa.sem.Stmt}), in declaration order, 0 for
 * the ones it does not have: {@code SendHead(node, type, address, stride)}, {@code SendData(word0, word1)},
 * {@code SendDma(address, strideCount)}. A device looks up what each instruction is (its statement, the word
 * count, the tail flag) once, from {@link scmp.isa.sem.SemanticTable}, and switches on {@code op}.
 *
 * <p><b>Answers.</b> {@link #ACCEPTED}: the instruction took effect, the thread goes on. {@link #ENDED}: it took
 * effect and ended a message or transfer; the engine leaves the thread ({@link Engine.Exit#MESSAGE_SENT}) so that
 * the machine can let the network catch up. {@link #REFUSED}: nothing of it took effect; the thread
 * <em>blocks</em> at the instruction (a thread switch, docs/timing.md section 2), and the device must later wake
 * it ({@link Node#wakeThread} or {@link Node#wakeBlocked}), when it re-issues the same instruction.
 *
 * <p><b>Misuse.</b> A request the device cannot make sense of (for the SCMP NIU: a data flit without a head, a
 * head while a message is open, an empty {@code sendme}, a THREAD message with more than 24 data words, an
 * unknown message type or node) throws a {@link GuestFault} of kind {@link GuestFault.Kind#NIU_MISUSE}; the
 * engine locates it at the instruction.
 *
 * <p>{@code thread} is the issuing context; its {@link ThreadContext#pc()} is the address of the instruction during
 * the call. {@code cycle} is the instruction's issue cycle; calls come in nondecreasing cycle order.
 */
public interface NetworkPort {

    /** {@link #request}: taken; the thread goes on. */
    int ACCEPTED = 0;
    /** {@link #request}: taken, and it ended a message or transfer; the engine returns to the node. */
    int ENDED = 1;
    /** {@link #request}: not taken; the thread blocks until the device wakes it. */
    int REFUSED = 2;

    /**
     * Performs a network instruction.
     *
     * @param op     the instruction's ordinal in {@link scmp.isa.Instruction}
     * @param cycle  the issue cycle of the instruction
     * @param thread the issuing thread context
     * @param v0     the first operand of its send statement
     * @param v1     the second operand, or 0
     * @param v2     the third operand, or 0
     * @param v3     the fourth operand, or 0
     * @return {@link #ACCEPTED}, {@link #ENDED} or {@link #REFUSED}
     * @throws GuestFault of kind {@link GuestFault.Kind#NIU_MISUSE} on misuse
     */
    int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3);

    /**
     * Tells the device that a thread executes {@code endt} at {@code cycle}; a thread that ends while its message
     * is open would keep the NIU forever, so a device may throw a {@link GuestFault} of kind
     * {@link GuestFault.Kind#NIU_MISUSE} (located at the {@code endt}). The default does nothing.
     *
     * @param cycle  the issue cycle of the {@code endt}
     * @param thread the ending thread's context
     */
    default void threadEnded(long cycle, ThreadContext thread) {
    }

    /** A port for machines without a network: every network instruction is a misuse. */
    NetworkPort NONE = (op, cycle, thread, v0, v1, v2, v3) -> {
        throw new GuestFault(GuestFault.Kind.NIU_MISUSE, "network instruction on a node without a network");
    };
}
