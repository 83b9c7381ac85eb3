package scmp.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import scmp.cc.Driver;
import scmp.elf.ElfReader;
import scmp.elf.Executable;
import scmp.machine.Machine;
import scmp.model.scmp.ScmpConfig;

/**
 * Compiles the programs of programs/mpi with scmpcc in this process (the sysroot on the classpath: clib's
 * crt0, libc and libscmp beside this module's mpi.h and libmpi.a), once per program and optimisation level,
 * and runs them on a mesh, SPMD or in the thesis's launch form, under either protocol family. Safe to use
 * from tests running concurrently.
 */
final class MpiRunner {
    static final long MAX_CYCLES = 500_000_000L;

    private static final Map<String, Executable> COMPILED = new ConcurrentHashMap<>();

    private MpiRunner() {
    }

    /** The result of a run: the machine's result and the guest's stdout and stderr. */
    record Run(Machine.Result result, String stdout, String stderr) {
    }

    static Path root() {
        String p = System.getProperty("scmp.root");
        return (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
    }

    static Path programs() {
        return root().resolve("programs/mpi");
    }

    /** Compiles programs/mpi/NAME (with .c) at -O{opt}, or returns the executable compiled before. */
    static Executable compile(String name, int opt) {
        return COMPILED.computeIfAbsent(name + "@" + opt, k -> {
            try {
                Path src = programs().resolve(name);
                Path exeFile = Files.createTempFile("scmp-mpi", ".out");
                try {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    ByteArrayOutputStream err = new ByteArrayOutputStream();
                    int status;
                    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                        status = Driver.run(Driver.Options.builder().optLevel(opt).output(exeFile.toString())
                                .files(src.toString()).build(), o, e);
                    }
                    assertEquals(0, status,
                            () -> "scmpcc " + name + " failed:\n" + err.toString(StandardCharsets.UTF_8));
                    return ElfReader.readExecutable(exeFile.toString(), Files.readAllBytes(exeFile));
                } finally {
                    Files.deleteIfExists(exeFile);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (scmp.elf.ElfFormatException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * Runs a program in the thesis's launch form (it starts on node 0 and calls parExecute) on an x by y mesh
     * under a protocol family (null: libmpi's default).
     */
    static Run run(String name, int opt, int x, int y, String protocol) throws Exception {
        return run(name, opt, x, y, protocol, 0, false);
    }

    /**
     * Runs a program on an x by y mesh: in the standard form (spmd: every node runs main, as scmpsim -n x*y
     * runs it) or in the thesis's launch form, under a protocol family (SCMP_MPI_PROTOCOL; null: the
     * default), with {@code contexts} thread contexts per node (0: the default).
     */
    static Run run(String name, int opt, int x, int y, String protocol, int contexts, boolean spmd) throws Exception {
        return run(name, opt, x, y, protocol, contexts, spmd, List.of());
    }

    /** The same, with the program's arguments ({@code name} may be a path relative to programs/mpi). */
    static Run run(String name, int opt, int x, int y, String protocol, int contexts, boolean spmd,
                   List<String> args) throws Exception {
        Executable exe = compile(name, opt);
        ScmpConfig.Builder b = ScmpConfig.builder(name).mesh(x, y).maxCycles(MAX_CYCLES).args(args);
        if (contexts > 0) {
            b.contexts(contexts);
        }
        if (protocol != null) {
            b.env("SCMP_MPI_PROTOCOL", protocol);
        }
        if (spmd) {
            b.ranks(x * y);
            b.env("SCMP_NPROCS", Integer.toString(x * y));    /* as scmpsim -n sets it */
        }
        ScmpConfig cfg = b.build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Machine m = new Machine(cfg, exe, out, err, new ByteArrayInputStream(new byte[0]));
        Machine.Result r = m.run();
        return new Run(r, out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.ISO_8859_1));
    }
}
