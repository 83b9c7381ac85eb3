package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libmpi on the SP model, MPI-LAPI (docs/mpi-sp.md): the SCMP MPI test programs, unmodified and built with
 * {@code -mmachine=sp}, print what MPICH prints (their .expected files) under each of the three versions
 * (MPI_LAPI_VERSION); messages across the eager limit arrive whole in every send mode and in their order; and the
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

    @ParameterizedTest(name = "{0} -n {1} {2}")
    @CsvSource({"groups, 4, base", "groups, 4, counters", "groups, 4, enhanced", "ops, 4, base", "comms, 4, counters",
        "coll, 4, enhanced", "groups, 16, enhanced"})
    void anScmpMpiProgramPrintsWhatMpichPrints(String name, int n, String version) throws IOException {
        Path exe = build("programs/mpi/" + name + ".c");
        E2e.Sim s = run(exe, n, "MPI_LAPI_VERSION=" + version);
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/" + name + "." + n + ".expected")), s.stdout());
    }

    @Test
    void messagesAcrossTheEagerLimitArriveWholeAndInOrder() {
        E2e.Sim s = run(build("programs/sp-mpi/sizes.c"), 2);
        assertEquals("sizes: 61 checks, 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0}: {1} cycles")
    @CsvSource({"base, 18689", "counters, 18697", "enhanced, 18288"})
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
