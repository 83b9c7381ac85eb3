package scmp.machine;

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
import scmp.common.InputFile;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.isa.Abi;

/**
 * One run of an executable as {@code scmpsim} makes it, as an API: the executable read from its file, its machine
 * model found ({@link Models}: the one it was built for), the model's parameters loaded ({@link Params}) and the
 * machine configured from {@link Options}, the program run, and the reports written at the end (the fault or
 * deadlock message with the call stack, the MPI state, the cycle counts, the statistics). The guest's stdout
 * and stderr go to the given streams, the simulator's messages to the error stream as one line each, prefixed
 * {@code scmpsim:}. See docs/simulator.md for the options and the exit codes.
 */
public final class Simulation {
    private Simulation() {
    }

    /** The protocol families of libmpi (docs/mpi.md), named as {@code --mpi-protocol} names them. */
    public enum MpiProtocol {
        /** The thesis's design as published. */
        thesis("thesis", List.of()),
        /** libmpi's default, improved family. */
        ours("ours", List.of()),
        /**
         * The thesis family with the hardware handshake of thesis section 2.3: it needs the chip's {@code hwRts}
         * parameter, which this spelling sets (docs/mpi.md, "Family thesis-hw").
         */
        thesis_hw("thesis-hw", List.of(new Params.Given("hwRts", "true", "--mpi-protocol thesis-hw")));

        private final String value;
        private final List<Params.Given> params;

        MpiProtocol(String value, List<Params.Given> params) {
            this.value = value;
            this.params = params;
        }

        /** The value of SCMP_MPI_PROTOCOL, and the name {@code --mpi-protocol} takes. */
        public String value() {
            return value;
        }

        /** The machine model's parameters the family needs, set before those of {@code --param}. */
        public List<Params.Given> params() {
            return params;
        }

        /**
         * The family of a name.
         *
         * @param name thesis, thesis-hw or ours
         * @return the family
         * @throws IllegalArgumentException naming the families when there is none of that name
         */
        public static MpiProtocol of(String name) {
            for (MpiProtocol p : values()) {
                if (p.value.equals(name)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("'" + name + "' is not an MPI protocol family (thesis, thesis-hw, ours)");
        }

        @Override
        public String toString() {
            return value;
        }
    }

    /** What a run does; every setter returns the options. The defaults are scmpsim's. */
    public static final class Options {
        private String program;
        private MachineKind machine;
        private List<String> args = List.of();
        private Long maxCycles;
        private int contexts = Abi.DEFAULT_CONTEXTS;
        private Integer mem;
        private int stack = Abi.DEFAULT_STACK_SIZE;
        private Integer ranks;
        private boolean spmd;
        private List<String> env = List.of();
        private MpiProtocol mpiProtocol;
        private List<Path> paramFiles = List.of();
        private List<Params.Given> params = List.of();
        private String stats;
        private boolean lockstep;
        private List<Path> files = List.of();
        private Path dir;
        private boolean trace;
        private boolean cycles;
        private boolean mpiState;
        private scmp.cpu.Engine.Factory engine;
        private boolean defaultEngine;
        private boolean idleSkip = true;
        /** null: on in an SPMD run, off in a run without ranks. */
        private Boolean lookAhead;
        private int threads = Runtime.getRuntime().availableProcessors();
        private long parallelMinWindow = Machine.PARALLEL_MIN_WINDOW;
        private List<String> commandLine = List.of();
        private String profile;
        private String timeline;
        private Timeline.Filter timelineFilter = Timeline.Filter.DEFAULT;
        private RunControl control;
        private Debugger.Console debugConsole;
        private java.io.PrintStream debugOut;
        private boolean progress;
        private boolean progressOverwrite;

        /** Sets the executable's file and the program's arguments. */
        public Options program(String file, List<String> programArgs) {
            program = file;
            args = List.copyOf(programArgs);
            return this;
        }

        /**
         * Names the machine model to run on; a program built for another one is refused. Null (the default): the
         * model the program was built for.
         */
        public Options machine(MachineKind model) {
            machine = model;
            return this;
        }

        /** Stops the run after {@code n} cycles (exit 124); null: no limit. */
        public Options maxCycles(Long n) {
            maxCycles = n;
            return this;
        }

        /** Sets the thread contexts per node. */
        public Options contexts(int n) {
            contexts = n;
            return this;
        }

        /** Sets the local memory per node, in bytes; null: the model's default. */
        public Options mem(Integer bytes) {
            mem = bytes;
            return this;
        }

        /** Sets the stack per thread context, in bytes. */
        public Options stack(int bytes) {
            stack = bytes;
            return this;
        }

        /** Makes the run an SPMD run of {@code n} ranks (null: the model's own start, node 0 alone on SCMP). */
        public Options ranks(Integer n) {
            ranks = n;
            return this;
        }

        /** Makes the run an SPMD run on every node of the machine. */
        public Options spmd(boolean on) {
            spmd = on;
            return this;
        }

        /** Sets variables of the program's environment, each {@code NAME=VALUE}. */
        public Options env(List<String> variables) {
            env = List.copyOf(variables);
            return this;
        }

        /** Selects libmpi's protocol family (null: libmpi's default). */
        public Options mpiProtocol(MpiProtocol p) {
            mpiProtocol = p;
            return this;
        }

        /** Reads the machine model's parameters from files of {@code key=value} lines, before {@link #params}. */
        public Options paramFiles(List<Path> paths) {
            paramFiles = List.copyOf(paths);
            return this;
        }

        /**
         * Sets the machine model's parameters ({@link Params}), after those of the files; a later one of a key
         * replaces an earlier one.
         */
        public Options params(List<Params.Given> given) {
            params = List.copyOf(given);
            return this;
        }

        /** Writes the statistics as JSON to a file at the end, or a summary to stderr with {@code -}; null: none. */
        public Options stats(String file) {
            stats = file;
            return this;
        }

        /** Steps every core and the network one cycle at a time. */
        public Options lockstep(boolean on) {
            lockstep = on;
            return this;
        }

        /** Sets the host files the program may open read-only. */
        public Options files(List<Path> paths) {
            files = List.copyOf(paths);
            return this;
        }

        /**
         * Lets the program create, write, remove and rename files inside a host directory (null: host files stay
         * read-only).
         */
        public Options dir(Path directory) {
            dir = directory;
            return this;
        }

        /** Prints every executed instruction to stderr. */
        public Options trace(boolean on) {
            trace = on;
            return this;
        }

        /** Prints the cycle and instruction counts to stderr at the end. */
        public Options cycles(boolean on) {
            cycles = on;
            return this;
        }

        /**
         * Records the command line that asked for the run, for the statistics (null or empty: none recorded).
         *
         * @param words the tool's name and its arguments, as given
         * @return the options
         */
        public Options commandLine(List<String> words) {
            commandLine = words == null ? List.of() : List.copyOf(words);
            return this;
        }

        /**
         * Profiles the run: a flat table on stderr at the end, and with a file name every node's figures per function
         * (CSV for a name ending in {@code .csv}, else JSON); null: no profile, empty: the table only.
         *
         * @param file the file, empty, or null
         * @return the options
         */
        public Options profile(String file) {
            profile = file;
            return this;
        }

        /**
         * Writes the run's timeline as Chrome trace-event JSON to a file ({@link Timeline}); null: none.
         *
         * @param file   the file
         * @param filter what the timeline shows
         * @return the options
         */
        public Options timeline(String file, Timeline.Filter filter) {
            timeline = file;
            timelineFilter = filter;
            return this;
        }

        /**
         * Runs the program under the debugger ({@link Debugger}), in strict lockstep on the interpreter.
         *
         * @param console where its commands come from; null: no debugger
         * @param out     where its answers go
         * @return the options
         */
        public Options debug(Debugger.Console console, java.io.PrintStream out) {
            debugConsole = console;
            debugOut = out;
            return this;
        }

        /**
         * Lets the run be stopped from outside, cleanly, with the usual reports ({@link RunControl#stop}); null: a
         * control nobody else holds.
         *
         * @param c the control
         * @return the options
         */
        public Options control(RunControl c) {
            control = c;
            return this;
        }

        /**
         * Prints a progress line on stderr about every second of host time.
         *
         * @param on        whether to
         * @param overwrite whether each line replaces the last one (stderr is a terminal)
         * @return the options
         */
        public Options progress(boolean on, boolean overwrite) {
            progress = on;
            progressOverwrite = overwrite;
            return this;
        }

        /** Prints every MPI rank's pending operations to stderr at the end. */
        public Options mpiState(boolean on) {
            mpiState = on;
            return this;
        }

        /** Sets the engine of the nodes' instructions (null: the model's own, the interpreter). */
        public Options engine(scmp.cpu.Engine.Factory factory) {
            engine = factory;
            return this;
        }

        /**
         * Says whether the {@link #engine} is the tools' default rather than one the user named: a model that runs
         * faster on the interpreter ({@link MachineModel#interpretsByDefault()}) then takes it instead.
         */
        public Options defaultEngine(boolean isDefault) {
            defaultEngine = isDefault;
            return this;
        }

        /**
         * Turns the look-ahead of quiet rounds on or off, or (null, the default) on in SPMD runs and off in runs
         * without ranks; the results are the same (docs/performance.md, "Look-ahead").
         */
        public Options lookAhead(Boolean on) {
            lookAhead = on;
            return this;
        }

        /** Turns idle skipping on (the default) or off; the results are the same (docs/performance.md). */
        public Options idleSkip(boolean on) {
            idleSkip = on;
            return this;
        }

        /**
         * Sets the host threads the busy nodes of quiet rounds may run on (the host's processors by default; 1 runs
         * every node on the caller's thread); the results are the same (docs/performance.md, "Parallel nodes").
         */
        public Options threads(int n) {
            threads = n;
            return this;
        }

        /** Sets the fewest cycles of a quiet round's window that runs on several threads ({@link Machine#setParallelMinWindow}). */
        public Options parallelMinWindow(long cycles) {
            parallelMinWindow = cycles;
            return this;
        }
    }

    /**
     * The exit code when scmpsim itself fails: an invalid command line or configuration, an output file that
     * cannot be written. As the exit codes below, it follows the wrappers of GNU coreutils (timeout, env), so that
     * it is told apart from the program's own status.
     */
    public static final int EXIT_TOOL = 125;
    /** The exit code when the program cannot be run: not an executable, too big, or for another machine model. */
    public static final int EXIT_CANNOT_RUN = 126;
    /** The exit code when the program cannot be read: no such file, a directory, no permission. */
    public static final int EXIT_NOT_FOUND = 127;

    /** A model with its parameters and the run's settings, as the options give them. */
    private record Setup(ModelConfig<?> model, RunConfig run) implements MachineSetup {
    }

    /**
     * Runs a program.
     *
     * @param o      what to run and how
     * @param stdout the guest's stdout
     * @param stderr the guest's stderr and the simulator's messages
     * @param stdin  the guest's stdin
     * @return the exit code (docs/simulator.md, "Exit codes"): the program's status; {@value #EXIT_NOT_FOUND}
     *         when the program cannot be read, {@value #EXIT_CANNOT_RUN} when it cannot be run (invalid, too big,
     *         for a model this simulator does not have or another than the options name), {@value #EXIT_TOOL} for
     *         a bad configuration or an output file that cannot be written; 124 at the cycle limit, 134 after an
     *         abort, 139 after a fault, {@value Machine#EXIT_DEADLOCK} after a deadlock
     */
    public static int run(Options o, OutputStream stdout, OutputStream stderr, InputStream stdin) {
        String program = o.program;
        byte[] data;
        try {
            data = InputFile.read(Path.of(program), InputFile.MAX_BINARY_SIZE);
        } catch (InputFile.Unreadable e) {
            say(stderr, "scmpsim: " + program + ": " + e.getMessage());
            return EXIT_NOT_FOUND;
        } catch (RuntimeException e) {
            say(stderr, "scmpsim: " + program + ": cannot read: " + e.getMessage());
            return EXIT_NOT_FOUND;
        }
        Executable exe;
        try {
            exe = ElfReader.readExecutable(program, data);
        } catch (ElfFormatException e) {
            say(stderr, "scmpsim: " + e.getMessage());
            return EXIT_CANNOT_RUN;
        }
        MachineKind kind = exe.machine();
        if (o.machine != null && o.machine != kind) {
            say(stderr, "scmpsim: " + program + " is built for the " + kind.id() + " machine model, not "
                    + o.machine.id() + " (--machine)");
            return EXIT_CANNOT_RUN;
        }
        MachineModel<?> model = Models.of(kind);
        if (model == null) {
            say(stderr, "scmpsim: " + program + ": the " + kind.id() + " machine model is not available");
            return EXIT_CANNOT_RUN;
        }
        for (Path f : o.files) {
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
                say(stderr, "scmpsim: --file " + f + ": not a readable file");
                return EXIT_TOOL;
            }
        }
        if (o.dir != null && !Files.isDirectory(o.dir)) {
            say(stderr, "scmpsim: --dir " + o.dir + ": not a directory");
            return EXIT_TOOL;
        }
        try {
            return simulate(o, setup(o, model), exe, stdout, stderr, stdin);
        } catch (ConfigException e) {
            say(stderr, "scmpsim: " + e.getMessage());
            return EXIT_TOOL;
        } catch (OutOfMemoryError e) {
            say(stderr, "scmpsim: out of host memory: every page a node writes takes host memory; give Java more "
                    + "(SCMP_JAVA_OPTS=-Xmx8g)");
            return EXIT_TOOL;
        }
    }

    /**
     * Whether this simulator can run programs built for a machine model: whether the model is on the class path.
     *
     * @param kind the kind of machine
     * @return true when a program for it can be run
     */
    public static boolean available(MachineKind kind) {
        return Models.of(kind) != null;
    }

    /** The model's parameters and the run's settings the options describe; a bad value is a ConfigException. */
    private static <P extends Record> Setup setup(Options o, MachineModel<P> model) {
        List<Params.Given> given = new ArrayList<>();
        if (o.mpiProtocol != null) {
            given.addAll(o.mpiProtocol.params());
        }
        for (Path f : o.paramFiles) {
            given.addAll(Params.read(f));
        }
        given.addAll(o.params);
        int ranks = 0;
        if (o.ranks != null) {
            if (o.ranks < 1 || o.ranks > model.maxNodes()) {
                throw new ConfigException("-n: must be 1.." + model.maxNodes() + ", got " + o.ranks);
            }
            ranks = o.ranks;
        }
        ModelConfig<P> machine;
        try {
            machine = new ModelConfig<>(model, Params.load(model.parametersType(), model.name(), given)).fit(ranks);
        } catch (ParamException e) {
            throw Params.named(e, given);
        }
        if (o.spmd && o.ranks == null) {
            ranks = machine.nodes();
        }
        ranks = model.ranks(machine.params(), ranks);
        RunConfig.Builder b = RunConfig.builder(o.program).contexts(o.contexts).memSize(o.mem == null ? 0 : o.mem)
                .stackSize(o.stack).args(o.args).trace(o.trace).lockstep(o.lockstep || o.debugConsole != null).ranks(ranks)
                .engine(o.defaultEngine && model.interpretsByDefault() ? null : o.engine);
        for (String e : o.env) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--env " + e + ": expected NAME=VALUE");
            }
            b.env(e.substring(0, eq), e.substring(eq + 1));
        }
        if (o.mpiProtocol != null) {
            b.env("SCMP_MPI_PROTOCOL", o.mpiProtocol.value());
        }
        if (ranks > 0) {
            b.env("SCMP_NPROCS", Integer.toString(ranks));
        }
        if (o.maxCycles != null) {
            b.maxCycles(o.maxCycles);
        }
        o.files.forEach(b::file);
        b.dir(o.dir);
        return new Setup(machine, b.build());
    }

    /** Builds the machine, runs the program, reports; returns the exit code. */
    private static int simulate(Options o, MachineSetup setup, Executable exe, OutputStream stdout,
                                OutputStream stderr, InputStream stdin) {
        Machine m;
        try {
            m = new Machine(setup, exe, stdout, stderr, stdin);
        } catch (Loader.LoadException e) {
            say(stderr, "scmpsim: " + o.program + ": " + e.getMessage());
            return EXIT_CANNOT_RUN;
        }
        SourceLines lines = SourceLines.of(exe);
        if (!lines.isEmpty()) {
            m.setSourceLocator(lines);
        }
        if (o.profile != null) {
            m.profile(lines);
        }
        m.setIdleSkip(o.idleSkip);
        m.setLookAhead(o.lookAhead != null ? o.lookAhead : m.runConfig().spmd());
        m.setThreads(o.threads);
        m.setParallelMinWindow(o.parallelMinWindow);
        if (o.debugConsole != null) {
            m.debug(o.debugConsole, o.debugOut);
        }
        Timeline timeline = null;
        if (o.timeline != null) {
            java.io.Writer w;
            try {
                w = Files.newBufferedWriter(Path.of(o.timeline), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                say(stderr, "scmpsim: --timeline " + o.timeline + ": cannot write: no such directory");
                return EXIT_TOOL;
            } catch (IOException | RuntimeException e) {
                say(stderr, "scmpsim: --timeline " + o.timeline + ": cannot write: " + e.getMessage());
                return EXIT_TOOL;
            }
            timeline = m.timeline(o.timelineFilter, w);
        }
        RunControl control = o.control != null ? o.control : new RunControl();
        m.setControl(control);
        Thread ticker = null;
        if (o.progress) {
            m.setProgress(new java.io.PrintStream(stderr, true, StandardCharsets.UTF_8), o.progressOverwrite);
            ticker = new Thread(() -> {
                try {
                    while (true) {
                        Thread.sleep(PROGRESS_MILLIS);
                        control.progress();
                    }
                } catch (InterruptedException e) {
                    // the run has ended
                }
            }, "scmpsim-progress");
            ticker.setDaemon(true);
            ticker.start();
        }
        Machine.Result r;
        try {
            r = m.run();
        } finally {
            if (ticker != null) {
                ticker.interrupt();
            }
        }
        String hint = mpiWithoutRanks(o, m, r);
        if (hint != null) {
            say(stderr, hint);
        } else if (r.message() != null) {
            say(stderr, r.message());
            if (r.outcome() == Machine.Outcome.FAULT || r.outcome() == Machine.Outcome.MAX_CYCLES) {
                List<String> stack = m.faultCallStack();
                if (stack.size() > 1) {
                    say(stderr, "call stack:");
                    stack.forEach(line -> say(stderr, line));
                }
            }
        }
        if (o.mpiState && r.outcome() != Machine.Outcome.DEADLOCK) {     // a deadlock report already has it
            String mpi = MpiState.report(m);
            say(stderr, mpi.isEmpty() ? "MPI state: the program has no MPI state" : mpi);
        }
        if (o.cycles) {
            say(stderr, "cycles: " + r.cycles());
            say(stderr, "instructions: " + r.instructions());
        }
        if (timeline != null && timeline.error() != null) {
            say(stderr, "scmpsim: --timeline " + o.timeline + ": cannot write: " + timeline.error().getMessage());
            return r.exitCode() == 0 ? EXIT_TOOL : r.exitCode();
        }
        if (o.profile != null) {
            ProfileReport report = new ProfileReport(m.profiler(), r.cycles());
            say(stderr, report.table().stripTrailing());
            if (!o.profile.isEmpty()) {
                String text = o.profile.endsWith(".csv") ? report.csv() : report.json();
                if (!write(stderr, "--profile", o.profile, text)) {
                    return r.exitCode() == 0 ? EXIT_TOOL : r.exitCode();
                }
            }
        }
        if (o.stats != null) {
            RunStats st = new RunStats(m, r).commandLine(o.commandLine);
            if (o.stats.equals("-")) {
                PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
                w.print(st.summary());
                w.flush();
            } else if (!write(stderr, "--stats", o.stats, st.json())) {
                return r.exitCode() == 0 ? EXIT_TOOL : r.exitCode();
            }
        }
        return r.exitCode();
    }

    /**
     * The hint that replaces the deadlock report of an MPI program started on node 0 alone (no {@code -n}): its
     * rank 0 waits for ranks that never started, which the report would describe at length as a livelock. It is
     * given when the run was not SPMD, it ended in a deadlock, and node 0 alone called {@code MPI_Init} (a program
     * in the thesis's launch form starts main's MPI part on every node itself, with {@code parExecute}, and gets
     * the report).
     *
     * @return the hint's lines, or null when the run is not such a case
     */
    private static String mpiWithoutRanks(Options o, Machine m, Machine.Result r) {
        if (r.outcome() != Machine.Outcome.DEADLOCK || m.runConfig().ranks() != 0 || m.nodeCount() < 2
                || !MpiState.initializedOnNodeZeroAlone(m)) {
            return null;
        }
        return "scmpsim: " + o.program + " calls MPI_Init but ran on node 0 alone, so its rank 0 waits for ranks "
                + "that never started (stopped at cycle " + r.cycles() + ")\n"
                + "scmpsim: hint: start one rank per node as mpirun does: scmpsim -np N " + o.program
                + " (N up to " + m.nodeCount() + "; --spmd for every node)";
    }

    /** Host milliseconds between two progress lines. */
    private static final long PROGRESS_MILLIS = 1000;

    /** Writes an output file; false (after one line on stderr) when it cannot be written. */
    private static boolean write(OutputStream stderr, String option, String file, String text) {
        try {
            Files.writeString(Path.of(file), text);
            return true;
        } catch (NoSuchFileException e) {
            say(stderr, "scmpsim: " + option + " " + file + ": cannot write: no such directory");
        } catch (IOException | RuntimeException e) {
            say(stderr, "scmpsim: " + option + " " + file + ": cannot write: " + e.getMessage());
        }
        return false;
    }

    private static void say(OutputStream stderr, String line) {
        PrintWriter w = new PrintWriter(stderr, true);
        w.println(line);
        w.flush();
    }
}
