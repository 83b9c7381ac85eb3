package scmp.isa.sem;

import static scmp.isa.sem.Reg.Slot.D;
import static scmp.isa.sem.Reg.Slot.S1;
import static scmp.isa.sem.Reg.Slot.S2;
import static scmp.isa.sem.Reg.Slot.S3;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import scmp.isa.Instruction;
import scmp.isa.Registers;

/**
 * The semantics of every instruction of the {@link Instruction} table, declared once. The interpreter's
 * instruction switch is generated from it ({@link InterpreterSource}), docs/isa.md shows it ({@link SemanticsText}),
 * the pre-decoded text takes the registers an instruction reads and writes from it ({@link Operands}), and a
 * future compiled engine walks the same trees. The switch below has no default branch, so an instruction added to
 * the table without semantics does not compile; tests check that the declarations agree with the syntax, the
 * timing classes and the implicit operands.
 */
public final class SemanticTable {
    private SemanticTable() {
    }

    // before the table: its declarations use them
    private static final Expr IMM = new Expr.Imm();
    private static final Reg RA = new Reg.Fixed(Registers.RA);

    private static final Map<Instruction, InstructionSemantics> TABLE = new EnumMap<>(Instruction.class);

    static {
        for (Instruction i : Instruction.values()) {
            TABLE.put(i, declare(i));
        }
    }

    /**
     * Returns an instruction's semantics.
     *
     * @param insn the instruction
     * @return its declaration
     */
    public static InstructionSemantics of(Instruction insn) {
        return TABLE.get(insn);
    }

    private static InstructionSemantics declare(Instruction i) {
        return switch (i) {
            // ---- integer register-register
            case ADD -> rr(i, IntOp.ADD);
            case SUB -> rr(i, IntOp.SUB);
            case AND -> rr(i, IntOp.AND);
            case OR -> rr(i, IntOp.OR);
            case XOR -> rr(i, IntOp.XOR);
            case NOR -> rr(i, IntOp.NOR);
            case SLL -> rr(i, IntOp.SLL);
            case SRL -> rr(i, IntOp.SRL);
            case SRA -> rr(i, IntOp.SRA);
            case SLT -> sem(i, setX(new Expr.Compare(IntCond.LT, x(S1), x(S2))));
            case SLTU -> sem(i, setX(new Expr.Compare(IntCond.LTU, x(S1), x(S2))));
            case MUL -> rr(i, IntOp.MUL);
            case MULH -> rr(i, IntOp.MULH);
            case MULHU -> rr(i, IntOp.MULHU);
            case DIV -> divide(i, IntOp.DIV);
            case DIVU -> divide(i, IntOp.DIVU);
            case REM -> divide(i, IntOp.REM);
            case REMU -> divide(i, IntOp.REMU);
            // ---- floating point
            case FADD_D -> fp(i, FpOp.ADD);
            case FSUB_D -> fp(i, FpOp.SUB);
            case FMUL_D -> fp(i, FpOp.MUL);
            case FDIV_D -> sem(i, setF(new Expr.FpBinary(FpOp.DIV, f(S1), f(S2))), occupy(Unit.FP_DIVIDER));
            case FSQRT_D -> sem(i, setF(new Expr.FpUnary(FpUnaryOp.SQRT, f(S1))), occupy(Unit.FP_DIVIDER));
            case FNEG_D -> sem(i, setF(new Expr.FpUnary(FpUnaryOp.NEG, f(S1))));
            case FABS_D -> sem(i, setF(new Expr.FpUnary(FpUnaryOp.ABS, f(S1))));
            case FMV_D -> sem(i, setF(f(S1)));
            case FEQ_D -> sem(i, setX(new Expr.FpCompare(FpCond.EQ, f(S1), f(S2))));
            case FLT_D -> sem(i, setX(new Expr.FpCompare(FpCond.LT, f(S1), f(S2))));
            case FLE_D -> sem(i, setX(new Expr.FpCompare(FpCond.LE, f(S1), f(S2))));
            case FCVT_D_W -> sem(i, setF(convert(Conversion.INT_TO_DOUBLE, x(S1))));
            case FCVT_D_WU -> sem(i, setF(convert(Conversion.UINT_TO_DOUBLE, x(S1))));
            case FCVT_W_D -> sem(i, setX(convert(Conversion.DOUBLE_TO_INT, f(S1))));
            case FCVT_WU_D -> sem(i, setX(convert(Conversion.DOUBLE_TO_UINT, f(S1))));
            case FCVT_S_D -> sem(i, setF(convert(Conversion.ROUND_TO_SINGLE, f(S1))));
            case FMV_X_W -> sem(i, setX(convert(Conversion.TO_SINGLE_BITS, f(S1))));
            case FMV_W_X -> sem(i, setF(convert(Conversion.FROM_SINGLE_BITS, x(S1))));
            case FMV_X_LO -> sem(i, setX(convert(Conversion.LOW_WORD, f(S1))));
            case FMV_X_HI -> sem(i, setX(convert(Conversion.HIGH_WORD, f(S1))));
            case FMV_D_X -> sem(i, setF(new Expr.Pack(x(S1), x(S2))));
            // ---- network and thread control
            case SEND2 -> sem(i, new Stmt.SendData(List.of(x(S1), x(S2)), false));
            case SENDE -> sem(i, new Stmt.SendData(List.of(x(S1)), true));
            case SEND2E -> sem(i, new Stmt.SendData(List.of(x(S1), x(S2)), true));
            case SENDM -> sem(i, new Stmt.SendDma(x(S1), x(S2), false));
            case SENDME -> sem(i, new Stmt.SendDma(x(S1), x(S2), true));
            case SUSPEND -> sem(i, new Stmt.Stop(StopKind.SUSPEND));
            case ENDT -> sem(i, new Stmt.Stop(StopKind.END_THREAD));
            // ---- integer register-immediate
            case ADDI -> ri(i, IntOp.ADD);
            case ANDI -> ri(i, IntOp.AND);
            case ORI -> ri(i, IntOp.OR);
            case XORI -> ri(i, IntOp.XOR);
            case SLLI -> ri(i, IntOp.SLL);
            case SRLI -> ri(i, IntOp.SRL);
            case SRAI -> ri(i, IntOp.SRA);
            case SLTI -> sem(i, setX(new Expr.Compare(IntCond.LT, x(S1), IMM)));
            case SLTIU -> sem(i, setX(new Expr.Compare(IntCond.LTU, x(S1), IMM)));
            case LUI -> sem(i, setX(new Expr.Binary(IntOp.SLL, IMM, new Expr.Const(16))));
            // ---- loads and stores: address rs1 + imm
            case LB -> sem(i, setX(load(Width.BYTE, true)));
            case LBU -> sem(i, setX(load(Width.BYTE, false)));
            case LH -> sem(i, setX(load(Width.HALF, true)));
            case LHU -> sem(i, setX(load(Width.HALF, false)));
            case LW -> sem(i, setX(load(Width.WORD, true)));
            case FLW -> sem(i, setF(convert(Conversion.FROM_SINGLE_BITS, load(Width.WORD, true))));
            case FLD -> sem(i, setF(load(Width.DOUBLE, true)));
            case SB -> sem(i, store(Width.BYTE, x(S2)));
            case SH -> sem(i, store(Width.HALF, x(S2)));
            case SW -> sem(i, store(Width.WORD, x(S2)));
            case FSW -> sem(i, store(Width.WORD, convert(Conversion.TO_SINGLE_BITS, f(S2))));
            case FSD -> sem(i, store(Width.DOUBLE, f(S2)));
            // ---- branches and jumps: PC-relative targets are pc + imm (imm a byte offset)
            case BEQ -> branch(i, IntCond.EQ);
            case BNE -> branch(i, IntCond.NE);
            case BLT -> branch(i, IntCond.LT);
            case BGE -> branch(i, IntCond.GE);
            case BLTU -> branch(i, IntCond.LTU);
            case BGEU -> branch(i, IntCond.GEU);
            case J -> sem(i, new Stmt.Redirect(null, pcRelative(), null, RedirectKind.JUMP));
            case JAL -> new InstructionSemantics(i,
                    List.of(new Stmt.Redirect(null, pcRelative(), RA, RedirectKind.JUMP)),
                    List.of(Implicit.writes(Registers.RA)));
            case JALR -> sem(i, new Stmt.Redirect(null,
                    new Expr.Binary(IntOp.AND, new Expr.Binary(IntOp.ADD, x(S1), IMM), new Expr.Const(~3)),
                    D, RedirectKind.JUMP_REGISTER));
            // ---- network head flits: destination node, type, address flit, stride
            case SENDH_I -> sem(i, new Stmt.SendHead(x(S1), new Expr.MessageType(), IMM, new Expr.Const(1)));
            case SENDH_R -> sem(i, new Stmt.SendHead(x(S1), new Expr.MessageType(), x(S2), IMM));
            case SENDH_RR -> sem(i, new Stmt.SendHead(x(S1), new Expr.MessageType(), x(S2),
                    convert(Conversion.SIGN_EXTEND_HALF, x(S3))));
            // ---- special registers and host calls
            case RDSR -> sem(i, setX(new Expr.SpecialRegister(IMM)));
            case HCALL -> new InstructionSemantics(i, List.of(new Stmt.HostCall(IMM)),
                    List.of(Implicit.HOST_ARGUMENTS, Implicit.HOST_RESULTS));
        };
    }

    private static InstructionSemantics sem(Instruction i, Stmt... body) {
        return new InstructionSemantics(i, List.of(body), List.of());
    }

    private static Expr x(Reg r) {
        return new Expr.X(r);
    }

    private static Expr f(Reg.Slot r) {
        return new Expr.F(r);
    }

    private static Stmt setX(Expr v) {
        return new Stmt.SetX(D, v);
    }

    private static Stmt setF(Expr v) {
        return new Stmt.SetF(D, v);
    }

    private static Expr convert(Conversion c, Expr a) {
        return new Expr.Convert(c, a);
    }

    private static Stmt occupy(Unit u) {
        return new Stmt.Occupy(u);
    }

    private static InstructionSemantics rr(Instruction i, IntOp op) {
        return sem(i, setX(new Expr.Binary(op, x(S1), x(S2))));
    }

    private static InstructionSemantics ri(Instruction i, IntOp op) {
        return sem(i, setX(new Expr.Binary(op, x(S1), IMM)));
    }

    private static InstructionSemantics divide(Instruction i, IntOp op) {
        return sem(i, setX(new Expr.Binary(op, x(S1), x(S2))), occupy(Unit.DIVIDER));
    }

    private static InstructionSemantics fp(Instruction i, FpOp op) {
        return sem(i, setF(new Expr.FpBinary(op, f(S1), f(S2))));
    }

    private static Expr address() {
        return new Expr.Binary(IntOp.ADD, x(S1), IMM);
    }

    private static Expr load(Width w, boolean signed) {
        return new Expr.Load(w, signed, address());
    }

    private static Stmt store(Width w, Expr value) {
        return new Stmt.Store(w, address(), value);
    }

    private static Expr pcRelative() {
        return new Expr.Binary(IntOp.ADD, new Expr.Pc(), IMM);
    }

    private static InstructionSemantics branch(Instruction i, IntCond c) {
        return sem(i, new Stmt.Redirect(new Expr.Compare(c, x(S1), x(S2)), pcRelative(), null, RedirectKind.BRANCH));
    }
}
