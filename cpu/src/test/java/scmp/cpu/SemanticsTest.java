package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.isa.Instruction.*;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Operand;

/** The semantics of the instructions: every row of the ISA table has a case, and the tricky ones are exact. */
class SemanticsTest {
    static final int ZERO = 0, SP = 2, A0 = 4, T0 = 12, T1 = 13, T2 = 14, T3 = 15;

    /**
     * Executes each instruction once with harmless operands: r5 points at data, r6 = 1, r7 holds the address
     * of the next instruction (for jalr). An instruction without a case in the interpreter's switch would throw.
     */
    @ParameterizedTest
    @EnumSource(Instruction.class)
    void everyInstructionHasSemantics(Instruction insn) {
        Harness h = new Harness();
        h.li(5, Harness.DATA).op(ADDI, 6, ZERO, 1);
        int jalrAt = Harness.BASE + 4 * 5;   // after li(5) [2 words], addi, li(7) [2 words]
        h.li(7, jalrAt + 4);
        List<Operand> ops = insn.operands();
        long[] v = new long[ops.size()];
        for (int k = 0; k < v.length; k++) {
            Operand o = ops.get(k);
            v[k] = switch (o.token()) {
                case "rd", "fd" -> 8;
                case "rs1" -> o.memBase() ? 5 : insn == JALR ? 7 : 6;
                case "fs1", "fs2", "rs2", "rs3" -> 6;
                case "type" -> 1;
                case "sr" -> 0;
                default -> switch (insn.immKind) {
                    case PC16, PC26 -> 4;
                    case ADDR17 -> 0x100;
                    case STRIDE12, U16, SHAMT -> 1;
                    case HCALL -> HostCall.CYCLES.ordinal();
                    default -> 0;
                };
            };
        }
        h.op(insn, v);
        assertEquals(jalrAt, Harness.BASE + 4 * 5);
        h.op(ADDI, A0, ZERO, 0).exit();
        Harness.Run r = h.run();
        assertNull(r.fault(), () -> insn + ": " + r.fault().description());
        assertTrue(r.issues().length >= 6);
    }

    private static Harness.Run run(Harness h) {
        Harness.Run r = h.exit().run();
        assertNull(r.fault(), () -> r.fault().description());
        return r;
    }

    @Test
    void integerDivisionCorners() {
        Harness.Run r = run(new Harness()
                .li(T0, Integer.MIN_VALUE).op(ADDI, T1, ZERO, -1)
                .op(DIV, 20, T0, T1).op(REM, 21, T0, T1)
                .op(ADDI, T2, ZERO, -7).op(ADDI, T3, ZERO, 2)
                .op(DIV, 22, T2, T3).op(REM, 23, T2, T3)
                .op(DIVU, 24, T2, T3).op(REMU, 25, T2, T3));
        assertEquals(Integer.MIN_VALUE, r.reg(20));
        assertEquals(0, r.reg(21));
        assertEquals(-3, r.reg(22));
        assertEquals(-1, r.reg(23));
        assertEquals(Integer.divideUnsigned(-7, 2), r.reg(24));
        assertEquals(1, r.reg(25));
    }

    @Test
    void multiplyHighHalves() {
        Harness.Run r = run(new Harness().op(ADDI, T0, ZERO, -2).li(T1, 0x40000001)
                .op(MUL, 20, T0, T1).op(MULH, 21, T0, T1).op(MULHU, 22, T0, T1));
        long s = -2L * 0x40000001L;
        assertEquals((int) s, r.reg(20));
        assertEquals((int) (s >> 32), r.reg(21));
        assertEquals((int) ((0xFFFFFFFEL * 0x40000001L) >>> 32), r.reg(22));
    }

    @Test
    void shiftsUseTheLowFiveBitsAndImmediatesExtendAsDeclared() {
        Harness.Run r = run(new Harness().op(ADDI, T0, ZERO, -16).op(ADDI, T1, ZERO, 33)
                .op(SLL, 20, T0, T1).op(SRL, 21, T0, T1).op(SRA, 22, T0, T1)
                .op(SLTIU, 23, T0, -1).op(SLTI, 24, T0, -1).op(ORI, 25, ZERO, 0xFFFF).op(LUI, 26, 0x8001)
                .op(ANDI, 27, T0, 0xFFFF).op(NOR, 28, T0, ZERO).op(SLTU, 29, ZERO, T0));
        assertEquals(-32, r.reg(20));
        assertEquals(-16 >>> 1, r.reg(21));
        assertEquals(-8, r.reg(22));
        assertEquals(1, r.reg(23));     // 0xfffffff0 < 0xffffffff unsigned
        assertEquals(1, r.reg(24));     // -16 < -1
        assertEquals(0xFFFF, r.reg(25));
        assertEquals(0x80010000, r.reg(26));
        assertEquals(0xFFF0, r.reg(27));
        assertEquals(15, r.reg(28));
        assertEquals(1, r.reg(29));
    }

    @Test
    void registerZeroStaysZero() {
        Harness.Run r = run(new Harness().op(ADDI, ZERO, ZERO, 5).op(LW, ZERO, 0, SP).op(ADD, T0, ZERO, ZERO));
        assertEquals(0, r.reg(ZERO));
        assertEquals(0, r.reg(T0));
    }

    @Test
    void loadsExtendAndStoresTruncate() {
        Harness.Run r = run(new Harness().li(5, Harness.DATA).li(T0, 0x12348685)
                .op(SW, T0, 0, 5).op(LB, 20, 0, 5).op(LBU, 21, 0, 5).op(LH, 22, 0, 5).op(LHU, 23, 2, 5)
                .op(SB, T0, 8, 5).op(SH, T0, 12, 5).op(LW, 24, 8, 5).op(LW, 25, 12, 5));
        assertEquals((byte) 0x85, r.reg(20));
        assertEquals(0x85, r.reg(21));
        assertEquals((short) 0x8685, r.reg(22));
        assertEquals(0x1234, r.reg(23));
        assertEquals(0x85, r.reg(24));
        assertEquals(0x8685, r.reg(25));
        assertEquals(0x85, r.mem.peekByte(Harness.DATA));   // little-endian
    }

    @Test
    void floatingPointConversions() {
        Harness.Run r = run(new Harness()
                .li(T0, 0x4f000000)               // 2^31 as a float
                .op(FMV_W_X, 1, T0)               // f1 = 2147483648.0
                .op(FCVT_W_D, 20, 1)              // saturates to MAX
                .op(FNEG_D, 2, 1)
                .op(FNEG_D, 2, 2)
                .op(FSUB_D, 2, 2, 1)              // 0.0
                .op(FSUB_D, 2, ZERO, 1)           // f2 = f0 - f1 = -2^31
                .op(FCVT_WU_D, 21, 2)             // negative -> 0
                .op(FCVT_W_D, 22, 2)              // exactly MIN
                .op(FDIV_D, 3, 0, 0)              // 0/0 = NaN
                .op(FCVT_W_D, 23, 3)              // NaN -> 0
                .op(FMV_X_HI, 24, 3).op(FMV_X_LO, 25, 3)
                .op(FMV_X_W, 26, 3)               // canonical float NaN
                .op(ADDI, T1, ZERO, -1)
                .op(FCVT_D_WU, 4, T1)             // 4294967295.0
                .op(FCVT_WU_D, 27, 4)             // saturates to 0xffffffff
                .op(FCVT_D_W, 5, T1)              // -1.0
                .op(FEQ_D, 28, 3, 3)              // NaN == NaN is 0
                .op(FLE_D, 29, 5, 4));            // -1 <= 4294967295
        assertEquals(Integer.MAX_VALUE, r.reg(20));
        assertEquals(0, r.reg(21));
        assertEquals(Integer.MIN_VALUE, r.reg(22));
        assertEquals(0, r.reg(23));
        assertEquals(0x7ff80000, r.reg(24));
        assertEquals(0, r.reg(25));
        assertEquals(0x7fc00000, r.reg(26));
        assertEquals(-1, r.reg(27));
        assertEquals(0, r.reg(28));
        assertEquals(1, r.reg(29));
        assertEquals(Double.doubleToRawLongBits(4294967295.0), r.node.context(0).fregBits(4));
    }

    @Test
    void singlePrecisionRoundsToNearestEven() {
        // 1 + 2^-24 lies exactly between two floats: rounds to even (1.0); 1 + 3*2^-24 rounds up
        double tie = 1.0 + Math.scalb(1.0, -24);
        double up = 1.0 + 3 * Math.scalb(1.0, -24);
        long tb = Double.doubleToRawLongBits(tie), ub = Double.doubleToRawLongBits(up);
        Harness h = new Harness().li(5, Harness.DATA)
                .li(T0, (int) tb).li(T1, (int) (tb >>> 32)).op(FMV_D_X, 1, T0, T1)
                .li(T0, (int) ub).li(T1, (int) (ub >>> 32)).op(FMV_D_X, 2, T0, T1)
                .op(FCVT_S_D, 3, 1).op(FCVT_S_D, 4, 2)
                .op(FSW, 2, 0, 5).op(FLW, 6, 0, 5).op(FMV_X_W, 20, 1)
                .op(FSD, 1, 8, 5).op(FLD, 7, 8, 5);
        Harness.Run r = run(h);
        ThreadContext c = r.node.context(0);
        assertEquals(Double.doubleToRawLongBits(1.0), c.fregBits(3));
        assertEquals(Double.doubleToRawLongBits((double) (float) up), c.fregBits(4));
        assertEquals(Float.floatToRawIntBits((float) up), r.mem.peek(Harness.DATA));
        assertEquals(Double.doubleToRawLongBits((double) (float) up), c.fregBits(6));
        assertEquals(Float.floatToRawIntBits(1.0f), r.reg(20));
        assertEquals(tb, c.fregBits(7));
    }

    @Test
    void signOperationsCopyBitsAndSqrtIsCorrectlyRounded() {
        Harness h = new Harness().op(ADDI, T0, ZERO, 2).op(FCVT_D_W, 1, T0).op(FSQRT_D, 2, 1)
                .op(FNEG_D, 3, 2).op(FABS_D, 4, 3).op(FMV_D, 5, 4).op(FMUL_D, 6, 2, 2)
                .op(FSQRT_D, 7, 3);   // sqrt of a negative: NaN
        Harness.Run r = run(h);
        ThreadContext c = r.node.context(0);
        assertEquals(Double.doubleToRawLongBits(Math.sqrt(2)), c.fregBits(2));
        assertEquals(Double.doubleToRawLongBits(-Math.sqrt(2)), c.fregBits(3));
        assertEquals(Double.doubleToRawLongBits(Math.sqrt(2)), c.fregBits(5));
        assertEquals(Double.doubleToRawLongBits(Math.sqrt(2) * Math.sqrt(2)), c.fregBits(6));
        assertEquals(Semantics.CANONICAL_NAN, c.fregBits(7));
    }

    @Property
    void divisionIdentityHolds(@ForAll int a, @ForAll int b) {
        if (b == 0) {
            return;
        }
        Harness.Run r = run(new Harness().li(T0, a).li(T1, b).op(DIV, 20, T0, T1).op(REM, 21, T0, T1)
                .op(DIVU, 22, T0, T1).op(REMU, 23, T0, T1));
        assertEquals(a, r.reg(20) * b + r.reg(21));
        assertEquals(a, r.reg(22) * b + r.reg(23));
        assertTrue(Integer.compareUnsigned(r.reg(23), b) < 0);
    }

    @Property
    void unsignedConversionsSaturate(@ForAll double d) {
        long bits = Double.doubleToRawLongBits(d);
        int w = Semantics.fcvtWuD(bits);
        if (Double.isNaN(d) || d <= 0) {
            assertEquals(0, w);
        } else if (d >= 4294967295.0) {
            assertEquals(-1, w);
        } else {
            assertEquals((long) d, w & 0xFFFFFFFFL);
        }
        assertEquals(Double.isNaN(d) ? 0 : (int) d, Semantics.fcvtWD(bits));
    }
}
