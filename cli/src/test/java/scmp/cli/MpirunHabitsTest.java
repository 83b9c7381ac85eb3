package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.cli.SpmdProgramsTest.Sim;
import scmp.machine.Machine;
import scmp.machine.Simulation;

/**
 * scmpsim's mpirun habits (docs/simulator.md, "Exit codes"): {@code -np N}, the hint for an MPI program started
 * without it, and exit codes that tell the program's own status from scmpsim's failures, a fault and a deadlock.
 */
class MpirunHabitsTest {
    /** The README's MPI example: a token goes around the ring of all ranks. */
    private static String ring() throws java.io.IOException {
        return Files.readString(Path.of("../examples/ring.c"));
    }

    @Test
    void npRunsTheRanksAsMpirunDoes(@TempDir Path dir) throws Exception {
        Path ring = SpmdProgramsTest.compile(dir, "ring", ring());
        Sim np = SpmdProgramsTest.scmpsim("-np", "4", ring.toString());
        assertEquals(0, np.code(), np.err());
        assertTrue(np.out().startsWith("ring of 4 ranks: token 6 (expected 6), "), np.out());
        Sim n = SpmdProgramsTest.scmpsim("-n", "4", ring.toString());
        assertEquals(np.out(), n.out());
    }

    @Test
    void anMpiProgramStartedOnNodeZeroAloneGetsAHint(@TempDir Path dir) throws Exception {
        Path ring = SpmdProgramsTest.compile(dir, "ring", ring());
        Sim alone = SpmdProgramsTest.scmpsim("--mesh", "2x2", ring.toString());
        assertEquals(Machine.EXIT_DEADLOCK, alone.code());
        assertEquals("", alone.out());
        String[] lines = alone.err().split("\n");
        assertEquals(2, lines.length, alone.err());
        assertTrue(lines[0].startsWith("scmpsim: " + ring + " calls MPI_Init but ran on node 0 alone, so its rank 0 "
                + "waits for ranks that never started (stopped at cycle "), alone.err());
        assertEquals("scmpsim: hint: start one rank per node as mpirun does: scmpsim -np N " + ring
                + " (N up to 4; --spmd for every node)", lines[1]);
    }

    @Test
    void exitCodesTellTheProgramsStatusFromScmpsimsFailuresAFaultAndADeadlock(@TempDir Path dir) throws Exception {
        Path one = SpmdProgramsTest.compile(dir, "one", "int main(void) { return 1; }\n");
        assertEquals(1, SpmdProgramsTest.scmpsim(one.toString()).code(), "the program's own status");
        Path two = SpmdProgramsTest.compile(dir, "two", "int main(void) { return 2; }\n");
        assertEquals(2, SpmdProgramsTest.scmpsim(two.toString()).code());
        assertEquals(Simulation.EXIT_TOOL, SpmdProgramsTest.scmpsim("--no-such-option", one.toString()).code());
        assertEquals(Simulation.EXIT_TOOL, SpmdProgramsTest.scmpsim("--contexts", "99", one.toString()).code());
        assertEquals(Simulation.EXIT_NOT_FOUND, SpmdProgramsTest.scmpsim(dir.resolve("missing").toString()).code());
        Path text = Files.writeString(dir.resolve("text"), "not an executable\n");
        assertEquals(Simulation.EXIT_CANNOT_RUN, SpmdProgramsTest.scmpsim(text.toString()).code());
        Path fault = SpmdProgramsTest.compile(dir, "fault", "int main(void) { return *(volatile int *)0; }\n");
        assertEquals(Machine.EXIT_FAULT, SpmdProgramsTest.scmpsim(fault.toString()).code());
        Path stuck = SpmdProgramsTest.compile(dir, "stuck", """
                #include <mpi.h>
                int main(int argc, char **argv) {
                    int x;
                    MPI_Init(&argc, &argv);
                    MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    return 0;
                }
                """);
        Sim deadlock = SpmdProgramsTest.scmpsim("-np", "2", stuck.toString());
        assertEquals(Machine.EXIT_DEADLOCK, deadlock.code());
        assertTrue(deadlock.err().startsWith("scmpsim: deadlock at cycle "), deadlock.err());
    }
}
