package scmp.cpu;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The compiled engine: runs a thread's instructions as JVM bytecode that {@link RegionCompiler} generated from the
 * declared semantics, a region of the text at a time, with exactly the interpreter's timing and results
 * (docs/architecture.md, "The compiled engine"). The {@link Interpreter} stays the reference; this engine must match
 * it in registers, memory, output, statistics, cycle counts and fault reports.
 *
 * <p>A region is compiled on the first entry at its pc into one hidden class and kept for every node of the machine
 * that runs the same text with the same timing ({@link Translation}). The dispatch loop of {@link #run} looks the
 * region up by pc, runs it, and goes on at the pc the region left at, until a region reports an exit. The regions
 * keep the running thread's issue cycle, retired count and bubbles in locals and hand them back through the
 * fields of this object when they leave.
 *
 * <p>Two cases run on the interpreter instead: a run with a tracer (the tracer sees every instruction, which the
 * compiled code does not report), and a pc where the compiler declines to start a region (a
 * {@linkplain Fallback fallback}, counted; in mode {@link Fallback#FAIL} an error, so that tests notice it). The
 * program text is read-only ({@link Memory}: a store into it is a guest fault), so compiled regions never go stale;
 * {@link Translation#invalidate} is the hook a writable text would call.
 */
public final class JitEngine implements Engine {

    /** What the engine does where the compiler declines a region. */
    public enum Fallback {
        /** Runs the rest of the thread's run on the interpreter (counted in {@link #fallbacks()}). */
        SILENT,
        /** Throws {@link IllegalStateException}: for tests, so that nothing falls back unnoticed. */
        FAIL
    }

    /** The exit codes regions return, by {@link Exit} ordinal; {@link #CONTINUE} goes on at {@link #pc}. */
    static final int CONTINUE = -1;
    /**
     * The exit of a region that may reach the limit before its next check ({@link #pc} not yet run): the rest of the
     * run, a few cycles, goes to the interpreter, which stops at the limit exactly. The compiled code checks the limit
     * once per block, where it is entered, against the cycles the block takes without stalls, and again at a stall,
     * instead of at every instruction: a check per instruction is a branch the JVM sees never taken, and each of
     * them taken once, near a limit, made it recompile the region (docs/performance.md).
     */
    static final int NEAR_LIMIT = -2;
    /**
     * The exit of a region that keeps its values in the thread's arrays when its loops turned
     * {@link RegionCompiler#TURN_LIMIT} times in one entry, at the jump back (taken, {@link #pc} its target): like
     * {@link #CONTINUE}, and the loop is worth keeping values in locals, so the region and the one entered at the
     * target are compiled that way ({@link Translation#turned}) before the dispatch goes on. Without it the first
     * entry of a long loop runs to its end in the form on the arrays, in the JVM's bytecode interpreter, and HotSpot
     * compiles that form only to throw it away.
     */
    static final int TURNING = -3;
    /**
     * The exit of a region that keeps its values in locals, where it is entered ({@link #pc}, not yet run), when a
     * source it assumes ready there is not: the region leaves the issue rule's maximum out for sources that cannot
     * delay an instruction, some of them only because they are ready where it is entered (a loop's invariants). The
     * interpreter runs a slice (until a region is entered, as for cold code) and the dispatch goes on.
     */
    static final int SETTLE = -4;
    /**
     * How often the dispatcher meets a pc without a region before it compiles one there: code that runs a few times
     * stays on the interpreter, whose loop the JVM has compiled already, instead of waiting in the JVM's bytecode
     * interpreter for its own region to become hot (tiered, as the JVM itself does).
     */
    static final int HOT = 16;
    /** The system property that sets the threshold ({@link #HOT} by default; 0 compiles every region at once). */
    public static final String HOT_PROPERTY = "scmp.jit.hot";
    /**
     * Regions compiled per doubling of the threshold: after {@code k * DOUBLING} regions of a text the threshold is the
     * engine's {@code hot << k} ({@link #HOT} by default; at most {@link #MAX_DOUBLINGS} doublings). A kernel compiles
     * a few dozen regions, each of which then runs millions of instructions; a large program (an MPI library's code
     * paths met a few dozen times each) compiled thousands at the plain threshold, most of which ran less afterwards
     * than generating, loading and compiling their classes cost, and the compiled engine took twice the interpreter's
     * time (docs/performance.md, "Compiled regions in runs of large programs"). System property
     * {@link #DOUBLING_PROPERTY} changes it (0: the threshold stays).
     */
    static final int DOUBLING = 16;
    /** The system property that sets {@link #DOUBLING}. */
    public static final String DOUBLING_PROPERTY = "scmp.jit.doubling";
    /** The most doublings of the threshold. */
    static final int MAX_DOUBLINGS = 10;
    /**
     * Runs that may last fewer cycles than this go to the interpreter: entering and leaving compiled code costs more
     * than interpreting a few instructions, and an SPMD run with messages in flight runs its nodes a cycle or a
     * lookahead window at a time (docs/performance.md, "Short runs"). System property {@link #SHORT_PROPERTY}
     * changes it (0: every run compiled).
     */
    static final long SHORT = 32;
    /** The system property that sets the short-run bound ({@link #SHORT} by default). */
    public static final String SHORT_PROPERTY = "scmp.jit.short";
    /** The cycles a cold pc runs on the interpreter before the dispatcher looks again. */
    static final long SLICE = 256;
    /** The cycles of each interpreter run of a slice, after which it stops if a region is entered there. */
    static final long STEP = 16;
    private static final Exit[] EXITS = Exit.values();

    /**
     * What {@link #checkLimit} throws: the region's handler for the instruction that checked leaves with
     * {@link #NEAR_LIMIT}. One object without a stack trace (it never leaves the region).
     */
    static final class NearLimit extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NearLimit() {
            super("near the cycle limit", null, false, false);
        }
    }

    private static final NearLimit NEAR = new NearLimit();

    /**
     * The cycle-limit check of the compiled regions, shared by all of them: throws {@link NearLimit} when the last
     * instruction the check covers would issue at or after the limit. HotSpot inlines it into each region, where the
     * throw becomes a jump to the region's handler; its branch has one profile for every region, seen taken at the
     * first limit of a run, so it is compiled as a branch and not as a trap that deoptimises each region the first
     * time a limit falls in it (docs/performance.md, "The kernels against qemu-riscv64").
     *
     * @param last  the issue cycle of the last instruction the check covers, when nothing stalls
     * @param limit the run's limit
     */
    static void checkLimit(long last, long limit) {
        if (last >= limit) {
            throw NEAR;
        }
    }

    /** The compiled code of a region, entered at its first instruction. */
    public interface Block {
        /**
         * Runs the region from its entry until it leaves: at a pc outside it, or with an exit.
         *
         * @param e the engine, whose fields hold the running thread's state
         * @return {@link #CONTINUE}, {@link #NEAR_LIMIT} or an {@link Exit} ordinal
         */
        int run(JitEngine e);
    }

    /**
     * The translations of the texts run lately, by content, so that the runs of one program in one process (a
     * benchmark's, a test suite's) share compiled regions that the JVM has compiled in turn.
     */
    private static final Map<TextKey, Translation> TRANSLATIONS = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TextKey, Translation> eldest) {
            return size() > 32;
        }
    };
    private static final java.util.concurrent.atomic.AtomicLong FALLBACKS = new java.util.concurrent.atomic.AtomicLong();

    private final EngineContext ctx;
    private final Interpreter interpreter;
    private final Translation translation;
    private final Fallback fallback;
    private final int hot;
    /** Regions compiled per doubling of {@link #hot} (0: none). */
    private final int doubling;
    private final long shortRun = Long.getLong(SHORT_PROPERTY, SHORT);
    private final int base;
    private long exitCycle;
    private GuestFault fault;
    /** How often a region left with {@link #SETTLE} (for measurements). */
    long settles;

    // The running thread's state, read and written by the generated code (package-private for it).
    ThreadContext c;
    int[] x;
    long[] f;
    long[] rdy;
    byte[] cause;
    final Memory mem;
    long limit;
    boolean netStop;
    NetworkPort port;
    /** The pc at which the last region left. */
    int pc;
    long next;
    long t;
    /** Instructions retired in this run and not yet counted in the context. */
    long n;
    long bubbles;
    /** The fault a region caught, or null. */
    GuestFault caught;

    /**
     * Creates the compiled engine of one node, in the mode that system property {@code scmp.jit.fallback} names
     * ({@code silent}, the default, or {@code fail}), with the threshold of {@link #HOT_PROPERTY}.
     *
     * @param context what it sees of the node
     */
    public JitEngine(EngineContext context) {
        this(context, "fail".equalsIgnoreCase(System.getProperty("scmp.jit.fallback")) ? Fallback.FAIL
                : Fallback.SILENT, Integer.getInteger(HOT_PROPERTY, HOT), false,
                Integer.getInteger(DOUBLING_PROPERTY, DOUBLING));
    }

    /**
     * Creates the compiled engine of one node.
     *
     * @param context  what it sees of the node
     * @param fallback what to do where the compiler declines a region
     * @param hot      how often a pc must be met before its region is compiled (0: at once)
     */
    public JitEngine(EngineContext context, Fallback fallback, int hot) {
        this(context, fallback, hot, false, DOUBLING);
    }

    /**
     * Creates the compiled engine of one node.
     *
     * @param context  what it sees of the node
     * @param fallback what to do where the compiler declines a region
     * @param hot      how often a pc must be met before its region is compiled (0: at once)
     * @param keep     whether every region with a loop keeps values in locals from the start (for tests; otherwise
     *                 only those whose loop turns, {@link Translation#observe})
     * @param doubling regions compiled per doubling of {@code hot} ({@link #DOUBLING}; 0: none)
     */
    public JitEngine(EngineContext context, Fallback fallback, int hot, boolean keep, int doubling) {
        this.ctx = context;
        this.interpreter = new Interpreter(context);
        this.fallback = fallback;
        this.hot = hot;
        this.doubling = doubling;
        this.mem = context.memory();
        this.base = context.text().base();
        this.translation = translation(context.text(), context.timing(), keep);
    }

    /**
     * Returns an engine factory.
     *
     * @param fallback what to do where the compiler declines a region
     * @param hot      how often a pc must be met before its region is compiled (0: at once)
     * @return the factory
     */
    public static Engine.Factory factory(Fallback fallback, int hot) {
        return context -> new JitEngine(context, fallback, hot);
    }

    /**
     * Returns an engine factory whose threshold doubles every {@code doubling} regions compiled (0: never).
     *
     * @param fallback what to do where the compiler declines a region
     * @param hot      how often a pc must be met before its region is compiled (0: at once), at first
     * @param doubling regions compiled per doubling of the threshold
     * @return the factory
     */
    public static Engine.Factory factory(Fallback fallback, int hot, int doubling) {
        return context -> new JitEngine(context, fallback, hot, false, doubling);
    }

    /**
     * Returns an engine factory whose regions with a loop keep values in locals from the start (for tests).
     *
     * @param fallback what to do where the compiler declines a region
     * @param hot      how often a pc must be met before its region is compiled (0: at once)
     * @return the factory
     */
    public static Engine.Factory keepingFactory(Fallback fallback, int hot) {
        return context -> new JitEngine(context, fallback, hot, true, DOUBLING);
    }

    /** Returns how many runs, over all engines, went on on the interpreter because a region was declined. */
    public static long fallbacks() {
        return FALLBACKS.get();
    }

    private static Translation translation(DecodedText text, TimingModel timing, boolean keep) {
        TextKey key = new TextKey(text.base(), text.words, timing, keep);
        synchronized (TRANSLATIONS) {
            return TRANSLATIONS.computeIfAbsent(key, k -> new Translation(text, timing, keep));
        }
    }

    /** A text by content: its base, its words, the timing its regions were compiled for and their mode. */
    private record TextKey(int base, int[] words, TimingModel timing, boolean keep) {
        @Override
        public boolean equals(Object o) {
            return o instanceof TextKey k && k.base == base && Arrays.equals(k.words, words) && k.timing.equals(timing)
                    && k.keep == keep;
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(words) + base;
        }
    }

    /** Returns the regions of this engine's text (for tests). */
    Translation translation() {
        return translation;
    }

    @Override
    public long exitCycle() {
        return exitCycle;
    }

    @Override
    public GuestFault fault() {
        return fault;
    }

    @Override
    public Exit run(final ThreadContext thread, final long limit) {
        if (ctx.tracer() != null || limit - thread.nextIssue < shortRun) {
            return interpret(thread, limit);
        }
        c = thread;
        x = thread.x;
        f = thread.f;
        rdy = thread.ready;
        cause = thread.cause;
        this.limit = limit;
        netStop = ctx.stopAfterNetworkInstructions();
        port = ctx.port();
        pc = thread.pc;
        next = thread.nextIssue;
        t = next;
        n = 0;
        bubbles = 0;
        final Translation tr = translation;
        int code;
        while (true) {
            final int i = (pc - base) >>> 2;
            Block b = tr.blocks[i];
            if (b == null) {
                // cold code runs on the interpreter for a slice of cycles; a pc met often gets its region
                if (tr.heat[i] < threshold(tr)) {
                    tr.heat[i]++;
                    Exit e = slice(thread, limit, 0);
                    if (e != null) {
                        return e;
                    }
                    continue;
                }
                b = tr.block(i);
                if (b == null) {
                    flush(thread);
                    return fallBack(thread, limit);
                }
            }
            if (tr.watch[i]) {
                long before = n;
                code = b.run(this);
                tr.observe(i, n - before);
            } else {
                code = b.run(this);
            }
            if (code != CONTINUE) {
                if (code == TURNING) {
                    tr.turned(i, (pc - base) >>> 2);
                    continue;
                }
                if (code == SETTLE) {
                    settles++;
                    // the first step runs until every pending ready cycle has passed: stopping at the entry again,
                    // its first instruction still stalled, would leave the run where it was
                    long pending = 0;
                    for (long r : rdy) {
                        pending = Math.max(pending, r);
                    }
                    Exit e = slice(thread, limit, pending + 1);
                    if (e != null) {
                        return e;
                    }
                    continue;
                }
                if (code == NEAR_LIMIT) {
                    flush(thread);
                    Exit e = interpret(thread, limit);
                    c = null;
                    return e;
                }
                break;
            }
        }
        thread.pc = pc;
        thread.nextIssue = next;
        ctx.retire(n);
        ctx.countBubbles(bubbles);
        exitCycle = t;
        if (code == Exit.FAULT.ordinal()) {
            fault = caught.locate(ctx.nodeId(), thread.id, pc, t);
            caught = null;
        }
        c = null;
        return EXITS[code];
    }

    /**
     * How often a pc must be met before its region is compiled: {@link #hot}, doubled every {@link #doubling} regions
     * the text has compiled (at most {@link #MAX_DOUBLINGS} times).
     */
    private int threshold(Translation tr) {
        if (doubling <= 0) {
            return hot;
        }
        return (int) Math.min(Integer.MAX_VALUE, (long) hot << Math.min(MAX_DOUBLINGS, tr.compiled() / doubling));
    }

    /**
     * Runs a slice of cycles on the interpreter from {@link #pc}: in steps, so that the slice stops where a region is
     * entered (a run that starts inside a compiled loop, after a limit, goes back to it at its entry rather than
     * heating a pc of its own). Returns the run's exit when it ended in the slice, else null with {@link #pc} and
     * {@link #next} where the slice stopped. The first step runs to {@code first} at least.
     */
    private Exit slice(ThreadContext thread, long limit, long first) {
        final Translation tr = translation;
        long until = Math.min(limit, Math.max(first, next + SLICE));
        flush(thread);
        long to = next;
        while (true) {
            to = Math.min(until, Math.max(first, to + STEP));
            Exit e = interpret(thread, to);
            if (e != Exit.LIMIT || to == limit) {
                c = null;
                return e;
            }
            int j = (thread.pc - base) >>> 2;
            if (to == until || j < tr.blocks.length && tr.blocks[j] != null) {
                break;
            }
        }
        pc = thread.pc;
        next = thread.nextIssue;
        return null;
    }

    /** Hands the state of the run so far to the thread context and the statistics, for the interpreter. */
    private void flush(ThreadContext thread) {
        thread.pc = pc;
        thread.nextIssue = next;
        ctx.retire(n);
        ctx.countBubbles(bubbles);
        n = 0;
        bubbles = 0;
    }

    private Exit fallBack(ThreadContext thread, long limit) {
        if (fallback == Fallback.FAIL) {
            throw new IllegalStateException(String.format("compiled engine: no region at pc 0x%x (%s)", thread.pc,
                    translation.declined(thread.pc)));
        }
        FALLBACKS.incrementAndGet();
        c = null;
        return interpret(thread, limit);
    }

    private Exit interpret(ThreadContext thread, long limit) {
        Exit e = interpreter.run(thread, limit);
        exitCycle = interpreter.exitCycle();
        fault = interpreter.fault();
        return e;
    }

    // ---------------------------------------------------------------- services of the generated code

    /** Counts a dependence stall of an instruction with packed dependences {@code d} issuing at {@code t}. */
    void stall(int d, long t, long next) {
        interpreter.stalled(rdy, cause, d, t, t - next);
    }

    /** Counts {@code cycles} of dependence stall charged to {@code cause}. */
    void countStall(int cause, long cycles) {
        ctx.countStall(cause, cycles);
    }

    /** Hands a network instruction to the port, the thread's pc at it; returns the port's answer. */
    int send(int op, long t, int pc, int v0, int v1, int v2, int v3) {
        c.pc = pc;
        return port.request(op, t, c, v0, v1, v2, v3);
    }

    /** Tells the port that the thread ends, its pc at the {@code endt}. */
    void threadEnded(int pc, long t) {
        c.pc = pc;
        port.threadEnded(t, c);
    }

    /** Tells whether an {@code hcall} must wait for the node's go. */
    boolean hostCallWaits() {
        return ctx.hostCallWaits();
    }

    /**
     * Performs a host call with the instructions retired so far counted ({@code pending} of the running region);
     * the region then counts from zero. Returns false when the call ended the simulation.
     */
    boolean hostCall(int pc, int service, long t, long pending) {
        c.pc = pc;
        ctx.retire(n + pending);
        n = 0;
        return ctx.hostCall(c, service, t);
    }

    /** Makes a host call's results ready a host latency after its issue. */
    void hostResults(int service, long t) {
        interpreter.hostResults(rdy, cause, service, t);
    }

    /** Reads a special register; {@code pending} is the running region's uncounted instructions. */
    int specialRegister(int sr, long t, long pending) {
        return ctx.specialRegister(sr, t, c, n + pending);
    }

    // ---------------------------------------------------------------- the regions of one text

    /**
     * The compiled regions of one program text under one timing model, shared by every node that runs it: one slot
     * per instruction, filled on the first entry at that pc. Compiling is synchronized; reading a filled slot is
     * not (a region is immutable once published).
     */
    static final class Translation {
        private final DecodedText text;
        private final TimingModel timing;
        private final RegionCompiler compiler;
        /** The region entered at each slot, or null. */
        final Block[] blocks;
        /** How often the dispatcher met each slot without a region (racy between nodes: a heuristic). */
        final int[] heat;
        /**
         * Per slot: whether its region has a loop and keeps its values in the thread's arrays, and the dispatcher
         * watches how many instructions it runs an entry; when its loop turns, it is compiled again keeping them in
         * locals ({@link #observe}). Racy between nodes, as {@link #heat}: either version gives the same results.
         */
        final boolean[] watch;
        private final int[] runs;
        private final long[] work;
        private final int[] reach;
        /** Per slot: whether its region keeps values in locals (or has no loop): no version to switch to. */
        private final boolean[] kept;
        private final String[] declined;
        private volatile int compiled;

        /** Whether regions with a loop keep values in locals from the start. */
        private final boolean keep;

        Translation(DecodedText text, TimingModel timing, boolean keep) {
            this.keep = keep;
            this.text = text;
            this.timing = timing;
            this.compiler = new RegionCompiler(text, timing);
            this.blocks = new Block[text.count() + 1];
            this.heat = new int[text.count() + 1];
            this.watch = new boolean[text.count() + 1];
            this.runs = new int[text.count() + 1];
            this.work = new long[text.count() + 1];
            this.reach = new int[text.count() + 1];
            this.kept = new boolean[text.count() + 1];
            this.declined = new String[text.count() + 1];
        }

        TimingModel timing() {
            return timing;
        }

        /** Returns the region entered at slot {@code i}, compiling it first; null when the compiler declines it. */
        Block block(int i) {
            Block b = blocks[i];
            if (b != null) {
                return b;
            }
            synchronized (this) {
                b = blocks[i];
                if (b == null && declined[i] == null) {
                    RegionCompiler.Result r = compiler.compileFor(i, keep);
                    if (r.block() == null) {
                        declined[i] = r.reason();
                    } else {
                        b = r.block();
                        install(i, r, keep);
                    }
                }
                return b;
            }
        }

        /**
         * Installs a compiled class at slot {@code i} and at its other entries (the heads of the loops of its nest):
         * at those that have no region yet, and, for a class that keeps its values in locals (or has no loop), at
         * every one, so that a loop nest runs in one class whichever head a run enters it at.
         */
        private void install(int i, RegionCompiler.Result r, boolean inLocals) {
            compiled++;
            boolean w = r.loop() && !inLocals;
            for (int e : r.entries()) {
                if (e != i && blocks[e] != null && (w || declined[e] != null)) {
                    continue;
                }
                if (e != i && declined[e] != null) {
                    continue;
                }
                blocks[e] = e == i ? r.block() : r.at().apply(e);
                reach[e] = r.reachable();
                watch[e] = w;
                kept[e] = !w;
            }
            if (blocks[i] != r.block()) {
                blocks[i] = r.block();
                reach[i] = r.reachable();
                watch[i] = w;
                kept[i] = !w;
            }
        }

        /**
         * After an entry of the region at slot {@code i}, on the arrays, left at its loop's jump back to slot
         * {@code target} ({@link #TURNING}): compiles both that region and the one entered at the target (unless it
         * keeps its values in locals already) keeping values in locals, and stops watching them.
         */
        void turned(int i, int target) {
            synchronized (this) {
                inLocals(i);
                if (blocks[target] == null || !kept[target]) {
                    inLocals(target);
                }
            }
        }

        /** Compiles the region at slot {@code i} keeping values in locals, unless it does already or is declined. */
        private void inLocals(int i) {
            watch[i] = false;
            if (kept[i] || declined[i] != null) {
                return;
            }
            RegionCompiler.Result r = compiler.compileFor(i, true);
            if (r.block() == null) {
                if (blocks[i] == null) {
                    declined[i] = r.reason();
                }
                kept[i] = true;     // not tried again; the version on the arrays, if any, stays
                return;
            }
            install(i, r, true);
        }

        /** Entries watched at most before the decision. */
        static final int WATCHED = 64;

        /**
         * Counts an entry of the watched region at slot {@code i} that retired {@code retired} instructions. Once its
         * entries have run more than {@link #WATCHED} times twice the slots it reaches, a region whose entries ran
         * on average more than twice those slots (its loop turns) is compiled again keeping its values in locals;
         * after {@link #WATCHED} entries that did not, it stays as it is.
         */
        void observe(int i, long retired) {
            work[i] += Math.max(retired, 0);
            runs[i]++;
            long per = 2L * reach[i];
            if (work[i] > WATCHED * per && work[i] > runs[i] * per) {
                synchronized (this) {
                    inLocals(i);
                }
            } else if (runs[i] >= WATCHED) {
                watch[i] = false;
            }
        }

        /** Returns why the compiler declined the region at an address, or null. */
        String declined(int addr) {
            return declined[(addr - text.base()) >>> 2];
        }

        /** Returns the number of regions compiled. */
        int compiled() {
            return compiled;
        }

        /**
         * Forgets the regions that contain an address, for a store into the text. The text is read-only today, so
         * nothing calls this; a machine with writable text would call it on every store into the text range.
         *
         * @param addr the address written
         */
        synchronized void invalidate(int addr) {
            int w = (addr - text.base()) >>> 2;
            for (int i = Math.max(0, w - RegionCompiler.MAX_INSTRUCTIONS + 1); i <= w && i < blocks.length; i++) {
                blocks[i] = null;
                watch[i] = false;
                kept[i] = false;
                declined[i] = null;
            }
        }
    }
}
