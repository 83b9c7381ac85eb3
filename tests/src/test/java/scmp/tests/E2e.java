package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import scmp.cc.Driver;
import scmp.cli.CcMain;
import scmp.cli.SimMain;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;

/**
 * What the end-to-end tests share: where the repository's programs are, the compiler driver run in-process
 * ({@link Driver}, with the sysroot the clib and mpi modules put on the classpath), the commands {@code scmpcc}
 * and {@code scmpsim} run in-process as a user runs them, and the machine run in-process.
 */
final class E2e {
    /** A cycle limit that no corpus program comes near; a program that hits it has a bug. */
    static final long DEFAULT_MAX_CYCLES = 4_000_000_000L;

    private E2e() {
    }

    /** The repository's root: the system property {@code scmp.root} (set by the pom), else the parent directory. */
    static Path root() {
        String p = System.getProperty("scmp.root");
        return (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
    }

    /** The files of a directory under the root whose names end with {@code suffix}, sorted. */
    static List<Path> files(String dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(root().resolve(dir))) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    /** The result of running the compiler driver: its exit status and what it printed. */
    record Cc(int status, String stdout, String stderr) {
    }

    /** Runs {@code scmpcc ARGS} in this process. */
    /**
     * Compiles {@code programs/DIR/NAME.c} at -O1 for a machine model into {@code out/NAME}, asserting that scmpcc
     * succeeds without a word on stderr.
     *
     * @param out   where the executable goes
     * @param model the machine model ({@code -mmachine})
     * @param dir   the folder under programs/
     * @param name  the program's name, without {@code .c}
     * @return the executable
     */
    static Path buildProgram(Path out, String model, String dir, String name) {
        Path exe = out.resolve(name);
        Cc r = scmpcc("-O1", "-mmachine=" + model, "-o", exe.toString(),
                root().resolve("programs/" + dir + "/" + name + ".c").toString());
        assertEquals(0, r.status(), r.stderr());
        assertEquals("", r.stderr());
        return exe;
    }

    static Cc scmpcc(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = CcMain.run(o, e, args);
        }
        return new Cc(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Compiles and links C sources with the driver at {@code -O<opt>} into a temporary executable and reads it
     * back; throws with the compiler's messages when that fails.
     */
    static Executable build(int opt, Path... sources) throws Exception {
        Path tmp = Files.createTempFile("scmp-e2e", ".out");
        try {
            buildFile(opt, false, tmp, sources);
            return ElfReader.readExecutable(tmp.toString(), Files.readAllBytes(tmp));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Compiles and links C sources with the driver into the executable file {@code out}, with -g if asked. */
    static void buildFile(int opt, boolean debug, Path out, Path... sources) {
        List<String> files = Arrays.stream(sources).map(Path::toString).toList();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Driver.run(Driver.Options.builder().optLevel(opt).debug(debug).output(out.toString()).files(files)
                    .build(), e, e);
        }
        if (status != 0) {
            throw new AssertionError("scmpcc -O" + opt + (debug ? " -g " : " ") + String.join(" ", files) + " failed ("
                    + status + "):\n" + err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * Writes a C program into {@code dir} as {@code NAME.c} and builds it there at -O1 with -g (line tables, for
     * the reports and profiles that name source lines).
     *
     * @return the executable, {@code dir/NAME}
     */
    static Path buildDebug(Path dir, String name, String source) throws IOException {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, source);
        Path exe = dir.resolve(name);
        buildFile(1, true, exe, src);
        return exe;
    }

    /** What {@code scmpsim} did: its exit code and what it printed. */
    record Sim(int exit, String stdout, String stderr) {
    }

    /**
     * Runs {@code scmpsim ARGS} in this process, with no input, on one host thread unless ARGS give {@code --threads}:
     * the module runs two tests at a time on the host's cores (its pom), and parallel nodes on a host without a free
     * core cost more than they give (docs/performance.md, "Parallel nodes"). {@link ModelParallelNodesTest} and
     * {@link ParallelIdentityCorpusTest} run with several.
     */
    static Sim scmpsim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimMain.run(new SimMain(out, err, new ByteArrayInputStream(new byte[0])).defaultThreads(1), args);
        return new Sim(code, out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.ISO_8859_1));
    }

    /** What a simulated run did. */
    record Run(Machine.Result result, String stdout, String stderr) {
        int exit() {
            return result.exitCode();
        }
    }

    /** Runs an executable on a 1x1 machine with the other defaults (cycle limit {@code maxCycles}, no input). */
    static Run run(Executable exe, long maxCycles) throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("a.out").mesh(1, 1).maxCycles(maxCycles).build();
        return run(exe, cfg);
    }

    /** Runs an executable on a machine. */
    static Run run(Executable exe, ScmpConfig cfg) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
        Machine.Result r = m.run();
        return new Run(r, out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.ISO_8859_1));
    }
}
