package scmp.cc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The -O2 pass on hand-written bodies in the code generator's style (docs/compiler.md, "Optimisation levels"). */
class GlobalOptTest {
    private static String body(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    /** The sieve's inner loop: constants out, the moves through a0 and a4 gone, four instructions left. */
    @Test
    void aLoopKeepsItsConstantsInTemporariesAndLosesItsMoves() {
        String in = body("\tadd s0, s1, s1", "\tj .Lc10", ".Lc9:", "\tla a0, composite", "\tadd t0, a0, s0",
                "\tli a0, 1", "\tmv a4, t0", "\tsb a0, 0(a4)", ".L7:", "\tadd a0, s0, s1", "\tmv s0, a0", ".Lc10:",
                "\tli a0, 200000", "\tbge a0, s0, .Lc9", "\tli a0, 0");
        String out = body("\tadd s0, s1, s1", "\tla t1, composite", "\tli t2, 1", "\tli t3, 200000", "\tj .Lc10",
                ".Lc9:", "\tadd t0, t1, s0", "\tsb t2, 0(t0)", ".L7:", "\tadd s0, s0, s1", ".Lc10:",
                "\tbge t3, s0, .Lc9", "\tli a0, 0");
        assertEquals(out, GlobalOpt.run(in));
    }

    /** A call may clobber every temporary: the loop keeps its constants. */
    @Test
    void aLoopWithACallKeepsItsConstants() {
        String in = body("\tj .L2", ".L1:", "\tli a0, 5", "\tcall f\t#uses a0", ".L2:", "\tli a0, 9",
                "\tblt s0, a0, .L1");
        assertEquals(body("\tj .L2", ".L1:", "\tli a0, 5", "\tcall f", ".L2:", "\tli a0, 9", "\tblt s0, a0, .L1"),
                GlobalOpt.run(in));
    }

    /** A loop entered at two places has no one place before it to compute a constant. */
    @Test
    void aLoopWithTwoWaysInKeepsItsConstants() {
        String in = body("\tbnez s1, .L3", "\tj .L2", ".L1:", "\tli a0, 7", "\tadd s0, s0, a0", ".L3:",
                "\taddi s0, s0, 1", ".L2:", "\tli a0, 9", "\tblt s0, a0, .L1");
        assertEquals(in, GlobalOpt.run(in));
    }

    /** An instruction the pass does not know (a host call reads registers it does not name) leaves the body as is. */
    @Test
    void aBodyWithAnUnknownInstructionIsLeftAlone() {
        String in = body("\tmv a4, t0", "\tsb a0, 0(a4)", "\thcall 1", "\tmv a0, s0");
        assertEquals(in, GlobalOpt.run(in));
    }

    /** A copy is not propagated past a label a jump reaches, nor removed while a path still reads it. */
    @Test
    void copiesStopAtJoinsAndLiveValuesStay() {
        String in = body("\tmv t1, s0", "\tbeqz s2, .L1", "\tmv t1, s1", ".L1:", "\tsw t1, 0(sp)");
        assertEquals(in, GlobalOpt.run(in));
    }

    /** The argument registers a call's note names are read by it; the others are not. */
    @Test
    void aCallReadsTheArgumentsItsNoteNames() {
        String in = body("\tli a1, 3", "\tli a2, 4", "\tli a5, 6", "\tcall g\t#uses a0 a1", "\tli a5, 0");
        assertEquals(body("\tli a1, 3", "\tcall g"), GlobalOpt.run(in));
    }

    /** op T; mv R, T with T read again later keeps both. */
    @Test
    void aTemporaryReadAfterItsCopyIsNotCoalesced() {
        String in = body("\tadd t0, s1, s2", "\tmv s3, t0", "\tsw t0, 0(sp)");
        assertEquals(body("\tadd t0, s1, s2", "\tmv s3, t0", "\tsw t0, 0(sp)"), GlobalOpt.run(in));
    }

    /** A label between the entry jump and the loop that some jump reaches is a second way in. */
    @Test
    void aLabelBetweenTheEntryJumpAndTheLoopIsAWayIn() {
        String in = body("\tbnez s1, .L9", "\tj .L2", ".L9:", ".L1:", "\taddi s0, s0, 1", ".L2:", "\tli a0, 9",
                "\tblt s0, a0, .L1");
        assertEquals(in, GlobalOpt.run(in));
    }
}
