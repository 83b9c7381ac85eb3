package scmp.experiments;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import scmp.cc.Driver;
import scmp.cpu.JitEngine;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
import scmp.machine.Loader;
import scmp.machine.Machine;
import scmp.machine.MachineModel;
import scmp.machine.ModelConfig;
import scmp.machine.Models;
import scmp.machine.Params;
import scmp.machine.RunConfig;
import scmp.model.scmp.ScmpConfig;

/**
 * Compiles programs with scmpcc in this process, once per source and options, and runs them on the simulator
 * in this process, measuring the host CPU time each run takes. A program is one of the benchmark sources of
 * programs/cg, programs/qr, programs/micro, programs/aclmpl/bench, programs/t3d-mpi and programs/sp-bench,
 * carried as resources of this module and named relative to programs/ ({@code cg/cg_mpi.c}), or a file: a C
 * source, compiled, or an SCMP executable.
 */
public final class Runner {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String RESOURCES = "scmp/bench/";
    /** The benchmark sources this module carries. */
    static final List<String> SOURCES = List.of("cg/cg.h", "cg/cg_mpi_main.h", "cg/cg_native.c", "cg/cg_mpi.c",
            "cg/cg_mpi_faithful.c", "qr/qr.h", "qr/qr_native.c", "qr/qr_mpi.c", "micro/micro.h",
            "micro/native_p2p.c", "micro/native_coll.c",
            "micro/mpi_p2p.c", "micro/mpi_coll.c", "micro/mpi_alltoall.c", "aclmpl/bench/bench.h",
            "aclmpl/bench/onetoall.c", "aclmpl/bench/alltoall.c", "aclmpl/bench/alltoone.c", "aclmpl/bench/bcast.c",
            "aclmpl/bench/reduce.c", "aclmpl/bench/latency.c", "t3d-mpi/comms1.c", "t3d-mpi/comms2.c",
            "t3d-mpi/collbench.c", "sp-bench/bench.h", "sp-bench/lapi_bench.c", "sp-bench/mpi_bench.c", "sp-bench/is.c");

    private final Path dir;
    private final int optLevel;
    private final Map<String, Executable> programs = new HashMap<>();

    /**
     * Tells whether a program name is one of the benchmark sources this module carries.
     *
     * @param program a name relative to programs/, such as {@code cg/cg_mpi.c}
     * @return whether it is a benchmark source
     */
    public static boolean isBenchmark(String program) {
        return SOURCES.contains(program) && program.endsWith(".c");
    }

    /** The MPI protocol family a run asks libmpi for (docs/mpi.md), or none for a native program. */
    public enum Protocol {
        /** No MPI: the environment is left alone. */
        NONE(null),
        /** The thesis's design as published: SCMP_MPI_PROTOCOL=thesis. */
        THESIS("thesis"),
        /**
         * The thesis family with the chip's hardware handshake (thesis section 2.3): SCMP_MPI_PROTOCOL=thesis-hw on
         * a chip with {@code hwRts}, as {@code scmpsim --mpi-protocol thesis-hw}.
         */
        THESIS_HW("thesis-hw"),
        /** libmpi's default, improved family: SCMP_MPI_PROTOCOL=ours. */
        OURS("ours");

        private final String value;

        Protocol(String value) {
            this.value = value;
        }

        /** The value of SCMP_MPI_PROTOCOL, or null. */
        public String value() {
            return value;
        }

        /** Whether the family needs the chip's hardware handshake ({@code hwRts}). */
        public boolean hwRts() {
            return this == THESIS_HW;
        }
    }

    /**
     * One simulation.
     *
     * @param program  the program's source, relative to programs/ (e.g. {@code cg/cg_native.c})
     * @param x        mesh width
     * @param y        mesh height
     * @param args     the program's arguments
     * @param protocol the MPI protocol family
     */
    public record Job(String program, int x, int y, List<String> args, Protocol protocol) {
        /** Returns the number of nodes. */
        public int nodes() {
            return x * y;
        }
    }

    /**
     * What a run gave.
     *
     * @param outcome      how the machine stopped
     * @param exitCode     the program's exit status
     * @param stdout       the guest's stdout
     * @param stderr       the guest's stderr and the simulator's messages
     * @param totalCycles  simulated cycles of the whole run (set-up and check included)
     * @param instructions instructions of all nodes
     * @param cpuSeconds   host CPU time of the run
     */
    public record Result(Machine.Outcome outcome, int exitCode, String stdout, String stderr,
                         long totalCycles, long instructions, double cpuSeconds) {
        /** Whether the program ended normally with status 0. */
        public boolean ok() {
            return (outcome == Machine.Outcome.EXIT || outcome == Machine.Outcome.ALL_ENDED) && exitCode == 0;
        }

        /** The number after {@code key} in the first line of stdout that has it, or -1. */
        public long value(String key) {
            Matcher m = Pattern.compile("(?m)\\b" + Pattern.quote(key) + " (\\d+)").matcher(stdout);
            return m.find() ? Long.parseLong(m.group(1)) : -1;
        }

        /** The timed cycles the benchmark printed ({@code cycles N}), or -1. */
        public long cycles() {
            return value("cycles");
        }

        /** Whether the benchmark printed a verify line ending in OK (and none ending otherwise). */
        public boolean verified() {
            return stdout.contains("verify:") && !stdout.contains("FAILED")
                    && Pattern.compile("(?m)verify: .*: OK$").matcher(stdout).find();
        }

        /** The benchmark's verdict: OK, FAILED, or empty when the program printed no verify line. */
        public String verify() {
            return verified() ? "OK" : stdout.contains("verify:") ? "FAILED" : "";
        }

        /** A one-line reason when the run did not end normally, else null. */
        public String failure() {
            if (ok()) {
                return null;
            }
            String first = stderr.lines().findFirst().orElse("");
            return outcome + " (exit " + exitCode + ")" + (first.isEmpty() ? "" : ": " + first);
        }
    }

    /**
     * Creates a runner that compiles into a new temporary directory.
     *
     * @param optLevel the optimisation level {@link #program(String)} and jobs compile at (scmpcc's {@code -O})
     */
    public Runner(int optLevel) {
        try {
            this.dir = Files.createTempDirectory("scmp-bench");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.optLevel = optLevel;
        for (String s : SOURCES) {
            Path to = dir.resolve(s);
            try (InputStream in = Runner.class.getClassLoader().getResourceAsStream(RESOURCES + s)) {
                if (in == null) {
                    continue;
                }
                Files.createDirectories(to.getParent());
                Files.write(to, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Deletes the compiled programs. */
    public void close() {
        // a temporary directory left behind is harmless: no error to report
        FileUtils.deleteQuietly(dir.toFile());
    }

    /**
     * Compiles a benchmark program (once) at the runner's optimisation level.
     *
     * @param program the source relative to programs/
     * @return the executable
     * @throws IllegalStateException with scmpcc's messages when it does not compile
     */
    public Executable program(String program) {
        return program(program, optLevel, List.of());
    }

    /**
     * Compiles a program (once per source and options) or reads an executable.
     *
     * @param program  a benchmark source relative to programs/ ({@code cg/cg_mpi.c}), a C source file (a name
     *                 ending in {@code .c}), or an SCMP executable
     * @param optLevel the optimisation level of a C source (scmpcc's {@code -O})
     * @param defines  its macros, {@code NAME} or {@code NAME=VALUE} (scmpcc's {@code -D})
     * @return the executable
     * @throws IllegalStateException with a one-line reason (scmpcc's first error, a missing or invalid file)
     */
    public Executable program(String program, int optLevel, List<String> defines) {
        return program(program, optLevel, defines, MachineKind.SCMP);
    }

    /**
     * Compiles a program for a machine model (scmpcc's {@code -mmachine}), as {@link #program(String, int, List)}
     * does for the SCMP chip.
     *
     * @param program  a benchmark source relative to programs/, a C source file, or an executable
     * @param optLevel the optimisation level of a C source
     * @param defines  its macros
     * @param machine  the machine model to build for
     * @return the executable
     * @throws IllegalStateException with a one-line reason
     */
    public synchronized Executable program(String program, int optLevel, List<String> defines, MachineKind machine) {
        String key = program + "\0" + optLevel + "\0" + machine.id() + "\0" + String.join("\0", defines);
        Executable exe = programs.get(key);
        if (exe != null) {
            return exe;
        }
        Path src = isBenchmark(program) ? dir.resolve(program) : Path.of(program);
        if (!Files.isRegularFile(src)) {
            throw new IllegalStateException(program + ": no such file or benchmark source");
        }
        Path out = src;
        if (program.endsWith(".c")) {
            out = dir.resolve("exe" + programs.size() + "_" + machine.id() + "_" + src.getFileName().toString().replace(".c", ""));
            ByteArrayOutputStream msgs = new ByteArrayOutputStream();
            int status;
            try (PrintStream o = new PrintStream(msgs, true, StandardCharsets.UTF_8)) {
                status = Driver.run(Driver.Options.builder().optLevel(optLevel).defines(defines).machine(machine)
                        .output(out.toString()).files(src.toString()).build(), o, o);
            }
            if (status != 0) {
                String text = msgs.toString(StandardCharsets.UTF_8);
                String first = text.lines().filter(l -> l.contains("error:")).findFirst().orElse(text.strip());
                throw new IllegalStateException("scmpcc " + program + ": " + first.replace(dir + "/", ""));
            }
        }
        try {
            exe = ElfReader.readExecutable(program, Files.readAllBytes(out));
        } catch (IOException e) {
            throw new IllegalStateException(program + ": cannot read: " + e.getMessage(), e);
        } catch (ElfFormatException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        programs.put(key, exe);
        return exe;
    }

    /**
     * Runs a job in the calling thread on the compiled engine, {@code scmpsim}'s default, which gives the
     * interpreter's results exactly.
     *
     * @param job       the job
     * @param maxCycles a cycle limit, or 0 for none
     * @return the result
     */
    public Result run(Job job, long maxCycles) {
        Executable exe = program(job.program());
        String name = job.program().substring(job.program().indexOf('/') + 1).replace(".c", "");
        ScmpConfig.Builder b = ScmpConfig.builder(name).mesh(job.x(), job.y()).args(job.args()).engine(JitEngine::new);
        if (maxCycles > 0) {
            b.maxCycles(maxCycles);
        }
        if (job.protocol().value() != null) {
            b.env("SCMP_MPI_PROTOCOL", job.protocol().value());
        }
        b.hwRts(job.protocol().hwRts());
        try {
            // the native programs' nodes compute long between messages: the machine's look-ahead saves their rounds
            // (MPI programs interact too often for it to pay; docs/performance.md, "Look-ahead")
            return run(exe, b.build(), job.program().endsWith("_native.c"));
        } catch (IllegalStateException e) {
            throw new IllegalStateException(job.program() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs an executable on a machine in the calling thread, with idle skipping as {@code scmpsim} runs it by default
     * (docs/performance.md, "Idle skipping"): the results are those of a run without it, in less time.
     *
     * @param exe the executable
     * @param cfg the machine
     * @return the result
     * @throws IllegalStateException when the program does not fit the machine
     */
    public Result run(Executable exe, ScmpConfig cfg) {
        return run(exe, cfg, false);
    }

    /**
     * Runs an executable as {@link #run(Executable, ScmpConfig)} does, with the machine's look-ahead on or off
     * (docs/performance.md, "Look-ahead"): the results are the same either way.
     *
     * @param exe       the executable
     * @param cfg       the machine
     * @param lookAhead whether the machine looks ahead in runs without ranks
     * @return the result
     * @throws IllegalStateException when the program does not fit the machine
     */
    public Result run(Executable exe, ScmpConfig cfg, boolean lookAhead) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long c0 = THREADS.getCurrentThreadCpuTime();
        Machine.Result r;
        try {
            Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
            m.setIdleSkip(true);
            m.setLookAhead(lookAhead);
            r = m.run();
        } catch (Loader.LoadException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return result(r, out, err, (THREADS.getCurrentThreadCpuTime() - c0) / 1e9);
    }

    /**
     * Runs an executable SPMD on the machine model it was built for, with the model's default parameters, in the
     * calling thread: every one of {@code ranks} PEs runs {@code main}.
     *
     * @param name    the program's name ({@code argv[0]})
     * @param exe     the executable
     * @param ranks   the PEs
     * @param memSize bytes of memory per PE (0: the model's default)
     * @param args    the program's arguments
     * @return the result
     * @throws IllegalStateException when the model is not available or the program does not fit the machine
     */
    public Result runSpmd(String name, Executable exe, int ranks, int memSize, List<String> args) {
        MachineModel<?> model = Models.of(exe.machine());
        if (model == null) {
            throw new IllegalStateException("the " + exe.machine().id() + " machine model is not available");
        }
        return runSpmd(model, name, exe, ranks, memSize, args);
    }

    /**
     * Runs an executable SPMD on the machine model it was built for, as {@link #runSpmd(String, Executable, int,
     * int, List)} does, with guest environment variables ({@code scmpsim --env}), model parameters ({@code
     * scmpsim --param}) and a cycle limit.
     *
     * @param name      the program's name ({@code argv[0]})
     * @param exe       the executable
     * @param ranks     the PEs
     * @param memSize   bytes of memory per PE (0: the model's default)
     * @param args      the program's arguments
     * @param env       the guest's environment, in order
     * @param params    the model's parameters that differ from its defaults
     * @param maxCycles a cycle limit, or 0 for none
     * @return the result
     * @throws IllegalStateException when the model is not available, a parameter is wrong or the program does not
     *                               fit the machine
     */
    public Result runSpmd(String name, Executable exe, int ranks, int memSize, List<String> args,
                          Map<String, String> env, List<Params.Given> params, long maxCycles) {
        MachineModel<?> model = Models.of(exe.machine());
        if (model == null) {
            throw new IllegalStateException("the " + exe.machine().id() + " machine model is not available");
        }
        return runSpmd(model, name, exe, ranks, memSize, args, env, params, maxCycles);
    }

    private <P extends Record> Result runSpmd(MachineModel<P> model, String name, Executable exe, int ranks,
                                              int memSize, List<String> args) {
        return runSpmd(model, name, exe, ranks, memSize, args, Map.of(), List.of(), 0);
    }

    private <P extends Record> Result runSpmd(MachineModel<P> model, String name, Executable exe, int ranks,
                                              int memSize, List<String> args, Map<String, String> env,
                                              List<Params.Given> params, long maxCycles) {
        ModelConfig<P> machine;
        try {
            machine = new ModelConfig<>(model, Params.load(model.parametersType(), model.name(), params));
        } catch (RuntimeException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        RunConfig.Builder b = RunConfig.builder(name).memSize(memSize).args(args).ranks(ranks);
        env.forEach(b::env);
        if (maxCycles > 0) {
            b.maxCycles(maxCycles);
        }
        RunConfig run = b.build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long c0 = THREADS.getCurrentThreadCpuTime();
        Machine.Result r;
        try {
            r = new Machine(machine, run, exe, out, err, new ByteArrayInputStream(new byte[0])).run();
        } catch (Loader.LoadException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return result(r, out, err, (THREADS.getCurrentThreadCpuTime() - c0) / 1e9);
    }

    private static Result result(Machine.Result r, ByteArrayOutputStream out, ByteArrayOutputStream err, double cpu) {
        String errText = err.toString(StandardCharsets.ISO_8859_1);
        if (r.message() != null) {
            errText = r.message() + "\n" + errText;
        }
        return new Result(r.outcome(), r.exitCode(), out.toString(StandardCharsets.ISO_8859_1), errText,
                r.cycles(), r.instructions(), cpu);
    }

    /** The arguments as a list (a convenience for callers). */
    static List<String> args(Object... a) {
        List<String> l = new ArrayList<>();
        for (Object o : a) {
            l.add(String.valueOf(o));
        }
        return l;
    }
}
