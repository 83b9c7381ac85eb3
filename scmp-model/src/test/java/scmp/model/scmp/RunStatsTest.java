package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import scmp.cpu.CoreStats;
import scmp.cpu.StallCause;
import scmp.machine.RunStats;
import scmp.niu.NiuStats;

/** The statistics account for every cycle of every node, by the rules of docs/timing.md. */
class RunStatsTest {

    @Test
    void theTimingExampleSplitsIntoIssuesStallsAndBubbles() {
        // docs/timing.md section 1: 12 cycles = 7 issues + 1 load-use + 2 waiting for the multiply + 2 bubbles
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    add  t0, a0, a1
                    lw   t1, 0(sp)
                    add  t2, t1, t0
                    mul  t3, t2, t2
                    add  t4, t3, zero
                    beq  zero, zero, 1f
                1:  hcall exit
                """);
        assertEquals(12, r.cycles());
        RunStats.Node n = new RunStats(r.machine(), r.result()).nodes().get(0);
        CoreStats c = n.core();
        assertEquals(7, c.instructions());
        assertEquals(1, c.stall(StallCause.LOAD_USE));
        assertEquals(2, c.stall(StallCause.MUL));
        assertEquals(2, c.branchBubbles());
        assertEquals(0, c.switchCycles());
        assertEquals(0, n.idle());
    }

    @Test
    void threadSwitchesAndNiuWaitsAreCounted() {
        // suspend at 0 with no other thread: the same thread issues at 0 + 1 + S = 4 (a switch of S cycles);
        // sendh_r at 5 opens a message to node 1, sende at 6; a divide and a use of its result
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    suspend
                    li t0, 1
                    sendh_i t0, DATA, 0x3000
                    sende t0
                    li t1, 7
                    div t2, t1, t0
                    add a0, t2, zero
                    hcall exit
                """, b -> b.mesh(2, 1));
        RunStats st = new RunStats(r.machine(), r.result());
        CoreStats c = st.nodes().get(0).core();
        assertEquals(1, c.switches());
        assertEquals(3, c.switchCycles());
        assertEquals(32, c.stall(StallCause.DIV));
        assertEquals(r.cycles(), c.instructions() + c.lostCycles() + st.nodes().get(0).idle());
        assertTrue(st.nodes().get(1).built());
        assertEquals(1, ScmpHardware.of(r.machine()).niuStats(1).wordsWritten());
        assertEquals(1, st.nodes().get(1).remote().writes());
    }

    @Test
    void everyCycleOfEveryNodeIsAccountedFor() throws IOException {
        Sim.Run r = Sim.run(MeshProgramsTest.source("hotspot.s"), b -> b.mesh(4, 4));
        RunStats st = new RunStats(r.machine(), r.result());
        long flits = 0;
        for (RunStats.Node n : st.nodes()) {
            CoreStats c = n.core();
            assertTrue(c.instructions() + c.lostCycles() <= r.cycles(), "node " + n.node());
            assertEquals(r.cycles(), c.instructions() + c.lostCycles() + n.idle(), "node " + n.node());
            NiuStats u = ScmpHardware.of(r.machine()).niuStats(n.node());
            flits += u.flitsSent();
            assertEquals(u.flitsSent() > 0, u.messagesSent() > 0);
            assertEquals(u.wordsWritten(), n.remote().writes(), "DATA words land through the remote port");
        }
        long received = st.nodes().stream().mapToLong(n -> ScmpHardware.of(r.machine()).niuStats(n.node())
                .flitsReceived()).sum();
        assertEquals(flits, received, "every flit sent was received");
        assertTrue(st.nodes().get(0).core().niuBlockedCycles() > 0 || st.nodes().get(1).core().niuBlockedCycles() > 0,
                "the hot spot makes senders wait for their NIU");
        assertFalse(st.json().isEmpty());
    }
}
