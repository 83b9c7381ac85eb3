package scmp.model.t3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.MachineKind;
import scmp.machine.Guest;
import scmp.machine.Machine;
import scmp.machine.Params;
import scmp.machine.Simulation;

/**
 * The livelock proof on the T3D, whose PEs wait by spinning (docs/simulator.md, "Deadlocks and livelocks"): a PE
 * that polls its memory for ever without {@code suspend}, pushing and popping frames on the way, ends the run with
 * the report, with or without the data cache; a loop that leaves a different word in memory or reads the
 * instruction counter is never reported.
 */
class T3dLivelockTest {
    @TempDir
    Path dir;

    private Guest.Outcome run(String source, long maxCycles, Params.Given... params) throws Exception {
        Path p = Guest.file(dir, MachineKind.T3D, source);
        return Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(2)
                .maxCycles(maxCycles).params(List.of(params)));
    }

    /** Every PE polls a flag nobody sets, through a call whose frame it pushes, scribbles on and pops. */
    private static final String POLL = """
                .text
                .globl _start
            _start:
                la s0, flag
            1:  jal poll
                beqz a0, 1b
                hcall exit
            poll:
                addi sp, sp, -8
                sw ra, 4(sp)
                sw s0, 0(sp)
                lw a0, 0(s0)
                sw zero, 0(sp)
                sw s0, 0(sp)
                lw s0, 0(sp)
                lw ra, 4(sp)
                addi sp, sp, 8
                jr ra
                .data
                .align 4
            flag: .word 0
            """;

    @Test
    void pesPollingAFlagNobodySetsAreALivelock() throws Exception {
        Guest.Outcome r = run(POLL, 30_000_000);
        assertEquals(Machine.EXIT_DEADLOCK, r.code(), r.err());
        assertTrue(r.err().startsWith("scmpsim: deadlock at cycle "), r.err());
        assertTrue(r.err().contains(": livelock: every thread left only waits (spinning in a loop that reads only "
                + "what never changes); since cycle "), r.err());
        assertTrue(r.err().contains("no thread has changed memory (its stores put back what was there)"), r.err());
        assertTrue(r.err().contains("\n  node 0 thread 0: running at pc 0x"), r.err());
        assertTrue(r.err().contains("\n  node 1 thread 0: running at pc 0x"), r.err());
        long at = Long.parseLong(r.err().replaceAll("(?s)^scmpsim: deadlock at cycle (\\d+).*", "$1"));
        assertTrue(at < Machine.FIRST_QUIET_CHECK + Machine.CHECK_CYCLES, r.err());
    }

    @Test
    void withTheDataCacheThePollIsALivelockWhetherItHitsOrKeepsMissing() throws Exception {
        Guest.Outcome r = run(POLL, 30_000_000, new Params.Given("dataCache", "true"));
        assertEquals(Machine.EXIT_DEADLOCK, r.code(), r.err());
        // two words 8 KB apart share the direct-mapped cache's line: every look misses and refills it, and the
        // line holds the same word again at the top of every period
        Guest.Outcome m = run("""
                    .text
                    .globl _start
                _start:
                    la s0, wa
                    li t1, 8192
                    add s1, s0, t1
                1:  lw t0, 0(s0)
                    lw t2, 0(s1)
                    or t0, t0, t2
                    beqz t0, 1b
                    hcall exit
                    .data
                    .align 32
                wa: .word 0
                    .space 8188
                wb: .word 0
                """, 30_000_000, new Params.Given("dataCache", "true"));
        assertEquals(Machine.EXIT_DEADLOCK, m.code(), m.err());
    }

    @Test
    void aCounterInMemoryIsProgress() throws Exception {
        // the registers come back the same at the loop's top, but the word in memory grows: the loop ends
        Guest.Outcome r = run("""
                    .text
                    .globl _start
                _start:
                    la s0, count
                    li t1, 1000000
                1:  lw t0, 0(s0)
                    addi t0, t0, 1
                    sw t0, 0(s0)
                    beq t0, t1, 2f
                    li t0, 0
                    j 1b
                2:  li a0, 7
                    hcall exit
                    .data
                    .align 4
                count: .word 0
                """, 30_000_000);
        assertEquals(7, r.code(), r.err());
    }

    @Test
    void aBudgetOnTheInstructionCounterIsNotALivelock() throws Exception {
        // the loop's registers come back the same at its top, but it reads the instruction counter: it ends
        Guest.Outcome r = run("""
                    .text
                    .globl _start
                _start:
                    li s1, 2000000
                    la s0, flag
                1:  lw a0, 0(s0)
                    bnez a0, 2f
                    rdsr a0, instret
                    sltu a0, s1, a0
                    bnez a0, 2f
                    j 1b
                2:  hcall exit
                    .data
                    .align 4
                flag: .word 0
                """, 30_000_000);
        assertEquals(1, r.code(), r.err());
    }
}
