package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The programs of {@code scmpexp sp} on the SP model (docs/sp-tables.md): the NAS IS kernel verifies its sort on 4
 * nodes as NAS does (partial verification of the test keys in every ranking, full verification at the end, and
 * each test key's rank against a direct count), and the interrupt-mode ping-pong ends with one line and status 3
 * in polling mode, where packets are taken only inside MPI calls, and completes under both stacks with
 * MP_CSS_INTERRUPT=yes, where HAL's interrupt handler takes them; an MPI program prints MPICH's output in
 * interrupt mode under both stacks.
 */
class SpBenchTest {
    @TempDir
    Path dir;

    private Path build(String source) {
        Path exe = dir.resolve(Path.of(source).getFileName().toString().replace(".c", ""));
        E2e.Cc r = E2e.scmpcc("-O1", "-mmachine=sp", "-o", exe.toString(), E2e.root().resolve(source).toString());
        assertEquals(0, r.status(), r.stderr());
        return exe;
    }

    @Test
    void isVerifiesOnFourNodes() {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "4", build("programs/sp-bench/is.c").toString(), "12", "9",
                "7");
        assertEquals(0, s.exit(), s.stderr());
        assertTrue(s.stdout().startsWith("is: 4096 keys below 512, 128 buckets, 4 processes, 10 rankings\n"),
                s.stdout());
        assertTrue(s.stdout().endsWith("verify: is: OK\n"), s.stdout());
    }

    @Test
    void theInterruptModePingPongEndsInPollingMode() {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "2",
                build("programs/sp-bench/mpi_bench.c").toString(), "1", "4", "1", "interrupt");
        assertEquals(3, s.exit(), s.stderr());
        assertTrue(s.stderr().contains("mpi_bench: rank 0: no message in 3320000 cycles without an MPI call: the "
                + "library is not in interrupt mode\n"), s.stderr());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lapi", "native"})
    void theInterruptModePingPongCompletesInInterruptMode(String stack) {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "2", "--env", "MP_MPI_STACK=" + stack, "--env",
                "MP_CSS_INTERRUPT=yes", build("programs/sp-bench/mpi_bench.c").toString(), "1", "65536", "1",
                "interrupt");
        assertEquals(0, s.exit(), s.stderr());
        // one line per size, 4 bytes to 64 KB: the eager messages and the rendezvous ones (from 4096 bytes), whose
        // answer to the request to send the receiver's interrupt handler sends
        String[] lines = s.stdout().split("\n");
        assertEquals(8, lines.length, s.stdout());
        for (int k = 0, n = 4; k < lines.length; k++, n *= 4) {
            assertTrue(lines[k].startsWith("interrupt " + n + " "), s.stdout());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lapi", "native"})
    void anMpiProgramPrintsWhatMpichPrintsInInterruptMode(String stack) throws IOException {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "4", "--env", "MP_MPI_STACK=" + stack, "--env",
                "MP_CSS_INTERRUPT=yes", build("programs/mpi/ops.c").toString());
        assertEquals(0, s.exit(), s.stderr());
        assertEquals(Files.readString(E2e.root().resolve("programs/mpi/ops.4.expected")), s.stdout());
    }

    @Test
    void aModeOtherThanYesOrNoIsOneClearLine() {
        E2e.Sim s = E2e.scmpsim("--machine", "sp", "-n", "2", "--env", "MP_CSS_INTERRUPT=maybe",
                build("programs/sp-bench/mpi_bench.c").toString(), "1", "4", "1", "interrupt");
        assertEquals(1, s.exit());
        assertTrue(s.stderr().contains("MPI on node 0: MP_CSS_INTERRUPT must be no or yes\n"), s.stderr());
    }
}
