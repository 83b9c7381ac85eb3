package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import scmp.machine.Machine;

/**
 * Programs whose threads wait for ever with suspend loops end with a report instead of running to the cycle
 * limit, but only when the machine provably repeats itself; a thread that makes progress, however slowly (a
 * counter in a register, a timeout on the cycle counter), or spins without suspend, is left alone (the SCMP chip
 * keeps the narrower proof; the T3D's and the SP's spinning waits are T3dLivelockTest's).
 */
class LivelockTest {

    @Test
    void waitingForADataMessageNobodySendsIsALivelock() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    la s0, flag
                1:  lw t0, 0(s0)               # wait for a DATA message that never comes
                    bnez t0, 2f
                    suspend
                    j 1b
                2:  hcall exit
                    .data
                    .align 4
                flag: .word 0
                """, b -> b.mesh(2, 2));
        assertEquals(Machine.Outcome.DEADLOCK, r.result().outcome(), r.message());
        assertEquals(Machine.EXIT_DEADLOCK, r.exit());
        assertTrue(r.message().contains("livelock: every thread left only waits (suspend)"), r.message());
        assertTrue(r.message().contains("node 0 thread 0: "), r.message());
        assertTrue(r.cycles() < Machine.FIRST_QUIET_CHECK + Machine.CHECK_CYCLES, "" + r.cycles());
    }

    @Test
    void threadMessagesStuckBehindAContextThatNeverFreesAreALivelock() throws IOException {
        // two contexts per node: node 0's main thread waits for every node to count in, its own sender holds the
        // only other context and waits for its DATA messages to itself, which are stuck behind the count-in THREAD
        // messages of the other nodes, which wait for a free context on node 0
        Sim.Run r = Sim.run(MeshProgramsTest.source("hotspot.s"), b -> b.mesh(4, 4).contexts(2).niuQueue(2));
        assertEquals(Machine.Outcome.DEADLOCK, r.result().outcome(), r.message());
        assertTrue(r.message().contains("livelock"), r.message());
        assertTrue(r.message().contains("a THREAD message's head waits at the ejection port for a free context"),
                r.message());
        assertTrue(r.cycles() < 100_000, "" + r.cycles());
        Sim.Run l = Sim.run(MeshProgramsTest.source("hotspot.s"), b -> b.mesh(4, 4).contexts(2).niuQueue(2).lockstep(true)
                .maxCycles(r.cycles() + 1000));
        assertEquals(Machine.Outcome.MAX_CYCLES, l.result().outcome(), "strict lockstep runs no check");
    }

    @Test
    void aSlowCounterWithSuspendIsNotALivelock() {
        // the counter changes the state every iteration: no check can succeed, the program ends by itself
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li t0, 0
                    li t1, 400000
                1:  addi t0, t0, 1
                    suspend
                    bne t0, t1, 1b
                    li a0, 5
                    hcall exit
                """, b -> b.mesh(2, 1));
        assertEquals(Machine.Outcome.EXIT, r.result().outcome(), r.message());
        assertEquals(5, r.exit());
    }

    @Test
    void spinningWithoutSuspendRunsToTheCycleLimit() {
        // the SCMP chip's threads wait in suspend loops: its proof keeps requiring one (docs/simulator.md)
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                1:  j 1b
                """, b -> b.maxCycles(3_000_000));
        assertEquals(Machine.Outcome.MAX_CYCLES, r.result().outcome());
    }

    @Test
    void aTimeoutOnTheCycleCounterIsNotALivelock() {
        // the loop keeps no trace of the time in its registers when it suspends, but it reads the counter: it
        // ends by itself (the state compared alone would repeat: the check must refuse the counter's read)
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li t1, 3000000
                1:  rdsr t0, cycle
                    sltu t0, t0, t1
                    beqz t0, 2f
                    li t0, 0
                    suspend
                    j 1b
                2:  li a0, 9
                    hcall exit
                """, b -> b.maxCycles(30_000_000));
        assertEquals(Machine.Outcome.EXIT, r.result().outcome(), r.message());
        assertEquals(9, r.exit());
    }
}
