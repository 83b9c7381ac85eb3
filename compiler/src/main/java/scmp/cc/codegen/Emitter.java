package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * The vocabulary every part of the code generator speaks: writing instructions and labels into the text of
 * the function being generated, immediates and offsets that may not fit 16 bits, loads and stores by type;
 * and, in the last section, the operations whose work lives in another part (evaluating an expression,
 * saving an operand, branching...), answered by the part that owns them, which overrides them here. So each
 * part reads as one piece of chibicc's single generator did, with {@code gen(e)} and {@code emit("...")}.
 */
abstract class Emitter {
    /** The integer and floating argument registers, in order (docs/abi.md). */
    static final String[] A = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"};
    static final String[] FA = {"fa0", "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7"};

    final CodeGen g;
    final CodeGen.Options opt;

    Emitter(CodeGen g) {
        this.g = g;
        this.opt = g.opt;
    }

    /** Appends one instruction or directive to the text being written. */
    void emit(String s) {
        g.body.append('\t').append(s).append('\n');
    }

    /** Defines a label at the current point. */
    void label(String l) {
        g.body.append(l).append(":\n");
    }

    /** A fresh local label; the numbering is shared by the whole translation unit. */
    String newLabel() {
        return ".Lc" + g.labelNo++;
    }

    /** Whether {@code v} fits an instruction's signed 16-bit immediate. */
    static boolean fitsImm(long v) {
        return v >= -32768 && v <= 32767;
    }

    /** {@code dst = src + imm}, going through {@code at} when the immediate does not fit 16 bits. */
    void addImm(String dst, String src, long imm) {
        if (fitsImm(imm)) {
            emit("addi " + dst + ", " + src + ", " + imm);
        } else {
            emit("li at, " + (int) imm);
            emit("add " + dst + ", " + src + ", at");
        }
    }

    /** {@code op reg, off(base)}, going through {@code at} when the offset does not fit 16 bits. */
    void emitMem(String op, String reg, int off, String base) {
        if (fitsImm(off)) {
            emit(op + " " + reg + ", " + off + "(" + base + ")");
        } else {
            emit("li at, " + off);
            emit("add at, at, " + base);
            emit(op + " " + reg + ", 0(at)");
        }
    }

    /** The load instruction for a scalar of type {@code t}. */
    static String loadOp(Type t) {
        return switch (t.kind) {
            case BOOL -> "lbu";
            case CHAR -> t.unsigned ? "lbu" : "lb";
            case SHORT -> t.unsigned ? "lhu" : "lh";
            case FLOAT -> "flw";
            case DOUBLE, LDOUBLE -> "fld";
            default -> "lw";
        };
    }

    /** The store instruction for a scalar of type {@code t}. */
    static String storeOp(Type t) {
        return switch (t.kind) {
            case BOOL, CHAR -> "sb";
            case SHORT -> "sh";
            case FLOAT -> "fsw";
            case DOUBLE, LDOUBLE -> "fsd";
            default -> "sw";
        };
    }

    /** Loads a scalar of type {@code t} from {@code off(base)} into {@code reg} (a0 means a0:a1 for long long). */
    void load(Type t, String reg, int off, String base) {
        if (t.isLong64()) {
            String hi = reg.equals("a0") ? "a1" : reg.equals("a2") ? "a3" : null;
            if (base.equals(reg)) {
                emitMem("lw", hi, off + 4, base);
                emitMem("lw", reg, off, base);
            } else {
                emitMem("lw", reg, off, base);
                emitMem("lw", hi, off + 4, base);
            }
            return;
        }
        emitMem(loadOp(t), reg, off, base);
    }

    /** Stores a scalar of type {@code t} from {@code reg} to {@code off(base)} (a0 means a0:a1 for long long). */
    void store(Type t, String reg, int off, String base) {
        if (t.isLong64()) {
            String hi = reg.equals("a0") ? "a1" : reg.equals("a2") ? "a3" : null;
            emitMem("sw", reg, off, base);
            emitMem("sw", hi, off + 4, base);
            return;
        }
        emitMem(storeOp(t), reg, off, base);
    }

    // ------------------------------------------------------------------------------- answered by other parts

    /** Evaluates {@code e} into the accumulator ({@link ExprGen}). */
    void gen(Expr e) {
        g.exprs.gen(e);
    }

    /** Computes the address of an lvalue into a0 ({@link ExprGen}). */
    void genAddr(Expr e) {
        g.exprs.genAddr(e);
    }

    /** The register variable {@code e} names at -O1, or null ({@link RegisterAllocator}). */
    String regFor(Expr e) {
        return g.registers.regFor(e);
    }

    /** Whether evaluating {@code e} may call a function ({@link CallAnalysis}). */
    boolean hasCall(Expr e) {
        return g.callAnalysis.hasCall(e);
    }

    /** Saves the accumulator while another operand is evaluated ({@link OperandStack}). */
    void push(Type t, boolean mayUseRegister) {
        g.operands.push(t, mayUseRegister);
    }

    /** The last saved operand, in its temporary register or loaded into {@code reg} ({@link OperandStack}). */
    String popOperand(Type t, String reg) {
        return g.operands.popOperand(t, reg);
    }

    /** Restores the last saved operand into {@code reg} ({@link OperandStack}). */
    void pop(Type t, String reg) {
        g.operands.pop(t, reg);
    }

    /** Jumps to {@code target} when {@code e} is {@code when} ({@link Branches}). */
    void branch(Expr e, String target, boolean when) {
        g.branches.branch(e, target, when);
    }

    /** Generates a statement ({@link Statements}). */
    void stmt(Stmt s) {
        g.statements.stmt(s);
    }

    /** Emits line information for {@code pos} under -g ({@link Statements}). */
    void loc(Token pos) {
        g.statements.loc(pos);
    }

    /** Converts the accumulator between types ({@link TypeConversions}). */
    void convert(Type from, Type to) {
        g.conversions.convert(from, to);
    }

    /** Copies a block of memory ({@link Assignments}). */
    void copyBlock(String src, String dst, int size, int align) {
        g.assignments.copyBlock(src, dst, size, align);
    }

    /** Sets a floating register to zero ({@link FloatArithmetic}). */
    void fpZero(String reg) {
        g.floats.fpZero(reg);
    }

    /** Rounds fa0 to float when {@code t} is float ({@link FloatArithmetic}). */
    void roundFloat(Type t) {
        g.floats.roundFloat(t);
    }

    /** The label of a read-only double constant ({@link DataSections}). */
    String fpConst(double d) {
        return g.data.fpConst(d);
    }

    /** Assembles the {@code n} bytes (at most 4) at {@code off(base)} into {@code dst}, little-endian; uses a4, a5. */
    void loadBytes(String dst, int off, String base, int n) {
        emitMem("lbu", "a4", off, base);
        for (int i = 1; i < n; i++) {
            emitMem("lbu", "a5", off + i, base);
            emit("slli a5, a5, " + 8 * i);
            emit("or a4, a4, a5");
        }
        emit("mv " + dst + ", a4");
    }

    /** Stores the low {@code n} bytes (at most 4) of {@code src} at {@code off(base)} one by one; uses a5. */
    void storeBytes(String src, int off, String base, int n) {
        emitMem("sb", src, off, base);
        for (int i = 1; i < n; i++) {
            emit("srli a5, " + src + ", " + 8 * i);
            emitMem("sb", "a5", off + i, base);
        }
    }
}
