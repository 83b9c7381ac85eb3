package scmp.machine;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
import scmp.isa.Abi;
import scmp.isa.Version;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;
import scmp.noc.NocMain;

/**
 * {@code scmpsim}: runs an SCMP executable on the cycle-accurate simulator. The guest's stdout and stderr go to
 * the host's, its exit status becomes the exit code. See docs/simulator.md.
 */
@Command(name = "scmpsim", mixinStandardHelpOptions = true, versionProvider = SimMain.VersionLines.class,
        sortOptions = false, subcommands = {SimMain.Bench.class, NocMain.class},
        description = "Runs an SCMP executable on the cycle-accurate simulator.%n"
                + "Options go before PROGRAM; everything after it is passed to the program.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"N:the program's exit status (hcall exit), or 0 when every thread ended; with -n, 0 when every "
                + "rank exited with 0, else the first non-zero status",
            "1:scmpsim could not run the program (unreadable or invalid executable, program too big)",
            "2:invalid command line", "124:stopped by --max-cycles", "134:the program aborted (hcall abort)",
            "139:guest fault (one line on stderr says where), or deadlock (every node's state on stderr)"})
public final class SimMain implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--max-cycles", paramLabel = "N", description = "Stop after N cycles (exit 124). Default: no limit.")
    private Long maxCycles;

    @Option(names = "--contexts", paramLabel = "N", description = "Thread contexts per node, 1..32 (default 8).")
    private int contexts = Abi.DEFAULT_CONTEXTS;

    @Option(names = "--mem", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Local memory per node: bytes, or with a K or M suffix (default 8M, at most 8M).")
    private int mem = Abi.DEFAULT_MEM_SIZE;

    @Option(names = "--stack", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Stack per thread context including its 1K guard (default 64K).")
    private int stack = Abi.DEFAULT_STACK_SIZE;

    @Option(names = "--mesh", paramLabel = "XxY", converter = MeshConverter.class,
            description = "Mesh size, up to 32x32 (default 4x4, or the smallest near-square mesh for -n N). "
                    + "Meshes wider than 8 use the wide head flit.")
    private Mesh mesh;

    @Option(names = {"-n", "--np"}, paramLabel = "N",
            description = "SPMD run, as mpirun: main starts on nodes 0..N-1 at cycle 0; exit ends one rank, the run "
                    + "ends when all have exited. Without it the program starts on node 0 only.")
    private Integer ranks;

    @Option(names = "--spmd", description = "SPMD run on every node of the mesh (-n X*Y).")
    private boolean spmd;

    @Option(names = "--env", paramLabel = "NAME=VALUE",
            description = "Sets a variable of the program's environment, on every node (repeatable).")
    private List<String> env = new ArrayList<>();

    @Option(names = "--mpi-protocol", paramLabel = "P",
            description = "MPI protocol family, thesis or ours (sets SCMP_MPI_PROTOCOL).")
    private MpiProtocol mpiProtocol;

    @Option(names = "--niu-queue", paramLabel = "Q", description = "Flits in each NIU's injection queue (default 8).")
    private int niuQueue = NiuConfig.DEFAULT_QUEUE;

    @Option(names = "--vcs", paramLabel = "V", description = "Virtual channels per router port (default 4).")
    private int vcs = NocConfig.defaults().vcs();

    @Option(names = "--buffer", paramLabel = "B",
            description = "Flits per virtual-channel buffer, in routers and at ejection (default 8).")
    private int buffer = NocConfig.defaults().bufferDepth();

    @Option(names = "--router-delay", paramLabel = "D", description = "Router pipeline delay in network cycles (default 4).")
    private int routerDelay = NocConfig.defaults().routerDelay();

    @Option(names = "--link-delay", paramLabel = "L", description = "Link delay in network cycles (default 1).")
    private int linkDelay = NocConfig.defaults().linkDelay();

    @Option(names = "--wide-flits", description = "Use the wide head flit (5-bit offsets, meshes up to 32x32) instead of "
            + "the SCMP one (3-bit offsets, up to 8x8) also on meshes up to 8x8.")
    private boolean wideFlits;

    @Option(names = "--stats", paramLabel = "FILE",
            description = "Write statistics as JSON to FILE at the end, or a summary to stderr with '-'.")
    private String stats;

    @Option(names = "--watch", paramLabel = "NODE:K",
            description = "Trace the K-th message (from 0) sent by NODE through the NIUs and routers, to stderr (repeatable).")
    private List<String> watch = new ArrayList<>();

    @Option(names = "--lockstep", description = "Debugging aid: step every core and the network one cycle at a time "
            + "(identical results, slower).")
    private boolean lockstep;

    @Option(names = "--file", paramLabel = "PATH",
            description = "A host file the program may open read-only (repeatable). Program arguments may be opened too.")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--trace", description = "Print every executed instruction to stderr: cycle, node, thread, pc, instruction.")
    private boolean trace;

    @Option(names = "--cycles", description = "Print the cycle and instruction counts to stderr at the end.")
    private boolean cycles;

    @Option(names = "--mpi-state", description = "Print every MPI rank's posted receives, unexpected messages and pending sends to stderr at the end.")
    private boolean mpiState;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROGRAM", description = "The SCMP executable (ELF).")
    private String program;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program.")
    private List<String> args = new ArrayList<>();

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
     * Runs scmpsim.
     *
     * @param argv the command line
     */
    public static void main(String[] argv) {
        System.exit(run(new SimMain(), argv));
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
        CommandLine cl = new CommandLine(cmd)
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
                    return 2;
                });
        return cl.execute(argv);
    }

    private void say(String line) {
        PrintWriter w = new PrintWriter(stderr, true);
        w.println(line);
        w.flush();
    }

    @Override
    public Integer call() {
        if (program == null) {
            CommandLine cl = spec.commandLine();
            cl.getErr().println("scmpsim: missing PROGRAM");
            cl.usage(cl.getErr());
            return 2;
        }
        byte[] data;
        try {
            data = scmp.elf.InputFile.read(Path.of(program), scmp.elf.InputFile.MAX_BINARY_SIZE);
        } catch (scmp.elf.InputFile.Unreadable e) {
            say("scmpsim: " + program + ": " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            say("scmpsim: " + program + ": cannot read: " + e.getMessage());
            return 1;
        }
        Executable exe;
        try {
            exe = ElfReader.readExecutable(program, data);
        } catch (ElfFormatException e) {
            say("scmpsim: " + e.getMessage());
            return 1;
        }
        for (Path f : files) {
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
                say("scmpsim: --file " + f + ": not a readable file");
                return 1;
            }
        }
        MachineConfig cfg;
        try {
            Mesh m = mesh;
            int n = 0;
            if (ranks != null) {
                int most = MachineConfig.MAX_DIM * MachineConfig.MAX_DIM;
                if (ranks < 1 || ranks > most) {
                    throw new MachineConfig.ConfigException("-n: must be 1.." + most + ", got " + ranks);
                }
                n = ranks;
                if (m == null) {
                    m = meshFor(n);
                } else if (n > m.x() * m.y()) {
                    throw new MachineConfig.ConfigException("-n " + n + ": the " + m.x() + "x" + m.y() + " mesh (--mesh) has only "
                            + m.x() * m.y() + " node" + (m.x() * m.y() == 1 ? "" : "s"));
                }
            }
            if (m == null) {
                m = new Mesh(4, 4);
            }
            if (spmd && ranks == null) {
                n = m.x() * m.y();
            }
            boolean wide = wideFlits || m.x() > FlitFormat.SCMP.maxMeshSide() || m.y() > FlitFormat.SCMP.maxMeshSide();
            MachineConfig.Builder b = MachineConfig.builder(program).mesh(m.x(), m.y()).contexts(contexts)
                    .memSize(mem).stackSize(stack).args(args).trace(trace).niuQueue(niuQueue).lockstep(lockstep)
                    .noc(nocConfig(wide)).ranks(n);
            for (String e : env) {
                int eq = e.indexOf('=');
                if (eq <= 0) {
                    throw new MachineConfig.ConfigException("--env " + e + ": expected NAME=VALUE");
                }
                b.env(e.substring(0, eq), e.substring(eq + 1));
            }
            if (mpiProtocol != null) {
                b.env("SCMP_MPI_PROTOCOL", mpiProtocol.name());
            }
            if (n > 0) {
                b.env("SCMP_NPROCS", Integer.toString(n));
            }
            if (maxCycles != null) {
                b.maxCycles(maxCycles);
            }
            files.forEach(b::file);
            for (String w : watch) {
                try {
                    b.watch(Watch.Selection.parse(w));
                } catch (IllegalArgumentException e) {
                    throw new MachineConfig.ConfigException("--watch: " + e.getMessage());
                }
            }
            cfg = b.build();
        } catch (MachineConfig.ConfigException e) {
            say("scmpsim: " + e.getMessage());
            return 2;
        }
        try {
            return simulate(cfg, exe);
        } catch (OutOfMemoryError e) {
            say("scmpsim: out of host memory: every node a message reaches gets its own --mem bytes; use a smaller "
                    + "--mem, or give Java more (SCMP_JAVA_OPTS=-Xmx8g)");
            return 1;
        }
    }

    /** Builds the machine, runs the program, reports; returns the exit code. */
    private int simulate(MachineConfig cfg, Executable exe) {
        Machine m;
        try {
            m = new Machine(cfg, exe, stdout, stderr, stdin);
        } catch (Loader.LoadException e) {
            say("scmpsim: " + program + ": " + e.getMessage());
            return 1;
        }
        LineTable lines = LineTable.of(exe);
        if (!lines.isEmpty()) {
            m.setSourceLocator(lines);
        }
        Machine.Result r = m.run();
        if (r.message() != null) {
            say(r.message());
            if (r.outcome() == Machine.Outcome.FAULT || r.outcome() == Machine.Outcome.MAX_CYCLES) {
                List<String> stack = m.faultCallStack();
                if (stack.size() > 1) {
                    say("call stack:");
                    stack.forEach(this::say);
                }
            }
        }
        if (mpiState && r.outcome() != Machine.Outcome.DEADLOCK) {     // a deadlock report already has it
            String mpi = MpiState.report(m);
            say(mpi.isEmpty() ? "MPI state: the program has no MPI state" : mpi);
        }
        if (cycles) {
            say("cycles: " + r.cycles());
            say("instructions: " + r.instructions());
        }
        if (stats != null) {
            RunStats st = new RunStats(m, r);
            if (stats.equals("-")) {
                PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
                w.print(st.summary());
                w.flush();
            } else {
                try {
                    Files.writeString(Path.of(stats), st.json());
                } catch (NoSuchFileException e) {
                    say("scmpsim: --stats " + stats + ": cannot write: no such directory");
                    return r.exitCode() == 0 ? 1 : r.exitCode();
                } catch (IOException | RuntimeException e) {
                    say("scmpsim: --stats " + stats + ": cannot write: " + e.getMessage());
                    return r.exitCode() == 0 ? 1 : r.exitCode();
                }
            }
        }
        return r.exitCode();
    }

    /** The router network the options describe; bad values become a {@link MachineConfig.ConfigException}. */
    private NocConfig nocConfig(boolean wide) {
        String option = "--vcs";
        try {
            NocConfig c = NocConfig.defaults().withVcs(vcs);
            option = "--buffer";
            c = c.withBufferDepth(buffer).withEjectionBuffer(buffer);
            option = "--router-delay";
            c = c.withRouterDelay(routerDelay);
            option = "--link-delay";
            c = c.withLinkDelay(linkDelay);
            return c.withFormat(wide ? FlitFormat.WIDE : FlitFormat.SCMP);
        } catch (IllegalArgumentException e) {
            throw new MachineConfig.ConfigException(option + ": " + e.getMessage());
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
     * A mesh size from the command line.
     *
     * @param x nodes in X
     * @param y nodes in Y
     */
    record Mesh(int x, int y) {
    }

    /** Reads a mesh size {@code XxY}. */
    static final class MeshConverter implements CommandLine.ITypeConverter<Mesh> {
        @Override
        public Mesh convert(String value) {
            String[] p = value.toLowerCase(Locale.ROOT).split("x");
            try {
                if (p.length == 2) {
                    return new Mesh(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
                }
            } catch (NumberFormatException e) {
                // fall through to the message below
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a mesh size such as 2x2");
        }
    }

    /** The protocol families of libmpi (docs/mpi.md). */
    enum MpiProtocol { thesis, ours }

    /**
     * The mesh of an SPMD run of {@code n} ranks when none is given: among the meshes {@code X x Y} with
     * {@code X >= Y}, {@code X <= 2Y} and {@code X * Y >= n}, the one with the fewest unused nodes, then the most
     * square. So 1, 2, 4, 8, 16, 32, 64, 128, 256 ranks get 1x1, 2x1, 2x2, 4x2, 4x4, 8x4, 8x8, 16x8, 16x16; 6 gets
     * 3x2, 7 gets 4x2, 12 gets 4x3.
     *
     * @param n the ranks, 1..{@link MachineConfig#MAX_DIM} squared
     * @return the mesh
     */
    static Mesh meshFor(int n) {
        Mesh best = null;
        for (int y = 1; y <= MachineConfig.MAX_DIM; y++) {
            int x = Math.max(y, (n + y - 1) / y);
            if (x > 2 * y || x > MachineConfig.MAX_DIM) {
                continue;
            }
            int waste = x * y - n;
            int bestWaste = best == null ? Integer.MAX_VALUE : best.x() * best.y() - n;
            if (waste < bestWaste || (waste == bestWaste && x - y < best.x() - best.y())) {
                best = new Mesh(x, y);
            }
        }
        return best;
    }

    /** The version lines every scmp tool prints. */
    static final class VersionLines implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return Version.lines("scmpsim");
        }
    }

    /**
     * {@code scmpsim bench}: the simulator's speed on built-in programs, per second of the benchmark thread's CPU
     * time (wall time is printed too): simulated instructions per second on a compute-bound node; the same
     * program on one busy node of an 8x8 mesh; node-cycles per second of a message-heavy program on every node of
     * a 4x4 mesh; router-cycles per second of the 8x8 network under uniform synthetic traffic. Each case runs once
     * to warm the JIT up, then {@code --runs} times; the best run counts.
     */
    @Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
            description = "Measures the simulator's speed on built-in programs (docs/performance.md).")
    static final class Bench implements Callable<Integer> {
        private static final java.lang.management.ThreadMXBean THREADS =
                java.lang.management.ManagementFactory.getThreadMXBean();

        /** The benchmark cases. */
        enum Case { compute, mesh_idle, spmd, messages, noc, all }

        /** Compute loop iterations between the mesh_idle case's DATA messages. */
        static final int IDLE_CHUNK = 100_000;

        @Spec
        private CommandSpec spec;

        @Option(names = "--case", paramLabel = "CASE", description = "compute (default), mesh_idle, spmd, messages, noc or all.")
        private Case which = Case.compute;

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

        private PrintWriter out;

        @Override
        public Integer call() throws Exception {
            out = spec.commandLine().getOut();
            if (iterations < 1 || runs < 1 || messages < 1 || nocCycles < 1) {
                spec.commandLine().getErr().println("scmpsim bench: --iterations, --messages, --cycles and --runs must be positive");
                return 2;
            }
            if (which == Case.compute || which == Case.all) {
                out.printf("compute: %d iterations of a %d-instruction loop on one node (1x1)%n", iterations,
                        BenchProgram.LOOP_LENGTH);
                double best = machine(BenchProgram.build(iterations), 1, 1, false);
                out.printf(Locale.ROOT, "compute: best %.1f million simulated instructions per second%n", best);
            }
            if (which == Case.mesh_idle || which == Case.all) {
                out.printf("mesh_idle: node 0 starts and ends a thread on every node, then runs the compute loop "
                        + "(%d iterations) with a DATA message to the last node every %d; 8x8, then 1x1%n", iterations,
                        Math.min(IDLE_CHUNK, iterations));
                int chunk = Math.min(IDLE_CHUNK, iterations);
                int n = iterations / chunk * chunk;
                double mesh = machine(BenchProgram.mostlyIdle(n, chunk), 8, 8, false);
                double one = machine(BenchProgram.mostlyIdle(n, chunk), 1, 1, false);
                out.printf(Locale.ROOT, "mesh_idle: 8x8 %.1f, 1x1 %.1f million instructions per second: the 8x8 runs at "
                        + "%.2f of the 1x1's speed%n", mesh, one, mesh / one);
            }
            if (which == Case.spmd || which == Case.all) {
                int each = Math.max(1, iterations / 16);
                out.printf("spmd: the compute loop (%d iterations) on each of 16 ranks (-n 16, 4x4), nothing in flight%n",
                        each);
                double best = machine(BenchProgram.build(each), 4, 4, false, 16);
                out.printf(Locale.ROOT, "spmd: best %.1f million simulated instructions per second (all ranks)%n", best);
            }
            if (which == Case.messages || which == Case.all) {
                out.printf("messages: every node of a 4x4 mesh sends %d DATA messages of 16 words (DMA) to the next "
                        + "node, 16 loop iterations apart%n", messages);
                double best = machine(BenchProgram.ring(messages), 4, 4, true);
                out.printf(Locale.ROOT, "messages: best %.2f million node-cycles per second%n", best);
            }
            if (which == Case.noc || which == Case.all) {
                out.printf("noc: 8x8 mesh, uniform traffic at 0.1 flits/node/cycle, 5-flit packets, %d network cycles%n",
                        nocCycles);
                double best = 0;
                for (int r = 0; r <= runs; r++) {
                    scmp.noc.Network net = scmp.noc.Network.mesh(8, 8, NocConfig.defaults());
                    scmp.noc.traffic.SyntheticTraffic t = new scmp.noc.traffic.SyntheticTraffic(net,
                            scmp.noc.traffic.TrafficPattern.UNIFORM, 0.1, 5, 1);
                    long w0 = System.nanoTime();
                    long c0 = THREADS.getCurrentThreadCpuTime();
                    t.run(0, nocCycles, 0);
                    double cpu = (THREADS.getCurrentThreadCpuTime() - c0) / 1e9;
                    double wall = (System.nanoTime() - w0) / 1e9;
                    double rate = 64.0 * nocCycles / cpu / 1e6;
                    out.printf(Locale.ROOT, "  %s: %.3f s CPU (%.3f s wall), %.2f million router-cycles/s%n",
                            r == 0 ? "warm-up" : "run " + r, cpu, wall, rate);
                    if (r > 0) {
                        best = Math.max(best, rate);
                    }
                }
                out.printf(Locale.ROOT, "noc: best %.2f million router-cycles per second%n", best);
            }
            out.flush();
            return 0;
        }

        /** Runs a program {@code runs + 1} times; returns the best rate: instructions, or node-cycles, per CPU µs. */
        private double machine(Executable exe, int x, int y, boolean nodeCycles) throws Loader.LoadException {
            return machine(exe, x, y, nodeCycles, 0);
        }

        /** As above, with {@code ranks} SPMD ranks (0: the program starts on node 0 only). */
        private double machine(Executable exe, int x, int y, boolean nodeCycles, int ranks) throws Loader.LoadException {
            MachineConfig cfg = MachineConfig.builder("bench").mesh(x, y).lockstep(lockstep).ranks(ranks).build();
            double best = 0;
            for (int r = 0; r <= runs; r++) {
                Machine m = new Machine(cfg, exe, OutputStream.nullOutputStream(), OutputStream.nullOutputStream(),
                        InputStream.nullInputStream());
                long w0 = System.nanoTime();
                long c0 = THREADS.getCurrentThreadCpuTime();
                Machine.Result res = m.run();
                double cpu = (THREADS.getCurrentThreadCpuTime() - c0) / 1e9;
                double wall = (System.nanoTime() - w0) / 1e9;
                double work = nodeCycles ? (double) res.cycles() * x * y : res.instructions();
                double rate = work / cpu / 1e6;
                out.printf(Locale.ROOT, "  %s: %d instructions, %d cycles, %.3f s CPU (%.3f s wall), %.2f million %s/s%n",
                        r == 0 ? "warm-up" : "run " + r, res.instructions(), res.cycles(), cpu, wall, rate,
                        nodeCycles ? "node-cycles" : "instructions");
                if (res.outcome() != Machine.Outcome.EXIT && res.outcome() != Machine.Outcome.ALL_ENDED) {
                    throw new IllegalStateException("benchmark program ended with " + res.outcome() + ": " + res.message());
                }
                if (r > 0) {
                    best = Math.max(best, rate);
                }
            }
            out.flush();
            return best;
        }
    }
}
