package scmp.cc.codegen;

import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.type.Type;

/**
 * Conditions compiled as jumps: constants decide at compile time, {@code !}, {@code &&} and {@code ||} turn
 * into branch structure, integer comparisons into compare-and-branch instructions, anything else into a
 * test of its value against zero.
 */
final class Branches extends Emitter {
    Branches(CodeGen g) {
        super(g);
    }

    /** Jumps to {@code target} when {@code e} is true ({@code when}) or false (!{@code when}). */
    void branch(Expr e, String target, boolean when) {
        if (e instanceof Expr.IntLit lit) {
            if ((lit.value() != 0) == when) {
                emit("j " + target);
            }
            return;
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.LOGNOT) {
            branch(u.operand(), target, !when);
            return;
        }
        if (e instanceof Expr.Binary b && (b.op() == BinOp.LOGAND || b.op() == BinOp.LOGOR)) {
            boolean and = b.op() == BinOp.LOGAND;
            if (and != when) {
                // (a && b) false: a false or b false.  (a || b) true: a true or b true.
                branch(b.left(), target, when);
                branch(b.right(), target, when);
            } else {
                String skip = newLabel();
                branch(b.left(), skip, !when);
                branch(b.right(), target, when);
                label(skip);
            }
            return;
        }
        if (e instanceof Expr.Binary b && b.op().isComparison() && !b.left().type().isFloating()
                && !b.left().type().isLong64()) {
            compareAndBranch(b, target, when);
            return;
        }
        Type t = e.type();
        String r = opt.optLevel() > 0 && !t.isFloating() && !t.isLong64() ? regFor(e) : null;
        if (r == null) {
            gen(e);
            r = "a0";
        }
        if (t.isFloating()) {
            fpZero("fa1");
            emit("feq.d a0, fa0, fa1");
            emit((when ? "beqz" : "bnez") + " a0, " + target);
            return;
        }
        if (t.isLong64()) {
            emit("or a0, a0, a1");
        }
        emit((when ? "bnez " : "beqz ") + r + ", " + target);
    }

    /** An integer comparison as one compare-and-branch, its operands from registers where they already are. */
    private void compareAndBranch(Expr.Binary b, String target, boolean when) {
        String x, y;
        Expr r = b.right();
        String rr = opt.optLevel() > 0 ? regFor(r) : null;
        String lr = opt.optLevel() > 0 ? regFor(b.left()) : null;
        if (r instanceof Expr.IntLit lit && lit.value() == 0) {
            if (lr != null) {
                x = lr;
            } else {
                gen(b.left());
                x = "a0";
            }
            y = "zero";
        } else if (rr != null && lr != null) {
            x = lr;
            y = rr;
        } else if (rr != null) {
            gen(b.left());
            x = "a0";
            y = rr;
        } else if (lr != null) {
            gen(r);
            x = lr;
            y = "a0";
        } else if (r instanceof Expr.IntLit lit) {
            gen(b.left());
            emit("li a1, " + (int) lit.value());
            x = "a0";
            y = "a1";
        } else {
            gen(b.left());
            push(b.left().type(), !hasCall(r));
            gen(r);
            x = popOperand(b.left().type(), "a1");
            y = "a0";
        }
        BinOp op = b.op();
        if (!when) {
            op = switch (op) {
                case EQ -> BinOp.NE;
                case NE -> BinOp.EQ;
                case LT -> BinOp.GE;
                case GE -> BinOp.LT;
                case GT -> BinOp.LE;
                default -> BinOp.GT;
            };
        }
        boolean u = b.left().type().isUnsigned();
        String sfx = u ? "u" : "";
        switch (op) {
            case EQ -> emit("beq " + x + ", " + y + ", " + target);
            case NE -> emit("bne " + x + ", " + y + ", " + target);
            case LT -> emit("blt" + sfx + " " + x + ", " + y + ", " + target);
            case GE -> emit("bge" + sfx + " " + x + ", " + y + ", " + target);
            case GT -> emit("blt" + sfx + " " + y + ", " + x + ", " + target);
            default -> emit("bge" + sfx + " " + y + ", " + x + ", " + target);
        }
    }
}
