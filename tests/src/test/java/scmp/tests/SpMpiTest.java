package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * libmpi on the SP model, MPI-LAPI (docs/mpi-sp.md): the SCMP MPI test programs, unmodified and built with
 * {@code -mmachine=sp}, print what MPICH prints and end as under MPICH (their .expected files, or
 * programs/mpi/expected) under the three versions (MPI_LAPI_VERSION) at 4 and 16 processes, and the whole matrix
 * of programs, process counts and stacks with {@code -Dscmp.sp.slow=true}; messages across the eager limit arrive whole in every send mode and in their order; and the
 * one-word ping-pong takes the cycles docs/mpi-sp.md gives for each version.
 */
class SpMpiTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=sp", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    private E2e.Sim run(Path exe, int n, String... env) {
        String[] args = new String[5 + 2 * env.length];
        int i = 0;
        args[i++] = "--machine";
        args[i++] = "sp";
        args[i++] = "-n";
        args[i++] = String.valueOf(n);
        for (String e : env) {
            args[i++] = "--env";
            args[i++] = e;
        }
        args[i] = exe.toString();
        return E2e.scmpsim(args);
    }

    /**
     * What MPICH gives for programs/mpi's NAME at n processes: NAME.N.expected (exit status 0) for the programs in
     * standard form, else programs/mpi/expected/NAME.nN.out and .status (the point-to-point programs; fatal.c ends
     * with MPI_ERRORS_ARE_FATAL's status). The run must print that and end so.
     */
    static void assertAsUnderMpich(String name, int n, E2e.Sim s) throws IOException {
        Path mpi = E2e.root().resolve("programs/mpi");
        Path standard = mpi.resolve(name + "." + n + ".expected");
        if (Files.exists(standard)) {
            assertEquals(Files.readString(standard), s.stdout(), s.stderr());
            assertEquals(0, s.exit(), s.stderr());
        } else {
            assertEquals(Files.readString(mpi.resolve("expected/" + name + ".n" + n + ".out")), s.stdout(), s.stderr());
            assertEquals(Integer.parseInt(Files.readString(mpi.resolve("expected/" + name + ".n" + n + ".status"))
                    .strip()), s.exit(), s.stderr());
        }
    }

    /** The --env settings of a stack: base, counters or enhanced (MPI-LAPI's versions) or native. */
    static String stackEnv(String stack) {
        return stack.equals("native") ? "MP_MPI_STACK=native" : "MPI_LAPI_VERSION=" + stack;
    }

    /**
     * Every SCMP MPI program with MPICH output at -n 4 under one of the versions (the native stack runs the others
     * in SpNativeMpiTest), and a spread at -n 16; bigmsg, bigpingpong and bigreduce (minutes each) only in
     * {@link #everyProgramUnderEveryStack}.
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({"groups, 4, base", "groups, 4, counters", "groups, 4, enhanced", "ops, 4, base", "comms, 4, counters",
        "coll, 4, enhanced", "attrs, 4, base", "cart, 4, base", "errors, 4, base", "pmpi, 4, base",
        "bsend, 4, counters", "colltypes, 4, counters", "fatal, 4, counters", "storm, 4, counters",
        "commgroup, 4, enhanced", "intercomm, 4, enhanced", "datatypes, 4, enhanced", "probe, 4, enhanced",
        "groups, 16, enhanced", "bsend, 16, base", "errors, 16, base", "fatal, 16, counters",
        "datatypes, 16, counters", "completion, 16, enhanced"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n, String version) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        assertAsUnderMpich(name, n, run(exe, n, stackEnv(version)));
    }

    /**
     * The programs programs/mpi has MPICH output for, but onesided.c and onesided3.c (the SP library has no
     * one-sided communication, docs/mpi-sp.md).
     */
    static Stream<String> programs() throws IOException {
        try (Stream<Path> files = Files.list(E2e.root().resolve("programs/mpi"));
                Stream<Path> more = Files.list(E2e.root().resolve("programs/mpi/expected"))) {
            return Stream.concat(files, more).map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".4.expected") || f.endsWith(".n4.out"))
                    .map(f -> f.substring(0, f.indexOf('.'))).filter(f -> !f.startsWith("onesided")).sorted()
                    .toList().stream();
        }
    }

    static Stream<Arguments> matrix() throws IOException {
        return programs().flatMap(p -> Stream.of(4, 16).flatMap(n -> Stream.of("base", "counters", "enhanced",
                "native").map(s -> Arguments.of(p, n, s))));
    }

    /**
     * The whole matrix (docs/mpi-sp.md, "Tests"; scripts/sp-mpi-matrix.sh prints it as a table): every program at
     * -n 4 and -n 16 under each version and the native stack, run when {@code -Dscmp.sp.slow=true} is given (hours
     * of host time: bigmsg and bigreduce at -n 16 take the most).
     */
    @ParameterizedTest(name = "{0} -n {1} {2}")
    @MethodSource("matrix")
    @EnabledIfSystemProperty(named = "scmp.sp.slow", matches = "true")
    void everyProgramUnderEveryStack(String name, int n, String stack) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        assertAsUnderMpich(name, n, run(exe, n, stackEnv(stack)));
    }

    @Test
    void messagesAcrossTheEagerLimitArriveWholeAndInOrder() {
        E2e.Sim s = run(build("programs/sp-mpi/sizes.c"), 2);
        assertEquals("sizes: 61 checks, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0}: {1} cycles")
    @CsvSource({"base, 18713", "counters, 18721", "enhanced, 18312"})
    void aOneWordPingPongTakesTheDocumentedCycles(String version, int cycles) {
        E2e.Sim s = run(build("programs/sp-mpi/pingpong.c"), 2, "MPI_LAPI_VERSION=" + version);
        assertEquals("pingpong: 4 round trips, word 4, last round trip " + cycles + " cycles, one way " + cycles / 2
            + " cycles\n", s.stdout());
    }

    @Test
    void anUnknownVersionIsOneClearLine() {
        E2e.Sim s = run(build("programs/sp-mpi/pingpong.c"), 2, "MPI_LAPI_VERSION=fast");
        assertEquals(1, s.exit());
        assertEquals("MPI-LAPI on node 0: MPI_LAPI_VERSION must be base, counters or enhanced\n",
            s.stderr().lines().filter(l -> l.startsWith("MPI-LAPI on node 0")).findFirst().orElse("") + "\n");
    }
}
