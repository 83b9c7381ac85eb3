package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.type.Type;

/**
 * Binary operators on 32-bit integers and pointers, and the dispatch of the others to {@link FloatArithmetic}
 * and {@link LongArithmetic}: register-register forms, and at -O1 register operands used in place, immediate
 * forms for constant operands and strength reduction of multiplication, division and remainder by powers
 * of two (rounding toward zero as C requires).
 */
final class IntArithmetic extends Emitter {
    IntArithmetic(CodeGen g) {
        super(g);
    }

    private static long log2(long v) {
        return v > 0 && (v & (v - 1)) == 0 ? Long.numberOfTrailingZeros(v) : -1;
    }

    void binary(Expr.Binary b) {
        BinOp op = b.op();
        if (op == BinOp.COMMA) {
            gen(b.left());
            gen(b.right());
            return;
        }
        if (op == BinOp.LOGAND || op == BinOp.LOGOR) {
            String f = newLabel(), end = newLabel();
            branch(b, f, false);
            emit("li a0, 1");
            emit("j " + end);
            label(f);
            emit("li a0, 0");
            label(end);
            return;
        }
        Type ot = b.left().type();
        if (ot.isFloating()) {
            g.floats.fpBinary(b);
            return;
        }
        if (ot.isLong64() && !(op == BinOp.SHL || op == BinOp.SHR) || b.type().isLong64()) {
            g.longs.longBinary(b);
            return;
        }
        Expr r = b.right();
        // Constant right operand: immediate forms and strength reduction.
        if (r instanceof Expr.IntLit lit && intImmediate(b, lit.value())) {
            return;
        }
        String rr = opt.optLevel() > 0 ? regFor(r) : null;
        String lr = opt.optLevel() > 0 ? regFor(b.left()) : null;
        if (rr != null) {
            gen(b.left());
            intOp(b, "a0", rr);
            return;
        }
        if (lr != null) {
            gen(r);
            intOp(b, lr, "a0");
            return;
        }
        gen(b.left());
        push(ot, !hasCall(r));
        gen(r);
        intOp(b, popOperand(ot, "a1"), "a0");
    }

    /** Emits a 32-bit operation a0 = x op y. */
    private void intOp(Expr.Binary b, String x, String y) {
        Type ot = b.left().type();
        boolean u = ot.isUnsigned();
        switch (b.op()) {
            case ADD -> emit("add a0, " + x + ", " + y);
            case SUB -> emit("sub a0, " + x + ", " + y);
            case MUL -> emit("mul a0, " + x + ", " + y);
            case DIV -> emit((u ? "divu" : "div") + " a0, " + x + ", " + y);
            case MOD -> emit((u ? "remu" : "rem") + " a0, " + x + ", " + y);
            case AND -> emit("and a0, " + x + ", " + y);
            case OR -> emit("or a0, " + x + ", " + y);
            case XOR -> emit("xor a0, " + x + ", " + y);
            case SHL -> emit("sll a0, " + x + ", " + y);
            case SHR -> emit((u ? "srl" : "sra") + " a0, " + x + ", " + y);
            case EQ -> {
                emit("xor a0, " + x + ", " + y);
                emit("sltiu a0, a0, 1");
            }
            case NE -> {
                emit("xor a0, " + x + ", " + y);
                emit("sltu a0, zero, a0");
            }
            case LT -> emit((u ? "sltu" : "slt") + " a0, " + x + ", " + y);
            case GT -> emit((u ? "sltu" : "slt") + " a0, " + y + ", " + x);
            case LE -> {
                emit((u ? "sltu" : "slt") + " a0, " + y + ", " + x);
                emit("xori a0, a0, 1");
            }
            case GE -> {
                emit((u ? "sltu" : "slt") + " a0, " + x + ", " + y);
                emit("xori a0, a0, 1");
            }
            default -> throw new IllegalStateException(b.op().toString());
        }
    }

    /** Tries an immediate form of {@code left op constant}; returns false if there is none. */
    private boolean intImmediate(Expr.Binary b, long v) {
        Type ot = b.left().type();
        boolean u = ot.isUnsigned();
        int k = (int) log2(v & 0xffffffffL);
        boolean strength = opt.optLevel() > 0;
        switch (b.op()) {
            case ADD, SUB -> {
                long x = b.op() == BinOp.ADD ? v : -v;
                if (!fitsImm(x)) {
                    return false;
                }
                String src = operand(b.left());
                if (x != 0 || !src.equals("a0")) {
                    emit("addi a0, " + src + ", " + x);
                }
                return true;
            }
            case AND, OR, XOR -> {
                if (v < 0 || v > 0xffff) {
                    return false;
                }
                String src = operand(b.left());
                emit((b.op() == BinOp.AND ? "andi" : b.op() == BinOp.OR ? "ori" : "xori") + " a0, " + src + ", " + v);
                return true;
            }
            case SHL, SHR -> {
                String src = operand(b.left());
                int sh = (int) (v & 31);
                emit((b.op() == BinOp.SHL ? "slli" : u ? "srli" : "srai") + " a0, " + src + ", " + sh);
                return true;
            }
            case MUL -> {
                if (!strength || k < 0) {
                    return false;
                }
                String src = operand(b.left());
                emit("slli a0, " + src + ", " + k);
                return true;
            }
            case DIV -> {
                return strength && divideByPowerOfTwo(b, k, u);
            }
            case MOD -> {
                return strength && remainderByPowerOfTwo(b, k, u);
            }
            case LT -> {
                if (!fitsImm(v) || u && v < 0) {
                    return false;
                }
                String src = operand(b.left());
                emit((u ? "sltiu" : "slti") + " a0, " + src + ", " + v);
                return true;
            }
            case EQ, NE -> {
                if (!fitsImm(-v)) {
                    return false;
                }
                gen(b.left());
                if (v != 0) {
                    emit("addi a0, a0, " + (-v));
                }
                emit(b.op() == BinOp.EQ ? "sltiu a0, a0, 1" : "sltu a0, zero, a0");
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** {@code left / 2^k}, a shift; signed division rounds toward zero (6.5.5p6). False when k does not suit. */
    private boolean divideByPowerOfTwo(Expr.Binary b, int k, boolean u) {
        if (k < 0 || k >= 31 && !u) {
            return false;
        }
        gen(b.left());
        if (k == 0) {
            return true;
        }
        if (u) {
            emit("srli a0, a0, " + k);
        } else {
            // Round toward zero: add 2^k - 1 to negative dividends first.
            emit("srai a4, a0, 31");
            emit("srli a4, a4, " + (32 - k));
            emit("add a0, a0, a4");
            emit("srai a0, a0, " + k);
        }
        return true;
    }

    /** {@code left % 2^k}, a mask or the remainder of the rounded-toward-zero quotient. False when k does not suit. */
    private boolean remainderByPowerOfTwo(Expr.Binary b, int k, boolean u) {
        if (k < 0 || k >= 31 && !u) {
            return false;
        }
        gen(b.left());
        if (u) {
            if (k < 16) {
                emit("andi a0, a0, " + ((1 << k) - 1));
            } else {
                emit("li a4, " + ((1L << k) - 1));
                emit("and a0, a0, a4");
            }
        } else if (k == 0) {
            // a % 1 is 0 (a is still evaluated for its side effects)
            emit("li a0, 0");
        } else {
            // a - (a / 2^k) * 2^k with the quotient rounded toward zero.
            emit("srai a4, a0, 31");
            emit("srli a4, a4, " + (32 - k));
            emit("add a4, a0, a4");
            emit("srai a4, a4, " + k);
            emit("slli a4, a4, " + k);
            emit("sub a0, a0, a4");
        }
        return true;
    }

    /** The register holding {@code e}'s value: its own register at -O1, else a0 after evaluating it. */
    private String operand(Expr e) {
        String r = opt.optLevel() > 0 && !e.type().isFloating() ? regFor(e) : null;
        if (r != null) {
            return r;
        }
        gen(e);
        return "a0";
    }
}
