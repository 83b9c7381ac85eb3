package scmp.machine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import scmp.common.InputFile;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.isa.Abi;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;

/**
 * One run of an SCMP executable as {@code scmpsim} makes it, as an API: the executable read from its file, the
 * machine configured from {@link Options}, the program run, and the reports written at the end (the fault or
 * deadlock message with the call stack, the MPI state, the cycle counts, the statistics). The guest's stdout
 * and stderr go to the given streams, the simulator's messages to the error stream as one line each, prefixed
 * {@code scmpsim:}. See docs/simulator.md for the options and the exit codes.
 */
public final class Simulation {
    private Simulation() {
    }

    /**
     * A mesh size.
     *
     * @param x nodes in X
     * @param y nodes in Y
     */
    public record Mesh(int x, int y) {
    }

    /** The protocol families of libmpi (docs/mpi.md), named as {@code --mpi-protocol} names them. */
    public enum MpiProtocol {
        /** The thesis's design as published. */
        thesis,
        /** libmpi's default, improved family. */
        ours
    }

    /** What a run does; every setter returns the options. The defaults are scmpsim's. */
    public static final class Options {
        private String program;
        private List<String> args = List.of();
        private Long maxCycles;
        private int contexts = Abi.DEFAULT_CONTEXTS;
        private int mem = Abi.DEFAULT_MEM_SIZE;
        private int stack = Abi.DEFAULT_STACK_SIZE;
        private Mesh mesh;
        private Integer ranks;
        private boolean spmd;
        private List<String> env = List.of();
        private MpiProtocol mpiProtocol;
        private int niuQueue = NiuConfig.DEFAULT_QUEUE;
        private int vcs = NocConfig.defaults().vcs();
        private int buffer = NocConfig.defaults().bufferDepth();
        private int routerDelay = NocConfig.defaults().routerDelay();
        private int linkDelay = NocConfig.defaults().linkDelay();
        private boolean wideFlits;
        private String stats;
        private List<String> watch = List.of();
        private boolean lockstep;
        private List<Path> files = List.of();
        private boolean trace;
        private boolean cycles;
        private boolean mpiState;

        /** Sets the executable's file and the program's arguments. */
        public Options program(String file, List<String> programArgs) {
            program = file;
            args = List.copyOf(programArgs);
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

        /** Sets the local memory per node, in bytes. */
        public Options mem(int bytes) {
            mem = bytes;
            return this;
        }

        /** Sets the stack per thread context, in bytes. */
        public Options stack(int bytes) {
            stack = bytes;
            return this;
        }

        /** Sets the mesh; null: 4x4, or the one {@link #meshFor} gives for an SPMD run. */
        public Options mesh(Mesh m) {
            mesh = m;
            return this;
        }

        /** Makes the run an SPMD run of {@code n} ranks (null: the program starts on node 0 only). */
        public Options ranks(Integer n) {
            ranks = n;
            return this;
        }

        /** Makes the run an SPMD run on every node of the mesh. */
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

        /** Sets the flits of each NIU's injection queue. */
        public Options niuQueue(int flits) {
            niuQueue = flits;
            return this;
        }

        /** Sets the virtual channels per router port. */
        public Options vcs(int n) {
            vcs = n;
            return this;
        }

        /** Sets the flits per virtual-channel buffer, in routers and at ejection. */
        public Options buffer(int flits) {
            buffer = flits;
            return this;
        }

        /** Sets the router pipeline delay in network cycles. */
        public Options routerDelay(int cycles) {
            routerDelay = cycles;
            return this;
        }

        /** Sets the link delay in network cycles. */
        public Options linkDelay(int cycles) {
            linkDelay = cycles;
            return this;
        }

        /** Uses the wide head flit on meshes up to 8x8 too. */
        public Options wideFlits(boolean on) {
            wideFlits = on;
            return this;
        }

        /** Writes the statistics as JSON to a file at the end, or a summary to stderr with {@code -}; null: none. */
        public Options stats(String file) {
            stats = file;
            return this;
        }

        /** Traces messages, each selected as {@code NODE:K}. */
        public Options watch(List<String> selections) {
            watch = List.copyOf(selections);
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

        /** Prints every MPI rank's pending operations to stderr at the end. */
        public Options mpiState(boolean on) {
            mpiState = on;
            return this;
        }
    }

    /**
     * Runs a program.
     *
     * @param o      what to run and how
     * @param stdout the guest's stdout
     * @param stderr the guest's stderr and the simulator's messages
     * @param stdin  the guest's stdin
     * @return the exit code: the program's status, 1 when the program cannot be run, 2 for a bad configuration,
     *         124 at the cycle limit, 134 after an abort, 139 after a fault or a deadlock
     */
    public static int run(Options o, OutputStream stdout, OutputStream stderr, InputStream stdin) {
        String program = o.program;
        byte[] data;
        try {
            data = InputFile.read(Path.of(program), InputFile.MAX_BINARY_SIZE);
        } catch (InputFile.Unreadable e) {
            say(stderr, "scmpsim: " + program + ": " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            say(stderr, "scmpsim: " + program + ": cannot read: " + e.getMessage());
            return 1;
        }
        Executable exe;
        try {
            exe = ElfReader.readExecutable(program, data);
        } catch (ElfFormatException e) {
            say(stderr, "scmpsim: " + e.getMessage());
            return 1;
        }
        for (Path f : o.files) {
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
                say(stderr, "scmpsim: --file " + f + ": not a readable file");
                return 1;
            }
        }
        MachineConfig cfg;
        try {
            cfg = config(o);
        } catch (MachineConfig.ConfigException e) {
            say(stderr, "scmpsim: " + e.getMessage());
            return 2;
        }
        try {
            return simulate(o, cfg, exe, stdout, stderr, stdin);
        } catch (OutOfMemoryError e) {
            say(stderr, "scmpsim: out of host memory: every node a message reaches gets its own --mem bytes; use a "
                    + "smaller --mem, or give Java more (SCMP_JAVA_OPTS=-Xmx8g)");
            return 1;
        }
    }

    /** The machine the options describe; a bad value becomes a {@link MachineConfig.ConfigException}. */
    private static MachineConfig config(Options o) {
        Mesh m = o.mesh;
        int n = 0;
        if (o.ranks != null) {
            int most = MachineConfig.MAX_DIM * MachineConfig.MAX_DIM;
            if (o.ranks < 1 || o.ranks > most) {
                throw new MachineConfig.ConfigException("-n: must be 1.." + most + ", got " + o.ranks);
            }
            n = o.ranks;
            if (m == null) {
                m = meshFor(n);
            } else if (n > m.x() * m.y()) {
                throw new MachineConfig.ConfigException("-n " + n + ": the " + m.x() + "x" + m.y() + " mesh (--mesh) "
                        + "has only " + m.x() * m.y() + " node" + (m.x() * m.y() == 1 ? "" : "s"));
            }
        }
        if (m == null) {
            m = new Mesh(4, 4);
        }
        if (o.spmd && o.ranks == null) {
            n = m.x() * m.y();
        }
        boolean wide = o.wideFlits || m.x() > FlitFormat.SCMP.maxMeshSide() || m.y() > FlitFormat.SCMP.maxMeshSide();
        MachineConfig.Builder b = MachineConfig.builder(o.program).mesh(m.x(), m.y()).contexts(o.contexts)
                .memSize(o.mem).stackSize(o.stack).args(o.args).trace(o.trace).niuQueue(o.niuQueue)
                .lockstep(o.lockstep).noc(nocConfig(o, wide)).ranks(n);
        for (String e : o.env) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw new MachineConfig.ConfigException("--env " + e + ": expected NAME=VALUE");
            }
            b.env(e.substring(0, eq), e.substring(eq + 1));
        }
        if (o.mpiProtocol != null) {
            b.env("SCMP_MPI_PROTOCOL", o.mpiProtocol.name());
        }
        if (n > 0) {
            b.env("SCMP_NPROCS", Integer.toString(n));
        }
        if (o.maxCycles != null) {
            b.maxCycles(o.maxCycles);
        }
        o.files.forEach(b::file);
        for (String w : o.watch) {
            try {
                b.watch(Watch.Selection.parse(w));
            } catch (IllegalArgumentException e) {
                throw new MachineConfig.ConfigException("--watch: " + e.getMessage());
            }
        }
        return b.build();
    }

    /** Builds the machine, runs the program, reports; returns the exit code. */
    private static int simulate(Options o, MachineConfig cfg, Executable exe, OutputStream stdout,
                                OutputStream stderr, InputStream stdin) {
        Machine m;
        try {
            m = new Machine(cfg, exe, stdout, stderr, stdin);
        } catch (Loader.LoadException e) {
            say(stderr, "scmpsim: " + o.program + ": " + e.getMessage());
            return 1;
        }
        SourceLines lines = SourceLines.of(exe);
        if (!lines.isEmpty()) {
            m.setSourceLocator(lines);
        }
        Machine.Result r = m.run();
        if (r.message() != null) {
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
        if (o.stats != null) {
            RunStats st = new RunStats(m, r);
            if (o.stats.equals("-")) {
                PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
                w.print(st.summary());
                w.flush();
            } else {
                try {
                    Files.writeString(Path.of(o.stats), st.json());
                } catch (NoSuchFileException e) {
                    say(stderr, "scmpsim: --stats " + o.stats + ": cannot write: no such directory");
                    return r.exitCode() == 0 ? 1 : r.exitCode();
                } catch (IOException | RuntimeException e) {
                    say(stderr, "scmpsim: --stats " + o.stats + ": cannot write: " + e.getMessage());
                    return r.exitCode() == 0 ? 1 : r.exitCode();
                }
            }
        }
        return r.exitCode();
    }

    private static void say(OutputStream stderr, String line) {
        PrintWriter w = new PrintWriter(stderr, true);
        w.println(line);
        w.flush();
    }

    /** The router network the options describe; bad values become a {@link MachineConfig.ConfigException}. */
    private static NocConfig nocConfig(Options o, boolean wide) {
        String option = "--vcs";
        try {
            NocConfig c = NocConfig.defaults().withVcs(o.vcs);
            option = "--buffer";
            c = c.withBufferDepth(o.buffer).withEjectionBuffer(o.buffer);
            option = "--router-delay";
            c = c.withRouterDelay(o.routerDelay);
            option = "--link-delay";
            c = c.withLinkDelay(o.linkDelay);
            return c.withFormat(wide ? FlitFormat.WIDE : FlitFormat.SCMP);
        } catch (IllegalArgumentException e) {
            throw new MachineConfig.ConfigException(option + ": " + e.getMessage());
        }
    }

    /**
     * The mesh of an SPMD run of {@code n} ranks when none is given: among the meshes {@code X x Y} with
     * {@code X >= Y}, {@code X <= 2Y} and {@code X * Y >= n}, the one with the fewest unused nodes, then the most
     * square. So 1, 2, 4, 8, 16, 32, 64, 128, 256 ranks get 1x1, 2x1, 2x2, 4x2, 4x4, 8x4, 8x8, 16x8, 16x16; 6 gets
     * 3x2, 7 gets 4x2, 12 gets 4x3.
     *
     * @param n the ranks, 1..{@link MachineConfig#MAX_DIM} squared
     * @return the mesh
     */
    public static Mesh meshFor(int n) {
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
}
