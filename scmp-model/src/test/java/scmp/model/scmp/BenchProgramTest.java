package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;
import scmp.machine.Machine;

/** The built-in programs of scmpsim bench do what docs/performance.md says they do. */
class BenchProgramTest {

    private static Machine run(scmp.elf.Executable exe, int x, int y, boolean lockstep) throws Exception {
        ScmpConfig cfg = ScmpConfig.builder("bench").mesh(x, y).lockstep(lockstep).build();
        Machine m = new Machine(cfg, exe, OutputStream.nullOutputStream(), OutputStream.nullOutputStream(),
                new ByteArrayInputStream(new byte[0]));
        m.run();
        return m;
    }

    @Test
    void computeLoopRunsItsIterations() throws Exception {
        Machine m = run(BenchProgram.build(1000), 1, 1, false);
        assertEquals(Machine.Outcome.EXIT, m.result().outcome());
        assertEquals(1000L * BenchProgram.LOOP_LENGTH + BenchProgram.OVERHEAD, m.result().instructions());
    }

    @Test
    void mostlyIdleUsesEveryNodeThenComputesOnNodeZeroWithAnOccasionalMessage() throws Exception {
        Machine m = run(BenchProgram.mostlyIdle(4000, 1000), 8, 8, false);
        assertEquals(Machine.Outcome.EXIT, m.result().outcome(), m.result().message());
        for (int n = 0; n < 64; n++) {
            assertTrue(m.nodeBuilt(n), "node " + n);
        }
        assertEquals(1, ScmpHardware.of(m).niuStats(5).threadsStarted());
        // one THREAD message and three of the four DATA messages: the last is in flight when node 0 exits
        assertEquals(4, ScmpHardware.of(m).niuStats(63).messagesReceived());
        assertTrue(m.node(0).instructions() > 4000L * BenchProgram.LOOP_LENGTH);
        Machine strict = run(BenchProgram.mostlyIdle(4000, 1000), 8, 8, true);
        assertEquals(m.result(), strict.result());
        Machine one = run(BenchProgram.mostlyIdle(4000, 1000), 1, 1, false);
        assertEquals(Machine.Outcome.EXIT, one.result().outcome());
    }
}
