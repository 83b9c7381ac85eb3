package scmp.cpu;

import scmp.isa.HostCall;
import scmp.isa.SpecialRegister;

/**
 * What an {@link Engine} sees of its {@link Node}: the node's constants, memory, decoded text and timing model,
 * and its services — the network port, the host, special registers (the model's among them), the tracer — and the
 * statistics counters the engine adds to. The node owns it and changes its wiring between runs (a machine sets the
 * tracer during a livelock check, lets a waiting host call go); an engine reads the wiring at the start of each
 * {@link Engine#run}. Nothing else of the node is reachable from here.
 */
public final class EngineContext {
    private static final SpecialRegister[] SREGS = SpecialRegister.values();
    private static final HostCall[] HOST_CALLS = HostCall.values();

    private final Node node;
    private final int nodeId;
    private final int contexts;
    private final int heapEnd;
    private final Memory memory;
    private final DecodedText text;
    private final TimingModel timing;

    // wiring, set by the node
    NetworkPort port = NetworkPort.NONE;
    SpecialRegisters registers = SpecialRegisters.LONE_NODE;
    HostInterface host = (n, thread, service, cycle) -> {
        throw new GuestFault(GuestFault.Kind.ILLEGAL_INSTRUCTION, "host call " + service.asmName + " without a host");
    };
    Tracer tracer;
    boolean orderedHostCalls;
    boolean hostGate;
    boolean stopAfterNet;

    // statistics the engine adds to (see Node#stats)
    private long retired;
    private final long[] stallCycles = new long[StallCause.values().length];
    private long branchBubbles;

    EngineContext(Node node, int nodeId, int contexts, int heapEnd, Memory memory, DecodedText text,
                  TimingModel timing) {
        this.node = node;
        this.nodeId = nodeId;
        this.contexts = contexts;
        this.heapEnd = heapEnd;
        this.memory = memory;
        this.text = text;
        this.timing = timing;
    }

    /** Returns the node number. */
    public int nodeId() {
        return nodeId;
    }

    /** Returns the node's memory. */
    public Memory memory() {
        return memory;
    }

    /** Returns the decoded program text. */
    public DecodedText text() {
        return text;
    }

    /** Returns the timing model. */
    public TimingModel timing() {
        return timing;
    }

    /** Returns the port that network instructions talk to. */
    public NetworkPort port() {
        return port;
    }

    /** Returns the tracer that must see every issued instruction, or null for none. */
    public Tracer tracer() {
        return tracer;
    }

    /**
     * Tells whether the engine must return {@link Engine.Exit#NETWORK} after every accepted network instruction
     * that does not end a message (it always returns {@link Engine.Exit#MESSAGE_SENT} after one that does).
     */
    public boolean stopAfterNetworkInstructions() {
        return stopAfterNet;
    }

    /**
     * Tells whether an {@code hcall} must wait: host calls are ordered across nodes and the node has not let
     * this one go. The engine then returns {@link Engine.Exit#HOST_CALL} in front of it, not issued and not traced.
     */
    public boolean hostCallWaits() {
        return orderedHostCalls && !hostGate;
    }

    /**
     * Performs a host call. The thread's pc must be the {@code hcall}'s address and the instructions retired so
     * far {@linkplain #retire counted}.
     *
     * @param thread  the calling thread
     * @param service the service number (decoded, so valid)
     * @param cycle   the issue cycle of the {@code hcall}
     * @return true to go on, false when the call ended the simulation
     */
    public boolean hostCall(ThreadContext thread, int service, long cycle) {
        hostGate = false;
        return host.call(node, thread, HOST_CALLS[service], cycle);
    }

    /**
     * Returns a special register's value for {@code rdsr}: the node's own, or the machine model's
     * ({@link SpecialRegisters}: the machine's shape and its devices' state).
     *
     * @param sr      the register's number (decoded, so valid)
     * @param cycle   the issue cycle of the {@code rdsr}
     * @param thread  the running thread
     * @param pending instructions the engine retired in this run and has not counted yet
     * @return the value
     */
    public int specialRegister(int sr, long cycle, ThreadContext thread, long pending) {
        return switch (SREGS[sr]) {
            case NODEID -> nodeId;
            case XDIM, YDIM, NIUSTAT -> registers.read(SREGS[sr], cycle, thread);
            case TID -> thread.id;
            case NCTX -> contexts;
            case CYCLE -> (int) cycle;
            case CYCLEH -> (int) (cycle >>> 32);
            case INSTRET -> (int) (retired + pending);
            case MEMSIZE -> memory.size();
            case HEAPEND -> heapEnd;
        };
    }

    /**
     * Counts retired instructions.
     *
     * @param n instructions
     */
    public void retire(long n) {
        retired += n;
    }

    /** Returns the instructions retired on the node. */
    public long retired() {
        return retired;
    }

    /**
     * Counts a dependence stall.
     *
     * @param cause  the {@link StallCause} ordinal of the producer the instruction waited for last
     * @param cycles the stall cycles
     */
    public void countStall(int cause, long cycles) {
        stallCycles[cause] += cycles;
    }

    /**
     * Counts control bubbles after taken branches and jumps.
     *
     * @param cycles the bubbles
     */
    public void countBubbles(long cycles) {
        branchBubbles += cycles;
    }

    /**
     * Adds the counts of {@code k} repetitions of an idle period (Node's idle skipping).
     *
     * @param retiredAdd the instructions to add
     * @param stalls     the stall cycles of one period by cause
     * @param k          the number of periods
     * @param bubblesAdd the control bubbles to add
     */
    void addCounts(long retiredAdd, long[] stalls, long k, long bubblesAdd) {
        retired += retiredAdd;
        for (int i = 0; i < stalls.length; i++) {
            stallCycles[i] += k * stalls[i];
        }
        branchBubbles += bubblesAdd;
    }

    /** Returns a copy of the stall cycles by {@link StallCause} ordinal. */
    /** Takes another context's counts (a shadow's, docs/performance.md "Look-ahead"). */
    void copyCounts(EngineContext o) {
        retired = o.retired;
        System.arraycopy(o.stallCycles, 0, stallCycles, 0, stallCycles.length);
        branchBubbles = o.branchBubbles;
    }

    long[] stallCycles() {
        return stallCycles.clone();
    }

    /** Returns the control bubbles counted. */
    long branchBubbles() {
        return branchBubbles;
    }
}
