package scmp.model.t3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.elf.MachineKind;
import scmp.machine.Guest;
import scmp.machine.Params;
import scmp.machine.Simulation;

/**
 * Exact cycles of the shell's primitives on an idle torus, derived from docs/t3d.md ("Timing") with the default
 * constants. Each program measures, on PE 0, the cycles from an {@code rdsr cycle} right before a request's tail
 * instruction (so the tail issues one cycle later, at {@code t}) to an {@code rdsr cycle} right after a {@code wait}
 * that blocked, and ends the run with {@code 100 + measured - expected} (plus 50 when a value it then checks is
 * wrong), the same in strict lockstep; PE 1 takes part in barriers, the other PEs spin. A blocked wait woken at {@code c + 1} issues again
 * {@code S = 3} cycles later and the {@code rdsr} after it one more, so the measured span is
 * {@code c + 1 + 3 + 1 - (t - 1) = c - t + 6} for a completion in network cycle {@code c}. Times below count from
 * {@code t = 0}.
 */
class ShellTimingTest {
    @TempDir
    Path dir;

    // docs/t3d.md defaults
    static final int START = 100, WORD = 5, GET_WORD = 10, LAND = 60, H = 4, W = 2, BARRIER = 150;

    /** The network cycle in which a P-phit packet injected at i over h hops and c corners is ejected. */
    static long eject(long i, int h, int c, int phits) {
        return i + 2L * h + c + phits + 2;
    }

    /** The measured span for a completion in network cycle c. */
    static long span(long c) {
        return c + 6;
    }

    private static final String PROGRAM = """
                .text
                .globl _start
            _start:
                rdsr t0, nodeid
                bnez t0, others
                la t2, buf
                la t5, other
                li t3, 42
            %s
                rdsr s1, cycle
                sub a0, s1, s0
                li t4, %d
                sub a0, a0, t4
                addi a0, a0, 100
            %s
                hcall terminate
            others:
                li t1, 1
                bne t0, t1, 2f
                sendh_i zero, 6, 0
                sendh_i zero, 7, 2
            2:
                j 2b
                .data
                .align 2
            buf:
                .word 7, 8, 9, 10, 11, 12, 13, 14
            other:
                .word 0, 0, 0, 0, 0, 0, 0, 0
            """;

    private void check(int pes, String torus, String body, long expected) throws Exception {
        checkWith(pes, torus, body, expected, "");
    }

    private void checkWith(int pes, String torus, String body, long expected, String after) throws Exception {
        Path p = Guest.file(dir, MachineKind.T3D, PROGRAM.formatted(body, expected, after));
        List<Params.Given> given = new ArrayList<>();
        if (torus != null) {
            given.add(new Params.Given("torus", torus, "--torus"));
        }
        for (boolean lockstep : new boolean[] {false, true}) {
            Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()).ranks(pes)
                    .params(given).lockstep(lockstep));
            assertEquals("", r.err());
            assertEquals(100, r.code(), "status - 100 = measured - expected (+50 for a wrong value), lockstep "
                    + lockstep);
        }
    }

    /** A one-word put from PE 0 to {@code target}, then a wait for its acknowledgement. */
    private static String putWord(int target) {
        return """
                    li t1, %d
                    sendh_r t1, 1, t5, 1
                    rdsr s0, cycle
                    sende t3
                    sendh_i zero, 7, 1
                """.formatted(target);
    }

    /** Loads the word at {@code other + offset} and adds 50 to a0 unless it is {@code value}. */
    private static String expectOther(int offset, int value) {
        return """
                    lw a1, %d(t5)
                    li a2, %d
                    beq a1, a2, 1f
                    addi a0, a0, 50
                1:
                """.formatted(offset, value);
    }

    @Test
    void aOneWordPutToTheOtherPeOfTheNodeIsAcknowledgedAfterItLands() throws Exception {
        // start 100, the word read by 105; 6 phits, 0 hops: ejected at 113, lands at 173; the ack at 179
        long e = eject(START + WORD, 0, 0, H + W);
        assertEquals(113, e);
        check(2, null, putWord(1), span(eject(e + LAND, 0, 0, H)));
    }

    @ParameterizedTest(name = "{0} PEs on {1}: PE 0 to PE {2}, {3} hops, {4} corners")
    @CsvSource({"4, 2x1x1, 2, 1, 0", "8, 2x2x1, 6, 2, 1", "16, 2x2x2, 14, 3, 2", "16, 8x1x1, 6, 3, 0"})
    void aPutCostsTwoCyclesAHopAndOneACornerEachWay(int pes, String torus, int target, int hops, int corners)
            throws Exception {
        long e = eject(START + WORD, hops, corners, H + W);
        check(pes, torus, putWord(target), span(eject(e + LAND, hops, corners, H)));
    }

    @Test
    void theWrapAroundLinkShortensTheRoute() throws Exception {
        // 8 PEs on a 4x1x1 ring: PE 6 is on node 3, one hop the - way round from node 0 (three on a mesh)
        long e = eject(START + WORD, 1, 0, H + W);
        check(8, "4x1x1", putWord(6), span(eject(e + LAND, 1, 0, H)));
        // node 2 is two hops either way
        long e2 = eject(START + WORD, 2, 0, H + W);
        check(8, "4x1x1", putWord(4), span(eject(e2 + LAND, 2, 0, H)));
    }

    @Test
    void aPutFromMemoryGoesInPacketsOfFourWordsAsTheEngineReadsThem() throws Exception {
        // 6 words to PE 2, one hop: packet 0 (4 words, 12 phits) read by 120 and injected 120..131; packet 1
        // (2 words, 8 phits) read by 130 and injected after packet 0's last phit, from 132; each is acknowledged
        // after it lands, and the second acknowledgement completes the put
        long e0 = eject(START + 4 * WORD, 1, 0, H + 4 * W);
        long e1 = eject(START + 4 * WORD + H + 4 * W, 1, 0, H + 2 * W);
        assertTrue(e0 + LAND + H <= e1 + LAND, "the acknowledgements do not meet at the target's port");
        checkWith(4, null, """
                    li t1, 2
                    li t6, 6
                    sendh_r t1, 1, t5, 1
                    rdsr s0, cycle
                    sendme t2, t6
                    sendh_i zero, 7, 1
                """, span(eject(e1 + LAND, 1, 0, H)), "");
    }

    @Test
    void aGetIsARequestAndRepliesTheServerReadsAtTenCyclesAWord() throws Exception {
        // 5 words from PE 2's buf (one hop) to other: the 8-phit request ready at 100, ejected at E; the server
        // reads packet 0 (4 words) by E + 40 (12 phits, injected E + 40..51) and packet 1 (1 word) by E + 50,
        // injected from E + 52; the last reply lands 60 cycles after it is ejected, which completes the get
        long req = eject(START, 1, 0, H + 2 * W);
        long e1 = eject(req + 4 * GET_WORD + H + 4 * W, 1, 0, H + W);
        checkWith(4, null, """
                    li t1, 2
                    li t6, 5
                    sendh_r t1, 2, t2, 1
                    rdsr s0, cycle
                    send2e t5, t6
                    sendh_i zero, 7, 1
                """, span(e1 + LAND - 1), expectOther(16, 11));
    }

    @Test
    void aSwapLandsAtTheTargetAndItsOldWordLandsBack() throws Exception {
        long e1 = eject(START, 1, 0, H + W);
        long e2 = eject(e1 + LAND, 1, 0, H + W);
        checkWith(4, null, """
                    li t1, 2
                    sendh_r t1, 3, t2, 0
                    rdsr s0, cycle
                    send2e t3, t5
                    sendh_i zero, 7, 1
                """, span(e2 + LAND - 1), expectOther(0, 7));
    }

    @Test
    void fetchAndIncrementReturnsTheRegisterAndIncrementsIt() throws Exception {
        // the register is read in the cycle the 4-phit request arrives; the reply leaves the next cycle.
        // The second of two returns 1.
        long e1 = eject(START, 1, 0, H);
        long e2 = eject(e1 + 1, 1, 0, H + W);
        checkWith(4, null, """
                    li t1, 2
                    sendh_i t1, 4, 0
                    sende t5
                    sendh_i zero, 7, 1
                    sendh_i t1, 4, 0
                    rdsr s0, cycle
                    sende t5
                    sendh_i zero, 7, 1
                """, span(e2 + LAND - 1), expectOther(0, 1));
    }

    @Test
    void fetchAndIncrementSetIsAcknowledged() throws Exception {
        long e1 = eject(START, 1, 0, H + W);
        long ack = eject(e1 + 1, 1, 0, H);
        checkWith(4, null, """
                    li t1, 2
                    li t6, 40
                    sendh_i t1, 5, 0
                    rdsr s0, cycle
                    sende t6
                    sendh_i zero, 7, 1
                """, span(ack), """
                    sendh_i t1, 4, 0
                    sende t5
                    sendh_i zero, 7, 1
                """ + expectOther(0, 40));
    }

    @Test
    void theBarrierReleasesEveryPeItsLatencyAfterTheLastArrival() throws Exception {
        // PE 1 arrives at once and waits; PE 0 arrives last, at t, and is released at t + 150: woken at 150
        check(2, null, """
                    rdsr s0, cycle
                    sendh_i zero, 6, 0
                    sendh_i zero, 7, 2
                """, span(BARRIER - 1));
    }
}
