package scmp.machine;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
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

/**
 * {@code scmpsim}: runs an SCMP executable on the cycle-accurate simulator. The guest's stdout and stderr go to
 * the host's, its exit status becomes the exit code. See docs/simulator.md.
 */
@Command(name = "scmpsim", mixinStandardHelpOptions = true, versionProvider = SimMain.VersionLines.class,
        sortOptions = false, subcommands = {SimMain.Bench.class},
        description = "Runs an SCMP executable on the cycle-accurate simulator.%n"
                + "Options go before PROGRAM; everything after it is passed to the program.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"N:the program's exit status (hcall exit), or 0 when every thread ended",
            "1:scmpsim could not run the program (unreadable or invalid executable, program too big)",
            "2:invalid command line", "124:stopped by --max-cycles", "134:the program aborted (hcall abort)",
            "139:guest fault (one line on stderr says where)"})
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
            description = "Mesh size (default 1x1). Nodes talk through a placeholder network (docs/simulator.md).")
    private Mesh mesh = new Mesh(1, 1);

    @Option(names = "--file", paramLabel = "PATH",
            description = "A host file the program may open read-only (repeatable). Program arguments may be opened too.")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--trace", description = "Print every executed instruction to stderr: cycle, node, thread, pc, instruction.")
    private boolean trace;

    @Option(names = "--cycles", description = "Print the cycle and instruction counts to stderr at the end.")
    private boolean cycles;

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
                .setOut(new PrintWriter(cmd.stdout, true))
                .setErr(err)
                .setExecutionExceptionHandler((ex, line, parsed) -> {
                    line.getErr().println("scmpsim: internal error: " + ex);
                    return 70;
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
            data = Files.readAllBytes(Path.of(program));
        } catch (NoSuchFileException e) {
            say("scmpsim: " + program + ": no such file");
            return 1;
        } catch (IOException | RuntimeException e) {
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
            MachineConfig.Builder b = MachineConfig.builder(program).mesh(mesh.x(), mesh.y()).contexts(contexts)
                    .memSize(mem).stackSize(stack).args(args).trace(trace);
            if (maxCycles != null) {
                b.maxCycles(maxCycles);
            }
            files.forEach(b::file);
            cfg = b.build();
        } catch (MachineConfig.ConfigException e) {
            say("scmpsim: " + e.getMessage());
            return 2;
        }
        Machine m;
        try {
            m = new Machine(cfg, exe, stdout, stderr, stdin);
        } catch (Loader.LoadException e) {
            say("scmpsim: " + program + ": " + e.getMessage());
            return 1;
        }
        Machine.Result r = m.run();
        if (r.message() != null) {
            say(r.message());
        }
        if (cycles) {
            say("cycles: " + r.cycles());
            say("instructions: " + r.instructions());
        }
        return r.exitCode();
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

    /** The version lines every scmp tool prints. */
    static final class VersionLines implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return Version.lines("scmpsim");
        }
    }

    /** {@code scmpsim bench}: simulated instructions per host second on the built-in loop. */
    @Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
            description = "Measures simulated instructions per host second on a built-in compute-bound loop "
                    + "(single node); the first run warms the JIT up.")
    static final class Bench implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--iterations", paramLabel = "N", description = "Loop iterations per run (default 20000000).")
        private int iterations = 20_000_000;

        @Option(names = "--runs", paramLabel = "N", description = "Timed runs after the warm-up (default 3).")
        private int runs = 3;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            if (iterations < 1 || runs < 1) {
                spec.commandLine().getErr().println("scmpsim bench: --iterations and --runs must be positive");
                return 2;
            }
            Executable exe = BenchProgram.build(iterations);
            MachineConfig cfg = MachineConfig.builder("bench").build();
            out.printf("scmpsim bench: %d iterations of a %d-instruction loop on one node%n", iterations,
                    BenchProgram.LOOP_LENGTH);
            double best = 0;
            for (int r = 0; r <= runs; r++) {
                Machine m = new Machine(cfg, exe, OutputStream.nullOutputStream(), OutputStream.nullOutputStream(),
                        InputStream.nullInputStream());
                long t0 = System.nanoTime();
                Machine.Result res = m.run();
                double secs = (System.nanoTime() - t0) / 1e9;
                double rate = res.instructions() / secs / 1e6;
                out.printf(Locale.ROOT, "%s: %d instructions, %d cycles, %.3f s, %.1f million instructions/s%n",
                        r == 0 ? "warm-up" : "run " + r, res.instructions(), res.cycles(), secs, rate);
                if (r > 0) {
                    best = Math.max(best, rate);
                }
            }
            out.printf(Locale.ROOT, "best: %.1f million simulated instructions per second%n", best);
            out.flush();
            return 0;
        }
    }
}
