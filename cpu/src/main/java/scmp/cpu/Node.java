package scmp.cpu;

import java.util.Arrays;
import scmp.isa.Abi;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Registers;
import scmp.isa.SpecialRegister;
import scmp.isa.sem.InstructionSemantics;
import scmp.isa.sem.SemanticTable;

/**
 * One node's processor as the machine sees it: the thread contexts, the ready queue, the thread switch, the
 * scheduling loop and the statistics, around an {@link Engine} that executes the running thread's instructions
 * (the {@link Interpreter} unless the constructor is given another engine factory).
 *
 * <h2>Threads</h2>
 * A node has {@code nctx} contexts. A thread runs until it executes {@code suspend} or {@code endt}, or blocks
 * on a network instruction the NIU refuses; the next thread then issues at {@code t + 1 + S}. A thread that asked
 * to sleep ({@link ThreadContext#sleepUntil}) enters the ready queue at its {@code suspend} with its wake-up
 * cycle as the cycle at which it became ready. Ready threads
 * wait in FIFO order of the cycle at which they became ready; a thread started at cycle {@code c} (by a THREAD
 * message, {@link #startThread}) on an idle node issues at {@code c + S}. In general the thread taken from
 * the queue issues at {@code max(lastSwitch + 1 + S, readyAt + S)}, which covers both rules (docs/timing.md
 * section 2).
 *
 * <h2>Driving the node</h2>
 * The machine calls {@link #runUntil(long)} with a cycle limit: the node executes every instruction whose
 * issue cycle is below the limit and returns the cycle of its next event. It returns early when it has
 * nothing to run, after a network instruction that ended a message ({@link Stop#MESSAGE_SENT}: the network may
 * want to schedule the message) or, when {@linkplain #setStopAfterNetworkInstructions asked}, after any accepted
 * network instruction ({@link Stop#NETWORK}), in front of an {@code hcall} when {@linkplain #setOrderedHostCalls ordered
 * host calls} are on ({@link Stop#HOST_CALL}: the machine then orders host calls of all nodes by cycle and lets
 * each go with {@link #allowHostCall()}), when the program halts, and on a guest fault. Between calls the
 * network may deliver work, at cycles not earlier than the node's past: {@link #startThread}, or
 * {@link #reserveContext} when a THREAD message's head arrives and {@link #startReserved} at its tail; and
 * {@link #wakeBlocked} or, for one thread, {@link #wakeThread}; and other hardware may read and write the
 * node's memory through its {@link #remote() remote port}, landing at cycles it has not run past. An idle node
 * costs nothing: it does no work until a thread is started on it.
 *
 * <h2>Statistics</h2>
 * {@link #stats()} splits the node's cycles into issues, dependence stalls by the producer's kind, control
 * bubbles, thread switches and waits for the NIU; the engine counts issues, stalls and bubbles in its
 * {@link EngineContext}, the node the switches and waits.
 */
public final class Node {

    /** Why {@link #runUntil(long)} returned. */
    public enum Stop {
        /** The next instruction issues at or after the limit. */
        LIMIT,
        /** No thread is running or ready: the node waits for a THREAD message or a wake-up. */
        IDLE,
        /** The running thread is at an {@code hcall} that waits for {@link #allowHostCall()}. */
        HOST_CALL,
        /** A network instruction just ended a message (the port answered {@link NetworkPort#ENDED}). */
        MESSAGE_SENT,
        /**
         * A network instruction was accepted ({@link NetworkPort#ACCEPTED}); only when
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

    private static final int RA = Registers.RA, SP = Registers.SP, A0 = Registers.A0, A1 = Registers.A0 + 1;

    private final int nodeId;
    private final int stackSize;
    private final int threadExit;
    private final Memory memory;
    private final DecodedText text;
    private final int switchCost;
    private final EngineContext engineContext;
    private final Engine engine;
    private final RemotePort remote;
    private final TimingModel timing;
    private final Engine.Factory engines;
    /** No instruction issuing at or after this cycle has executed (see {@link #ranTo()}). */
    private long ranTo;

    private final ThreadContext[] contexts;
    private final ThreadContext[] queue;
    private int queued;
    private ThreadContext current;
    private long lastSwitch;
    private int live;
    private int blocked;
    private int reserved;

    // statistics of the scheduler: thread switches and waits for the NIU (see stats())
    private long switchCount;
    private long switchCycles;
    private long niuBlockedCycles;
    private boolean blockedWhenIdle;

    private long eventCycle;
    private Stop stop = Stop.IDLE;
    private GuestFault fault;
    private long haltCycle = -1;
    private long lastEnd = -1;
    private boolean exited;

    /**
     * Creates a node, all contexts free, whose threads the {@link Interpreter} executes.
     *
     * @param nodeId     the node number
     * @param nctx       thread contexts, {@link Abi#MIN_CONTEXTS}..{@link Abi#MAX_CONTEXTS}
     * @param stackSize  bytes of stack per context (docs/abi.md memory layout)
     * @param memory     the node's memory, its map already set up
     * @param text       the decoded program text
     * @param timing     the timing model
     * @param threadExit the address threads started by THREAD messages return to ({@code __thread_exit}), or 0
     */
    public Node(int nodeId, int nctx, int stackSize, Memory memory, DecodedText text, TimingModel timing,
                int threadExit) {
        this(nodeId, nctx, stackSize, memory, text, timing, threadExit, Interpreter::new);
    }

    /**
     * Creates a node, all contexts free, with the engine a factory makes.
     *
     * @param nodeId     the node number
     * @param nctx       thread contexts, {@link Abi#MIN_CONTEXTS}..{@link Abi#MAX_CONTEXTS}
     * @param stackSize  bytes of stack per context (docs/abi.md memory layout)
     * @param memory     the node's memory, its map already set up
     * @param text       the decoded program text
     * @param timing     the timing model
     * @param threadExit the address threads started by THREAD messages return to ({@code __thread_exit}), or 0
     * @param engines    makes the engine that executes the node's threads
     */
    public Node(int nodeId, int nctx, int stackSize, Memory memory, DecodedText text, TimingModel timing,
                int threadExit, Engine.Factory engines) {
        if (nctx < Abi.MIN_CONTEXTS || nctx > Abi.MAX_CONTEXTS) {
            throw new IllegalArgumentException("contexts must be " + Abi.MIN_CONTEXTS + ".." + Abi.MAX_CONTEXTS);
        }
        this.nodeId = nodeId;
        this.stackSize = stackSize;
        this.memory = memory;
        this.text = text;
        this.threadExit = threadExit;
        this.switchCost = timing.switchCost();
        this.contexts = new ThreadContext[nctx];
        for (int c = 0; c < nctx; c++) {
            contexts[c] = new ThreadContext(c);
        }
        this.queue = new ThreadContext[nctx];
        this.lastSwitch = Long.MIN_VALUE / 4;
        this.engineContext = new EngineContext(this, nodeId, nctx, Abi.heapEnd(memory.size(), stackSize, nctx), memory,
                text, timing);
        this.engine = engines.create(engineContext);
        this.remote = new RemotePort(this, memory);
        this.timing = timing;
        this.engines = engines;
    }

    // ------------------------------------------------------------------ shadows (the machine's look-ahead)

    /**
     * Makes a shadow of this node: a node with the same program and engine over a {@linkplain Memory#copyOnWrite()
     * copy} of this node's memory, whose network instructions and thread ends go to {@code probe} instead of the
     * device, which stops in front of every {@code hcall} and whose host calls fail. {@link #copyFrom} gives it this
     * node's state; running it then shows what this node would do next, without touching this node
     * (docs/performance.md, "Look-ahead").
     *
     * @param probe what the shadow's network instructions and thread ends are reported to
     * @return the shadow
     */
    public Node shadow(NetworkPort probe) {
        Node s = new Node(nodeId, contexts.length, stackSize, memory.copyOnWrite(), text, timing, threadExit, engines);
        s.engineContext.port = probe;
        s.engineContext.host = (n, thread, service, cycle) -> {
            throw new IllegalStateException("host call in a shadow node");
        };
        s.engineContext.orderedHostCalls = true;
        s.engineContext.stopAfterNet = true;
        return s;
    }

    /**
     * Gives a {@linkplain #shadow shadow} the state of the node it shadows, as it is now: threads, scheduler, the
     * stop and the time, and the memory ({@link Memory#refresh()}); its own counters are not kept in step.
     *
     * @param o the node shadowed
     */
    public void copyFrom(Node o) {
        memory.refresh();
        copyState(o, this);
        engineContext.registers = o.engineContext.registers;
        engineContext.hostGate = false;
    }

    /**
     * Takes the state a {@linkplain #shadow shadow} of this node has reached (threads, scheduler, stop, time,
     * counters, and its memory writes), as if this node had run what the shadow ran; the shadow ran from this node's
     * state ({@link #copyFrom}) with nothing done to this node since, and stopped at a limit without reaching its
     * probe or the host. The search for an idle period starts again.
     *
     * @param sh the shadow
     */
    public void adopt(Node sh) {
        memory.takeWrites(sh.memory);
        copyState(sh, this);
        endAttempt();
        period = 0;
    }

    private static void copyState(Node o, Node to) {
        for (int i = 0; i < to.contexts.length; i++) {
            ThreadContext c = to.contexts[i];
            ThreadContext d = o.contexts[i];
            System.arraycopy(d.x, 0, c.x, 0, c.x.length);
            System.arraycopy(d.f, 0, c.f, 0, c.f.length);
            System.arraycopy(d.ready, 0, c.ready, 0, c.ready.length);
            System.arraycopy(d.cause, 0, c.cause, 0, c.cause.length);
            c.pc = d.pc;
            c.nextIssue = d.nextIssue;
            c.readyAt = d.readyAt;
            c.state = d.state;
            c.wakeAt = d.wakeAt;
        }
        java.util.Arrays.fill(to.queue, null);
        for (int q = 0; q < o.queued; q++) {
            to.queue[q] = to.contexts[o.queue[q].id];
        }
        to.queued = o.queued;
        to.current = o.current == null ? null : to.contexts[o.current.id];
        to.lastSwitch = o.lastSwitch;
        to.live = o.live;
        to.blocked = o.blocked;
        to.reserved = o.reserved;
        to.switchCount = o.switchCount;
        to.switchCycles = o.switchCycles;
        to.niuBlockedCycles = o.niuBlockedCycles;
        to.blockedWhenIdle = o.blockedWhenIdle;
        to.eventCycle = o.eventCycle;
        to.stop = o.stop;
        to.fault = o.fault;
        to.haltCycle = o.haltCycle;
        to.lastEnd = o.lastEnd;
        to.exited = o.exited;
        to.ranTo = o.ranTo;
        to.engineContext.copyCounts(o.engineContext);
    }

    // ------------------------------------------------------------------ wiring

    /**
     * Connects the device the node's network instructions talk to (the SCMP model's NIU).
     *
     * @param port the port network instructions talk to
     */
    public void setNetworkPort(NetworkPort port) {
        engineContext.port = port;
    }

    /** Returns the device the node's network instructions talk to ({@link NetworkPort#NONE} before one is set). */
    public NetworkPort networkPort() {
        return engineContext.port;
    }

    /**
     * Sets the special registers the machine model defines ({@code xdim}, {@code ydim}, {@code niustat}); a node
     * alone has {@link SpecialRegisters#LONE_NODE}.
     *
     * @param registers the model's registers of this node
     */
    public void setSpecialRegisters(SpecialRegisters registers) {
        engineContext.registers = registers;
    }

    /**
     * Connects the host.
     *
     * @param host the implementation of {@code hcall}
     */
    public void setHost(HostInterface host) {
        engineContext.host = host;
    }

    /**
     * Sets the tracer that sees every issued instruction, or null for none.
     *
     * @param tracer the tracer
     */
    public void setTracer(Tracer tracer) {
        outerTracer = tracer;
        endAttempt();
        period = 0;
        engineContext.tracer = tracer;
    }

    // ------------------------------------------------------------------ idle skipping (docs/performance.md)

    /** The tracer the machine set (null: none); while one is set the node looks for no period. */
    private Tracer outerTracer;
    private boolean idleSkip;
    /** The node's state right after the suspend that began the current attempt or the period found. */
    private long[] periodState;
    private long[] scratchState;
    /** The cycle after that suspend, or -1 when no attempt runs and no period is known. */
    private long periodFrom = -1;
    /** The period found, in cycles, or 0. */
    private long period;
    private int attemptSuspends;
    private int backoff;
    private int skipSuspends;
    private long effectsAt;
    /** The device's answer ({@code niustat}) when the attempt began and while the period holds. */
    private int deviceAt;
    private boolean effectSeen;
    private long retired0, bubbles0, switchCount0, switchCycles0, niuBlocked0;
    private long[] stall0;
    private long dRetired, dBubbles, dSwitchCount, dSwitchCycles, dNiuBlocked;
    private long[] dStall;
    /**
     * The schedule of the attempt or the period: per instruction issued, its issue cycle and, for the first
     * instruction of a thread after a switch, the cycle its dispatch chose (else {@link #NO_DISPATCH}); cycles are
     * absolute during an attempt and relative to {@link #scheduleBase} once a period is found.
     */
    private long[] scheduleIssue = new long[16];
    private long[] scheduleDispatch = new long[16];
    private int scheduled;
    /** The first cycle of the stretch the schedule repeats (shifted by whole periods). */
    private long scheduleBase;
    /** The issue cycle the last dispatch of an attempt chose, not yet taken by an instruction. */
    private long pendingDispatch = NO_DISPATCH;
    private static final long NO_DISPATCH = Long.MIN_VALUE;
    /** The most cycles a node runs in one engine call while a period search watches it ({@link #runUntil}). */
    private static final long ATTEMPT_STRETCH = 1 << 16;
    /** The longest schedule an attempt records: a longer loop is not skipped. */
    private static final int MAX_SCHEDULE = 1 << 12;
    /** Watches the instructions of an attempt: any with effects outside its thread ends it; records the schedule. */
    private final Tracer effectWatch = (cycle, node, thread, pc, word) -> {
        if (this.period > 0 || this.periodFrom < 0) {
            return;   // no attempt runs (it ended within the engine's run, which keeps calling the watch until it exits)
        }
        if (this.anchorMode && !anchorStep(cycle, pc)) {
            return;
        }
        if (hasOutsideEffect(word) && !storeSeen(thread, pc) || readsTime(pc)) {
            giveUpAttempt();
            return;
        }
        if (scheduled == scheduleIssue.length) {
            if (scheduled >= MAX_SCHEDULE) {
                giveUpAttempt();   // too long to keep
                return;
            }
            scheduleIssue = Arrays.copyOf(scheduleIssue, 2 * scheduled);
            scheduleDispatch = Arrays.copyOf(scheduleDispatch, 2 * scheduled);
        }
        scheduleIssue[scheduled] = cycle;
        scheduleDispatch[scheduled++] = pendingDispatch;
        pendingDispatch = NO_DISPATCH;
    };

    /** The most words the stores of an attempt may write; an attempt that stores into more is given up. */
    private static final int MAX_STORED = 64;
    /**
     * The words the attempt's stores wrote (word addresses) and what each held before its first store: the stretch
     * repeats only if its stores left every one as it was ({@link #storesUndone()}).
     */
    private final int[] storedAt = new int[MAX_STORED];
    private final int[] storedWas = new int[MAX_STORED];
    private int stored;

    /**
     * Takes an instruction with an effect outside its thread that is about to execute in an attempt: a plain store
     * (sb, sh, sw, fsw, fsd) into data memory is recorded with what the words it writes hold now, before it, and
     * the attempt goes on; anything else (a send, a host call, a thread's end, a store into the text or outside
     * memory, too many words) ends it.
     *
     * @return whether the instruction was a store the attempt recorded
     */
    private boolean storeSeen(int thread, int pc) {
        int i = (pc - text.base()) >>> 2;
        int op = text.op[i];
        int bytes;
        if (op == Instruction.SW.ordinal() || op == Instruction.FSW.ordinal()) {
            bytes = 4;
        } else if (op == Instruction.SH.ordinal()) {
            bytes = 2;
        } else if (op == Instruction.SB.ordinal()) {
            bytes = 1;
        } else if (op == Instruction.FSD.ordinal()) {
            bytes = 8;
        } else {
            return false;
        }
        int addr = contexts[thread].x[text.rs1[i]] + text.imm[i];
        if (addr < 0 || addr > memory.size() - bytes || text.contains(addr) || text.contains(addr + bytes - 1)) {
            return false;   // a store that faults, or rewrites code: not followed
        }
        for (int w = addr & ~3; w < addr + bytes; w += 4) {
            boolean known = false;
            for (int k = 0; k < stored; k++) {
                if (storedAt[k] == w) {
                    known = true;
                    break;
                }
            }
            if (!known) {
                if (stored == MAX_STORED) {
                    return false;
                }
                storedAt[stored] = w;
                storedWas[stored++] = memory.peek(w);
            }
        }
        return true;
    }

    private static final int RDSR_OP = Instruction.RDSR.ordinal();
    private static final int SR_CYCLE = SpecialRegister.CYCLE.ordinal(), SR_CYCLEH = SpecialRegister.CYCLEH.ordinal(),
            SR_INSTRET = SpecialRegister.INSTRET.ordinal();

    /**
     * Whether the instruction at {@code pc} reads the time ({@code rdsr} of the cycle or instruction counter): a loop
     * that does may leave its registers as they were (it compares the time with a deadline and drops it) and still
     * end when the time comes, so an attempt that meets one gives up.
     */
    private boolean readsTime(int pc) {
        int i = (pc - text.base()) >>> 2;
        if (text.op[i] != RDSR_OP) {
            return false;
        }
        int sr = text.imm[i];
        return sr == SR_CYCLE || sr == SR_CYCLEH || sr == SR_INSTRET;
    }

    /** Whether every word the attempt's stores wrote holds again what it held before the first of them. */
    private boolean storesUndone() {
        for (int k = 0; k < stored; k++) {
            if (memory.peek(storedAt[k]) != storedWas[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Marks the attempt as failed, to be given up at its next suspend, and stops watching: nothing the node does
     * before that suspend can change the outcome, so decoding its instructions (the watch sees every one, and a
     * thread that works rather than waits may run millions before it suspends) would cost time for nothing.
     */
    private void giveUpAttempt() {
        if (!effectSeen) {
            searchCounts[scheduled >= MAX_SCHEDULE ? 3 : 2]++;
        }
        effectSeen = true;
        engineContext.tracer = outerTracer;
        if (anchorMode) {
            anchorFailed();
        }
    }

    // ---- periods found without a suspend: at a recurring point of the running thread (docs/performance.md)

    /** Whether the current attempt looks for a period at a recurring pc rather than at suspends. */
    private boolean anchorMode;
    /** The attempt's recurring point: the pc whose visits are compared, or -1 before one is chosen. */
    private int anchorPc = -1;
    /** The pc of the instruction the attempt saw last (a backward transfer chooses the anchor). */
    private int anchorLastPc;
    /** The instructions an attempt has seen before it chose its anchor. */
    private int anchorPrefix;
    /** The issue cycle of the anchor's first visit. */
    private long anchorT;
    /** The state at the anchor's first visit; its tail holds the causes of the scoreboard entries not yet ready. */
    private long[] anchorState;
    private long[] anchorScratch;
    /** The thread switches when the anchor was first visited: an attempt sees one thread run without a switch. */
    private long anchorSwitches;
    /** The first cycle ({@link #ranTo}) at which a new attempt may start, and the back-off after failures. */
    private long anchorNext;
    private long anchorBackoff;
    /** The fewest and most cycles between a failed attempt's end and the next attempt. */
    private static final long ANCHOR_BACKOFF_MIN = 1 << 13, ANCHOR_BACKOFF_MAX = 1 << 20;
    /** The period search at recurring points: attempts started, periods found (for measurements). */
    private final long[] anchorCounts = new long[2];

    /**
     * Starts a search for a period at a recurring point, if none runs and the back-off allows: the node stopped at
     * a limit with its thread running, so a thread that polls without a {@code suspend} is looked at too. The watch
     * then sees every instruction ({@link #anchorStep}).
     */
    private void maybeStartAnchor() {
        if (!idleSkip || outerTracer != null || period > 0 || periodFrom >= 0 || current == null
                || ranTo < anchorNext) {
            return;
        }
        if (anchorState == null) {
            anchorState = new long[stateSize() + DecodedText.SB_SIZE];
            anchorScratch = new long[stateSize() + DecodedText.SB_SIZE];
        }
        anchorMode = true;
        anchorPc = -1;
        anchorLastPc = current.pc;
        anchorPrefix = 0;
        periodFrom = ranTo;
        anchorCounts[0]++;
        effectSeen = false;
        scheduled = 0;
        stored = 0;
        pendingDispatch = NO_DISPATCH;
        engineContext.tracer = effectWatch;
    }

    /** A failed attempt at a recurring point ends at once; the next waits twice as long (up to a bound). */
    private void anchorFailed() {
        anchorMode = false;
        endAttempt();
        engineContext.tracer = outerTracer;
        anchorBackoff = Math.min(Math.max(ANCHOR_BACKOFF_MIN, anchorBackoff * 2), ANCHOR_BACKOFF_MAX);
        anchorNext = ranTo + anchorBackoff;
    }

    /**
     * The node's state in front of the instruction at {@code pc} that issues at {@code t}, in the middle of a run of
     * the current thread: {@link #relativeState} at {@code t}, with the running thread's pc and issue (its context
     * holds them only between runs) and, after it, the causes of its scoreboard entries not ready at {@code t}
     * (what a later stall is charged to).
     */
    private void anchorStateAt(long t, int pc, long[] out) {
        relativeState(t, out);
        out[0] = 0;
        int k = 8 + contexts.length + current.id * (6 + 33 + 32 + DecodedText.SB_SIZE);
        out[k + 1] = pc;
        out[k + 2] = 0;
        int base = stateSize();
        long[] r = current.ready;
        byte[] cause = current.cause;
        for (int i = 0; i < DecodedText.SB_SIZE; i++) {
            out[base + i] = r[i] > t ? cause[i] : -1;
        }
    }

    /**
     * Takes an instruction an attempt at a recurring point sees, before the watch's checks: chooses the anchor (the
     * target of the first backward transfer), records the state at its first visit, and at each later visit
     * compares; equal state, memory the stores left as it was, nothing from outside and the same device answer make
     * the distance a period. Returns whether the watch is to check and record the instruction.
     */
    private boolean anchorStep(long t, int pc) {
        if (periodFrom < 0 || period > 0) {
            return false;   // the attempt ended in this run (the engine keeps calling the watch until it exits)
        }
        if (anchorPc < 0) {
            boolean backward = pc <= anchorLastPc;
            anchorLastPc = pc;
            if (!backward) {
                if (++anchorPrefix > MAX_SCHEDULE) {
                    searchCounts[3]++;
                    anchorFailed();
                }
                return false;
            }
            anchorPc = pc;
            anchorVisit(t, pc);
            return true;
        }
        if (pc != anchorPc) {
            return true;
        }
        if (effectSeen || switchCount != anchorSwitches || remote.effects() != effectsAt
                || deviceAnswer() != deviceAt) {
            if (!effectSeen) {
                searchCounts[4]++;
            }
            anchorFailed();
            return false;
        }
        anchorStateAt(t, pc, anchorScratch);
        if (!Arrays.equals(anchorScratch, anchorState) || !storesUndone()) {
            return true;
        }
        for (int i = 0; i < scheduled; i++) {
            if (scheduleDispatch[i] != NO_DISPATCH) {
                anchorFailed();   // a dispatch in the stretch: a switch the counts above did not see
                return false;
            }
        }
        // a period: the stretch from the first visit to this one repeats for ever
        period = t - anchorT;
        searchCounts[1]++;
        anchorCounts[1]++;
        scheduleBase = anchorT;
        for (int i = 0; i < scheduled; i++) {
            scheduleIssue[i] -= scheduleBase;
        }
        periodFrom = t;
        dRetired = scheduled;
        long[] st = engineContext.stallCycles();
        dStall = new long[st.length];
        long stalls = 0;
        for (int i = 0; i < st.length; i++) {
            dStall[i] = st[i] - stall0[i];
            stalls += dStall[i];
        }
        // within one thread's run every cycle is an issue, a stall or a control bubble
        dBubbles = period - dRetired - stalls;
        dSwitchCount = 0;
        dSwitchCycles = 0;
        dNiuBlocked = 0;
        engineContext.tracer = outerTracer;
        anchorMode = false;
        anchorBackoff = 0;
        anchorNext = 0;
        return false;
    }

    /** The first visit of the anchor: the state, counters and device answer the later visits are compared with. */
    private void anchorVisit(long t, int pc) {
        anchorT = t;
        anchorStateAt(t, pc, anchorState);
        anchorSwitches = switchCount;
        effectsAt = remote.effects();
        deviceAt = deviceAnswer();
        stall0 = engineContext.stallCycles();
        scheduled = 0;
        stored = 0;
        effectSeen = false;
        pendingDispatch = NO_DISPATCH;   // a thread switched to before the anchor (after another's end) is not in it
    }

    /**
     * Returns the search at recurring points' counts so far (for measurements): attempts started, periods found.
     */
    public long[] anchorSearchCounts() {
        return anchorCounts.clone();
    }

    /** Entries of {@link #effectWords}: a direct-mapped cache of the watch's decoding, by instruction word. */
    private static final int EFFECT_CACHE = 256;
    /** Per entry, the instruction word it describes; valid where {@link #effectFlags} is non-zero. */
    private final int[] effectWords = new int[EFFECT_CACHE];
    /** Per entry, 0 (empty), {@link #NO_EFFECT} or {@link #OUTSIDE_EFFECT}. */
    private final byte[] effectFlags = new byte[EFFECT_CACHE];
    private static final byte NO_EFFECT = 1;
    private static final byte OUTSIDE_EFFECT = 2;

    /**
     * Tells whether an instruction word has effects outside its thread (a store, send, host call, thread end) or
     * is illegal, from its declared semantics; remembered per word, since a word always decodes the same way.
     */
    private boolean hasOutsideEffect(int word) {
        int i = (word ^ (word >>> 8) ^ (word >>> 16) ^ (word >>> 24)) & (EFFECT_CACHE - 1);
        byte f = effectFlags[i];
        if (f == 0 || effectWords[i] != word) {
            Instruction insn = Isa.decode(word);
            InstructionSemantics sem = insn == null ? null : SemanticTable.of(insn);
            f = sem == null || sem.hasEffectsOutsideThread() ? OUTSIDE_EFFECT : NO_EFFECT;
            effectWords[i] = word;
            effectFlags[i] = f;
        }
        return f == OUTSIDE_EFFECT;
    }

    /**
     * Turns the search for idle periods on or off (off by default). When on, a node whose threads only poll and
     * suspend finds the period after which its state repeats, so that the machine can advance it in whole periods
     * ({@link #skipPeriods(long)}).
     *
     * @param on whether to look for periods
     */
    public void setIdleSkip(boolean on) {
        idleSkip = on;
        endAttempt();
        period = 0;
    }

    /**
     * Returns the period in cycles after which the node repeats itself for ever, or 0 when none is known: its
     * state (relative to the time) came back after a stretch of execution that included a {@code suspend} and no
     * instruction with effects outside its thread (no store, send, host call, thread start or end), and nothing
     * from outside (a wake-up, a thread start, a remote write) has reached the node since. Until something does,
     * the node's future from any cycle it has run to is its past shifted by whole periods, counters included.
     */
    public long period() {
        if (period > 0 && (remote.effects() != effectsAt || deviceAnswer() != deviceAt)) {
            period = 0;
            periodFrom = -1;
        }
        return period;
    }

    /**
     * Returns the cycle {@link #nextEventCycle()} would give after {@link #runUntil(long) runUntil(limit)}, without
     * running: the node must have a {@linkplain #period() period}, have stopped at a limit, and {@code limit} must
     * not be below {@link #ranTo()}. Its future being its past shifted by whole periods, the answer comes from the
     * schedule of the period found: the first instruction issuing at or after {@code limit}, or the dispatch that
     * would issue it when that lies at or after {@code limit} (the thread is then not dispatched yet).
     *
     * @param limit the limit of the run that is not made
     * @return the next event's cycle
     */
    public long eventAfter(long limit) {
        long off = limit - scheduleBase;
        long q = Math.floorDiv(off, period);
        long r = off - q * period;
        long[] is = scheduleIssue;
        int lo = 0;
        int hi = scheduled;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (is[mid] < r) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == scheduled) {
            lo = 0;
            q++;
        }
        long base = scheduleBase + q * period;
        long d = scheduleDispatch[lo];
        return d != NO_DISPATCH && base + d >= limit ? base + d : base + is[lo];
    }

    /** Returns the instructions idle skipping has counted for the node without executing them (for measurements). */
    public long skippedInstructions() {
        return skippedInstructions;
    }

    /** The instructions idle skipping has counted for the node without executing them. */
    private long skippedInstructions;

    /**
     * Advances the node by {@code k} whole periods ({@link #period()} must be non-zero): every cycle it holds moves
     * {@code k} periods later and its counters grow by {@code k} times what one period adds, exactly as if it had
     * executed them.
     *
     * @param k the number of periods, at least 0
     */
    public void skipPeriods(long k) {
        if (period == 0 || k < 0) {
            throw new IllegalStateException("no period to skip");
        }
        if (k == 0) {
            return;
        }
        long d = k * period;
        skippedInstructions += k * dRetired;
        engineContext.addCounts(k * dRetired, dStall, k, k * dBubbles);
        switchCount += k * dSwitchCount;
        switchCycles += k * dSwitchCycles;
        niuBlockedCycles += k * dNiuBlocked;
        lastSwitch += d;
        eventCycle += d;
        ranTo += d;
        periodFrom += d;
        for (ThreadContext c : contexts) {
            c.nextIssue += d;
            c.readyAt += d;
            long[] r = c.ready;
            for (int i = 0; i < r.length; i++) {
                r[i] += d;
            }
        }
    }

    /**
     * What the node's device answers a thread that reads it ({@code rdsr niustat}) now. It changes only when a
     * network acts (a DMA engine finishes reading, the injection queue drains) or the node itself sends, and
     * without the node's own sends its bits only clear, so two equal answers mean it did not change in between.
     */
    private int deviceAnswer() {
        return engineContext.registers.read(SpecialRegister.NIUSTAT, ranTo, contexts[0]);
    }

    /**
     * The period search's outcomes so far, for measurements ({@link #periodSearchCounts()}): searches started,
     * periods found, searches that met an effect, a schedule too long, something from outside or a changed device
     * answer, no repetition within 16 suspends; then periods and searches ended by something from outside.
     */
    private final long[] searchCounts = new long[8];

    /**
     * Returns the period search's outcomes so far (for measurements): searches started, periods found, searches
     * given up on an effect outside the thread, on a schedule too long, on something from outside or a changed
     * device answer, on no repetition within 16 suspends, then periods and searches ended by something reaching the
     * node.
     */
    public long[] periodSearchCounts() {
        return searchCounts.clone();
    }

    /** Forgets the period and any attempt: something from outside reached the node. */
    private void disturbed() {
        if (periodFrom >= 0) {
            searchCounts[7]++;
            endAttempt();
            period = 0;
        }
    }

    private void endAttempt() {
        if (periodFrom >= 0 && period == 0) {
            engineContext.tracer = outerTracer;
        }
        periodFrom = -1;
        anchorMode = false;
    }

    private void attemptFailed() {
        endAttempt();
        backoff = Math.min(Math.max(1, backoff * 2), 1 << 16);
        skipSuspends = backoff;
    }

    /** A thread suspended at cycle {@code t}: starts, continues or concludes the search for a period. */
    private void suspended(long t) {
        if (!idleSkip || outerTracer != null || period > 0) {
            return;
        }
        if (anchorMode) {
            anchorFailed();   // a thread that suspends is looked at from its suspends
        }
        if (periodFrom < 0) {
            if (skipSuspends > 0) {
                skipSuspends--;
                return;
            }
            if (periodState == null) {
                periodState = new long[stateSize()];
                scratchState = new long[stateSize()];
            }
            relativeState(t + 1, periodState);
            periodState[0] = 0;    // the stop of the last run, not yet renewed in the middle of this one
            periodFrom = t + 1;
            searchCounts[0]++;
            attemptSuspends = 0;
            effectSeen = false;
            effectsAt = remote.effects();
            deviceAt = deviceAnswer();
            retired0 = engineContext.retired();
            stall0 = engineContext.stallCycles();
            bubbles0 = engineContext.branchBubbles();
            switchCount0 = switchCount;
            switchCycles0 = switchCycles;
            niuBlocked0 = niuBlockedCycles;
            scheduled = 0;
            stored = 0;
            pendingDispatch = NO_DISPATCH;
            engineContext.tracer = effectWatch;
            return;
        }
        if (effectSeen || remote.effects() != effectsAt || deviceAnswer() != deviceAt) {
            if (!effectSeen) {
                searchCounts[4]++;
            }
            attemptFailed();
            return;
        }
        relativeState(t + 1, scratchState);
        scratchState[0] = 0;
        if (!java.util.Arrays.equals(scratchState, periodState)) {
            if (++attemptSuspends > 16) {
                searchCounts[5]++;
                attemptFailed();
            }
            return;
        }
        if (!storesUndone()) {
            searchCounts[6]++;   // the same state, but memory the stores changed: not a period
            attemptFailed();
            return;
        }
        period = t + 1 - periodFrom;
        searchCounts[1]++;
        scheduleBase = periodFrom;
        for (int i = 0; i < scheduled; i++) {
            scheduleIssue[i] -= scheduleBase;
            if (scheduleDispatch[i] != NO_DISPATCH) {
                scheduleDispatch[i] -= scheduleBase;
            }
        }
        periodFrom = t + 1;
        dRetired = engineContext.retired() - retired0;
        long[] st = engineContext.stallCycles();
        dStall = new long[st.length];
        for (int i = 0; i < st.length; i++) {
            dStall[i] = st[i] - stall0[i];
        }
        dBubbles = engineContext.branchBubbles() - bubbles0;
        dSwitchCount = switchCount - switchCount0;
        dSwitchCycles = switchCycles - switchCycles0;
        dNiuBlocked = niuBlockedCycles - niuBlocked0;
        engineContext.tracer = outerTracer;
        backoff = 0;
    }

    /**
     * Turns ordered host calls on or off. When on, the node stops in front of every {@code hcall}
     * ({@link Stop#HOST_CALL}) until the machine calls {@link #allowHostCall()}, so that host calls of all
     * nodes happen in cycle order. Off (the default) suits a single node.
     *
     * @param ordered whether host calls wait for permission
     */
    public void setOrderedHostCalls(boolean ordered) {
        engineContext.orderedHostCalls = ordered;
    }

    /** Lets the {@code hcall} the node stopped in front of execute at the next {@link #runUntil(long)}. */
    public void allowHostCall() {
        disturbed();
        engineContext.hostGate = true;
    }

    /**
     * Turns stopping after every accepted network instruction on or off. When on, {@link #runUntil(long)} returns
     * right after each accepted network instruction ({@link Stop#NETWORK}) as it always does after one that ends
     * a message ({@link Stop#MESSAGE_SENT}), so that a cycle-accurate network can catch up with the device state
     * the instruction changed before the node runs on. Off (the default) suits networks
     * that only care about whole messages.
     *
     * @param on whether to stop after every network instruction
     */
    public void setStopAfterNetworkInstructions(boolean on) {
        engineContext.stopAfterNet = on;
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
        disturbed();
        if (!text.contains(entry)) {
            throw new IllegalArgumentException("entry point outside the text");
        }
        ThreadContext c = contexts[0];
        if (c.state != ThreadContext.State.FREE || current != null) {
            throw new IllegalStateException("node already booted");
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
     * every other register zero. The thread becomes ready at {@code cycle} (never earlier than the node's last
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
        disturbed();
        if (exited) {
            return true;   // dropped
        }
        checkArgumentCount(nargs);
        ThreadContext c = firstFree();
        if (c == null) {
            return false;
        }
        if (!text.contains(pc)) {
            throw outsideText(pc).locate(nodeId, c.id, pc, cycle);
        }
        startIn(c, cycle, pc, args, nargs);
        return true;
    }

    /**
     * Makes every thread blocked on the NIU ready again at {@code cycle}, in context order; each re-issues the
     * network instruction that was refused.
     *
     * @param cycle the cycle at which the NIU can accept again
     */
    public void wakeBlocked(long cycle) {
        disturbed();
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
        disturbed();
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
        disturbed();
        if (exited) {
            return 0;   // taken and dropped at its tail (startReserved)
        }
        // every context not free holds a live thread or is reserved: when they are all taken, no search
        ThreadContext c = live + reserved < contexts.length ? firstFree() : null;
        if (c == null) {
            return -1;
        }
        c.state = ThreadContext.State.RESERVED;
        reserved++;
        return c.id;
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
        disturbed();
        if (exited) {
            return false;
        }
        ThreadContext c = contexts[context];
        if (c.state != ThreadContext.State.RESERVED) {
            throw new IllegalStateException("context " + context + " of node " + nodeId + " is not reserved");
        }
        checkArgumentCount(nargs);
        reserved--;
        if (!text.contains(pc)) {
            c.state = ThreadContext.State.FREE;
            throw outsideText(pc);
        }
        startIn(c, cycle, pc, args, nargs);
        return true;
    }

    /**
     * Ends the node's program, as {@code exit} does for one rank of an SPMD run: every thread stops (running, ready
     * and blocked ones, and contexts reserved for incoming THREAD messages), and from now on the node runs nothing;
     * THREAD messages that reach it are taken and dropped, so that the network does not back up behind it. Its
     * memory stays as it is (DATA messages are still written).
     */
    public void exitNode() {
        disturbed();
        exited = true;
        for (ThreadContext c : contexts) {
            c.state = ThreadContext.State.FREE;
        }
        Arrays.fill(queue, null);
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

    /** Returns the initial stack pointer of a context. */
    public int stackTop(int context) {
        return Abi.stackTop(memory.size(), stackSize, context);
    }

    private static void checkArgumentCount(int nargs) {
        if (nargs < 0 || nargs > Registers.THREAD_LAST_REG - A0 + 1) {
            throw new IllegalArgumentException("a THREAD message carries at most 24 words");
        }
    }

    private static GuestFault outsideText(int pc) {
        return new GuestFault(GuestFault.Kind.BAD_JUMP,
                String.format("THREAD message starts a thread at 0x%x, outside the program text", pc), pc);
    }

    private ThreadContext firstFree() {
        for (ThreadContext k : contexts) {
            if (k.state == ThreadContext.State.FREE) {
                return k;
            }
        }
        return null;
    }

    /** Sets up a THREAD message's thread in a context and queues it. */
    private void startIn(ThreadContext c, long cycle, int pc, int[] args, int nargs) {
        c.reset(pc);
        c.x[SP] = stackTop(c.id);
        c.x[RA] = threadExit;
        System.arraycopy(args, 0, c.x, A0, nargs);
        live++;
        enqueue(c, Math.max(cycle, lastSwitch + 1));
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
        pendingDispatch = issue;
        // the cycles since the last thread's last issue: up to S are the switch, the rest the node waited
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

    // ------------------------------------------------------------------ running

    /**
     * Executes instructions whose issue cycle is below {@code limit}: the engine runs the current thread, and at
     * each thread switch the next ready one, until the limit or an event for the machine.
     *
     * @param limit the first cycle not to execute
     * @return the cycle of the node's next event (a lower bound when a thread switch is pending), or
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
                    if (queued > 0) {
                        stop = Stop.LIMIT;
                        ranTo = Math.max(ranTo, limit);
                    } else {
                        stop = Stop.IDLE;
                    }
                    return nextEventCycle();
                }
            }
            // while a period search watches every instruction, the engine interprets, and it goes on doing so to the
            // end of its run even after the search gave up: a search runs in stretches, so that a thread that works
            // rather than waits goes back to compiled code within one stretch of the search's end
            long lim = engineContext.tracer == effectWatch ? Math.min(limit, Math.max(ranTo, c.nextIssue)
                    + ATTEMPT_STRETCH) : limit;
            Engine.Exit exit = engine.run(c, lim);
            long t = engine.exitCycle();
            eventCycle = t;
            // LIMIT: every instruction before the limit has run; HOST_CALL: the hcall at t waits; else t issued
            ranTo = Math.max(ranTo, exit == Engine.Exit.LIMIT ? lim : exit == Engine.Exit.HOST_CALL ? t : t + 1);
            switch (exit) {
                case LIMIT -> {
                    if (lim < limit) {
                        continue;
                    }
                    stop = Stop.LIMIT;
                    if (idleSkip && periodFrom < 0 && period == 0) {
                        maybeStartAnchor();
                    }
                    return t;
                }
                case HOST_CALL -> {
                    stop = Stop.HOST_CALL;
                    return t;
                }
                case MESSAGE_SENT -> {
                    stop = Stop.MESSAGE_SENT;
                    return c.nextIssue;
                }
                case NETWORK -> {
                    stop = Stop.NETWORK;
                    return c.nextIssue;
                }
                case SUSPEND -> {
                    switched(t);
                    // a sleeping thread (hcall sleep) is ready again only at its wake-up cycle
                    enqueue(c, Math.max(t, c.wakeAt));
                    c.wakeAt = 0;
                    suspended(t);
                }
                case END_THREAD -> {
                    switched(t);
                    lastEnd = t;
                    c.state = ThreadContext.State.FREE;
                    live--;
                }
                case BLOCKED -> {
                    switched(t);
                    niuBlockedCycles++;   // the refused instruction's slot
                    c.state = ThreadContext.State.BLOCKED;
                    blocked++;
                    blockedWhenIdle = true;
                }
                case HALT -> {
                    stop = Stop.HALTED;
                    haltCycle = t;
                    return Long.MAX_VALUE;
                }
                case FAULT -> {
                    fault = engine.fault();
                    stop = Stop.FAULT;
                    return Long.MAX_VALUE;
                }
            }
        }
    }

    /** The running thread gave up the processor at cycle {@code t}. */
    private void switched(long t) {
        current = null;
        lastSwitch = t;
        switchCount++;
        blockedWhenIdle = blocked > 0;
    }

    // ------------------------------------------------------------------ state for the machine

    /**
     * Returns the cycle of the node's next event: the issue cycle of the instruction it stopped in front of,
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

    /** Returns whether the node has a running or ready thread (and has not halted or faulted). */
    public boolean hasWork() {
        return stop != Stop.HALTED && stop != Stop.FAULT && !exited && (current != null || queued > 0);
    }

    /** Returns why the last {@link #runUntil(long)} returned. */
    public Stop stop() {
        return stop;
    }

    /** Returns the fault that stopped the node, or null. */
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

    /**
     * Returns the cycle the node has run to: no instruction issuing at or after it has executed (the limit of a run
     * that stopped at its limit, else the cycle after the last instruction issued). Remote accesses
     * ({@link #remote()}) land at or after it.
     */
    public long ranTo() {
        return ranTo;
    }

    /** Returns the port through which other nodes' hardware reads and writes this node's memory. */
    public RemotePort remote() {
        return remote;
    }

    /** Returns the number of instructions retired on this node. */
    public long instructions() {
        return engineContext.retired();
    }

    /** Returns the thread switches so far. */
    public long switchCount() {
        return switchCount;
    }

    /**
     * Returns the node's statistics so far: instructions, dependence stalls by cause, control bubbles, thread
     * switches and the cycles they cost, and the cycles the node waited with a thread blocked on the NIU. The
     * counters cost the interpreter one store per instruction and work only on stalls and switches.
     */
    public CoreStats stats() {
        return new CoreStats(engineContext.retired(), engineContext.stallCycles(), engineContext.branchBubbles(),
                switchCount, switchCycles, niuBlockedCycles);
    }

    /** Returns the length of the array {@link #relativeState} fills. */
    public int stateSize() {
        return 8 + contexts.length * (6 + 33 + 32 + DecodedText.SB_SIZE);
    }

    /**
     * Writes everything that decides the node's future, relative to cycle {@code now}, into {@code out}: the
     * scheduler (running context, ready queue, last switch), and per context its state, pc, registers, ready
     * time and scoreboard, with cycles counted from {@code now} and clamped where smaller values behave the same
     * (a register ready before {@code now} is ready). Memory, the NIU and statistics are not included. If two
     * calls at {@code now1} and {@code now2} (the node having executed exactly its instructions before each) give
     * equal arrays, and its memory and NIU did not change in between, the node repeats from {@code now2} what it
     * did from {@code now1}, for ever: the machine uses this to prove a livelock.
     *
     * @param now the cycle; the node must have executed every instruction issuing before it and none after
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
        out[k++] = engineContext.hostGate ? 1 : 0;
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
        return Abi.heapEnd(memory.size(), stackSize, contexts.length);
    }
}
