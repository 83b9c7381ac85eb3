package scmp.cpu;

/**
 * Executes the instructions of one thread for a {@link Node}: the node decides which thread runs and when, an
 * engine runs it from its pc until a cycle limit or an event that the node must handle. The reference engine is
 * the {@link Interpreter}; a faster one (compiled to JVM bytecode, say) plugs in through {@link Factory} and must
 * match it in registers, memory, output, statistics and cycle counts exactly (docs/architecture.md).
 *
 * <p>An engine sees the node only through the {@link EngineContext} its factory receives: memory, decoded text,
 * timing model, the network port, the host, special registers, the tracer and the statistics counters. It reads
 * and writes the running thread's registers, pc, next issue cycle and scoreboard in its {@link ThreadContext}.
 * Timing is docs/timing.md sections 1 and 2: instruction {@code i+1} issues at
 * {@code max(t(i) + 1 + bubbles(i), ready(sources of i+1), free(unit of i+1))}.
 *
 * <p>An engine keeps no state of its own that changes what a thread does: everything that decides a node's
 * future is in its thread contexts, its scheduler and its memory, which {@link Node#relativeState} relies on.
 */
public interface Engine {

    /** Why {@link #run} returned. */
    enum Exit {
        /** The next instruction would issue at or after the limit; it has not executed. */
        LIMIT,
        /** The next instruction is an {@code hcall} that waits for {@link Node#allowHostCall()}; not executed. */
        HOST_CALL,
        /**
         * The port accepted a network instruction ({@link NetworkPort#ACCEPTED}); only when the context asks to stop
         * after network instructions ({@link EngineContext#stopAfterNetworkInstructions()}).
         */
        NETWORK,
        /** A network instruction ended a message: the port answered {@link NetworkPort#ENDED}. */
        MESSAGE_SENT,
        /** The port refused a network instruction: the thread blocks at it and re-issues it when woken. */
        BLOCKED,
        /** The thread executed {@code suspend}. */
        SUSPEND,
        /** The thread executed {@code endt}. */
        END_THREAD,
        /** A host call ended the simulation. */
        HALT,
        /** The thread faulted; see {@link #fault()}. */
        FAULT
    }

    /**
     * Runs a thread from {@link ThreadContext#pc()} at its next issue cycle, executing every instruction that
     * issues before {@code limit}, until an exit. On return the context's pc is the next instruction to execute
     * (the blocked or waiting one for {@link Exit#BLOCKED} and {@link Exit#HOST_CALL}, the faulting one for
     * {@link Exit#FAULT}) and its next issue cycle is set; the instructions retired, stalls and bubbles are
     * counted in the context.
     *
     * @param thread the running thread
     * @param limit  the first cycle not to execute
     * @return why it stopped
     */
    Exit run(ThreadContext thread, long limit);

    /**
     * Returns the cycle of the last exit: the issue cycle of the instruction that caused it, or for
     * {@link Exit#LIMIT} and {@link Exit#HOST_CALL} the cycle at which the next instruction would issue.
     */
    long exitCycle();

    /** Returns the located fault of the last {@link Exit#FAULT}, or null. */
    GuestFault fault();

    /** Makes a node's engine. */
    @FunctionalInterface
    interface Factory {
        /**
         * Creates the engine of one node.
         *
         * @param context what the engine sees of its node
         * @return the engine
         */
        Engine create(EngineContext context);
    }
}
