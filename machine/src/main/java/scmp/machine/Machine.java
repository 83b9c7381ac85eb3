package scmp.machine;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import scmp.cpu.GuestFault;
import scmp.cpu.Memory;
import scmp.cpu.Node;
import scmp.cpu.ThreadContext;
import scmp.cpu.Tracer;
import scmp.elf.Executable;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.SpecialRegister;
import scmp.isa.sem.InstructionSemantics;
import scmp.isa.sem.SemanticTable;

/**
 * A machine: nodes (each a {@link Node} with its memory), the hardware of a machine model around them (the devices
 * their network instructions talk to, any number of clocked networks), and the host. {@link #run()} interleaves
 * nodes and networks deterministically, cycle-exactly, until the program ends. The machine is the same for every
 * model ({@link MachineModel}); the SCMP chip is one.
 *
 * <h2>The loop</h2>
 * Within a core cycle the cores act first, then the networks run that cycle, one after the other in the order the
 * model lists them ({@link Hardware#networks()}); within a network, its own order (docs/timing.md section 3 for the
 * SCMP mesh). The machine's network time says up to which core cycle every network has run. The machine advances
 * in rounds of two kinds:
 * <ul>
 *   <li><b>lockstep</b>, while anything is in flight in any network ({@link ClockedNetwork#busy()}): at network
 *       time {@code n}, every core whose next instruction issues by {@code n} runs up to {@code n + 1}; the host
 *       calls, faults and halts due by {@code n} happen in (cycle, node) order; then the networks run core cycle
 *       {@code n}. Cycles in which neither a core nor a network can do anything (the networks' earliest
 *       {@linkplain ClockedNetwork#nextActivity() next activity}) are skipped. While the networks are stalled
 *       (nothing has moved for longer than their stall window) and one node alone is busy, the rounds up to that
 *       node's next interaction are made at once ({@link #runAhead}); while the networks'
 *       {@linkplain ClockedNetwork#horizon() horizon} {@code H} is ahead of {@code n} (nothing in flight can reach a
 *       node before then), the rounds through {@code H}, no more than the networks'
 *       {@linkplain ClockedNetwork#reactionCycles() reaction}, are made as one ({@link #busyWindow}).</li>
 *   <li><b>quiet</b>, while nothing is in flight: the networks can do nothing until a core sends, so the cores
 *       run ahead of them without limit. The cores whose next event is the earliest, at cycle {@code c}, run
 *       through {@code c}; a core that is alone at {@code c} runs on up to the next event of any other core
 *       (for ever when the others are idle); several busy cores run through a window of the networks'
 *       smallest {@linkplain ClockedNetwork#lookahead() lookahead} (one cycle under trace or strict lockstep). A core
 *       stops right after a network instruction; the networks then jump to that cycle and the rounds are lockstep
 *       again. In a run without ranks, where {@code exit} ends the whole run, the cores of a window run in node
 *       order, and one that stops in front of a host call or at a fault at cycle {@code e} ends the window of the
 *       cores after it at {@code e + 1} ({@link #runUpToEnd}).</li>
 * </ul>
 * Ties are broken the same way every time: cores in node order, then the networks in list order; pending events
 * by (cycle, node). A deadlock is declared when no thread can run and no network has moved for longer than the
 * largest {@linkplain ClockedNetwork#stallWindow() stall window}; the livelock proof watches every network's
 * progress and every node's {@linkplain scmp.cpu.RemotePort remote} writes.
 * So no core ever runs ahead of a cycle in whose network cycles something could reach it, and host calls happen
 * in cycle order: the run is the strict lockstep run ({@link RunConfig#lockstep()} forces one; tests compare both
 * on outputs, cycles and instruction counts), except that when a fault, {@code abort}, {@code terminate} or (in a
 * run without ranks) {@code exit} ends it, a busy core that ran its window before the ending core found its end may
 * have run up to the window's end, a lookahead less one cycle past it (docs/simulator.md, "How the machine runs").
 * Idle nodes cost nothing, a lone busy node runs at full interpreter speed, and the networks skip the cycles
 * in which nothing is in flight.
 *
 * <p>With the look-ahead on ({@link #setLookAhead}), a quiet round of several busy nodes first looks ahead ({@link
 * #stretch}): copies of the busy nodes (shadows) run on until the first cycle at which one would send, end a thread,
 * call the host or fault, and every node is then brought up to that cycle in long runs (taking its shadow's state
 * where the shadow stopped there), the rounds going on from it (docs/performance.md, "Look-ahead"). In an SPMD run
 * the windows of quiet rounds end on multiples of the lookahead ({@link #windowEnd}) and a stretch stops at the last
 * of them before the interaction, so that the run is the same with the look-ahead and without, its end included.
 *
 * <p>The nodes a quiet round of an SPMD run runs may run on several host threads ({@link #setThreads}, {@link ParallelNodes})
 * when the round's window is at least {@link #setParallelMinWindow a threshold}: the machine decides serially which
 * nodes run and which stay virtual, the pool runs each up to the round's limit with its device port called in node
 * order, and the machine takes their stops in node order, so the round is the serial one (docs/performance.md,
 * "Parallel nodes").
 *
 * <p>Host calls, faults and halts are events with a cycle. On a machine with more than one live node, cores
 * stop in front of every {@code hcall}; the machine performs pending events in the order (cycle, node) once no
 * core can still produce an earlier one, so output from several nodes appears in cycle order and the first
 * fault or exit in simulated time is the one that ends the run.
 *
 * <p>Nodes are built lazily: node 0 at once (every rank's node in an SPMD run), another node when the first
 * message reaches it (when the model's hardware asks for it, {@link MachineModel.Context#node}). Nodes no message
 * reaches cost neither memory nor time. Every node gets the argument area (arguments and environment) when it is
 * built.
 *
 * <h2>Ends</h2>
 * The run ends when a thread executes {@code hcall exit} (its status is the exit code), {@code hcall terminate}
 * (likewise) or {@code hcall abort} (134), when every thread on every node has ended and nothing is in flight
 * (0), on a guest fault (139), on a deadlock (142: threads remain but none can ever run again; the message lists
 * every node's state), when the next event lies at or beyond {@code --max-cycles} (124), or when its
 * {@link RunControl} asks it to stop (SIGINT 130, SIGTERM 143), which the loop looks at between rounds.
 *
 * <p>In an SPMD run ({@link RunConfig#ranks()} nodes start the program) {@code hcall exit} ends only the
 * calling node's program ({@link Node#exitNode()}); the run ends when every rank has exited, at the last exit,
 * with exit code 0 when every exit status was 0, else the status of the first non-zero exit in simulated time
 * (ties: the lower node). {@code hcall terminate}, {@code hcall abort} and guest faults end the whole run.
 */
public final class Machine {

    /** How a run ended. */
    public enum Outcome {
        /** A thread executed {@code hcall exit}. */
        EXIT,
        /** Every thread of every node ended. */
        ALL_ENDED,
        /** A thread executed {@code hcall abort}. */
        ABORT,
        /** A guest fault. */
        FAULT,
        /** The cycle limit was reached. */
        MAX_CYCLES,
        /** Threads remain, none can run, and no network can move. */
        DEADLOCK,
        /** Stopped from outside ({@link RunControl#stop}: SIGINT, SIGTERM). */
        INTERRUPTED
    }

    /** The exit code of a run stopped by the cycle limit. */
    public static final int EXIT_MAX_CYCLES = 124;
    /** The exit code of a guest abort. */
    public static final int EXIT_ABORT = 134;
    /** The exit code of a guest fault. */
    public static final int EXIT_FAULT = 139;
    /**
     * The exit code of a deadlock: 128 + SIGALRM, as if a watchdog's alarm had ended a run that would never end,
     * apart from a fault's 139.
     */
    public static final int EXIT_DEADLOCK = 142;
    /** Cycles of quiet running before the first livelock check; the interval doubles after each failed check. */
    public static final long FIRST_QUIET_CHECK = 1L << 20;
    /** The most cycles a livelock check watches for every core's state to repeat. */
    public static final long CHECK_CYCLES = 1L << 14;

    /**
     * The result of a run.
     *
     * @param outcome      how it ended
     * @param exitCode     the exit code scmpsim returns
     * @param cycles       the run's cycle count: the issue cycle of the instruction that ended it plus one (the
     *                     limit when stopped by it, the cycle of detection for a deadlock)
     * @param instructions instructions retired on all nodes
     * @param message      the report for stderr ({@code scmpsim: ...}, several lines for a deadlock), or null for
     *                     a normal end
     */
    public record Result(Outcome outcome, int exitCode, long cycles, long instructions, String message) {
    }

    /**
     * The most cycles a quiet round lets a core run ahead, so that the loop looks at its {@link RunControl} a few
     * times a second even while a lone node runs at full speed; splitting a run into rounds changes none of its
     * results. Much shorter rounds cost a lone node's speed (2^20 cost the compute benchmark a fifth).
     */
    public static final long ROUND_CYCLES = 1L << 26;

    /**
     * The fewest cycles of a quiet round's window at which its busy nodes run on several host threads: below it a
     * step's hand-over between threads costs more than the nodes' work (docs/performance.md, "Parallel nodes").
     */
    public static final long PARALLEL_MIN_WINDOW = 64;

    /** The most cycles busy cores may run together in a quiet round (the lookahead of a machine without networks). */
    private static final long MAX_WINDOW = 1L << 40;

    private final ModelConfig<?> model;
    private final RunConfig cfg;
    private final Loader.Program program;
    private final Node[] nodes;
    private final List<Node> built = new ArrayList<>();
    private Node[] live = new Node[0];
    private final Hardware hardware;
    private final ClockedNetwork[] nets;
    /** Every network has run the core cycles below this one. */
    private long netTime;
    private final HostCalls host;
    private final Loader.ArgumentArea area;
    /**
     * Cycles that busy cores may run together in a quiet round: the networks' lookahead, or 1 under trace or strict
     * lockstep.
     */
    private final long window;
    /** The longest busy window: the networks' least {@linkplain ClockedNetwork#reactionCycles() reaction}. */
    private final long busyLimit;
    // SPMD: the ranks that have not exited yet, each node's exit (status, cycle; -1 before), the first failure
    private int ranksLeft;
    private final int[] exitStatus;
    private final long[] exitCycle;
    private int firstFailure = -1;
    private long lastExit = -1;
    private final Symbolizer symbolizer;
    /** What sees every issued instruction: the trace, the profile, both, or nothing (null). */
    private Tracer tracer;
    private Profiler profiler;
    private Timeline timeline;
    private RunControl control = new RunControl();
    /** Whether idle nodes may be advanced in whole periods (docs/performance.md, "Idle skipping"). */
    private boolean idleSkip;
    private long skippedCycles;
    /**
     * Per node: whether it is virtual (idle skipping): it has a period, and the rounds advance only its position
     * ({@link #virtualAt}), the cycle the run without skipping would have run it to, not the node itself.
     */
    private boolean[] virtual = new boolean[0];
    private long[] virtualAt = new long[0];
    /**
     * Per virtual node, its next event from its position ({@link Node#eventAfter} of {@link #virtualAt}), kept with
     * the position: the rounds ask every node for its next event, and a virtual node's schedule does not change
     * while it is virtual (nothing reaches it: it is materialized before any network acts).
     */
    private long[] virtualEvent = new long[0];
    private int virtualCount;
    /**
     * Whether every network names the nodes its cycles may affect before it acts on them ({@link
     * ClockedNetwork#reportReach}): virtual nodes then stay virtual through a busy network's cycles, and only a node
     * named is materialized ({@link #reached}); otherwise every virtual node is materialized before a network acts.
     */
    private boolean reachKnown;
    /**
     * Materializations, for measurements ({@link #idleSkipCounts()}): of all virtual nodes before a network acts
     * (the rule of networks that cannot name the nodes they reach), of one node a network named, and of all for any
     * reason (those before a network acts, a livelock check, an end, a look-ahead over a stalled network); then the
     * nodes these brought back.
     */
    private long matNetwork;
    private long matReached;
    private long matAll;
    private long matNodes;
    /** Node-cycles in which a node stayed virtual into a lockstep round's network cycle (until named, if it was). */
    private long keptVirtual;
    private Progress progress;
    /** Host threads the quiet rounds' busy nodes may run on (1: the caller's alone). */
    private int threads = 1;
    private long parallelMinWindow = PARALLEL_MIN_WINDOW;
    private ParallelNodes pool;
    private long parallelSteps;
    private long quietRounds;
    /** The nodes a quiet round runs, in node order (made once per run). */
    private Node[] batch = new Node[0];
    private final OutputStream out;
    private final OutputStream err;
    private SourceLocator sourceLocator = pc -> null;
    private GuestFault lastFault;
    private boolean pendingEvents;
    private long bound;
    private long lastWork;
    // livelock checks (see Check): when the next one may start
    private long quietCheckAt = FIRST_QUIET_CHECK;
    private long quietCheckInterval = FIRST_QUIET_CHECK;
    private long stallCheckAfter;
    private Check check;
    private Result result;

    /**
     * Builds a machine of a model and loads the program: node 0's context 0 starts at the entry point with the
     * arguments (in an SPMD run, context 0 of every rank's node); the other nodes receive the image when something
     * first reaches them.
     *
     * @param setup the model with its parameters, and the run's settings
     * @param exe   the program
     * @param out   the host stream for the guest's stdout
     * @param err   the host stream for the guest's stderr, the trace and the devices' traces
     * @param in    the host stream for the guest's stdin
     * @throws Loader.LoadException when the program does not fit the configured machine
     * @throws ConfigException      when the run's settings do not fit the machine
     */
    public Machine(MachineSetup setup, Executable exe, OutputStream out, OutputStream err, InputStream in)
            throws Loader.LoadException {
        this(setup.model(), setup.run(), exe, out, err, in);
    }

    /**
     * Builds a machine of a model and loads the program.
     *
     * @param model the model with its parameters, which the machine fits to the run's ranks ({@link ModelConfig#fit})
     * @param run   the run's settings; memory 0 and ranks 0 take the model's
     * @param exe   the program
     * @param out   the host stream for the guest's stdout
     * @param err   the host stream for the guest's stderr, the trace and the devices' traces
     * @param in    the host stream for the guest's stdin
     * @throws Loader.LoadException when the program does not fit the configured machine
     * @throws ConfigException      when the run's settings do not fit the machine
     */
    public Machine(ModelConfig<?> model, RunConfig run, Executable exe, OutputStream out, OutputStream err,
                   InputStream in) throws Loader.LoadException {
        this.model = model.fit(run.ranks());
        this.cfg = this.model.resolve(run);
        this.program = Loader.prepare(exe, cfg);
        this.area = Loader.argumentArea(cfg.memSize(), cfg.argv(), cfg.env());
        this.symbolizer = new Symbolizer(exe);
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.err = new BufferedOutputStream(err, 1 << 16);
        List<String> allowed = new ArrayList<>(cfg.args());
        cfg.files().forEach(p -> allowed.add(p.toString()));
        this.host = new HostCalls(this.out, this.err, in, allowed);
        if (cfg.dir() != null) {
            host.setWritableDirectory(cfg.dir());
        }
        double mhz = clockMhz();
        if (mhz > 0) {
            host.setClockMhz(mhz);
        }
        int count = this.model.nodes();
        this.nodes = new Node[count];
        this.tracer = cfg.trace() ? new TraceWriter(this.err, symbolizer) : null;
        PrintStream trace = new PrintStream(this.err, false, StandardCharsets.UTF_8);
        this.hardware = this.model.build(new MachineModel.Context() {
            @Override
            public RunConfig run() {
                return cfg;
            }

            @Override
            public Node node(int node) {
                return Machine.this.node(node);
            }

            @Override
            public PrintStream trace() {
                return trace;
            }

            @Override
            public String where(int pc) {
                return Machine.this.where(pc);
            }
        });
        this.nets = hardware.networks().toArray(new ClockedNetwork[0]);
        boolean known = nets.length > 0 && !"false".equals(System.getProperty("scmp.idleskip.reach"));
        for (ClockedNetwork k : nets) {
            known &= k.reportReach(this::reached);
        }
        this.reachKnown = known;
        long lookahead = MAX_WINDOW;
        for (ClockedNetwork k : nets) {
            lookahead = Math.min(lookahead, k.lookahead());
        }
        this.window = !cfg.trace() && !cfg.lockstep() ? Math.max(1, lookahead) : 1;
        long reaction = window;
        for (ClockedNetwork k : nets) {
            reaction = Math.min(reaction, Math.max(1, k.reactionCycles()));
        }
        this.busyLimit = reaction;
        this.exitStatus = new int[cfg.spmd() ? count : 0];
        this.exitCycle = new long[exitStatus.length];
        java.util.Arrays.fill(exitCycle, -1);
        if (cfg.spmd()) {
            host.forwardLines(count);
            ranksLeft = cfg.ranks();
            for (int r = 0; r < cfg.ranks(); r++) {
                node(r);
            }
            for (int r = 0; r < cfg.ranks(); r++) {
                node(r).boot(program.entry(), area.argc(), area.argv());
            }
        } else {
            node(0).boot(program.entry(), area.argc(), area.argv());
        }
    }

    /**
     * Returns a node, building it (its memory loaded with the program image, its devices attached) on first use:
     * node 0 exists from the start, another node from the first message that reaches it.
     *
     * @param n the node number
     * @return the node
     */
    public Node node(int n) {
        Node c = nodes[n];
        if (c == null) {
            Memory mem = Loader.loadNode(program, cfg, area);
            c = new Node(n, cfg.contexts(), cfg.stackSize(), mem, program.text(), cfg.timing(), program.threadExit(),
                    cfg.engine() != null && !hardware.needsOwnEngine() ? cfg.engine() : hardware.engines());
            c.setHost(host);
            c.setTracer(tracer);
            c.setIdleSkip(idleSkipOn());
            c.setStopAfterNetworkInstructions(true);
            nodes[n] = c;
            hardware.attach(c);
            c.setNetworkPort(new CountedPort(c.networkPort()));
            if (threads > 1) {
                ordered(c);
            }
            built.add(c);
            built.sort((a, b) -> Integer.compare(a.nodeId(), b.nodeId()));
            live = built.toArray(new Node[0]);
            // host calls of several nodes must be performed in cycle order; a lone node needs no ordering
            boolean ordered = live.length > 1;
            for (Node k : live) {
                k.setOrderedHostCalls(ordered);
            }
        }
        return c;
    }

    /**
     * Turns idle skipping on or off (off for a machine built directly; {@link Simulation} and {@code scmpsim} turn
     * it on by default). A node whose threads only poll and suspend is then not executed in the rounds but kept
     * virtual and advanced in whole periods of its loop, its counts updated as if it had run, with results
     * identical to a run without it (docs/performance.md, "Idle skipping"). It applies to runs without trace,
     * profile, strict lockstep or a model's own engine.
     *
     * @param on whether to skip
     */
    public void setIdleSkip(boolean on) {
        idleSkip = on;
        for (Node c : built) {
            c.setIdleSkip(idleSkipOn());
        }
    }

    /**
     * Sets how many host threads the busy nodes of a quiet round may run on (docs/performance.md, "Parallel nodes").
     * The results are those of one thread, whatever the count and the host's scheduling; 1 (the default of a
     * machine built directly) is the serial loop exactly. Call before {@link #run()}.
     *
     * @param n the host threads, at least 1
     */
    public void setThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        threads = n;
        if (n > 1) {
            for (Node c : built) {
                ordered(c);
            }
        }
    }

    /** Hands a node its device port through an {@link ParallelNodes.OrderedPort}, once. */
    private static void ordered(Node c) {
        if (!(c.networkPort() instanceof ParallelNodes.OrderedPort)) {
            c.setNetworkPort(new ParallelNodes.OrderedPort(c.networkPort()));
        }
    }

    /**
     * Sets the fewest cycles of a quiet round's window at which its nodes run in parallel ({@link
     * #PARALLEL_MIN_WINDOW} by default; 1 takes every quiet round of several busy nodes in parallel, which tests
     * use to exercise the parallel path on short windows).
     *
     * @param cycles the least window, at least 1
     */
    public void setParallelMinWindow(long cycles) {
        parallelMinWindow = Math.max(1, cycles);
    }

    /**
     * Returns the quiet rounds so far: a measure of how many times the machine stopped its busy nodes while nothing
     * was in flight (a round of several busy nodes spans the networks' lookahead).
     */
    public long quietRounds() {
        return quietRounds;
    }

    /** Returns the quiet rounds whose nodes ran on several host threads so far. */
    public long parallelSteps() {
        return parallelSteps;
    }

    private boolean idleSkipOn() {
        return idleSkip && !cfg.lockstep() && tracer == null && !hardware.needsOwnEngine();
    }

    /**
     * Runs a node with work up to {@code limit} if its next event lies before it, as the rounds do; a node that
     * waits in a known period becomes (or stays) virtual instead: only its position moves. With {@code
     * unlessActedOn}, a node that some network {@linkplain #mayActOn may act on} in its next cycle is run rather than
     * made virtual (and brought back at once); that is asked only of a node that could otherwise become virtual.
     */
    private void advance(Node k, long limit, boolean mayVirtualize, boolean unlessActedOn) {
        if (toRun(k, limit, mayVirtualize, unlessActedOn)) {
            run(k, limit);
        }
    }

    /**
     * The part of {@link #advance} before running: makes or keeps a waiting node virtual and moves its position, or
     * tells whether the node is to run up to {@code limit}.
     */
    private boolean toRun(Node k, long limit, boolean mayVirtualize) {
        return toRun(k, limit, mayVirtualize, false);
    }

    private boolean toRun(Node k, long limit, boolean mayVirtualize, boolean unlessActedOn) {
        int id = k.nodeId();
        if (!virtual[id] && mayVirtualize && k.stop() == Node.Stop.LIMIT && !(unlessActedOn && mayActOn(id))
                && k.period() > 0
                && k.eventAfter(k.ranTo()) == k.nextEventCycle()) {
            virtual[id] = true;
            virtualAt[id] = k.ranTo();
            virtualEvent[id] = k.nextEventCycle();
            virtualCount++;
        }
        if (virtual[id]) {
            if (virtualEvent[id] < limit) {
                virtualAt[id] = limit;
                virtualEvent[id] = k.eventAfter(limit);
            }
            return false;
        }
        return k.nextEventCycle() < limit;
    }

    /**
     * Runs the nodes of a quiet round up to {@code limit}: on several host threads when there are several, the
     * window is long enough to pay and nothing watches every instruction, else one after the other. Either way the
     * machine then takes their stops in node order, so that both give the same round.
     */
    private void runQuiet(int count, long limit, long window) {
        if (count > 1 && threads > 1 && window >= parallelMinWindow && tracer == null) {
            if (pool == null) {
                pool = new ParallelNodes(threads, nodes.length);
            }
            pool.step(batch, count, limit);
            parallelSteps++;
            for (int i = 0; i < count; i++) {
                stopped(batch[i]);
            }
        } else {
            for (int i = 0; i < count; i++) {
                run(batch[i], limit);
            }
        }
    }

    // ---------------------------------------------------------------- look-ahead (docs/performance.md)

    /** Whether quiet rounds of several busy nodes look ahead with shadows. */
    private boolean lookAhead;
    /** The most cycles a look-ahead's shadows run. */
    static final long LOOK_CYCLES = 1L << 22;
    /** The fewest cycles a look-ahead must find free of interactions to be used; below it the next ones wait. */
    static final long LOOK_MIN = 256;
    /** The cycles the shadows run before the nodes take their states over. */
    static final long LOOK_CHUNK = 1L << 13;
    private long[] shadowTo = new long[0];
    /** Per node, its shadow (made at the first look-ahead that needs it). */
    private Node[] shadows = new Node[0];
    private Probe[] probes = new Probe[0];
    /** Quiet rounds to let pass before the next look-ahead, and the current back-off. */
    private long lookSkip;
    private long lookBackoff;
    private long lookStretches;
    private long lookCycles;
    /** The same for look-aheads over a stalled network ({@link #lockstepRound}), and their stretches and cycles. */
    private long stallSkip;
    private long stallBackoff;
    private long stallStretches;
    private long stallCycles;

    /** What a shadow's network instructions and thread ends reach: it notes the first cycle of one. */
    private static final class Probe implements scmp.cpu.NetworkPort {
        long first = Long.MAX_VALUE;

        @Override
        public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
            first = Math.min(first, cycle);
            return ACCEPTED;
        }

        @Override
        public void threadEnded(long cycle, ThreadContext thread) {
            first = Math.min(first, cycle);
        }
    }

    /**
     * Turns the look-ahead of quiet rounds on or off (off for a machine built directly; {@code scmpsim} turns it on
     * in SPMD runs and off in runs without ranks): the results are the same either way (docs/performance.md,
     * "Look-ahead"); it saves the rounds of programs whose nodes compute long between interactions, and costs those
     * that interact often.
     *
     * @param on whether to look ahead
     */
    public void setLookAhead(boolean on) {
        lookAhead = on;
    }

    /**
     * Returns the look-ahead's stretches so far and the cycles they spanned, then those of its stretches over a
     * stalled network (for measurements).
     */
    public long[] lookAheadCounts() {
        return new long[] {lookStretches, lookCycles, stallStretches, stallCycles};
    }

    /**
     * Where a quiet round that starts at cycle {@code c} ends its window of the lookahead: {@code c + window} in a run
     * without ranks; in an SPMD run, at the next multiple of the window, so that the rounds' windows fall on the same
     * cycles however the run got to {@code c} (a look-ahead's stretch ends on one of them, below: a fault or an abort
     * that ends the run then finds every other node where the rounds alone would have left it).
     */
    private long windowEnd(long c) {
        return cfg.spmd() ? (c / window + 1) * window : c + window;
    }

    /**
     * The look-ahead of a quiet round whose window is the lookahead ({@code c} to {@code limit}): every busy node's
     * shadow (a copy of it over a copy-on-write copy of its memory) runs ahead from
     * where the node is, and the first cycle {@code m} at which any of them would send, end a thread, call the host
     * or fault is where the nodes interact next. No node can see anything of another before {@code m} plus the
     * lookahead, nothing is in flight, and nothing but the networks reaches a node; so every node runs now up to
     * {@code m} in one call, exactly as the rounds would have run it there, and the rounds go on from {@code m}. In an
     * SPMD run the nodes stop instead at the last end of a window ({@link #windowEnd}) at or before {@code m}, where
     * the rounds would have left every node too.
     *
     * @return whether the nodes were run (the caller starts a new round), or false when the round is to be made as
     *         usual
     */
    private boolean stretch(long c, long limit) {
        return stretch(c, limit, false);
    }

    /**
     * {@link #stretch(long, long)}, or with {@code stalled} the same over a stalled network at the start of the
     * lockstep round of cycle {@code c} ({@code limit} {@code c + 1}): every busy network has {@linkplain
     * ClockedNetwork#stalled() stalled}, so that its cycles change nothing until a node acts on it, which no node
     * does before {@code m}; the lockstep rounds up to {@code m} would run every node and every network cycle with
     * nothing reaching any node. So the nodes run up to {@code m} as the quiet look-ahead runs them, the networks'
     * clocks move to {@code m}, and the rounds go on from there (docs/performance.md, "Stalled networks"). It ends
     * before the cycle at which the rounds would start a livelock check.
     */
    private boolean stretch(long c, long limit, boolean stalled) {
        if (stalled ? stallSkip > 0 : lookSkip > 0) {
            if (stalled) {
                stallSkip--;
            } else {
                lookSkip--;
            }
            return false;
        }
        if (pendingEvents || tracer != null || check != null || hardware.needsOwnEngine()) {
            return false;
        }
        long h = Math.min(Math.min(cfg.maxCycles(), stalled ? Long.MAX_VALUE : quietCheckAt),
                Math.min(c + ROUND_CYCLES, c + LOOK_CYCLES));
        if (stalled) {
            boolean any = false;
            for (ClockedNetwork k : nets) {
                if (k.busy()) {
                    if (!k.stalled()) {
                        return false;
                    }
                    any = true;
                }
            }
            // the round of cycle lastProgress + stallCheckAfter + 1 starts a livelock check: the rounds make it
            h = Math.min(h, lastProgressCycle() + stallCheckAfter + 1);
            if (!any || h - c < LOOK_MIN) {
                return false;
            }
            boolean work = false;
            for (Node k : live) {
                work |= k.hasWork();
            }
            if (!work) {
                return false;   // no node has work: the rounds report the deadlock when they must
            }
            materialize();   // before the networks' cycles up to the stretch's end
        }
        for (Node k : live) {
            Node.Stop st = k.stop();
            if (k.hasWork() && st != Node.Stop.LIMIT && st != Node.Stop.IDLE && st != Node.Stop.NETWORK
                    && st != Node.Stop.MESSAGE_SENT) {
                return false;
            }
        }
        if (shadows.length != nodes.length) {
            shadows = new Node[nodes.length];
            probes = new Probe[nodes.length];
            shadowTo = new long[nodes.length];
        }
        boolean skip = !stalled && idleSkipOn();
        // an SPMD run's quiet stretch stops where a window of the rounds ends (windowEnd), or at a limit they share
        boolean grid = !stalled && cfg.spmd();
        long from = c;
        boolean found = false;
        while (!found && from < h) {
            long to = Math.min(h, from + LOOK_CHUNK);
            if (grid && !(to == h && (h == cfg.maxCycles() || h == quietCheckAt))) {
                to -= to % window;
            }
            int ran = 0;
            for (Node k : live) {
                int id = k.nodeId();
                shadowTo[id] = -1;
                if (!k.hasWork() || virtual[id] || waiting(k, skip) || k.nextEventCycle() >= to) {
                    continue;
                }
                long e = runShadow(k, to);
                if (e < to) {
                    to = grid ? e - e % window : e;   // the nodes interact first here: the later shadows stop there
                    found = true;
                } else {
                    shadowTo[id] = to;
                }
                ran++;
            }
            if (found && to - c < LOOK_MIN && from == c) {
                if (stalled) {
                    stallBackoff = Math.min(Math.max(1, 2 * stallBackoff), 1 << 12);
                    stallSkip = stallBackoff;
                    return false;
                }
                lookBackoff = Math.min(Math.max(1, 2 * lookBackoff), 1 << 12);
                lookSkip = lookBackoff;
                return false;
            }
            if (to <= from) {
                break;   // (SPMD) the interaction falls in the window that starts at 'from': the rounds make it
            }
            // every node up to 'to': a shadow that stopped there hands its state over, the others run again
            for (Node k : live) {
                int id = k.nodeId();
                if (!k.hasWork() || !toRun(k, to, skip)) {
                    continue;
                }
                if (shadowTo[id] == to && !(skip && shadows[id].switchCount() != k.switchCount())) {
                    // (a node whose threads switched may be waiting: it runs itself, so that its search for an idle
                    // period sees every instruction)
                    k.adopt(shadows[id]);
                } else {
                    k.runUntil(to);
                }
                if (k.stop() != Node.Stop.LIMIT && k.stop() != Node.Stop.IDLE) {
                    throw new IllegalStateException("look-ahead: node " + k.nodeId() + " stopped (" + k.stop()
                            + ") before cycle " + to + ", which its shadow did not");
                }
            }
            if (stalled) {
                // the networks' cycles up to 'to' change nothing: no node acted on them before it
                for (ClockedNetwork k : nets) {
                    if (k.busy()) {
                        k.skipStalled(to);
                    } else {
                        k.advanceTo(to);
                    }
                }
                netTime = to;
                stallCycles += to - from;
            } else {
                lookCycles += to - from;
            }
            from = to;
            if (ran == 0) {
                break;   // no node has anything before the horizon: the rounds take it from here
            }
        }
        bound = from;
        if (stalled) {
            stallBackoff /= 2;
            stallStretches++;
            lastWork = from - 1;
            return true;
        }
        lookBackoff /= 2;
        lookStretches++;
        lastWork = c;
        quietRounds++;
        return true;
    }

    /** Whether a node waits in a known period, so that the rounds keep it virtual ({@link #toRun}). */
    private boolean waiting(Node k, boolean mayVirtualize) {
        return mayVirtualize && k.stop() == Node.Stop.LIMIT && k.period() > 0
                && k.eventAfter(k.ranTo()) == k.nextEventCycle();
    }

    /**
     * Runs the nodes of a quiet round of a run without ranks (an SCMP run, whose {@code exit} ends the whole run) in
     * node order, one after the other, up to {@code limit}, and lowers the limit of the nodes after one that stopped
     * in front of a host call or at a fault at cycle {@code e} to {@code e + 1}: the event may end the run, and the
     * strict lockstep run has run no node past its cycle then. A shorter window for some nodes is still a window of
     * the lookahead, so nothing else changes (docs/simulator.md, "How the machine runs").
     *
     * @return the lowered limit: the round performs only the events before it and lets a node through a host call
     *         only up to it, since the nodes after the event have not run past it
     */
    private long runUpToEnd(long limit, boolean skip) {
        long lim = limit;
        for (Node k : live) {
            if (k.hasWork() && toRun(k, lim, skip)) {
                run(k, lim);
                long e = pendingCycle(k);
                if (e < lim - 1) {
                    lim = e + 1;
                }
            }
        }
        return lim;
    }

    /** A node's next event: {@link #eventCycle(Node)}, or for a virtual node that of the run it stands for. */
    private long eventOf(Node k) {
        return virtual[k.nodeId()] ? virtualEvent[k.nodeId()] : eventCycle(k);
    }

    /**
     * Brings every virtual node to its position: whole periods first, then the cycles left instruction by
     * instruction, so that it is what the run without skipping has there. Done before anything can reach a node
     * (a network acts), before a livelock check, and before any end is reported.
     */
    private void materialize() {
        if (virtualCount == 0) {
            return;
        }
        matAll++;
        for (Node k : live) {
            if (virtual[k.nodeId()]) {
                materialize(k);
            }
        }
    }

    /** Brings one virtual node to its position ({@link #materialize()}). */
    private void materialize(Node k) {
        int id = k.nodeId();
        virtual[id] = false;
        virtualCount--;
        matNodes++;
        long to = virtualAt[id];
        long p = k.period();
        if (p == 0) {
            // something reached the node while it was virtual, which the networks' names and the machine's rules
            // exclude: its run from here would not be the run without skipping
            throw new IllegalStateException("idle skipping: node " + id + " was reached while virtual (at cycle "
                    + k.ranTo() + ", position " + to + ")");
        }
        if (k.ranTo() + p <= to) {
            long periods = (to - k.ranTo()) / p;
            k.skipPeriods(periods);
            skippedCycles += periods * p;
        }
        if (k.nextEventCycle() < to) {
            run(k, to);
        }
    }

    /**
     * A network is about to act on node {@code id} ({@link ClockedNetwork#reportReach}): a virtual node is brought to
     * its position first, as the run without skipping has it when the network acts (its device and memory are still
     * what they were while it waited). The rounds make it virtual again when its period survives what the network
     * does.
     */
    private void reached(int id) {
        if (id < virtual.length && virtual[id]) {
            matReached++;
            materialize(nodes[id]);
        }
    }

    /**
     * Returns idle skipping's counts so far (for measurements): materializations of every virtual node before a
     * network acted, of a single node a network named, and of every node for any reason (those before a network
     * acted, a livelock check, an end, a look-ahead over a stalled network), then the nodes materialized, the
     * node-cycles skipped, and the nodes that were virtual when a network was to act in a lockstep round, summed over
     * those rounds (they stay virtual unless the network names them).
     */
    public long[] idleSkipCounts() {
        return new long[] {matNetwork, matReached, matAll, matNodes, skippedCycles, keptVirtual};
    }

    /** The node-cycles idle skipping has advanced nodes by so far, without executing them. */
    public long skippedCycles() {
        return skippedCycles;
    }

    /**
     * Sets the source locator used in fault reports (from a compiler's line tables).
     *
     * @param locator the locator
     */
    public void setSourceLocator(SourceLocator locator) {
        this.sourceLocator = locator;
    }

    /**
     * Profiles the run ({@link Profiler}): every node, from its first instruction on, reports its instructions to
     * the profile. Call before {@link #run()}.
     *
     * @param source the program's source lines, which name the functions' files (may know nothing)
     * @return the profile, {@linkplain Profiler#finish finished} when the run ends
     */
    public Profiler profile(SourceLocator source) {
        if (profiler == null) {
            profiler = new Profiler(this, program.executable(), source, program.text().base(), program.text().end());
            addTracer(profiler);
        }
        return profiler;
    }

    /**
     * Writes the run's timeline ({@link Timeline}) as it goes: every node, from its first instruction on, reports
     * its instructions, and the devices their events, to the timeline. Call before {@link #run()}.
     *
     * @param filter what the timeline shows
     * @param out    where its JSON goes; closed when the run ends
     * @return the timeline, {@linkplain Timeline#finish finished} when the run ends
     */
    public Timeline timeline(Timeline.Filter filter, java.io.Writer out) {
        if (timeline == null) {
            CodeMap code = new CodeMap(program.executable(), sourceLocator, program.text().base(),
                    program.text().end());
            timeline = new Timeline(this, code, filter, out);
            addTracer(timeline);
            hardware.setDeviceEvents(timeline);
        }
        return timeline;
    }

    /**
     * Runs the program under the debugger ({@link Debugger}): it stops before the first instruction and then as its
     * commands say. The run should be in strict lockstep ({@link RunConfig#lockstep()}), so that every node is at
     * the stop's cycle. Call before {@link #run()}.
     *
     * @param console where the commands come from
     * @param out     where the answers go
     * @return the debugger
     */
    public Debugger debug(Debugger.Console console, java.io.PrintStream out) {
        CodeMap code = new CodeMap(program.executable(), sourceLocator, program.text().base(), program.text().end());
        Debugger d = new Debugger(this, sourceLocator, code, console, out);
        addTracer(d);
        return d;
    }

    /** Returns what may stop the run from outside. */
    RunControl control() {
        return control;
    }

    /** Returns the program. */
    public Executable executable() {
        return program.executable();
    }

    /** Returns the first address of the program text. */
    int textBase() {
        return program.text().base();
    }

    /** Returns the address after the program text. */
    int textEnd() {
        return program.text().end();
    }

    /** Makes one more tracer see every issued instruction, after those already there. */
    private void addTracer(Tracer more) {
        Tracer before = tracer;
        tracer = before == null ? more : (cycle, n, thread, pc, word) -> {
            before.issue(cycle, n, thread, pc, word);
            more.issue(cycle, n, thread, pc, word);
        };
        for (Node c : live) {
            c.setTracer(tracer);
        }
    }

    /**
     * Sets what may ask the run to stop or to report progress while it runs. Call before {@link #run()}.
     *
     * @param control the requests' flags
     */
    public void setControl(RunControl control) {
        this.control = control;
    }

    /**
     * Prints a progress line on a stream (the machine's error stream's host stream) whenever the control asks for
     * one ({@link RunControl#progress()}): simulated cycles, simulated time when the model has a clock, and the
     * host's speed since the last line.
     *
     * @param to        the stream
     * @param overwrite whether each line replaces the last one (a terminal) rather than following it
     */
    public void setProgress(java.io.PrintStream to, boolean overwrite) {
        this.progress = new Progress(to, overwrite, clockMhz());
    }

    /** The model's clock in MHz, from a {@code clockMhz} parameter, or 0 when it has none. */
    private double clockMhz() {
        for (java.lang.reflect.RecordComponent c : model.params().getClass().getRecordComponents()) {
            if (c.getName().equals("clockMhz")) {
                try {
                    return ((Number) c.getAccessor().invoke(model.params())).doubleValue();
                } catch (ReflectiveOperationException | ClassCastException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /** Returns the run's profile, or null when it is not profiled. */
    public Profiler profiler() {
        return profiler;
    }

    /** The fault that ended the run, or null. */
    public GuestFault lastFault() {
        return lastFault;
    }

    /**
     * The call stack of the thread whose fault ended the run, or of the one a cycle limit stopped, innermost frame
     * first (empty when the run did not end with a fault or at the limit).
     */
    public List<String> faultCallStack() {
        if (lastFault == null && stoppedThread != null) {
            return CallStack.walk(node(stoppedThread[0]), stoppedThread[1], stoppedThread[2], symbolizer, sourceLocator);
        }
        if (lastFault == null || lastFault.node() < 0 || lastFault.node() >= nodes.length || lastFault.thread() < 0) {
            return List.of();
        }
        return CallStack.walk(node(lastFault.node()), lastFault.thread(), lastFault.pc(), symbolizer, sourceLocator);
    }

    /**
     * Tells whether a node has been built: node 0, and every node a message has reached.
     *
     * @param node the node number
     * @return whether it exists
     */
    public boolean nodeBuilt(int node) {
        return nodes[node] != null;
    }

    /** Returns the run's settings, with the memory and the ranks the model decided. */
    public RunConfig runConfig() {
        return cfg;
    }

    /** Returns the machine model with its parameters. */
    public ModelConfig<?> model() {
        return model;
    }

    /** Returns the model's hardware of this machine: its devices, networks and reports. */
    public Hardware hardware() {
        return hardware;
    }

    /** Returns the number of nodes. */
    public int nodeCount() {
        return nodes.length;
    }

    /**
     * Returns the address of a symbol of the program.
     *
     * @param symbol the name
     * @return its value
     * @throws IllegalArgumentException when the program does not define it
     */
    public int addressOf(String symbol) {
        Long v = program.executable().symbolValue(symbol);
        if (v == null) {
            throw new IllegalArgumentException("the program does not define " + symbol);
        }
        return (int) (long) v;
    }

    /** Returns the symbolizer of the program. */
    public Symbolizer symbolizer() {
        return symbolizer;
    }

    /**
     * Returns a node's exit status in an SPMD run, or -1 when its program has not exited (or the run is not SPMD).
     *
     * @param node the node
     * @return the status, 0..255, or -1
     */
    public int exitStatus(int node) {
        return node < exitCycle.length && exitCycle[node] >= 0 ? exitStatus[node] : -1;
    }

    /**
     * Returns the issue cycle of a node's {@code hcall exit} in an SPMD run, or -1.
     *
     * @param node the node
     * @return the cycle, or -1
     */
    public long exitCycle(int node) {
        return node < exitCycle.length ? exitCycle[node] : -1;
    }

    /** Returns the result of the run, or null before {@link #run()} has returned. */
    public Result result() {
        return result;
    }

    /**
     * Runs the program to its end. Guest output is flushed before returning; the caller prints
     * {@link Result#message()}.
     *
     * @return the result
     */
    public Result run() {
        try {
            result = loop();
            if (profiler != null) {
                profiler.finish(result.cycles());
            }
            if (timeline != null) {
                timeline.finish(result.cycles());
            }
            return result;
        } finally {
            if (pool != null) {
                pool.close();
                pool = null;
            }
            if (progress != null) {
                progress.end();
            }
            host.closeAll();
            host.flushLines();
            try {
                out.flush();
            } catch (IOException e) {
                // the host's stdout is gone (a closed pipe): nothing left to tell it
            }
            try {
                err.flush();
            } catch (IOException e) {
                // likewise for stderr
            }
        }
    }

    private Result loop() {
        final long max = cfg.maxCycles();
        final boolean lockstep = cfg.lockstep();
        stallCheckAfter = 4 * stallWindow();
        virtual = new boolean[nodes.length];
        virtualAt = new long[nodes.length];
        virtualEvent = new long[nodes.length];
        batch = new Node[nodes.length];
        try {
            while (true) {
                if (control.attention) {
                    Result r = attend();
                    if (r != null) {
                        return r;
                    }
                }
                if (check != null) {
                    Result r = checkRound(max);
                    if (r != null) {
                        return r;
                    }
                    continue;
                }
                if (lockstep || busy()) {
                    Result r = lockstepRound(max, lockstep);
                    if (r != null) {
                        return r;
                    }
                    continue;
                }
                // ---- quiet: nothing in flight. The cores whose next event is earliest (cycle c) act; a lone one
                // runs on up to the next event of any other core (without limit when there is none).
                long c = Long.MAX_VALUE;
                long c2 = Long.MAX_VALUE;
                int count = 0;
                for (Node k : live) {
                    long e = eventOf(k);
                    if (e < c) {
                        c2 = c;
                        c = e;
                        count = 1;
                    } else if (e == c) {
                        count++;
                    } else if (e < c2) {
                        c2 = e;
                    }
                }
                if (c == Long.MAX_VALUE) {
                    return ended(netTime);
                }
                if (c >= max) {
                    return maxCycles(max);
                }
                if (c >= quietCheckAt) {
                    advanceTo(c);
                    startCheck(c);
                    continue;
                }
                // a lone core runs up to the next event of another; several within the window run through it
                if (count > 1) {
                    c2 = c;
                }
                long end = windowEnd(c);
                long limit = Math.min(Math.min(Math.min(max, Math.max(c2, end)), quietCheckAt), c + ROUND_CYCLES);
                bound = limit;
                lastWork = c;
                quietRounds++;
                boolean skip = idleSkipOn();
                // a window of the lookahead for several busy nodes: look further ahead first
                if (limit == end && window > 1 && lookAhead && stretch(c, limit)) {
                    continue;
                }
                if (cfg.spmd()) {
                    int count2 = 0;
                    for (Node k : live) {
                        if (k.hasWork() && toRun(k, limit, skip)) {
                            batch[count2++] = k;
                        }
                    }
                    runQuiet(count2, limit, limit - c);
                } else {
                    limit = runUpToEnd(limit, skip);
                    bound = Math.min(bound, limit);
                }
                Result r = events(limit);
                if (r != null) {
                    return r;
                }
            }
        } catch (GuestFault g) {
            return faultResult(g);
        }
    }

    /**
     * One lockstep round at the network time {@code n}: every core whose next instruction issues by {@code n}
     * runs up to {@code n + 1}, the events due by {@code n} happen, then the networks run core cycle {@code n}.
     * Cycles in which neither the cores nor the networks can do anything are skipped first (unless in strict
     * lockstep).
     */
    private Result lockstepRound(long max, boolean strict) {
        long n = netTime;
        if (!strict) {
            long first = nextActivity();
            if (first > n) {
                for (Node k : live) {
                    first = Math.min(first, eventOf(k));
                }
                if (first > n && first != Long.MAX_VALUE) {
                    advanceTo(Math.min(first, max));
                    n = netTime;
                }
            }
        }
        if (n >= max) {
            return maxCycles(max);
        }
        // a network that has stalled, in a run without ranks: the nodes run ahead to their next interaction
        if (!strict && lookAhead && !cfg.spmd() && stretch(n, n + 1, true)) {
            return null;
        }
        if (!strict && !pendingEvents && idleSkipOn() && stalled(n) && runAhead(n, max)) {
            return null;
        }
        if (!strict) {
            long end = busyWindowEnd(n, max);
            if (end > n + 1) {
                return busyWindow(n, end);
            }
        }
        boolean work = false;
        boolean skip = !strict && idleSkipOn();
        if (skip && !reachKnown && nextActivity() <= n && !stalled(n)) {
            // the networks act in cycle n, and a virtual node would be materialized before they do: run it now
            // rather than make it virtual again in every round of a busy network
            if (virtualCount > 0) {
                matNetwork++;
            }
            materialize();
            skip = false;
        }
        long calls = portCalls;
        boolean acts = skip && reachKnown && nextActivity() <= n;
        for (Node k : live) {
            if (k.hasWork()) {
                work = true;
                advance(k, n + 1, skip, acts);
            }
        }
        bound = n + 1;
        Result r = events(n + 1);
        if (r != null) {
            return r;
        }
        if (work || pendingEvents) {
            lastWork = n;
        } else {
            if (!busy()) {
                return ended(n);
            }
            long still = Math.max(lastWork, lastProgressCycle());
            if (n - still > stallWindow()) {
                return deadlock(n, "no thread can run on any node and nothing has moved since cycle " + still);
            }
        }
        boolean kept = false;
        if (virtualCount > 0 && nextActivity() <= n) {
            if (portCalls != calls || !stalled(n)) {
                if (!reachKnown) {
                    matNetwork++;
                    materialize();   // the networks act in cycle n: whatever they do may reach any node
                } else {
                    keptVirtual += virtualCount;   // the networks name the nodes they reach ('reached')
                }
            } else {
                kept = true;     // stalled, and no core acted on its device: the networks cannot move in cycle n
            }
        }
        advanceTo(n + 1);
        if (kept && lastProgressCycle() >= n) {
            throw new IllegalStateException("a stalled network moved in cycle " + n + " with no core acting on it");
        }
        if (work && !pendingEvents && !strict && n - lastProgressCycle() > stallCheckAfter) {
            startCheck(n + 1);
        }
        return null;
    }

    /**
     * Where the lockstep rounds from network time {@code n} may be made as one ({@link #busyWindow}): the least of the
     * networks' {@linkplain ClockedNetwork#horizon() horizons}, {@code H}, the first cycle in which what is in flight
     * can reach a node, is the window's last cycle, no further than the networks' reaction from {@code n} (what the
     * cores hand the networks meanwhile acts no sooner; {@link ClockedNetwork#reactionCycles}) and the cycle limit. {@code n + 1}, one round, when a network may reach a node in cycle {@code n}, when no core is busy
     * or when host calls, faults or halts are pending. Sets {@link #busyReach}: whether the networks may reach a node
     * in the window's last cycle.
     */
    private long busyWindowEnd(long n, long max) {
        if (pendingEvents || busyLimit <= 1) {
            return n + 1;
        }
        long reach = Long.MAX_VALUE;
        for (ClockedNetwork k : nets) {
            reach = Math.min(reach, k.horizon());
        }
        if (reach <= n) {
            return n + 1;
        }
        boolean work = false;
        for (Node k : live) {
            if (k.hasWork()) {
                work = true;
                break;
            }
        }
        if (!work) {
            return n + 1;
        }
        long lim = Math.min(n + busyLimit, max);
        busyReach = reach < lim;
        return busyReach ? reach + 1 : lim;
    }

    /**
     * The lockstep rounds of network cycles {@code n} to {@code end - 1} made as one: nothing in flight reaches a
     * node before the networks' cycle {@code end - 1} ({@link #busyWindowEnd}), and nothing a core hands a network
     * in the window moves before a lookahead after it. So every busy core runs up to {@code end} (on past its network
     * instructions), or stays or becomes virtual as in a round, the pending events below the window's end happen
     * in (cycle, node) order, and the networks then run up to the first cycle a core has not run, after the virtual
     * nodes are brought to their positions if the networks may reach a node in the window's last cycle: what the
     * rounds one cycle at a time give (docs/simulator.md, "How the machine runs").
     */
    private Result busyWindow(long n, long end) {
        boolean skip = idleSkipOn();
        boolean work = false;
        for (Node k : live) {
            if (k.hasWork()) {
                work = true;
                advance(k, end, skip, false);
            }
        }
        for (boolean again = true; again; ) {
            again = false;
            for (Node k : live) {
                if (!virtual[k.nodeId()] && k.hasWork() && k.nextEventCycle() < end
                        && (k.stop() == Node.Stop.NETWORK || k.stop() == Node.Stop.MESSAGE_SENT)) {
                    run(k, end);
                    again = true;
                }
            }
        }
        bound = end;
        Result r = events(end);
        if (r != null) {
            return r;
        }
        long to = end;
        for (Node k : live) {
            to = Math.min(to, eventOf(k));
        }
        to = Math.max(to, n + 1);
        busyWindows++;
        busyWindowCycles += to - n;
        if (work || pendingEvents) {
            lastWork = to - 1;
        }
        if (virtualCount > 0 && busyReach && to == end) {
            matNetwork++;
            materialize();
        }
        advanceTo(to);
        if (work && !pendingEvents && to - 1 - lastProgressCycle() > stallCheckAfter) {
            startCheck(to);
        }
        return null;
    }

    /** Whether the networks may reach a node in the last cycle of the current busy window ({@link #busyWindowEnd}). */
    private boolean busyReach;

    /** Busy windows made ({@link #busyWindow}) and the network cycles they spanned (for measurements). */
    private long busyWindows;
    private long busyWindowCycles;

    /**
     * Runs node {@code k}'s shadow ({@link Node#shadow}), made its copy, up to cycle {@code to} (the shadow arrays sized
     * to the machine): the first cycle at which the node would act on its device, call the host, halt or fault, or
     * {@code Long.MAX_VALUE} when it does none of these before {@code to}. The node itself does not move.
     */
    private long runShadow(Node k, long to) {
        int id = k.nodeId();
        Node sh = shadows[id];
        if (sh == null) {
            probes[id] = new Probe();
            sh = k.shadow(probes[id]);
            shadows[id] = sh;
        }
        sh.copyFrom(k);
        Probe pr = probes[id];
        pr.first = Long.MAX_VALUE;
        sh.runUntil(to);
        long e = switch (sh.stop()) {
            case HOST_CALL -> sh.nextEventCycle();
            case FAULT -> sh.fault().cycle();
            case HALTED -> sh.haltCycle();
            default -> Long.MAX_VALUE;
        };
        return Math.min(e, pr.first);
    }

    /** The most cycles one {@link #runAhead} spans. */
    static final long AHEAD_CYCLES = 1L << 16;
    /** The fewest cycles a run-ahead must find free of interactions to be used; below it the next ones wait. */
    static final long AHEAD_MIN = 64;
    /** Stalled rounds to let pass before the next run-ahead, and the current back-off. */
    private long aheadSkip;
    private long aheadBackoff;
    private long aheadStretches;
    private long aheadCycles;

    /** Returns the run-aheads over stalled networks so far and the cycles they spanned (for measurements). */
    public long[] runAheadCounts() {
        return new long[] {aheadStretches, aheadCycles};
    }

    /**
     * The lockstep rounds from {@code n} on while the networks are {@linkplain #stalled stalled} and at most one node
     * is busy, the others waiting in known periods (virtual) or without work: the busy node's shadow ({@link
     * Node#shadow}) runs ahead to find the first cycle {@code m} at which the node would act on its device, call the
     * host, halt or fault; before {@code m} nothing acts on the networks, so they do not move, nothing reaches any
     * node, and each round would only run the busy node one cycle and move the virtual nodes' positions. So the busy
     * node runs up to {@code m} in one call (or takes its shadow's state), the virtual nodes' positions move to
     * {@code m}, the networks' clocks jump to {@code m} ({@link ClockedNetwork#skipStalled}), and the rounds go on
     * from {@code m} (docs/performance.md, "Stalled networks").
     *
     * @return whether the rounds up to {@code m} were made (the caller starts the next round), or false when the
     *         round at {@code n} is to be made as usual
     */
    private boolean runAhead(long n, long max) {
        if (aheadSkip > 0) {
            aheadSkip--;
            return false;
        }
        // no later than the round that would start a livelock check ('n - lastProgressCycle() > stallCheckAfter')
        long to = Math.min(Math.min(max, lastProgressCycle() + stallCheckAfter + 1), n + AHEAD_CYCLES);
        if (to - n < AHEAD_MIN) {
            return false;
        }
        Node lone = null;
        boolean work = false;
        for (Node k : live) {
            if (!k.hasWork()) {
                continue;
            }
            work = true;
            if (virtual[k.nodeId()] || waiting(k, true)) {
                continue;
            }
            if (lone != null) {
                return false;   // two busy nodes: what one does may reach the other within a few cycles
            }
            lone = k;
        }
        if (!work) {
            return false;       // the round decides whether the machine has deadlocked
        }
        long m = to;
        long calls = portCalls;
        if (lone != null && lone.nextEventCycle() < to) {
            int id = lone.nodeId();
            if (shadows.length != nodes.length) {
                shadows = new Node[nodes.length];
                probes = new Probe[nodes.length];
                shadowTo = new long[nodes.length];
            }
            long e = runShadow(lone, to);
            Node sh = shadows[id];
            if (e <= n) {
                return false;   // it acts now: the round makes it
            }
            if (e - n < AHEAD_MIN) {
                aheadBackoff = Math.min(Math.max(1, 2 * aheadBackoff), 1 << 12);
                aheadSkip = aheadBackoff;
                return false;
            }
            m = Math.min(to, e);
            if (m == to && e == Long.MAX_VALUE && sh.switchCount() == lone.switchCount()) {
                lone.adopt(sh);
            } else {
                // (a node whose threads switched may be waiting: it runs itself, so that its search for an idle
                // period sees every instruction)
                lone.runUntil(m);
            }
            if ((lone.stop() != Node.Stop.LIMIT && lone.stop() != Node.Stop.IDLE) || portCalls != calls) {
                throw new IllegalStateException("stalled network: node " + id + " stopped (" + lone.stop()
                        + ") or acted on its device before cycle " + m + ", which its shadow did not");
            }
        }
        for (Node k : live) {
            if (k != lone && k.hasWork() && toRun(k, m, true)) {
                throw new IllegalStateException("stalled network: node " + k.nodeId() + " is not waiting");
            }
        }
        long moved = lastProgressCycle();
        for (ClockedNetwork k : nets) {
            if (k.busy()) {
                k.skipStalled(m);   // stalled ('stalled(n)')
            } else {
                k.advanceTo(m);
            }
        }
        netTime = m;
        if (lastProgressCycle() != moved) {
            throw new IllegalStateException("a stalled network moved between cycles " + n + " and " + m);
        }
        aheadBackoff /= 2;
        aheadStretches++;
        aheadCycles += m - n;
        bound = m;
        lastWork = m - 1;
        return true;
    }

    // ---------------------------------------------------------------- the networks, together

    /** Calls of the nodes' device ports so far (network instructions, thread ends): what can make a network move. */
    private long portCalls;
    /** The cycle of the last call of a device port. */
    private long lastCall;

    /** A node's device port, counting its calls ({@link #portCalls}). */
    private final class CountedPort implements scmp.cpu.NetworkPort {
        private final scmp.cpu.NetworkPort inner;

        CountedPort(scmp.cpu.NetworkPort inner) {
            this.inner = inner;
        }

        @Override
        public int request(int op, long cycle, ThreadContext thread, int v0, int v1, int v2, int v3) {
            portCalls++;
            lastCall = Math.max(lastCall, cycle);
            return inner.request(op, cycle, thread, v0, v1, v2, v3);
        }

        @Override
        public void threadEnded(long cycle, ThreadContext thread) {
            portCalls++;
            lastCall = Math.max(lastCall, cycle);
            inner.threadEnded(cycle, thread);
        }
    }

    /**
     * Whether every network is empty or stalled at core cycle {@code n}: neither it nor any core's device has moved for
     * longer than its stall window, after which it does not move again until a core acts on its device (a network
     * instruction, a thread's end), the model's promise that the livelock proof rests on too
     * ({@link ClockedNetwork#stallWindow()}); and the network itself says that it holds nothing that moves by itself
     * ({@link ClockedNetwork#stalled()}: for the SCMP mesh, every NIU only waits).
     */
    private boolean stalled(long n) {
        for (ClockedNetwork k : nets) {
            if (k.busy() && (n - Math.max(k.lastProgressCycle(), lastCall) <= k.stallWindow() || !k.stalled())) {
                return false;
            }
        }
        return true;
    }

    /** Whether some network may act on node {@code id} in its next cycle ({@link ClockedNetwork#mayActOn}). */
    private boolean mayActOn(int id) {
        for (ClockedNetwork k : nets) {
            if (k.mayActOn(id)) {
                return true;
            }
        }
        return false;
    }

    /** Whether anything is in flight in any network. */
    private boolean busy() {
        for (ClockedNetwork k : nets) {
            if (k.busy()) {
                return true;
            }
        }
        return false;
    }

    /** The first core cycle in which any network can do anything, or {@link Long#MAX_VALUE}. */
    private long nextActivity() {
        long first = Long.MAX_VALUE;
        for (ClockedNetwork k : nets) {
            first = Math.min(first, k.nextActivity());
        }
        return first;
    }

    /** Runs every network, in list order, up to core cycle {@code cycle}. */
    private void advanceTo(long cycle) {
        for (ClockedNetwork k : nets) {
            k.advanceTo(cycle);
        }
        netTime = cycle;
    }

    /** The last core cycle in which anything moved in any network. */
    private long lastProgressCycle() {
        long last = 0;
        for (ClockedNetwork k : nets) {
            last = Math.max(last, k.lastProgressCycle());
        }
        return last;
    }

    /** The longest pause any network can make while it will still move. */
    private long stallWindow() {
        long w = 0;
        for (ClockedNetwork k : nets) {
            w = Math.max(w, k.stallWindow());
        }
        return w;
    }

    /** Every node's remote writes so far: effects that no flit may account for. */
    private long remoteEffects() {
        long e = 0;
        for (Node c : live) {
            e += c.remote().effects();
        }
        return e;
    }

    // ---------------------------------------------------------------- livelock

    /**
     * A livelock check: the proof that the machine repeats itself for ever without doing anything. It starts when
     * no network has moved for a while (or every so often while nothing is in flight), records every core's
     * {@linkplain Node#relativeState state}, and then runs in strict lockstep, watching every instruction. It
     * fails (and the next check waits twice as long) as soon as a thread sends, calls the host or ends (an
     * instruction whose declared semantics {@linkplain InstructionSemantics#sends() send},
     * {@linkplain InstructionSemantics#callsHost() call the host} or {@linkplain InstructionSemantics#endsThread()
     * end the thread}, or an illegal word), reads a counter that differs in every period (the cycle or instruction
     * counter), or a network moves, or a node's memory is written through its remote port, or after
     * {@link #CHECK_CYCLES} cycles. A thread's stores are tracked ({@link scmp.cpu.Memory#track}) rather than
     * refused. It succeeds when every core with work has come back to its recorded state, relative to the time,
     * with its memory holding again what it held at the start (the stores of its period, a frame pushed and popped
     * or a flag rewritten with its own value, undone or idempotent) and its other hardware that loads change
     * ({@link Hardware#silentState}: a data cache) too, and every network is either empty or (in the narrower
     * proof below) has not moved for longer than its stall window: then no core's memory, device or network changed, nothing outside the cores
     * will act again until a core does, each core's future is a repetition of the period it just went through,
     * and nothing will ever change. Whether a core's period holds a {@code suspend} (a waiting loop) or not (a
     * spinning one: a T3D PE polling its memory) does not matter to the argument; the report says which
     * (docs/simulator.md, "Deadlocks and livelocks"). A model whose threads wait in {@code suspend} loops
     * ({@link Hardware#waitsBySpinning()} false: the SCMP chip) keeps the narrower proof its reports were defined
     * with: a store fails the check, and a core's period must hold a {@code suspend}.
     */
    private final class Check implements Tracer {
        final long start;
        final long progress;
        final long effects;
        final long[][] silent;
        final long[][] state;
        final boolean[] repeated;
        final boolean[] suspended;
        final long[] scratch;
        boolean effect;
        /** Whether a thread stored to memory during the check (its stores must have put back what was there). */
        boolean stored;
        /** Whether the wider proof applies: stores tracked, periods without {@code suspend} accepted. */
        final boolean wide = hardware.waitsBySpinning();

        Check(long now) {
            this.start = now;
            this.progress = lastProgressCycle();
            this.effects = remoteEffects();
            int n = nodes.length;
            this.silent = new long[n][];
            this.state = new long[n][];
            this.repeated = new boolean[n];
            this.suspended = new boolean[n];
            int size = 0;
            for (Node c : live) {
                state[c.nodeId()] = new long[c.stateSize()];
                c.relativeState(now, state[c.nodeId()]);
                silent[c.nodeId()] = hardware.silentState(c.nodeId());
                size = Math.max(size, c.stateSize());
                c.setTracer(this);
                if (wide) {
                    c.memory().track(true);
                }
            }
            this.scratch = new long[size];
        }

        @Override
        public void issue(long cycle, int node, int thread, int pc, int word) {
            if (tracer != null) {
                tracer.issue(cycle, node, thread, pc, word);
            }
            Instruction insn = Isa.decode(word);
            InstructionSemantics sem = insn == null ? null : SemanticTable.of(insn);
            if (sem == null || sem.sends() || sem.callsHost() || sem.endsThread() || readsCounter(insn, word)) {
                effect = true;
            } else if (sem.suspends()) {
                suspended[node] = true;
            } else if (sem.writesMemory()) {
                stored = true;
                effect |= !wide;
            }
        }

        /** After the cores executed every instruction before {@code now}: whether every core has repeated. */
        boolean repeated(long now) {
            boolean all = true;
            for (Node c : live) {
                int k = c.nodeId();
                if (repeated[k]) {
                    continue;
                }
                if (state[k] == null) {
                    return false;   // a node built during the check: a message arrived, which is movement anyway
                }
                if (!c.hasWork()) {
                    repeated[k] = true;
                    continue;
                }
                // the narrower proof needs a suspend in the period: until then the state is not even read (a
                // lone node's check that never suspends runs all its rounds, each of which would copy it)
                if ((wide || suspended[k]) && copyState(c, now)
                        && java.util.Arrays.equals(scratch, 0, state[k].length, state[k], 0, state[k].length)
                        && c.memory().unchangedSinceTracked()
                        && java.util.Arrays.equals(silent[k], hardware.silentState(k))) {
                    repeated[k] = true;
                } else {
                    all = false;
                }
            }
            return all;
        }

        /** Copies a core's relative state at {@code now} into {@link #scratch}; true. */
        private boolean copyState(Node c, long now) {
            c.relativeState(now, scratch);
            return true;
        }

        /** Whether every core that came back to its state with threads left executed a {@code suspend} on the way. */
        boolean waitedInSuspend() {
            for (Node c : live) {
                if (c.hasWork() && !suspended[c.nodeId()]) {
                    return false;
                }
            }
            return true;
        }

        void end() {
            for (Node c : live) {
                c.setTracer(tracer);
                if (wide) {
                    c.memory().track(false);
                }
            }
        }
    }

    /**
     * Whether an instruction reads a counter whose value differs in every period of a loop ({@code rdsr} of the
     * cycle or instruction counter): a loop that reads it may end by itself (a timeout), even if the registers it
     * keeps come back the same, so a check that sees one fails.
     */
    private static boolean readsCounter(Instruction insn, int word) {
        if (insn != Instruction.RDSR) {
            return false;
        }
        SpecialRegister sr = SpecialRegister.values()[Isa.operands(insn, word)[1]];
        return sr == SpecialRegister.CYCLE || sr == SpecialRegister.CYCLEH || sr == SpecialRegister.INSTRET;
    }

    /**
     * Whether no network will act again before a core does: each is empty, or (in the narrower proof) has not moved
     * for longer than its stall window, the pause after which it never moves again while the cores do nothing
     * outside their threads. The wider proof, which takes spinning cores and tracked stores, asks for empty
     * networks alone: a stalled network's window is the model's promise, and a spinning wait with something still
     * in flight is left to the next check.
     */
    private boolean networksSettled(long now, boolean wide) {
        for (ClockedNetwork k : nets) {
            if (k.busy() && (wide || now - k.lastProgressCycle() <= k.stallWindow())) {
                return false;
            }
        }
        return true;
    }

    private void startCheck(long now) {
        materialize();
        check = new Check(now);
    }

    /** One strict lockstep round of a livelock check. */
    private Result checkRound(long max) {
        Check k = check;
        Result r = lockstepRound(max, true);
        long now = netTime;
        if (r != null) {
            k.end();
            check = null;
            return r;
        }
        if (k.effect || pendingEvents || lastProgressCycle() > k.progress || remoteEffects() != k.effects
                || now - k.start > CHECK_CYCLES) {
            k.end();
            check = null;
            quietCheckInterval *= 2;
            quietCheckAt = now + quietCheckInterval;
            stallCheckAfter *= 2;
            return null;
        }
        if (k.repeated(now) && networksSettled(now, k.wide)) {
            k.end();
            check = null;
            String how = k.waitedInSuspend() ? "(suspend)" : "(spinning in a loop that reads only what never changes)";
            String memory = k.stored ? "changed memory (its stores put back what was there)" : "written memory";
            return deadlock(now, "livelock: every thread left only waits " + how + "; since cycle " + k.start
                    + " no thread has " + memory + ", sent, called the host, started or ended, nothing has moved in "
                    + "the network, and every node has come back to the same state: nothing will ever change");
        }
        return null;
    }

    /** Runs a core up to {@code limit}; records a pending event, or lowers the round's bound after a send. */
    private void run(Node c, long limit) {
        c.runUntil(limit);
        stopped(c);
    }

    /** Takes a core's stop after a run: records a pending event, or lowers the round's bound after a send. */
    private void stopped(Node c) {
        switch (c.stop()) {
            case HOST_CALL, FAULT, HALTED -> pendingEvents = true;
            case NETWORK, MESSAGE_SENT -> bound = Math.min(bound, c.nextEventCycle());
            default -> {
            }
        }
    }

    /** The cycle of a core's pending event or next instruction, or {@link Long#MAX_VALUE}. */
    private static long eventCycle(Node c) {
        return switch (c.stop()) {
            case FAULT -> c.fault().cycle();
            case HALTED -> c.haltCycle();
            default -> c.hasWork() ? c.nextEventCycle() : Long.MAX_VALUE;
        };
    }

    private static long pendingCycle(Node c) {
        return switch (c.stop()) {
            case HOST_CALL -> c.nextEventCycle();
            case FAULT -> c.fault().cycle();
            case HALTED -> c.haltCycle();
            default -> Long.MAX_VALUE;
        };
    }

    /**
     * Performs pending host calls, faults and halts below the round's bound in (cycle, node) order; a core let
     * through a host call runs on to {@code horizon}. Returns a result when one ends the run.
     */
    private Result events(long horizon) {
        if (!pendingEvents) {
            return null;
        }
        while (true) {
            Node best = null;
            long bestCycle = Long.MAX_VALUE;
            for (Node c : live) {
                long ec = pendingCycle(c);
                if (ec < bestCycle) {
                    bestCycle = ec;
                    best = c;
                }
            }
            if (best == null) {
                pendingEvents = false;
                return null;
            }
            if (bestCycle >= bound) {
                return null;
            }
            switch (best.stop()) {
                case FAULT -> {
                    return faultResult(best.fault());
                }
                case HALTED -> {
                    Result r = halted(best);
                    if (r != null) {
                        return r;
                    }
                }
                default -> {
                    best.allowHostCall();
                    run(best, horizon);
                }
            }
        }
    }

    private long instructions() {
        long n = 0;
        for (Node c : live) {
            n += c.instructions();
        }
        return n;
    }

    private Result result(Outcome o, int code, long cycles, String message) {
        materialize();
        if (Boolean.getBoolean("scmp.idleskip.stats")) {
            long sk = 0;
            for (Node k : live) {
                sk += k.skippedInstructions();
            }
            System.err.println("busy windows: " + busyWindows + " spanning " + busyWindowCycles + " cycles");
            System.err.println("idle skipping: " + (instructions() - sk) + " instructions executed, " + sk
                    + " skipped; " + matNetwork + " materializations of every node before a network"
                    + " acted, " + matReached + " of a node a network named, " + matAll + " of every node in all, "
                    + matNodes + " nodes materialized, " + skippedCycles + " node-cycles skipped, " + keptVirtual
                    + " virtual node-cycles as a network acted");
            for (Node k : live) {
                System.err.println("  node " + k.nodeId() + ": " + k.instructions() + " instructions; period"
                        + " searches (started, found, effect, long, outside/device, no repetition, -, disturbed) "
                        + java.util.Arrays.toString(k.periodSearchCounts()));
            }
        }
        return new Result(o, code, cycles, instructions(), message);
    }

    /**
     * The report of a run stopped by its cycle limit: where the lowest-numbered node with a thread was (its
     * running thread, else its first live one), so that an endless loop is named like a fault.
     */
    private Result maxCycles(long max) {
        materialize();
        String msg = "scmpsim: stopped after " + max + " cycles (--max-cycles)";
        stoppedThread = null;
        for (Node c : live) {
            ThreadContext t = c.runningThread();
            for (int i = 0; t == null && i < c.contextCount(); i++) {
                ThreadContext.State st = c.context(i).state();
                if (st == ThreadContext.State.READY || st == ThreadContext.State.BLOCKED) {
                    t = c.context(i);
                }
            }
            if (t != null && (stoppedThread == null || c.nodeId() < stoppedThread[0])) {
                stoppedThread = new int[] {c.nodeId(), t.id(), t.pc()};
            }
        }
        if (stoppedThread != null) {
            msg += ": node " + stoppedThread[0] + " thread " + stoppedThread[1] + " at " + where(stoppedThread[2]);
        }
        return result(Outcome.MAX_CYCLES, EXIT_MAX_CYCLES, max, msg);
    }

    /** The cycle the run has reached: the networks' time, or how far the cores have run. */
    private long reached() {
        long at = Math.max(netTime, lastWork);
        for (Node c : live) {
            at = Math.max(at, c.ranTo());
        }
        return at;
    }

    /** Answers the control's requests between two rounds: a progress line, or the end of the run. */
    private Result attend() {
        control.clear();
        materialize();
        if (control.takeProgress() && progress != null) {
            try {
                err.flush();
            } catch (IOException e) {
                // the guest's stderr is gone; the progress line goes to the same place and may fail alike
            }
            progress.line(reached(), instructions());
        }
        int code = control.stopCode();
        if (code == 0) {
            return null;
        }
        long at = reached();
        StringBuilder sb = new StringBuilder("scmpsim: interrupted (").append(control.stopReason())
                .append(") at cycle ").append(at);
        threads(sb);
        return result(Outcome.INTERRUPTED, code, at, sb.toString());
    }

    /** Node, thread and pc of the thread a cycle limit stopped (see {@link #maxCycles}), or null. */
    private int[] stoppedThread;

    /**
     * A core halted on a host call: the run ends, unless it is one node's {@code exit} in an SPMD run and ranks
     * remain (then null).
     */
    private Result halted(Node c) {
        HostCalls.Ending e = host.ending();
        if (!cfg.spmd() || e.kind() != HostCalls.EndKind.EXIT) {
            return endingResult();
        }
        int node = c.nodeId();
        c.exitNode();
        hardware.nodeExited(node);
        host.flushLines(node);
        int status = e.status() & 0xFF;
        exitStatus[node] = status;
        exitCycle[node] = e.cycle();
        lastExit = Math.max(lastExit, e.cycle());
        if (status != 0 && firstFailure < 0) {
            firstFailure = status;
        }
        if (node < cfg.ranks() && --ranksLeft == 0) {
            return result(Outcome.EXIT, Math.max(firstFailure, 0), lastExit + 1, null);
        }
        return null;
    }

    /** Nothing can run and nothing is in flight: a normal end, or a deadlock when threads remain. */
    private Result ended(long now) {
        materialize();
        int remaining = 0;
        long last = lastExit;
        for (Node c : live) {
            remaining += c.liveThreads() + c.reservedContexts();
            last = Math.max(last, c.lastEndCycle());
        }
        if (remaining > 0) {
            long at = now;
            for (Node c : live) {
                at = Math.max(at, c.lastSwitchCycle() + 1);
            }
            return deadlock(at, remaining + " thread(s) remain, none can run, and nothing is in flight");
        }
        return result(Outcome.ALL_ENDED, Math.max(firstFailure, 0), last + 1, null);
    }

    private Result deadlock(long now, String why) {
        materialize();
        StringBuilder sb = new StringBuilder("scmpsim: deadlock at cycle ").append(now).append(hardware.clockNote())
                .append(": ").append(why);
        threads(sb);
        String net = hardware.stateReport();
        if (!net.isEmpty()) {
            sb.append('\n').append(net.stripTrailing());
        }
        String mpi = MpiState.report(this);     // MPI programs: every rank's queues (docs/mpi.md)
        sb.append(mpi.isEmpty() ? "" : "\n" + mpi);
        return result(Outcome.DEADLOCK, EXIT_DEADLOCK, now, sb.toString());
    }

    /** Appends a line for every exited rank and every thread that is not free, with where it is. */
    private void threads(StringBuilder sb) {
        for (Node c : live) {
            if (c.exited()) {
                sb.append("\n  node ").append(c.nodeId()).append(": exited with status ").append(exitStatus[c.nodeId()])
                        .append(" at cycle ").append(exitCycle[c.nodeId()]);
                continue;
            }
            for (int k = 0; k < c.contextCount(); k++) {
                ThreadContext t = c.context(k);
                String state = switch (t.state()) {
                    case FREE -> null;
                    case RESERVED -> "reserved for an incoming THREAD message";
                    case BLOCKED -> {
                        String why2 = hardware.blockedReason(c.nodeId(), k);
                        yield "blocked at " + where(t.pc()) + " on " + hardware.deviceName()
                                + (why2 == null ? "" : ", waiting for " + why2);
                    }
                    case READY -> "ready at " + where(t.pc());
                    case RUNNING -> "running at " + where(t.pc());
                };
                if (state != null) {
                    sb.append("\n  node ").append(c.nodeId()).append(" thread ").append(k).append(": ").append(state);
                    String call = hardware.waitsBySpinning() && t.state() != ThreadContext.State.RESERVED
                            ? CallStack.mpiCall(c, k, t.pc(), symbolizer) : null;
                    if (call != null) {
                        sb.append(", in ").append(call);     // a spinning wait's pc is deep in libmpi's progress
                    }
                    String user = t.state() == ThreadContext.State.RESERVED ? null
                            : CallStack.userFrame(c, k, t.pc(), symbolizer, sourceLocator);
                    if (user != null) {
                        sb.append("; in the program at ").append(user);
                    }
                }
            }
        }
    }

    private Result endingResult() {
        materialize();
        HostCalls.Ending e = host.ending();
        if (e.kind() != HostCalls.EndKind.ABORT) {
            return result(Outcome.EXIT, e.status() & 0xFF, e.cycle() + 1, null);
        }
        String what = e.message() == null ? "abort" : "abort: " + e.message();
        return result(Outcome.ABORT, EXIT_ABORT, e.cycle() + 1,
                "scmpsim: node " + e.node() + " thread " + e.thread() + ": " + what + " at " + where(e.pc()));
    }

    private Result faultResult(GuestFault g) {
        materialize();
        lastFault = g;
        return result(Outcome.FAULT, EXIT_FAULT, g.cycle() + 1, describe(g));
    }

    /**
     * Formats the one-line report of a fault:
     * {@code scmpsim: node 0 thread 0: <description> at pc 0x00001234 (main+0x14), address 0x00000000}. A fault
     * of a receiving NIU (thread -1) names the instruction that sent the message:
     * {@code scmpsim: node 1 NIU: <description>, address 0x00001000, sent at pc 0x00001010 (main+0x10)}.
     *
     * @param g a located fault
     * @return the line
     */
    public String describe(GuestFault g) {
        StringBuilder sb = new StringBuilder("scmpsim: node ").append(g.node());
        if (g.thread() < 0) {
            sb.append(" NIU: ").append(g.description());
            if (g.hasAddress()) {
                sb.append(String.format(", address 0x%08x", g.address()));
            }
            return sb.append(", sent at ").append(where(g.pc())).toString();
        }
        sb.append(" thread ").append(g.thread()).append(": ").append(g.description()).append(" at ").append(where(g.pc()));
        if (g.hasAddress()) {
            sb.append(String.format(", address 0x%08x", g.address()));
        }
        if (g.node() >= 0 && g.node() < nodes.length && nodes[g.node()] != null) {
            String user = CallStack.userFrame(nodes[g.node()], g.thread(), g.pc(), symbolizer, sourceLocator);
            if (user != null) {
                sb.append("; in the program at ").append(user);
            }
        }
        return sb.toString();
    }

    /** Formats a code location: {@code pc 0x00001234 (main+0x14, file.c:12)}. */
    private String where(int pc) {
        String sym = symbolizer.describe(pc);
        String src = sourceLocator.locate(pc);
        String s = String.format("pc 0x%08x", pc);
        if (sym != null && src != null) {
            return s + " (" + sym + ", " + src + ")";
        }
        if (sym != null || src != null) {
            return s + " (" + (sym != null ? sym : src) + ")";
        }
        return s;
    }
}
