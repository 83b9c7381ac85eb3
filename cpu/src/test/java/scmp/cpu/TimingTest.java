package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static scmp.isa.Instruction.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.SpecialRegister;

/**
 * Exact issue cycles of docs/timing.md section 1: the worked example, each latency class, load-use, the
 * unpipelined units, branch and jump bubbles. Every expected number is derived by hand from the document.
 */
class TimingTest {
    static final int ZERO = 0, RA = 1, SP = 2, A0 = 4, A1 = 5, T0 = 12, T1 = 13, T2 = 14, T3 = 15, T4 = 16;

    @Test
    void workedExampleTakesTwelveCycles() {
        Harness h = new Harness()
                .op(ADD, T0, A0, A1)
                .op(LW, T1, 0, SP)
                .op(ADD, T2, T1, T0)
                .op(MUL, T3, T2, T2)
                .op(ADD, T4, T3, ZERO)
                .branch(BEQ, ZERO, ZERO, "L")
                .label("L").exit();
        Harness.Run r = h.run();
        assertNull(r.fault());
        assertArrayEquals(new long[] {0, 1, 3, 4, 7, 8, 11}, r.issues());
        assertEquals(12, r.cycles());
    }

    @Test
    void independentAluInstructionsTakeOneCycleEach() {
        Harness h = new Harness();
        for (int k = 0; k < 5; k++) {
            h.op(ADDI, T0 + k, ZERO, k);
        }
        Harness.Run r = h.exit().run();
        assertEquals(6, r.cycles());
        assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, r.issues());
    }

    @Test
    void backToBackDependentAluInstructionsDoNotStall() {
        Harness.Run r = new Harness().op(ADDI, T0, ZERO, 1).op(ADD, T0, T0, T0).op(ADD, T0, T0, T0).exit().run();
        assertArrayEquals(new long[] {0, 1, 2, 3}, r.issues());
        assertEquals(4, r.reg(T0));
    }

    @Test
    void loadUseCostsOneBubble() {
        Harness.Run r = new Harness().op(LW, T0, 0, SP).op(ADDI, T1, T0, 1).exit().run();
        assertArrayEquals(new long[] {0, 2, 3}, r.issues());
        assertEquals(4, r.cycles());
    }

    @Test
    void loadFollowedByAnIndependentInstructionDoesNotStall() {
        Harness.Run r = new Harness().op(LW, T0, 0, SP).op(ADDI, T2, ZERO, 1).op(ADDI, T1, T0, 1).exit().run();
        assertArrayEquals(new long[] {0, 1, 2, 3}, r.issues());
    }

    @Test
    void storeDataRegisterIsASource() {
        Harness.Run r = new Harness().op(LW, T0, 0, SP).op(SW, T0, 4, SP).exit().run();
        assertArrayEquals(new long[] {0, 2, 3}, r.issues());
    }

    /** A producer at cycle 0 and a dependent consumer: the consumer issues at the producer's latency. */
    @ParameterizedTest(name = "{0} latency {2}")
    @CsvSource({
        "ALU, add, 1", "MUL, mul, 3", "MUL, mulh, 3", "DIV, div, 33", "DIV, remu, 33", "LOAD, lw, 2",
        "FPADD, fadd.d, 3", "FPADD, flt.d, 3", "FPMUL, fmul.d, 4", "FPDIV, fdiv.d, 20", "FPSQRT, fsqrt.d, 25",
        "FPCVT, fcvt.d.w, 2", "FPCVT, fmv.x.hi, 2", "THREAD, rdsr, 1", "HOST, hcall, 1"
    })
    void latencyOfEachClass(String timingClass, String mnemonic, int latency) {
        Instruction insn = scmp.isa.Isa.byMnemonic(mnemonic);
        assertEquals(timingClass, insn.timing.name());
        Harness h = new Harness().op(ADDI, T0, ZERO, 7);   // cycle 0; divisor and operands
        long start = 1;
        boolean fpResult = false;
        switch (insn) {
            case ADD, MUL, MULH, DIV, REMU -> h.op(insn, T1, T0, T0);
            case LW -> h.op(LW, T1, 0, SP);
            case FADD_D, FMUL_D, FDIV_D -> {
                h.op(insn, 1, 2, 3);
                fpResult = true;
            }
            case FLT_D -> h.op(insn, T1, 2, 3);
            case FSQRT_D -> {
                h.op(insn, 1, 2);
                fpResult = true;
            }
            case FCVT_D_W -> {
                h.op(insn, 1, T0);
                fpResult = true;
            }
            case FMV_X_HI -> h.op(insn, T1, 2);
            case RDSR -> h.op(insn, T1, SpecialRegister.NODEID.ordinal());
            case HCALL -> h.op(insn, HostCall.CYCLES.ordinal());
            default -> throw new AssertionError(insn);
        }
        // the consumer
        if (insn == HCALL) {
            h.op(ADDI, T2, A0, 1);
        } else if (fpResult) {
            h.op(FADD_D, 4, 1, 1);
        } else {
            h.op(ADDI, T2, T1, 1);
        }
        Harness.Run r = h.exit().run();
        assertNull(r.fault());
        long[] is = r.issues();
        assertEquals(start, is[1]);
        assertEquals(start + latency, is[2], "consumer of " + mnemonic);
    }

    @Test
    void dividerIsNotPipelined() {
        Harness.Run r = new Harness()
                .op(ADDI, T0, ZERO, 7)
                .op(DIV, T1, T0, T0)     // 1, divider busy until 34
                .op(ADDI, T2, ZERO, 1)   // 2: other units go on
                .op(REM, T3, T0, T0)     // 34: waits for the divider, not for a register
                .op(ADDI, T4, ZERO, 1)   // 35
                .exit().run();
        assertArrayEquals(new long[] {0, 1, 2, 34, 35, 36}, r.issues());
    }

    @Test
    void fpDivideAndSquareRootShareOneUnpipelinedUnit() {
        Harness.Run r = new Harness()
                .op(FDIV_D, 1, 2, 3)      // 0, unit busy until 20
                .op(FSQRT_D, 4, 5)        // 20, unit busy until 45
                .op(FDIV_D, 6, 7, 8)      // 45
                .op(ADDI, T0, ZERO, 1)    // 46
                .exit().run();
        assertArrayEquals(new long[] {0, 20, 45, 46, 47}, r.issues());
    }

    @Test
    void integerAndFpDividersAreIndependent() {
        Harness.Run r = new Harness()
                .op(ADDI, T0, ZERO, 3)
                .op(DIV, T1, T0, T0)     // 1
                .op(FDIV_D, 1, 2, 3)     // 2
                .op(FSQRT_D, 4, 5)       // 22
                .op(DIVU, T2, T0, T0)    // 34
                .exit().run();
        assertArrayEquals(new long[] {0, 1, 2, 22, 34, 35}, r.issues());
    }

    @Test
    void takenBranchCostsThreeCyclesNotTakenOne() {
        Harness.Run r = new Harness()
                .op(ADDI, T0, ZERO, 1)               // 0
                .branch(BEQ, T0, ZERO, "skip")       // 1: not taken
                .branch(BNE, T0, ZERO, "skip")       // 2: taken, 2 bubbles
                .op(ADDI, T1, ZERO, 1)               // skipped
                .label("skip").exit()                // 5
                .run();
        assertArrayEquals(new long[] {0, 1, 2, 5}, r.issues());
        assertEquals(6, r.cycles());
        assertEquals(0, r.reg(T1));
    }

    @Test
    void jumpAndLinkCostOneBubbleJalrTwo() {
        Harness h = new Harness()
                .jump(JAL, "f")                      // 0: 1 bubble
                .exit()                              // 7
                .label("f")
                .jump(J, "g")                        // 2: 1 bubble
                .label("g")
                .op(JALR, ZERO, RA, 0);              // 4: 2 bubbles
        Harness.Run r = h.run();
        assertArrayEquals(new long[] {0, 2, 4, 7}, r.issues());
        assertEquals(8, r.cycles());
    }

    @Test
    void linkRegisterIsReadyOneCycleAfterTheJump() {
        Harness.Run r = new Harness()
                .jump(JAL, "f")                      // 0
                .label("f")
                .op(ADDI, T0, RA, 0)                 // 2 (bubble), ra ready at 1
                .exit().run();
        assertArrayEquals(new long[] {0, 2, 3}, r.issues());
        assertEquals(Harness.BASE + 4, r.reg(T0));
    }

    @Test
    void hostCallWaitsForItsArguments() {
        Harness.Run r = new Harness().op(LW, A0, 0, SP).exit().run();
        assertArrayEquals(new long[] {0, 2}, r.issues());
    }

    @Test
    void rdsrCycleReadsItsOwnIssueCycle() {
        Harness.Run r = new Harness()
                .op(LW, T0, 0, SP)
                .op(ADDI, T1, T0, 0)        // 2
                .op(RDSR, A0, SpecialRegister.CYCLE.ordinal())   // 3
                .exit().run();
        assertEquals(3, r.reg(A0));
    }

    @Test
    void registerWriteAfterWriteTakesTheLastWritersLatency() {
        // mul writes t0 ready at 3; addi rewrites t0 at 1, ready at 2; the reader follows the last writer
        Harness.Run r = new Harness()
                .op(MUL, T0, ZERO, ZERO)
                .op(ADDI, T0, ZERO, 5)
                .op(ADDI, T1, T0, 0)
                .exit().run();
        assertArrayEquals(new long[] {0, 1, 2, 3}, r.issues());
        assertEquals(5, r.reg(T1));
    }
}
