package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;

/**
 * 64-bit ({@code long long}) operations on register pairs: add, subtract, logic and comparison inline,
 * shifts by a constant inline; multiplication, division, remainder and variable shifts call the runtime
 * helpers (__muldi3 and friends) with the operands in a0:a1 and a2:a3.
 */
final class LongArithmetic extends Emitter {
    LongArithmetic(CodeGen g) {
        super(g);
    }

    /** 64-bit operations: inline add, subtract, logic, compare and constant shifts; helpers for the rest. */
    void longBinary(Expr.Binary b) {
        BinOp op = b.op();
        Expr r = b.right();
        if ((op == BinOp.SHL || op == BinOp.SHR) && r instanceof Expr.IntLit lit) {
            gen(b.left());
            constShift64(op, b.type().isUnsigned(), (int) (lit.value() & 63));
            return;
        }
        if (op == BinOp.SHL || op == BinOp.SHR) {
            gen(b.left());
            push(b.left().type(), false);
            gen(r);
            emit("mv a2, a0");
            pop(b.left().type(), "a0");
            emit("call " + (op == BinOp.SHL ? "__ashldi3" : b.type().isUnsigned() ? "__lshrdi3" : "__ashrdi3"));
            return;
        }
        gen(b.left());
        push(b.left().type(), !hasCall(r));
        gen(r);
        pop(b.left().type(), "a2");
        // Left operand in a2:a3, right in a0:a1.
        boolean u = b.left().type().isUnsigned();
        switch (op) {
            case ADD -> {
                emit("add a0, a2, a0");
                emit("sltu a4, a0, a2");
                emit("add a1, a3, a1");
                emit("add a1, a1, a4");
            }
            case SUB -> {
                emit("sltu a4, a2, a0");
                emit("sub a0, a2, a0");
                emit("sub a1, a3, a1");
                emit("sub a1, a1, a4");
            }
            case AND, OR, XOR -> {
                String o = op == BinOp.AND ? "and" : op == BinOp.OR ? "or" : "xor";
                emit(o + " a0, a2, a0");
                emit(o + " a1, a3, a1");
            }
            case MUL, DIV, MOD -> {
                emit("mv a4, a0");
                emit("mv a5, a1");
                emit("mv a0, a2");
                emit("mv a1, a3");
                emit("mv a2, a4");
                emit("mv a3, a5");
                String f = switch (op) {
                    case MUL -> "__muldi3";
                    case DIV -> u ? "__udivdi3" : "__divdi3";
                    default -> u ? "__umoddi3" : "__moddi3";
                };
                emit("call " + f);
            }
            case EQ, NE -> {
                emit("xor a0, a2, a0");
                emit("xor a1, a3, a1");
                emit("or a0, a0, a1");
                emit(op == BinOp.EQ ? "sltiu a0, a0, 1" : "sltu a0, zero, a0");
            }
            case LT, GT, LE, GE -> {
                // x < y  <=>  hi(x) < hi(y) || hi(x) == hi(y) && lo(x) <u lo(y); x is (a2,a3), y is (a0,a1).
                boolean swap = op == BinOp.GT || op == BinOp.LE;
                String xl = swap ? "a0" : "a2", xh = swap ? "a1" : "a3", yl = swap ? "a2" : "a0", yh = swap ? "a3" : "a1";
                emit((u ? "sltu" : "slt") + " a4, " + xh + ", " + yh);
                emit("xor a5, " + xh + ", " + yh);
                emit("sltu a6, " + xl + ", " + yl);
                emit("sltiu a5, a5, 1");
                emit("and a5, a5, a6");
                emit("or a0, a4, a5");
                if (op == BinOp.LE || op == BinOp.GE) {
                    emit("xori a0, a0, 1");
                }
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private void constShift64(BinOp op, boolean unsigned, int n) {
        if (n == 0) {
            return;
        }
        if (op == BinOp.SHL) {
            if (n >= 32) {
                emit("slli a1, a0, " + (n - 32));
                emit("li a0, 0");
            } else {
                emit("slli a1, a1, " + n);
                emit("srli a4, a0, " + (32 - n));
                emit("or a1, a1, a4");
                emit("slli a0, a0, " + n);
            }
            return;
        }
        if (n >= 32) {
            emit((unsigned ? "srli" : "srai") + " a0, a1, " + (n - 32));
            emit(unsigned ? "li a1, 0" : "srai a1, a1, 31");
        } else {
            emit("srli a0, a0, " + n);
            emit("slli a4, a1, " + (32 - n));
            emit("or a0, a0, a4");
            emit((unsigned ? "srli" : "srai") + " a1, a1, " + n);
        }
    }
}
