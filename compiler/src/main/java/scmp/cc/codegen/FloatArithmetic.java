package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.type.Type;

/**
 * Floating-point arithmetic and comparison, computed in double precision (fa0) and rounded to float when the
 * result type is float, so that float and double programs give the results gcc's soft-float would.
 */
final class FloatArithmetic extends Emitter {
    FloatArithmetic(CodeGen g) {
        super(g);
    }

    void fpZero(String reg) {
        emit("fcvt.d.w " + reg + ", zero");
    }

    void roundFloat(Type t) {
        if (t.kind == Type.Kind.FLOAT) {
            emit("fcvt.s.d fa0, fa0");
        }
    }

    void fpBinary(Expr.Binary b) {
        gen(b.left());
        push(b.left().type(), !hasCall(b.right()));
        gen(b.right());
        String x = popOperand(b.left().type(), "fa1");
        switch (b.op()) {
            case ADD -> emit("fadd.d fa0, " + x + ", fa0");
            case SUB -> emit("fsub.d fa0, " + x + ", fa0");
            case MUL -> emit("fmul.d fa0, " + x + ", fa0");
            case DIV -> emit("fdiv.d fa0, " + x + ", fa0");
            case EQ -> emit("feq.d a0, " + x + ", fa0");
            case NE -> {
                emit("feq.d a0, " + x + ", fa0");
                emit("xori a0, a0, 1");
            }
            case LT -> emit("flt.d a0, " + x + ", fa0");
            case LE -> emit("fle.d a0, " + x + ", fa0");
            case GT -> emit("flt.d a0, fa0, " + x);
            case GE -> emit("fle.d a0, fa0, " + x);
            default -> throw new IllegalStateException(b.op().toString());
        }
        if (!b.op().isComparison()) {
            roundFloat(b.type());
        }
    }
}
