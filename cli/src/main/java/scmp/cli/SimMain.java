package scmp.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.isa.Abi;
import scmp.machine.Machine;
import scmp.machine.Params;
import scmp.machine.RunControl;
import scmp.machine.Simulation;
import scmp.machine.Timeline;
import scmp.model.scmp.SpeedBench;

/**
 * {@code scmpsim}: runs an executable on the cycle-accurate simulator, on the machine model it was built for. The
 * guest's stdout and stderr go to the host's, its exit status becomes the exit code. The options become
 * {@link Simulation.Options}: the run's settings, and the model's parameters ({@code --param}, {@code --params},
 * and the SCMP and T3D options that name parameters of their own, such as {@code --vcs} for the SCMP model's
 * {@code vcs}); {@link Simulation} makes the run. See docs/simulator.md.
 */
@Command(name = "scmpsim", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, subcommands = {SimMain.Bench.class, NocMain.class},
        description = "Runs an executable on the cycle-accurate simulator of its machine model (SCMP, T3D, SP).%n"
                + "Options go before PROGRAM; everything after it is passed to the program.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"N:the program's exit status (exit, or main's return), or 0 when every thread ended; with -n, "
                + "0 when every rank exited with 0, else the first non-zero status",
            "124:stopped by --max-cycles",
            "125:scmpsim failed: invalid command line or configuration, an output file it cannot write",
            "126:the program cannot be run: not a valid executable, too big, or for another machine model",
            "127:the program cannot be read (no such file, no permission)",
            "130, 143:stopped by SIGINT (Ctrl-C), SIGTERM; the reports and files are written",
            "134:the program aborted (abort)",
            "139:guest fault (one line on stderr says where)",
            "142:deadlock: threads remain and none can ever run (every node's state on stderr)",
            "70:internal error of scmpsim (a bug)"})
public final class SimMain implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--machine", paramLabel = "MODEL", converter = Commands.MachineConverter.class,
            description = "The machine model to run on: scmp, t3d or sp. Default: the one the program was built for "
                    + "(scmpcc -mmachine); a program built for another model is refused.")
    private MachineKind machine;

    @Option(names = "--max-cycles", paramLabel = "N", description = "Stop after N cycles (exit 124). Default: no limit.")
    private Long maxCycles;

    @Option(names = "--contexts", paramLabel = "N", description = "Thread contexts per node, 1..32 (default 8).")
    private int contexts = Abi.DEFAULT_CONTEXTS;

    @Option(names = "--mem", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Local memory per node: bytes, or with a K or M suffix (default and most: 8M on SCMP, 64M "
                    + "on the T3D).")
    private Integer mem;

    @Option(names = "--stack", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Stack per thread context including its 1K guard (default 64K).")
    private int stack = Abi.DEFAULT_STACK_SIZE;

    @Option(names = "--mesh", paramLabel = "XxY",
            description = "SCMP: mesh size, up to 32x32 (default 4x4, or the smallest near-square mesh for -n N). "
                    + "Meshes wider than 8 use the wide head flit.")
    private String mesh;

    @Option(names = {"-n", "-np", "--np"}, paramLabel = "N",
            description = "SPMD run, as mpirun -np N: main starts on nodes 0..N-1 at cycle 0; exit ends one rank, the "
                    + "run ends when all have exited. Without it the program starts on node 0 only.")
    private Integer ranks;

    @Option(names = "--spmd", description = "SPMD run on every node of the machine (-n X*Y on the SCMP mesh).")
    private boolean spmd;

    @Option(names = "--env", paramLabel = "NAME=VALUE",
            description = "Sets a variable of the program's environment, on every node (repeatable).")
    private List<String> env = new ArrayList<>();

    @Option(names = "--mpi-protocol", paramLabel = "P", converter = ProtocolConverter.class,
            description = "MPI protocol family, thesis, thesis-hw or ours (sets SCMP_MPI_PROTOCOL; thesis-hw also "
                    + "--param hwRts=true, the chip's hardware handshake).")
    private Simulation.MpiProtocol mpiProtocol;

    @Option(names = "--param", paramLabel = "KEY=VALUE",
            description = "Sets a parameter of the machine model (repeatable; docs/simulator.md lists each model's).")
    private List<String> params = new ArrayList<>();

    @Option(names = "--params", paramLabel = "FILE",
            description = "Reads parameters of the machine model from a file of KEY=VALUE lines (repeatable; before "
                    + "--param).")
    private List<Path> paramFiles = new ArrayList<>();

    @Option(names = "--niu-queue", paramLabel = "Q", description = "SCMP: flits in each NIU's injection queue (default 8).")
    private String niuQueue;

    @Option(names = "--vcs", paramLabel = "V", description = "SCMP: virtual channels per router port (default 4).")
    private String vcs;

    @Option(names = "--vc-select", paramLabel = "HOW",
            description = "SCMP: flow (one virtual channel per source-destination pair: messages between two nodes "
                    + "keep their order; default) or any (any free virtual channel: a later message may overtake).")
    private String vcSelect;

    @Option(names = "--buffer", paramLabel = "B",
            description = "SCMP: flits per virtual-channel buffer, in routers and at ejection (default 8).")
    private String buffer;

    @Option(names = "--router-delay", paramLabel = "D",
            description = "SCMP: router pipeline delay in network cycles (default 4).")
    private String routerDelay;

    @Option(names = "--link-delay", paramLabel = "L", description = "SCMP: link delay in network cycles (default 1).")
    private String linkDelay;

    @Option(names = "--wide-flits", description = "SCMP: use the wide head flit (5-bit offsets, meshes up to 32x32) "
            + "instead of the SCMP one (3-bit offsets, up to 8x8) also on meshes up to 8x8.")
    private boolean wideFlits;

    @Option(names = "--torus", paramLabel = "XxYxZ",
            description = "T3D: the torus of network nodes, two PEs each (default: the smallest for -n N).")
    private String torus;

    @Option(names = "--stats", paramLabel = "FILE",
            description = "Write statistics as JSON to FILE at the end, or a summary to stderr with '-'.")
    private String stats;

    @Option(names = "--profile", paramLabel = "FILE", arity = "1",
            description = "Profile the run: a flat table per function on stderr; with --profile=FILE also every node's "
                    + "figures per function, as CSV when FILE ends in .csv, else as JSON.")
    private String profile;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "Write the run's timeline to FILE as Chrome trace-event JSON (open it in ui.perfetto.dev or "
                    + "chrome://tracing): calls, MPI calls, thread runs and waits, DMA, messages as arrows, counters.")
    private String timeline;

    @Option(names = "--timeline-window", paramLabel = "FROM:TO",
            description = "Only the core cycles FROM to TO (TO excluded; either may be left out) in the timeline.")
    private String timelineWindow;

    @Option(names = "--timeline-nodes", paramLabel = "LIST", split = ",",
            description = "Only these nodes in the timeline: numbers and ranges, e.g. 0,2-3. Default: all.")
    private List<String> timelineNodes;

    @Option(names = "--timeline-kinds", paramLabel = "LIST", split = ",",
            description = "Only these kinds of events in the timeline: calls, mpi, threads, dma, messages, counters. "
                    + "Default: all.")
    private List<Timeline.Kind> timelineKinds;

    @Option(names = "--timeline-depth", paramLabel = "N",
            description = "Function calls down to depth N are slices in the timeline (1: the threads' entry functions; "
                    + "0: none; MPI calls always are). Default: 3.")
    private int timelineDepth = 3;

    @Option(names = "--debug", description = "Run the program under the debugger: break, step, look at registers, "
            + "memory, globals, call stacks and MPI queues (commands from the terminal, or --debug-commands).")
    private boolean debug;

    @Option(names = "--debug-commands", paramLabel = "FILE",
            description = "The debugger's commands, one a line, from FILE (implies --debug); the output echoes them.")
    private Path debugCommands;

    @Option(names = "--progress", negatable = true,
            description = "Print a progress line on stderr every second (simulated cycles, host speed). Default: on "
                    + "when scmpsim runs on a terminal.")
    private Boolean progress;

    @Option(names = "--watch", paramLabel = "NODE:K",
            description = "SCMP: trace the K-th message (from 0) sent by NODE through the NIUs and routers, to stderr "
                    + "(repeatable).")
    private List<String> watch = new ArrayList<>();

    @Option(names = "--lockstep", description = "Debugging aid: step every core and the network one cycle at a time "
            + "(identical results, slower).")
    private boolean lockstep;

    @Option(names = "--file", paramLabel = "PATH",
            description = "A host file the program may open read-only (repeatable). Program arguments may be opened too.")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--dir", paramLabel = "DIR",
            description = "A host directory inside which the program may create, write, remove and rename files "
                    + "(and read them). Without it host files are read-only.")
    private Path dir;

    @Option(names = "--engine", paramLabel = "E",
            description = "The engine of the instructions: jit (compiled to JVM bytecode, the default; interp on "
                    + "the T3D, where it is faster) or interp "
                    + "(the reference interpreter). Both give identical results; --trace runs on the interpreter.")
    private Engines.Choice engine;

    /** An option's on or off. */
    enum Switch { on, off }

    @Option(names = "--idle-skip", paramLabel = "on|off",
            description = "Do not execute nodes whose threads only poll and suspend, but advance them in "
                    + "whole periods of their loop (on, the default; the results are identical) or run every "
                    + "instruction (off).")
    private Switch idleSkip = Switch.on;

    /** {@code --look-ahead}'s values. */
    enum Ahead { on, off, auto }

    @Option(names = "--look-ahead", paramLabel = "on|off|auto",
            description = "While nothing is in flight, let copies of the busy nodes run ahead to find the next cycle "
                    + "at which any sends or calls the host, and bring the nodes there in long runs rather than "
                    + "rounds of the network's lookahead (on; the results are identical; it pays for programs "
                    + "whose nodes compute long between messages, such as the native QR or MPI reductions of "
                    + "long vectors), or not (off), or on with -n and off without (auto, the default).")
    private Ahead lookAhead = Ahead.auto;

    @Option(names = "--threads", paramLabel = "N",
            description = "Host threads on which busy nodes run side by side while nothing is in flight (default: the "
                    + "host's processors; 1 runs every node on one thread). The results are identical whatever N.")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--parallel-window", paramLabel = "K",
            description = "The fewest cycles a quiet round must last for its nodes to run on several threads (default "
                    + Machine.PARALLEL_MIN_WINDOW + "; shorter rounds cost more to hand over than they compute).")
    private long parallelWindow = Machine.PARALLEL_MIN_WINDOW;

    @Option(names = "--trace", description = "Print every executed instruction to stderr: cycle, node, thread, pc, instruction.")
    private boolean trace;

    @Option(names = "--cycles", description = "Print the cycle and instruction counts to stderr at the end.")
    private boolean cycles;

    @Option(names = "--mpi-state", description = "Print every MPI rank's posted receives, unexpected messages and pending sends to stderr at the end.")
    private boolean mpiState;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROGRAM",
            description = "The executable (ELF), built for the SCMP chip, the T3D or the SP.")
    private String program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program.")
    private List<String> args = new ArrayList<>();

    private final RunControl control = new RunControl();
    private boolean signals;
    private final OutputStream stdout;
    private final OutputStream stderr;
    private final InputStream stdin;

    /** Creates the command on the process's standard streams. */
    public SimMain() {
        this(new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err),
                new FileInputStream(FileDescriptor.in));
    }

    /**
     * Creates the command on given streams (for tests).
     *
     * @param stdout the guest's stdout
     * @param stderr the guest's stderr and scmpsim's messages
     * @param stdin  the guest's stdin
     */
    public SimMain(OutputStream stdout, OutputStream stderr, InputStream stdin) {
        this.stdout = stdout;
        this.stderr = stderr;
        this.stdin = stdin;
    }

    /**
     * Sets the host threads of a run whose command line does not give {@code --threads} (the host's processors
     * otherwise): for a program that runs several simulations at once in one JVM, whose cores they share.
     *
     * @param n at least 1
     * @return this command
     */
    public SimMain defaultThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + n);
        }
        threads = n;
        return this;
    }

    /**
     * Runs scmpsim.
     *
     * @param argv the command line
     */
    public static void main(String[] argv) {
        SimMain cmd = new SimMain();
        cmd.signals = true;
        System.exit(run(cmd, argv));
    }

    /**
     * Makes SIGINT and SIGTERM stop the run cleanly (exit 130 and 143, after the usual reports and files); a second
     * signal of the same kind ends the process at once, should the run not come back to its loop.
     */
    private void installSignals() {
        handle("INT", 130);
        handle("TERM", 143);
    }

    private void handle(String name, int code) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> {
                control.stop(code, "SIG" + name);
                sun.misc.Signal.handle(sig, sun.misc.SignalHandler.SIG_DFL);
            });
        } catch (IllegalArgumentException e) {
            // the platform has no such signal, or the JVM keeps it (-Xrs): the default action stays
        }
    }

    /**
     * Parses a command line and runs the command.
     *
     * @param cmd  the command object, on its streams
     * @param argv the command line
     * @return the exit code
     */
    public static int run(SimMain cmd, String... argv) {
        PrintWriter err = new PrintWriter(cmd.stderr, true);
        CommandLine cl = new CommandLine(cmd);
        argv = optionalValues(cl.getCommandSpec(), argv);
        cl
                .setStopAtPositional(true)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(cmd.stdout, true))
                .setErr(err)
                .setExecutionExceptionHandler((ex, line, parsed) -> {
                    line.getErr().println("scmpsim: internal error: " + ex);
                    return 70;
                })
                .setParameterExceptionHandler((ex, a) -> {
                    String name = ex.getCommandLine().getCommandName();
                    String tool = name.equals("scmpsim") ? "scmpsim" : "scmpsim " + name;
                    ex.getCommandLine().getErr().println(tool + ": " + ex.getMessage().lines().findFirst().orElse("")
                            + " (see " + tool + " --help)");
                    return name.equals("scmpsim") ? Simulation.EXIT_TOOL : 2;
                });
        return cl.execute(argv);
    }

    /** The options whose value is optional and only ever given attached ({@code --profile[=FILE]}). */
    private static final List<String> OPTIONAL_VALUE = List.of("--profile");

    /**
     * Gives a bare {@code --profile} (before PROGRAM) its empty value, so that the word after it is never taken for
     * its FILE: the value of an option with an optional value must be attached ({@code --profile=FILE}).
     */
    static String[] optionalValues(CommandSpec spec, String[] argv) {
        String[] out = argv.clone();
        for (int k = 0; k < out.length; k++) {
            String a = out[k];
            if (a.equals("--")) {
                break;
            }
            if (OPTIONAL_VALUE.contains(a)) {
                out[k] = a + "=";
                continue;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                break;      // PROGRAM (or a subcommand): what follows is not ours
            }
            CommandLine.Model.OptionSpec o = a.contains("=") ? null : spec.findOption(a);
            if (o != null && o.arity().max() > 0) {
                k++;        // its value
            }
        }
        return out;
    }

    @Override
    public Integer call() {
        if (program == null) {
            CommandLine cl = spec.commandLine();
            cl.getErr().println("scmpsim: missing PROGRAM");
            cl.usage(cl.getErr());
            return Simulation.EXIT_TOOL;
        }
        List<Params.Given> given;
        try {
            given = modelParameters();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("scmpsim: " + e.getMessage());
            return Simulation.EXIT_TOOL;
        }
        if (threads < 1 || parallelWindow < 1) {
            spec.commandLine().getErr().println("scmpsim: " + (threads < 1 ? "--threads" : "--parallel-window")
                    + " must be at least 1");
            return Simulation.EXIT_TOOL;
        }
        Timeline.Filter filter;
        try {
            filter = timelineFilter();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("scmpsim: " + e.getMessage());
            return Simulation.EXIT_TOOL;
        }
        Simulation.Options o = new Simulation.Options().program(program, args).machine(machine).maxCycles(maxCycles)
                .contexts(contexts).mem(mem).stack(stack).ranks(ranks).spmd(spmd).env(env).mpiProtocol(mpiProtocol)
                .paramFiles(paramFiles).params(given).stats(stats).lockstep(lockstep).files(files).dir(dir).trace(trace)
                .cycles(cycles).mpiState(mpiState).engine(Engines.factory(engine == null ? Engines.DEFAULT : engine))
                .defaultEngine(engine == null).idleSkip(idleSkip == Switch.on)
                .lookAhead(lookAhead == Ahead.auto ? null : lookAhead == Ahead.on)
                .threads(threads).parallelMinWindow(parallelWindow).commandLine(commandLine())
                .profile(profile).timeline(timeline, filter).control(control)
                .progress(progress != null ? progress : System.console() != null, System.console() != null);
        InputStream programInput = stdin;
        if (debug || debugCommands != null) {
            java.io.PrintStream dout = new java.io.PrintStream(stdout, true, java.nio.charset.StandardCharsets.UTF_8);
            scmp.machine.Debugger.Console console;
            if (debugCommands != null) {
                try {
                    console = DebugConsoles.file(debugCommands, dout);
                } catch (java.io.IOException | RuntimeException e) {
                    spec.commandLine().getErr().println("scmpsim: --debug-commands " + debugCommands
                            + ": cannot read: " + e.getMessage());
                    return Simulation.EXIT_TOOL;
                }
            } else {
                console = DebugConsoles.interactive(stdin, dout);
                programInput = new java.io.ByteArrayInputStream(new byte[0]);   // the commands take the input
            }
            o.debug(console, dout).progress(false, false);
        }
        if (signals) {
            installSignals();
        }
        return Simulation.run(o, stdout, stderr, programInput);
    }

    /**
     * Reads a {@code --timeline-window FROM:TO} (either may be left out).
     *
     * @param text the option's value, or null for everything
     * @param unit what the cycles count, for the message
     * @return FROM and TO ({@link Long#MAX_VALUE} when left out)
     * @throws IllegalArgumentException with one line when the window is malformed or empty
     */
    static long[] window(String text, String unit) {
        if (text == null) {
            return new long[] {0, Long.MAX_VALUE};
        }
        long from;
        long to;
        int colon = text.indexOf(':');
        try {
            if (colon < 0) {
                throw new NumberFormatException();
            }
            String a = text.substring(0, colon).trim();
            String b = text.substring(colon + 1).trim();
            from = a.isEmpty() ? 0 : Long.parseLong(a);
            to = b.isEmpty() ? Long.MAX_VALUE : Long.parseLong(b);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--timeline-window " + text + ": expected FROM:TO, in " + unit);
        }
        if (from < 0 || to <= from) {
            throw new IllegalArgumentException("--timeline-window " + text + ": needs 0 <= FROM < TO");
        }
        return new long[] {from, to};
    }

    /** What the timeline shows, from the --timeline- options; a bad value is an IllegalArgumentException. */
    private Timeline.Filter timelineFilter() {
        long[] window = window(timelineWindow, "core cycles");
        long from = window[0];
        long to = window[1];
        java.util.Set<Integer> nodes = null;
        if (timelineNodes != null) {
            nodes = new java.util.TreeSet<>();
            for (String item : timelineNodes) {
                try {
                    int dash = item.indexOf('-');
                    int lo = Integer.parseInt((dash < 0 ? item : item.substring(0, dash)).trim());
                    int hi = dash < 0 ? lo : Integer.parseInt(item.substring(dash + 1).trim());
                    if (lo < 0 || hi < lo) {
                        throw new NumberFormatException();
                    }
                    for (int n = lo; n <= hi; n++) {
                        nodes.add(n);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--timeline-nodes " + item + ": expected a node number or a "
                            + "range N-M");
                }
            }
        }
        if (timelineDepth < 0) {
            throw new IllegalArgumentException("--timeline-depth " + timelineDepth + ": must be 0 or more");
        }
        java.util.Set<Timeline.Kind> kinds = timelineKinds == null ? java.util.EnumSet.allOf(Timeline.Kind.class)
                : timelineKinds.isEmpty() ? java.util.EnumSet.noneOf(Timeline.Kind.class)
                : java.util.EnumSet.copyOf(timelineKinds);
        return new Timeline.Filter(from, to, nodes, kinds, timelineDepth);
    }

    /** The command line as given, after the tool's name (the statistics record it). */
    private List<String> commandLine() {
        List<String> words = new ArrayList<>();
        words.add("scmpsim");
        words.addAll(spec.commandLine().getParseResult().originalArgs());
        return words;
    }

    /**
     * The machine model's parameters as given: every {@code --param}, then the options that name a parameter of
     * the SCMP or the T3D model, each keeping its name for messages.
     */
    private List<Params.Given> modelParameters() {
        List<Params.Given> given = new ArrayList<>();
        for (String p : params) {
            given.add(Params.Given.parse(p));
        }
        option(given, "mesh", mesh, "--mesh");
        option(given, "vcs", vcs, "--vcs");
        option(given, "vcSelect", vcSelect, "--vc-select");
        option(given, "bufferFlits", buffer, "--buffer");
        option(given, "ejectionBufferFlits", buffer, "--buffer");
        option(given, "routerDelayCycles", routerDelay, "--router-delay");
        option(given, "linkDelayCycles", linkDelay, "--link-delay");
        option(given, "niuQueueFlits", niuQueue, "--niu-queue");
        option(given, "wideFlits", wideFlits ? "true" : null, "--wide-flits");
        for (String w : watch) {
            option(given, "watch", w, "--watch");
        }
        option(given, "torus", torus, "--torus");
        return given;
    }

    private static void option(List<Params.Given> given, String key, String value, String option) {
        if (value != null) {
            given.add(new Params.Given(key, value, option));
        }
    }

    /** Reads {@code --mpi-protocol}'s family by the name libmpi gives it ({@code thesis-hw}, not the constant's). */
    static final class ProtocolConverter implements CommandLine.ITypeConverter<Simulation.MpiProtocol> {
        @Override
        public Simulation.MpiProtocol convert(String value) {
            try {
                return Simulation.MpiProtocol.of(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** Reads sizes: bytes, or a number with a K or M suffix (binary units). */
    static final class SizeConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String v = value.trim().toUpperCase(Locale.ROOT);
            long unit = 1;
            if (v.endsWith("K") || v.endsWith("M")) {
                unit = v.endsWith("K") ? 1024 : 1024 * 1024;
                v = v.substring(0, v.length() - 1);
            }
            try {
                long n = Long.parseLong(v) * unit;
                if (n <= 0 || n > Integer.MAX_VALUE) {
                    throw new CommandLine.TypeConversionException("'" + value + "' is out of range");
                }
                return (int) n;
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a size (BYTES, or a number with K or M)");
            }
        }
    }

    /**
     * {@code scmpsim bench}: the simulator's speed on built-in programs ({@link SpeedBench}).
     */
    @Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
            description = "Measures the simulator's speed on built-in programs (docs/performance.md).")
    static final class Bench implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--case", paramLabel = "CASE",
                description = "compute (default), mesh_idle, spmd, messages, noc, all, or program (with --program).")
        private SpeedBench.Case which = SpeedBench.Case.compute;

        @Option(names = "--iterations", paramLabel = "N", description = "Compute loop iterations per run (default 20000000).")
        private int iterations = 20_000_000;

        @Option(names = "--messages", paramLabel = "N",
                description = "DATA messages each of the 16 nodes sends in the messages case (default 20000).")
        private int messages = 20_000;

        @Option(names = "--cycles", paramLabel = "N", description = "Network cycles of the noc case (default 400000).")
        private int nocCycles = 400_000;

        @Option(names = "--runs", paramLabel = "N", description = "Timed runs after the warm-up (default 3).")
        private int runs = 3;

        @Option(names = "--lockstep", description = "Run the machine cases in strict lockstep, for comparison.")
        private boolean lockstep;

        @Option(names = "--engine", paramLabel = "E", split = ",",
                description = "The engines to measure, side by side (runs alternate): interp, jit, or interp,jit "
                        + "(default).")
        private List<Engines.Choice> engines = List.of(Engines.Choice.interp, Engines.Choice.jit);

        @Option(names = "--program", paramLabel = "FILE",
                description = "Measure this executable (built for the SCMP chip) on one node: --case program.")
        private Path program;

        @Override
        public Integer call() throws Exception {
            Executable exe = null;
            if (program != null) {
                try {
                    exe = ElfReader.readExecutable(program.toString(), Files.readAllBytes(program));
                } catch (IOException | ElfFormatException e) {
                    spec.commandLine().getErr().println("scmpsim bench: " + program + ": " + e.getMessage());
                    return 2;
                }
                which = SpeedBench.Case.program;
            }
            SpeedBench.Settings settings = new SpeedBench.Settings(which, iterations, messages, nocCycles, runs,
                    lockstep, engines.stream().map(e -> new SpeedBench.NamedEngine(e.name(), Engines.factory(e)))
                            .toList(), exe);
            if (!settings.valid()) {
                spec.commandLine().getErr().println("scmpsim bench: --iterations, --messages, --cycles and --runs must be positive, and --case program needs --program");
                return 2;
            }
            SpeedBench.run(settings, spec.commandLine().getOut());
            return 0;
        }
    }
}
