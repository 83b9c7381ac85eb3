package scmp.cpu;

import scmp.isa.Abi;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Registers;
import scmp.isa.SpecialRegister;

/**
 * The reference interpreter of one node's core: the semantics of every instruction of the ISA table and the
 * timing of docs/timing.md sections 1 and 2, cycle for cycle. It is the project's oracle: any faster engine
 * must match its registers, memory, output and cycle counts exactly.
 *
 * <h2>Timing</h2>
 * Instructions of the running thread issue in order; instruction {@code i+1} issues at
 * {@code max(t(i) + 1 + bubbles(i), ready(sources of i+1), free(unit of i+1))}, where the scoreboard of the
 * thread's context ({@link DecodedText} describes it) holds the ready cycles of registers and unpipelined
 * units. The costs come from a {@link TimingModel}.
 *
 * <h2>Threads</h2>
 * A node has {@code nctx} contexts. A thread runs until it executes {@code suspend} or {@code endt}, or blocks
 * on a network instruction the NIU refuses; the next thread then issues at {@code t + 1 + S}. Ready threads
 * wait in FIFO order of the cycle at which they became ready; a thread started at cycle {@code c} (by a THREAD
 * message, {@link #startThread}) on an idle core issues at {@code c + S}. In general the thread taken from
 * the queue issues at {@code max(lastSwitch + 1 + S, readyAt + S)}, which covers both rules.
 *
 * <h2>Driving the core</h2>
 * The machine calls {@link #runUntil(long)} with a cycle limit: the core executes every instruction whose
 * issue cycle is below the limit and returns the cycle of its next event. It returns early when it has
 * nothing to run, after a message's tail flit was accepted ({@link Stop#MESSAGE_SENT}: the network may want to
 * schedule the message) or, when {@linkplain #setStopAfterNetworkInstructions asked}, after any accepted network
 * instruction ({@link Stop#NETWORK}), in front of an {@code hcall} when {@linkplain #setOrderedHostCalls ordered
 * host calls} are on ({@link Stop#HOST_CALL}: the machine then orders host calls of all nodes by cycle and lets
 * each go with {@link #allowHostCall()}), when the program halts, and on a guest fault. Between calls the
 * network may deliver work, at cycles not earlier than the core's past: {@link #startThread}, or
 * {@link #reserveContext} when a THREAD message's head arrives and {@link #startReserved} at its tail; and
 * {@link #wakeBlocked} or, for one thread, {@link #wakeThread}. An idle core costs nothing: it does no work
 * until a thread is started on it.
 *
 * <h2>Statistics</h2>
 * {@link #stats()} splits the core's cycles into issues, dependence stalls by the producer's kind, control
 * bubbles, thread switches and waits for the NIU; the interpreter records the producer's kind of every result
 * (one byte store) and does the rest only on stalls and switches.
 */
public final class Core {

    /** Why {@link #runUntil(long)} returned. */
    public enum Stop {
        /** The next instruction issues at or after the limit. */
        LIMIT,
        /** No thread is running or ready: the core waits for a THREAD message or a wake-up. */
        IDLE,
        /** The running thread is at an {@code hcall} that waits for {@link #allowHostCall()}. */
        HOST_CALL,
        /** A network instruction just ended a message (its tail flit was accepted). */
        MESSAGE_SENT,
        /**
         * A network instruction that does not end a message was accepted; only when
         * {@linkplain #setStopAfterNetworkInstructions stopping after network instructions} is on.
         */
        NETWORK,
        /** A host call ended the simulation ({@code exit} or {@code abort}). */
        HALTED,
        /** The running thread faulted; see {@link #fault()}. */
        FAULT,
        /**
         * The node's program exited ({@link #exitNode}): no thread runs here again, and incoming THREAD messages are
         * taken and dropped.
         */
        EXITED
    }

    private static final Instruction[] INSNS = Instruction.values();
    private static final SpecialRegister[] SREGS = SpecialRegister.values();
    private static final HostCall[] HOST_CALLS = HostCall.values();
    private static final int ILLEGAL = DecodedText.ILLEGAL;
    private static final int HCALL_OP = Instruction.HCALL.ordinal();
    private static final int RA = Registers.RA, SP = Registers.SP, A0 = Registers.A0, A1 = Registers.A0 + 1;

    private static final int EV_LIMIT = 0, EV_SUSPEND = 1, EV_ENDT = 2, EV_BLOCK = 3, EV_HOST = 4, EV_SENT = 5,
            EV_HALT = 6, EV_FAULT = 7, EV_NET = 8;

    /** The stall cause of each instruction's result (by ordinal), for the statistics: see {@link StallCause}. */
    private static final byte[] RESULT_CAUSE = new byte[DecodedText.END + 1];

    static {
        for (Instruction insn : INSNS) {
            RESULT_CAUSE[insn.ordinal()] = (byte) StallCause.of(insn.timing).ordinal();
        }
        RESULT_CAUSE[DecodedText.ILLEGAL] = (byte) StallCause.OTHER.ordinal();
        RESULT_CAUSE[DecodedText.END] = (byte) StallCause.OTHER.ordinal();
    }

    private final int nodeId;
    private final int xdim;
    private final int ydim;
    private final int stackSize;
    private final int heapEnd;
    private final int threadExit;
    private final Memory memory;
    private final DecodedText text;
    private final TimingModel timing;
    private final int[] latency;
    private final int takenBubbles;
    private final int jumpBubbles;
    private final int jalrBubbles;
    private final int divBusy;
    private final int fpDivBusy;
    private final int fpSqrtBusy;
    private final int hostLatency;
    private final int switchCost;

    private final ThreadContext[] contexts;
    private final ThreadContext[] queue;
    private int queued;
    private ThreadContext current;
    private long lastSwitch;
    private int live;
    private int blocked;

    private NetworkPort port = NetworkPort.NONE;
    private HostInterface host = (core, thread, service, cycle) -> {
        throw new GuestFault(GuestFault.Kind.ILLEGAL_INSTRUCTION, "host call " + service.asmName + " without a host");
    };
    private Tracer tracer;
    private boolean orderedHostCalls;
    private boolean hostGate;
    private boolean stopAfterNet;
    private int reserved;

    // statistics: stall cycles by cause, control bubbles, thread switches (see stats())
    private final long[] stallCycles = new long[StallCause.values().length];
    private long branchBubbles;
    private long switchCount;
    private long switchCycles;
    private long niuBlockedCycles;
    private boolean blockedWhenIdle;

    private long instret;
    private long eventCycle;
    private Stop stop = Stop.IDLE;
    private GuestFault fault;
    private long haltCycle = -1;
    private long lastEnd = -1;
    private boolean exited;

    /**
     * Creates the core of one node, all contexts free.
     *
     * @param nodeId     the node number, {@code y * xdim + x}
     * @param xdim       mesh width
     * @param ydim       mesh height
     * @param nctx       thread contexts, {@link Abi#MIN_CONTEXTS}..{@link Abi#MAX_CONTEXTS}
     * @param stackSize  bytes of stack per context (docs/abi.md memory layout)
     * @param memory     the node's memory, its map already set up
     * @param text       the decoded program text
     * @param timing     the timing model
     * @param threadExit the address threads started by THREAD messages return to ({@code __thread_exit}), or 0
     */
    public Core(int nodeId, int xdim, int ydim, int nctx, int stackSize, Memory memory, DecodedText text,
                TimingModel timing, int threadExit) {
        if (nctx < Abi.MIN_CONTEXTS || nctx > Abi.MAX_CONTEXTS) {
            throw new IllegalArgumentException("contexts must be " + Abi.MIN_CONTEXTS + ".." + Abi.MAX_CONTEXTS);
        }
        this.nodeId = nodeId;
        this.xdim = xdim;
        this.ydim = ydim;
        this.stackSize = stackSize;
        this.memory = memory;
        this.text = text;
        this.timing = timing;
        this.threadExit = threadExit;
        this.heapEnd = Abi.heapEnd(memory.size(), stackSize, nctx);
        this.latency = new int[DecodedText.END + 1];
        for (Instruction insn : INSNS) {
            latency[insn.ordinal()] = timing.latency(insn);
        }
        latency[DecodedText.ILLEGAL] = 1;
        latency[DecodedText.END] = 1;
        this.takenBubbles = timing.takenBranchBubbles();
        this.jumpBubbles = timing.jumpBubbles();
        this.jalrBubbles = timing.jalrBubbles();
        this.divBusy = timing.divBusy();
        this.fpDivBusy = timing.fpDivBusy();
        this.fpSqrtBusy = timing.fpSqrtBusy();
        this.hostLatency = timing.hostLatency();
        this.switchCost = timing.switchCost();
        this.contexts = new ThreadContext[nctx];
        for (int c = 0; c < nctx; c++) {
            contexts[c] = new ThreadContext(c);
        }
        this.queue = new ThreadContext[nctx];
        this.lastSwitch = Long.MIN_VALUE / 4;
    }

    // ------------------------------------------------------------------ wiring

    /**
     * Connects the node's NIU.
     *
     * @param port the port network instructions talk to
     */
    public void setNetworkPort(NetworkPort port) {
        this.port = port;
    }

    /**
     * Connects the host.
     *
     * @param host the implementation of {@code hcall}
     */
    public void setHost(HostInterface host) {
        this.host = host;
    }

    /**
     * Sets the tracer that sees every issued instruction, or null for none.
     *
     * @param tracer the tracer
     */
    public void setTracer(Tracer tracer) {
        this.tracer = tracer;
    }

    /**
     * Turns ordered host calls on or off. When on, the core stops in front of every {@code hcall}
     * ({@link Stop#HOST_CALL}) until the machine calls {@link #allowHostCall()}, so that host calls of all
     * nodes happen in cycle order. Off (the default) suits a single node.
     *
     * @param ordered whether host calls wait for permission
     */
    public void setOrderedHostCalls(boolean ordered) {
        this.orderedHostCalls = ordered;
    }

    /** Lets the {@code hcall} the core stopped in front of execute at the next {@link #runUntil(long)}. */
    public void allowHostCall() {
        hostGate = true;
    }

    /**
     * Turns stopping after every accepted network instruction on or off. When on, {@link #runUntil(long)} returns
     * right after each accepted {@code sendh_*}, {@code send2} and {@code sendm} ({@link Stop#NETWORK}) as it
     * always does after a message's tail ({@link Stop#MESSAGE_SENT}), so that a cycle-accurate network can catch
     * up with the NIU state the instruction changed before the core runs on. Off (the default) suits networks
     * that only care about whole messages.
     *
     * @param on whether to stop after every network instruction
     */
    public void setStopAfterNetworkInstructions(boolean on) {
        this.stopAfterNet = on;
    }

    // ------------------------------------------------------------------ threads

    /**
     * Starts the program's first thread in context 0, issuing its first instruction at cycle 0: pc at
     * {@code entry}, sp at the context's stack top, {@code a0 = argc}, {@code a1 = argv}, every other register
     * zero (docs/abi.md, program start).
     *
     * @param entry the entry point, an instruction of the text
     * @param argc  the argument count
     * @param argv  the address of the argument vector
     */
    public void boot(int entry, int argc, int argv) {
        if (!text.contains(entry)) {
            throw new IllegalArgumentException("entry point outside the text");
        }
        ThreadContext c = contexts[0];
        if (c.state != ThreadContext.State.FREE || current != null) {
            throw new IllegalStateException("core already booted");
        }
        c.reset(entry);
        c.x[SP] = stackTop(0);
        c.x[A0] = argc;
        c.x[A1] = argv;
        c.state = ThreadContext.State.RUNNING;
        c.nextIssue = 0;
        current = c;
        live++;
        stop = Stop.LIMIT;
    }

    /**
     * Starts a thread for a THREAD message, in the lowest-numbered free context: pc from the address flit,
     * the data words in r4 (a0) upward, sp at the context's stack top, ra at {@code __thread_exit} (or 0),
     * every other register zero. The thread becomes ready at {@code cycle} (never earlier than the core's last
     * scheduling decision).
     *
     * @param cycle the cycle at which the message is delivered
     * @param pc    the thread's first instruction
     * @param args  the data words
     * @param nargs how many of {@code args} to load, at most 24 (r4..r27)
     * @return false when no context is free: the message must wait (backpressure); true when the thread started
     *         or the node has {@linkplain #exitNode exited} (the message is dropped)
     * @throws GuestFault when {@code pc} is not an instruction of the text (located at the new context)
     */
    public boolean startThread(long cycle, int pc, int[] args, int nargs) {
        if (exited) {
            return true;   // dropped
        }
        if (nargs < 0 || nargs > Registers.THREAD_LAST_REG - A0 + 1) {
            throw new IllegalArgumentException("a THREAD message carries at most 24 words");
        }
        ThreadContext c = null;
        for (ThreadContext k : contexts) {
            if (k.state == ThreadContext.State.FREE) {
                c = k;
                break;
            }
        }
        if (c == null) {
            return false;
        }
        if (!text.contains(pc)) {
            throw new GuestFault(GuestFault.Kind.BAD_JUMP,
                    String.format("THREAD message starts a thread at 0x%x, outside the program text", pc), pc)
                    .locate(nodeId, c.id, pc, cycle);
        }
        c.reset(pc);
        c.x[SP] = stackTop(c.id);
        c.x[RA] = threadExit;
        System.arraycopy(args, 0, c.x, A0, nargs);
        live++;
        enqueue(c, Math.max(cycle, lastSwitch + 1));
        return true;
    }

    /**
     * Makes every thread blocked on the NIU ready again at {@code cycle}, in context order; each re-issues the
     * network instruction that was refused.
     *
     * @param cycle the cycle at which the NIU can accept again
     */
    public void wakeBlocked(long cycle) {
        if (blocked == 0 || exited) {
            return;
        }
        for (ThreadContext c : contexts) {
            if (c.state == ThreadContext.State.BLOCKED) {
                blocked--;
                enqueue(c, Math.max(cycle, lastSwitch + 1));
            }
        }
    }

    /**
     * Makes one thread blocked on the NIU ready again at {@code cycle} (back of the ready queue); it re-issues
     * the network instruction that was refused. An NIU that knows what each blocked thread waits for wakes
     * exactly the threads whose condition holds (docs/timing.md section 3.1).
     *
     * @param context the blocked thread's context
     * @param cycle   the cycle at which it becomes ready
     * @throws IllegalStateException when the context is not blocked
     */
    public void wakeThread(int context, long cycle) {
        if (exited) {
            return;
        }
        ThreadContext c = contexts[context];
        if (c.state != ThreadContext.State.BLOCKED) {
            throw new IllegalStateException("context " + context + " of node " + nodeId + " is not blocked");
        }
        blocked--;
        enqueue(c, Math.max(cycle, lastSwitch + 1));
    }

    /**
     * Reserves the lowest-numbered free context for a THREAD message whose head the NIU takes; the thread starts
     * later with {@link #startReserved}. A reserved context is neither free nor live.
     *
     * @return the context number, or -1 when no context is free (the message must wait: backpressure)
     */
    public int reserveContext() {
        if (exited) {
            return 0;   // taken and dropped at its tail (startReserved)
        }
        for (ThreadContext k : contexts) {
            if (k.state == ThreadContext.State.FREE) {
                k.state = ThreadContext.State.RESERVED;
                reserved++;
                return k.id;
            }
        }
        return -1;
    }

    /**
     * Starts the thread of a THREAD message in a context {@linkplain #reserveContext reserved} for it: pc from the
     * address flit, the data words in r4 (a0) upward, sp at the context's stack top, ra at {@code __thread_exit}
     * (or 0), every other register zero; ready at {@code cycle} (back of the ready queue).
     *
     * @param context the reserved context
     * @param cycle   the cycle at which the thread becomes ready
     * @param pc      the thread's first instruction
     * @param args    the data words
     * @param nargs   how many of {@code args} to load, at most 24 (r4..r27)
     * @return true, or false when the node has {@linkplain #exitNode exited}: the message is dropped
     * @throws GuestFault (not located) when {@code pc} is not an instruction of the text; the context is freed
     * @throws IllegalStateException when the context is not reserved
     */
    public boolean startReserved(int context, long cycle, int pc, int[] args, int nargs) {
        if (exited) {
            return false;
        }
        ThreadContext c = contexts[context];
        if (c.state != ThreadContext.State.RESERVED) {
            throw new IllegalStateException("context " + context + " of node " + nodeId + " is not reserved");
        }
        if (nargs < 0 || nargs > Registers.THREAD_LAST_REG - A0 + 1) {
            throw new IllegalArgumentException("a THREAD message carries at most 24 words");
        }
        reserved--;
        if (!text.contains(pc)) {
            c.state = ThreadContext.State.FREE;
            throw new GuestFault(GuestFault.Kind.BAD_JUMP,
                    String.format("THREAD message starts a thread at 0x%x, outside the program text", pc), pc);
        }
        c.reset(pc);
        c.x[SP] = stackTop(c.id);
        c.x[RA] = threadExit;
        System.arraycopy(args, 0, c.x, A0, nargs);
        live++;
        enqueue(c, Math.max(cycle, lastSwitch + 1));
        return true;
    }

    /**
     * Ends the node's program, as {@code exit} does for one rank of an SPMD run: every thread stops (running, ready
     * and blocked ones, and contexts reserved for incoming THREAD messages), and from now on the core runs nothing;
     * THREAD messages that reach it are taken and dropped, so that the network does not back up behind it. Its
     * memory stays as it is (DATA messages are still written).
     */
    public void exitNode() {
        exited = true;
        for (ThreadContext c : contexts) {
            c.state = ThreadContext.State.FREE;
        }
        java.util.Arrays.fill(queue, null);
        queued = 0;
        current = null;
        live = 0;
        blocked = 0;
        reserved = 0;
        stop = Stop.EXITED;
    }

    /** Tells whether the node's program has {@linkplain #exitNode exited}. */
    public boolean exited() {
        return exited;
    }

    private void enqueue(ThreadContext c, long at) {
        int k = queued;
        while (k > 0 && queue[k - 1].readyAt > at) {
            queue[k] = queue[k - 1];
            k--;
        }
        queue[k] = c;
        queued++;
        c.readyAt = at;
        c.state = ThreadContext.State.READY;
    }

    /** The issue cycle of the thread at the head of the ready queue if it were dispatched now. */
    private long headIssue() {
        return Math.max(lastSwitch + 1 + switchCost, queue[0].readyAt + switchCost);
    }

    private ThreadContext dispatch(long limit) {
        if (queued == 0) {
            return null;
        }
        long issue = headIssue();
        if (issue >= limit) {
            return null;
        }
        ThreadContext c = queue[0];
        System.arraycopy(queue, 1, queue, 0, queued - 1);
        queue[--queued] = null;
        c.state = ThreadContext.State.RUNNING;
        c.nextIssue = issue;
        current = c;
        // the cycles since the last thread's last issue: up to S are the switch, the rest the core waited
        long gap = issue - lastSwitch - 1;
        if (gap > 0) {
            long sw = Math.min(gap, switchCost);
            switchCycles += sw;
            if (blockedWhenIdle) {
                niuBlockedCycles += gap - sw;
            }
        }
        return c;
    }

    /** Returns the initial stack pointer of a context. */
    public int stackTop(int context) {
        return Abi.stackTop(memory.size(), stackSize, context);
    }

    // ------------------------------------------------------------------ running

    /**
     * Executes instructions whose issue cycle is below {@code limit}.
     *
     * @param limit the first cycle not to execute
     * @return the cycle of the core's next event (a lower bound when a thread switch is pending), or
     *         {@link Long#MAX_VALUE} when it has nothing to do (idle without queued threads, halted, faulted)
     */
    public long runUntil(long limit) {
        if (stop == Stop.HALTED || stop == Stop.FAULT || exited) {
            return Long.MAX_VALUE;
        }
        while (true) {
            ThreadContext c = current;
            if (c == null) {
                c = dispatch(limit);
                if (c == null) {
                    stop = queued > 0 ? Stop.LIMIT : Stop.IDLE;
                    return nextEventCycle();
                }
            }
            int ev = execute(c, limit);
            long t = eventCycle;
            switch (ev) {
                case EV_LIMIT -> {
                    stop = Stop.LIMIT;
                    return t;
                }
                case EV_HOST -> {
                    stop = Stop.HOST_CALL;
                    return t;
                }
                case EV_SENT -> {
                    stop = Stop.MESSAGE_SENT;
                    return c.nextIssue;
                }
                case EV_NET -> {
                    stop = Stop.NETWORK;
                    return c.nextIssue;
                }
                case EV_SUSPEND -> {
                    current = null;
                    lastSwitch = t;
                    switchCount++;
                    enqueue(c, t);
                    blockedWhenIdle = blocked > 0;
                }
                case EV_ENDT -> {
                    current = null;
                    lastSwitch = t;
                    lastEnd = t;
                    switchCount++;
                    c.state = ThreadContext.State.FREE;
                    live--;
                    blockedWhenIdle = blocked > 0;
                }
                case EV_BLOCK -> {
                    current = null;
                    lastSwitch = t;
                    switchCount++;
                    niuBlockedCycles++;   // the refused instruction's slot
                    c.state = ThreadContext.State.BLOCKED;
                    blocked++;
                    blockedWhenIdle = true;
                }
                case EV_HALT -> {
                    stop = Stop.HALTED;
                    haltCycle = t;
                    return Long.MAX_VALUE;
                }
                default -> {
                    stop = Stop.FAULT;
                    return Long.MAX_VALUE;
                }
            }
        }
    }

    /**
     * Runs the current thread from its pc until an event; the heart of the interpreter. Every instruction's
     * semantics is one case of the switch below; its timing is the generic prologue (issue cycle from the
     * scoreboard) and epilogue (destination ready cycle), plus the control bubbles and unit occupancy that a
     * few cases add.
     */
    private int execute(final ThreadContext c, final long limit) {
        final int[] x = c.x;
        final long[] f = c.f;
        final long[] rdy = c.ready;
        final DecodedText txt = text;
        final int base = txt.base();
        final int textBytes = 4 * txt.count();
        final int[] ops = txt.op, rds = txt.rd, rs1s = txt.rs1, rs2s = txt.rs2, imms = txt.imm, deps = txt.deps;
        final int[] lat = latency;
        final byte[] cause = c.cause;
        final Memory mem = memory;
        final Tracer tr = tracer;
        final boolean netStop = stopAfterNet;
        int pc = c.pc;
        long next = c.nextIssue;
        long t = next;
        long n = 0;
        long bubbles = 0;
        int ev;
        try {
            loop:
            while (true) {
                final int i = (pc - base) >>> 2;
                final int op = ops[i];
                final int d = deps[i];
                long r;
                t = next;
                if ((r = rdy[d & 0x7F]) > t) {
                    t = r;
                }
                if ((r = rdy[(d >>> 7) & 0x7F]) > t) {
                    t = r;
                }
                if ((r = rdy[(d >>> 14) & 0x7F]) > t) {
                    t = r;
                }
                if (t >= limit) {
                    ev = EV_LIMIT;
                    break;
                }
                if (t != next) {
                    stalled(rdy, cause, d, t, t - next);
                }
                if (tr != null && !(op == HCALL_OP && orderedHostCalls && !hostGate)) {
                    tr.issue(t, nodeId, c.id, pc, txt.words[i]);
                }
                if (op >= ILLEGAL) {
                    throw badWord(op, txt.words[i], pc);
                }
                final int rd = rds[i], a = rs1s[i], b = rs2s[i], imm = imms[i];
                int npc = pc + 4;
                next = t + 1;
                switch (INSNS[op]) {
                    // ---- integer register-register
                    case ADD -> x[rd] = x[a] + x[b];
                    case SUB -> x[rd] = x[a] - x[b];
                    case AND -> x[rd] = x[a] & x[b];
                    case OR -> x[rd] = x[a] | x[b];
                    case XOR -> x[rd] = x[a] ^ x[b];
                    case NOR -> x[rd] = ~(x[a] | x[b]);
                    case SLL -> x[rd] = x[a] << x[b];
                    case SRL -> x[rd] = x[a] >>> x[b];
                    case SRA -> x[rd] = x[a] >> x[b];
                    case SLT -> x[rd] = x[a] < x[b] ? 1 : 0;
                    case SLTU -> x[rd] = Integer.compareUnsigned(x[a], x[b]) < 0 ? 1 : 0;
                    case MUL -> x[rd] = x[a] * x[b];
                    case MULH -> x[rd] = Semantics.mulh(x[a], x[b]);
                    case MULHU -> x[rd] = Semantics.mulhu(x[a], x[b]);
                    case DIV -> {
                        x[rd] = x[a] / divisor(x[b]);
                        rdy[DecodedText.SB_DIV] = t + divBusy;
                    }
                    case DIVU -> {
                        x[rd] = Integer.divideUnsigned(x[a], divisor(x[b]));
                        rdy[DecodedText.SB_DIV] = t + divBusy;
                    }
                    case REM -> {
                        x[rd] = x[a] % divisor(x[b]);
                        rdy[DecodedText.SB_DIV] = t + divBusy;
                    }
                    case REMU -> {
                        x[rd] = Integer.remainderUnsigned(x[a], divisor(x[b]));
                        rdy[DecodedText.SB_DIV] = t + divBusy;
                    }
                    // ---- floating point
                    case FADD_D -> f[rd] = Semantics.bits(Semantics.val(f[a]) + Semantics.val(f[b]));
                    case FSUB_D -> f[rd] = Semantics.bits(Semantics.val(f[a]) - Semantics.val(f[b]));
                    case FMUL_D -> f[rd] = Semantics.bits(Semantics.val(f[a]) * Semantics.val(f[b]));
                    case FDIV_D -> {
                        f[rd] = Semantics.bits(Semantics.val(f[a]) / Semantics.val(f[b]));
                        rdy[DecodedText.SB_FPDIV] = t + fpDivBusy;
                    }
                    case FSQRT_D -> {
                        f[rd] = Semantics.bits(Math.sqrt(Semantics.val(f[a])));
                        rdy[DecodedText.SB_FPDIV] = t + fpSqrtBusy;
                    }
                    case FNEG_D -> f[rd] = Semantics.fneg(f[a]);
                    case FABS_D -> f[rd] = Semantics.fabs(f[a]);
                    case FMV_D -> f[rd] = f[a];
                    case FEQ_D -> x[rd] = Semantics.val(f[a]) == Semantics.val(f[b]) ? 1 : 0;
                    case FLT_D -> x[rd] = Semantics.val(f[a]) < Semantics.val(f[b]) ? 1 : 0;
                    case FLE_D -> x[rd] = Semantics.val(f[a]) <= Semantics.val(f[b]) ? 1 : 0;
                    case FCVT_D_W -> f[rd] = Semantics.fcvtDW(x[a]);
                    case FCVT_D_WU -> f[rd] = Semantics.fcvtDWu(x[a]);
                    case FCVT_W_D -> x[rd] = Semantics.fcvtWD(f[a]);
                    case FCVT_WU_D -> x[rd] = Semantics.fcvtWuD(f[a]);
                    case FCVT_S_D -> f[rd] = Semantics.roundToFloat(f[a]);
                    case FMV_X_W -> x[rd] = Semantics.toFloatBits(f[a]);
                    case FMV_W_X -> f[rd] = Semantics.fromFloatBits(x[a]);
                    case FMV_X_LO -> x[rd] = (int) f[a];
                    case FMV_X_HI -> x[rd] = (int) (f[a] >>> 32);
                    case FMV_D_X -> f[rd] = Semantics.fromWords(x[a], x[b]);
                    // ---- network and thread control
                    case SEND2 -> {
                        c.pc = pc;
                        if (!port.sendData(t, c, x[a], x[b], 2, false)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        if (netStop) {
                            pc = npc;
                            n++;
                            ev = EV_NET;
                            break loop;
                        }
                    }
                    case SENDE, SEND2E -> {
                        c.pc = pc;
                        boolean one = op == Instruction.SENDE.ordinal();
                        if (!port.sendData(t, c, x[a], one ? 0 : x[b], one ? 1 : 2, true)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        pc = npc;
                        n++;
                        ev = EV_SENT;
                        break loop;
                    }
                    case SENDM -> {
                        c.pc = pc;
                        if (!port.sendDma(t, c, x[a], x[b], false)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        if (netStop) {
                            pc = npc;
                            n++;
                            ev = EV_NET;
                            break loop;
                        }
                    }
                    case SENDME -> {
                        c.pc = pc;
                        if (!port.sendDma(t, c, x[a], x[b], true)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        pc = npc;
                        n++;
                        ev = EV_SENT;
                        break loop;
                    }
                    case SUSPEND -> {
                        pc = npc;
                        n++;
                        ev = EV_SUSPEND;
                        break loop;
                    }
                    case ENDT -> {
                        c.pc = pc;
                        port.threadEnded(t, c);
                        pc = npc;
                        n++;
                        ev = EV_ENDT;
                        break loop;
                    }
                    // ---- integer register-immediate
                    case ADDI -> x[rd] = x[a] + imm;
                    case ANDI -> x[rd] = x[a] & imm;
                    case ORI -> x[rd] = x[a] | imm;
                    case XORI -> x[rd] = x[a] ^ imm;
                    case SLLI -> x[rd] = x[a] << imm;
                    case SRLI -> x[rd] = x[a] >>> imm;
                    case SRAI -> x[rd] = x[a] >> imm;
                    case SLTI -> x[rd] = x[a] < imm ? 1 : 0;
                    case SLTIU -> x[rd] = Integer.compareUnsigned(x[a], imm) < 0 ? 1 : 0;
                    case LUI -> x[rd] = imm << 16;
                    // ---- loads and stores
                    case LB -> x[rd] = mem.lb(x[a] + imm);
                    case LBU -> x[rd] = mem.lbu(x[a] + imm);
                    case LH -> x[rd] = mem.lh(x[a] + imm);
                    case LHU -> x[rd] = mem.lhu(x[a] + imm);
                    case LW -> x[rd] = mem.lw(x[a] + imm);
                    case FLW -> f[rd] = Semantics.fromFloatBits(mem.lw(x[a] + imm));
                    case FLD -> f[rd] = mem.ld(x[a] + imm);
                    case SB -> mem.sb(x[a] + imm, x[b]);
                    case SH -> mem.sh(x[a] + imm, x[b]);
                    case SW -> mem.sw(x[a] + imm, x[b]);
                    case FSW -> mem.sw(x[a] + imm, Semantics.toFloatBits(f[b]));
                    case FSD -> mem.sd(x[a] + imm, f[b]);
                    // ---- branches and jumps (a redirect adds bubbles)
                    case BEQ -> {
                        if (x[a] == x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case BNE -> {
                        if (x[a] != x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case BLT -> {
                        if (x[a] < x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case BGE -> {
                        if (x[a] >= x[b]) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case BLTU -> {
                        if (Integer.compareUnsigned(x[a], x[b]) < 0) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case BGEU -> {
                        if (Integer.compareUnsigned(x[a], x[b]) >= 0) {
                            npc = target(pc + imm, base, textBytes);
                            next += takenBubbles;
                            bubbles += takenBubbles;
                        }
                    }
                    case J -> {
                        npc = target(pc + imm, base, textBytes);
                        next += jumpBubbles;
                        bubbles += jumpBubbles;
                    }
                    case JAL -> {
                        npc = target(pc + imm, base, textBytes);
                        x[RA] = pc + 4;
                        next += jumpBubbles;
                        bubbles += jumpBubbles;
                    }
                    case JALR -> {
                        npc = target((x[a] + imm) & ~3, base, textBytes);
                        x[rd] = pc + 4;
                        next += jalrBubbles;
                        bubbles += jalrBubbles;
                    }
                    // ---- network head flits
                    case SENDH_I -> {
                        c.pc = pc;
                        if (!port.sendHead(t, c, x[a], rd, imm, 1)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        if (netStop) {
                            pc = npc;
                            n++;
                            ev = EV_NET;
                            break loop;
                        }
                    }
                    case SENDH_R -> {
                        c.pc = pc;
                        if (!port.sendHead(t, c, x[a], rd, x[b], imm)) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        if (netStop) {
                            pc = npc;
                            n++;
                            ev = EV_NET;
                            break loop;
                        }
                    }
                    case SENDH_RR -> {
                        c.pc = pc;
                        if (!port.sendHead(t, c, x[a], rd, x[b], (short) x[imm])) {
                            ev = EV_BLOCK;
                            break loop;
                        }
                        if (netStop) {
                            pc = npc;
                            n++;
                            ev = EV_NET;
                            break loop;
                        }
                    }
                    // ---- special registers and host calls
                    case RDSR -> x[rd] = specialRegister(imm, t, c, instret + n);
                    case HCALL -> {
                        if (orderedHostCalls && !hostGate) {
                            next = t;   // not issued: it will issue at t once allowed
                            ev = EV_HOST;
                            break loop;
                        }
                        hostGate = false;
                        c.pc = pc;
                        instret += n;
                        n = 0;
                        HostCall service = HOST_CALLS[imm];
                        if (!host.call(this, c, service, t)) {
                            pc = npc;
                            n++;
                            ev = EV_HALT;
                            break loop;
                        }
                        if (service == HostCall.CYCLES) {
                            rdy[A1] = t + hostLatency;
                        }
                    }
                    default -> throw new IllegalStateException("no semantics for " + INSNS[op]);
                }
                rdy[d >>> 21] = t + lat[op];
                cause[d >>> 21] = RESULT_CAUSE[op];
                pc = npc;
                n++;
            }
        } catch (GuestFault g) {
            fault = g.locate(nodeId, c.id, pc, t);
            ev = EV_FAULT;
        }
        c.pc = pc;
        c.nextIssue = next;
        instret += n;
        branchBubbles += bubbles;
        eventCycle = t;
        return ev;
    }

    /** Adds a dependence stall to the statistics, charged to the cause of the source that was ready last. */
    private void stalled(long[] rdy, byte[] cause, int d, long t, long cycles) {
        int src = d & 0x7F;
        if (rdy[src] != t) {
            src = (d >>> 7) & 0x7F;
            if (rdy[src] != t) {
                src = (d >>> 14) & 0x7F;
            }
        }
        stallCycles[cause[src]] += cycles;
    }

    private static int divisor(int v) {
        if (v == 0) {
            throw new GuestFault(GuestFault.Kind.DIVIDE_BY_ZERO, "integer division by zero");
        }
        return v;
    }

    private static int target(int addr, int base, int textBytes) {
        if (Integer.compareUnsigned(addr - base, textBytes) >= 0) {
            throw new GuestFault(GuestFault.Kind.BAD_JUMP,
                    String.format("jump to 0x%x outside the program text", addr), addr);
        }
        return addr;
    }

    private static GuestFault badWord(int op, int word, int pc) {
        if (op == DecodedText.END) {
            return new GuestFault(GuestFault.Kind.BAD_JUMP, "execution ran off the end of the program text", pc);
        }
        return new GuestFault(GuestFault.Kind.ILLEGAL_INSTRUCTION, String.format("illegal instruction 0x%08x", word));
    }

    private int specialRegister(int sr, long t, ThreadContext c, long retired) {
        return switch (SREGS[sr]) {
            case NODEID -> nodeId;
            case XDIM -> xdim;
            case YDIM -> ydim;
            case TID -> c.id;
            case NCTX -> contexts.length;
            case CYCLE -> (int) t;
            case CYCLEH -> (int) (t >>> 32);
            case INSTRET -> (int) retired;
            case MEMSIZE -> memory.size();
            case HEAPEND -> heapEnd;
            case NIUSTAT -> port.status(t, c);
        };
    }

    // ------------------------------------------------------------------ state for the machine

    /**
     * Returns the cycle of the core's next event: the issue cycle of the instruction it stopped in front of,
     * a lower bound of it after a thread switch, the first issue of the queued head thread when idle, or
     * {@link Long#MAX_VALUE} when there is nothing to do.
     */
    public long nextEventCycle() {
        if (stop == Stop.HALTED || stop == Stop.FAULT || exited) {
            return Long.MAX_VALUE;
        }
        if (current != null) {
            return (stop == Stop.LIMIT || stop == Stop.HOST_CALL) ? Math.max(eventCycle, current.nextIssue)
                    : current.nextIssue;
        }
        return queued > 0 ? headIssue() : Long.MAX_VALUE;
    }

    /** Returns whether the core has a running or ready thread (and has not halted or faulted). */
    public boolean hasWork() {
        return stop != Stop.HALTED && stop != Stop.FAULT && !exited && (current != null || queued > 0);
    }

    /** Returns why the last {@link #runUntil(long)} returned. */
    public Stop stop() {
        return stop;
    }

    /** Returns the fault that stopped the core, or null. */
    public GuestFault fault() {
        return fault;
    }

    /** Returns the issue cycle of the {@code hcall} that halted the simulation, or -1. */
    public long haltCycle() {
        return haltCycle;
    }

    /**
     * Returns the issue cycle of the last instruction that switched threads ({@code suspend}, {@code endt}, a
     * refused network instruction), or a large negative number before the first.
     */
    public long lastSwitchCycle() {
        return lastSwitch;
    }

    /** Returns the issue cycle of the last {@code endt} executed, or -1. */
    public long lastEndCycle() {
        return lastEnd;
    }

    /** Returns the number of instructions retired on this node. */
    public long instructions() {
        return instret;
    }

    /**
     * Returns the core's statistics so far: instructions, dependence stalls by cause, control bubbles, thread
     * switches and the cycles they cost, and the cycles the core waited with a thread blocked on the NIU. The
     * counters cost the interpreter one store per instruction and work only on stalls and switches.
     */
    public CoreStats stats() {
        return new CoreStats(instret, stallCycles.clone(), branchBubbles, switchCount, switchCycles, niuBlockedCycles);
    }

    /** Returns the length of the array {@link #relativeState} fills. */
    public int stateSize() {
        return 8 + contexts.length * (6 + 33 + 32 + DecodedText.SB_SIZE);
    }

    /**
     * Writes everything that decides the core's future, relative to cycle {@code now}, into {@code out}: the
     * scheduler (running context, ready queue, last switch), and per context its state, pc, registers, ready
     * time and scoreboard, with cycles counted from {@code now} and clamped where smaller values behave the same
     * (a register ready before {@code now} is ready). Memory, the NIU and statistics are not included. If two
     * calls at {@code now1} and {@code now2} (the core having executed exactly its instructions before each) give
     * equal arrays, and its memory and NIU did not change in between, the core repeats from {@code now2} what it
     * did from {@code now1}, for ever: the machine uses this to prove a livelock.
     *
     * @param now the cycle; the core must have executed every instruction issuing before it and none after
     * @param out an array of at least {@link #stateSize()} longs
     */
    public void relativeState(long now, long[] out) {
        long floor = -(switchCost + 1);
        int k = 0;
        out[k++] = stop.ordinal();
        out[k++] = current == null ? -1 : current.id;
        out[k++] = Math.max(lastSwitch - now, floor);
        out[k++] = queued;
        out[k++] = blocked;
        out[k++] = live;
        out[k++] = reserved;
        out[k++] = hostGate ? 1 : 0;
        for (int q = 0; q < contexts.length; q++) {
            out[k++] = q < queued ? queue[q].id : -1;
        }
        for (ThreadContext c : contexts) {
            out[k++] = c.state.ordinal();
            out[k++] = c.pc;
            out[k++] = Math.max(c.nextIssue - now, 0);
            out[k++] = Math.max(c.readyAt - now, floor);
            out[k++] = 0;
            for (int r = 0; r < 33; r++) {
                out[k++] = c.x[r];
            }
            for (int r = 0; r < 32; r++) {
                out[k++] = c.f[r];
            }
            for (int r = 0; r < DecodedText.SB_SIZE; r++) {
                out[k++] = Math.max(c.ready[r] - now, 0);
            }
        }
    }

    /** Returns the number of contexts reserved for THREAD messages whose tail has not arrived yet. */
    public int reservedContexts() {
        return reserved;
    }

    /** Returns the number of threads waiting in the ready queue (not counting the running one). */
    public int readyThreads() {
        return queued;
    }

    /** Returns the context of the running thread (between instructions), or null when none runs. */
    public ThreadContext runningThread() {
        return current;
    }

    /** Returns the number of contexts holding a thread (running, ready or blocked). */
    public int liveThreads() {
        return live;
    }

    /** Returns the number of threads blocked on the NIU. */
    public int blockedThreads() {
        return blocked;
    }

    /** Returns the number of free contexts (neither holding a thread nor reserved for a THREAD message). */
    public int freeContexts() {
        return contexts.length - live - reserved;
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

    /** Returns the number of thread contexts. */
    public int contextCount() {
        return contexts.length;
    }

    /**
     * Returns a thread context.
     *
     * @param id 0..nctx-1
     * @return the context
     */
    public ThreadContext context(int id) {
        return contexts[id];
    }

    /** Returns the first byte above the heap (the {@code heapend} special register). */
    public int heapEnd() {
        return heapEnd;
    }
}
