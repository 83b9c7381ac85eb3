package scmp.machine;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import scmp.cpu.Core;
import scmp.cpu.GuestFault;
import scmp.cpu.Memory;
import scmp.elf.Executable;

/**
 * The SCMP chip: a mesh of nodes (each a {@link Core} with its memory), the network between them, and the
 * host. {@link #run()} interleaves them deterministically until the program ends.
 *
 * <h2>The loop</h2>
 * The machine advances in rounds (see {@link Network} for the network's side of the contract). A round
 * starts at {@code T}, the earliest pending event of any core or of the network: the network delivers what is
 * due at {@code T}; then every core with work runs up to the horizon {@code H = min(T + lookahead, next
 * network event, max cycles)}, node by node. Nothing a core does before {@code H} can affect another core
 * before {@code H}, so the order in which cores run within a round does not matter. When a single core has
 * work and nothing is in flight, the horizon is the cycle limit: the core runs on until it sends a message or
 * the run ends, and an idle node costs nothing.
 *
 * <p>Host calls, faults and halts are events with a cycle. On a machine with more than one node, cores stop
 * in front of every {@code hcall}; after each round the machine performs the pending events in the order
 * (cycle, node), so that output from several nodes appears in cycle order and the first fault or exit in
 * simulated time is the one that ends the run.
 *
 * <h2>Ends</h2>
 * The run ends when a thread executes {@code hcall exit} (its status is the exit code) or {@code hcall abort}
 * (134), when every thread on every node has ended and nothing is in flight (0), on a guest fault (139), or
 * when the next event lies at or beyond {@code --max-cycles} (124).
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
        /** Threads remain, all blocked on the network, and nothing can wake them. */
        DEADLOCK
    }

    /** The exit code of a run stopped by the cycle limit. */
    public static final int EXIT_MAX_CYCLES = 124;
    /** The exit code of a guest abort. */
    public static final int EXIT_ABORT = 134;
    /** The exit code of a guest fault (and of a deadlock). */
    public static final int EXIT_FAULT = 139;

    /**
     * The result of a run.
     *
     * @param outcome      how it ended
     * @param exitCode     the exit code scmpsim returns
     * @param cycles       the run's cycle count: the issue cycle of the instruction that ended it plus one (the
     *                     limit when stopped by it)
     * @param instructions instructions retired on all nodes
     * @param message      the one-line report for stderr ({@code scmpsim: ...}), or null for a normal end
     */
    public record Result(Outcome outcome, int exitCode, long cycles, long instructions, String message) {
    }

    private final MachineConfig cfg;
    private final Loader.Program program;
    private final Core[] cores;
    private final Network network;
    private final HostCalls host;
    private final Symbolizer symbolizer;
    private final OutputStream out;
    private final OutputStream err;
    private SourceLocator sourceLocator = pc -> null;

    /**
     * Builds the machine and loads the program: every node gets the image, node 0's context 0 starts at the
     * entry point with the arguments.
     *
     * @param cfg the configuration
     * @param exe the program
     * @param out the host stream for the guest's stdout
     * @param err the host stream for the guest's stderr and the trace
     * @param in  the host stream for the guest's stdin
     * @throws Loader.LoadException when the program does not fit the configured machine
     */
    public Machine(MachineConfig cfg, Executable exe, OutputStream out, OutputStream err, InputStream in)
            throws Loader.LoadException {
        this(cfg, exe, out, err, in, NetworkFactory.IDEAL);
    }

    /**
     * Builds the machine with a given network model and loads the program.
     *
     * @param cfg     the configuration
     * @param exe     the program
     * @param out     the host stream for the guest's stdout
     * @param err     the host stream for the guest's stderr and the trace
     * @param in      the host stream for the guest's stdin
     * @param networkFactory builds the network once the cores exist
     * @throws Loader.LoadException when the program does not fit the configured machine
     */
    public Machine(MachineConfig cfg, Executable exe, OutputStream out, OutputStream err, InputStream in,
                   NetworkFactory networkFactory) throws Loader.LoadException {
        this.cfg = cfg;
        this.program = Loader.prepare(exe, cfg);
        this.symbolizer = new Symbolizer(exe);
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.err = new BufferedOutputStream(err, 1 << 16);
        List<String> allowed = new ArrayList<>(cfg.args());
        cfg.files().forEach(p -> allowed.add(p.toString()));
        this.host = new HostCalls(this.out, this.err, in, allowed);
        int n = cfg.nodes();
        this.cores = new Core[n];
        TraceWriter tracer = cfg.trace() ? new TraceWriter(this.err, symbolizer) : null;
        for (int node = 0; node < n; node++) {
            Memory mem = Loader.loadNode(program, cfg);
            Core c = new Core(node, cfg.xdim(), cfg.ydim(), cfg.contexts(), cfg.stackSize(), mem, program.text(),
                    cfg.timing(), program.threadExit());
            c.setHost(host);
            c.setTracer(tracer);
            c.setOrderedHostCalls(n > 1);
            cores[node] = c;
        }
        this.network = networkFactory.create(cores.clone(), cfg);
        for (int node = 0; node < n; node++) {
            cores[node].setNetworkPort(network.port(node));
        }
        List<String> argv = cfg.argv();
        int argvAddr = Loader.writeArguments(cores[0].memory(), argv);
        cores[0].boot(program.entry(), argv.size(), argvAddr);
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
     * Returns a node's core.
     *
     * @param node the node number
     * @return its core
     */
    public Core core(int node) {
        return cores[node];
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
     * Runs the program to its end. Guest output is flushed before returning; the caller prints
     * {@link Result#message()}.
     *
     * @return the result
     */
    public Result run() {
        try {
            return loop();
        } finally {
            host.closeAll();
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
        final int lookahead = network.lookahead();
        try {
            while (true) {
                long t0 = network.nextEventCycle();
                for (Core c : cores) {
                    if (c.hasWork()) {
                        t0 = Math.min(t0, c.nextEventCycle());
                    }
                }
                if (t0 == Long.MAX_VALUE) {
                    return ended();
                }
                if (t0 >= max) {
                    return result(Outcome.MAX_CYCLES, EXIT_MAX_CYCLES, max,
                            "scmpsim: stopped after " + max + " cycles (--max-cycles)");
                }
                network.deliver(t0);
                int active = 0;
                for (Core c : cores) {
                    if (c.hasWork()) {
                        active++;
                    }
                }
                boolean single = active == 1 && network.idle();
                long h = single ? max
                        : Math.min(max, Math.min(saturatedAdd(t0, lookahead), network.nextEventCycle()));
                for (Core c : cores) {
                    if (c.hasWork()) {
                        runCore(c, h, single);
                    }
                }
                Result r = events(h, single);
                if (r != null) {
                    return r;
                }
            }
        } catch (GuestFault g) {
            return faultResult(g);
        }
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < a ? Long.MAX_VALUE : s;
    }

    private static void runCore(Core c, long horizon, boolean single) {
        do {
            c.runUntil(horizon);
        } while (!single && c.stop() == Core.Stop.MESSAGE_SENT);
    }

    /** Performs pending host calls, faults and halts in (cycle, node) order; returns a result when one ends the run. */
    private Result events(long horizon, boolean single) {
        while (true) {
            Core best = null;
            long bestCycle = Long.MAX_VALUE;
            for (Core c : cores) {
                long ec = switch (c.stop()) {
                    case HOST_CALL -> c.nextEventCycle();
                    case FAULT -> c.fault().cycle();
                    case HALTED -> c.haltCycle();
                    default -> Long.MAX_VALUE;
                };
                if (ec < bestCycle) {
                    bestCycle = ec;
                    best = c;
                }
            }
            if (best == null) {
                return null;
            }
            switch (best.stop()) {
                case FAULT -> {
                    return faultResult(best.fault());
                }
                case HALTED -> {
                    return endingResult();
                }
                default -> {
                    best.allowHostCall();
                    runCore(best, horizon, single);
                }
            }
        }
    }

    private long instructions() {
        long n = 0;
        for (Core c : cores) {
            n += c.instructions();
        }
        return n;
    }

    private Result result(Outcome o, int code, long cycles, String message) {
        return new Result(o, code, cycles, instructions(), message);
    }

    private Result ended() {
        int blocked = 0;
        long last = -1;
        for (Core c : cores) {
            blocked += c.liveThreads();
            last = Math.max(last, c.lastEndCycle());
        }
        if (blocked > 0 || !network.idle()) {
            return result(Outcome.DEADLOCK, EXIT_FAULT, last + 1, "scmpsim: deadlock: " + blocked
                    + " thread(s) wait on the network and nothing is in flight");
        }
        return result(Outcome.ALL_ENDED, 0, last + 1, null);
    }

    private Result endingResult() {
        HostCalls.Ending e = host.ending();
        if (e.kind() == HostCalls.EndKind.EXIT) {
            return result(Outcome.EXIT, e.status() & 0xFF, e.cycle() + 1, null);
        }
        String what = e.message() == null ? "abort" : "abort: " + e.message();
        return result(Outcome.ABORT, EXIT_ABORT, e.cycle() + 1,
                "scmpsim: node " + e.node() + " thread " + e.thread() + ": " + what + " at " + where(e.pc()));
    }

    private Result faultResult(GuestFault g) {
        return result(Outcome.FAULT, EXIT_FAULT, g.cycle() + 1, describe(g));
    }

    /**
     * Formats the one-line report of a fault:
     * {@code scmpsim: node 0 thread 0: <description> at pc 0x00001234 (main+0x14), address 0x00000000}.
     *
     * @param g a located fault
     * @return the line
     */
    public String describe(GuestFault g) {
        StringBuilder sb = new StringBuilder("scmpsim: node ").append(g.node()).append(" thread ").append(g.thread())
                .append(": ").append(g.description()).append(" at ").append(where(g.pc()));
        if (g.hasAddress()) {
            sb.append(String.format(", address 0x%08x", g.address()));
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
