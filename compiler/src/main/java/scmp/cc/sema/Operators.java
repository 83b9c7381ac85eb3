package scmp.cc.sema;

import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * The binary operators (C99 6.5.5-6.5.14): the usual arithmetic conversions, pointer arithmetic scaled by
 * the element size, pointer comparison, and folding when both operands are constants
 * ({@link ConstantFolding}). The result is typed and its operands converted to the operation's type.
 */
final class Operators {
    private final Sema s;
    private final Diagnostics diag;

    Operators(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    private Expr invalidOperands(Token pos, BinOp op, Expr l, Expr r) {
        diag.error(pos, "invalid operands to binary " + op.symbol + " (have " + q(l.type()) + " and " + q(r.type())
                + ")");
        return s.exprs.error(pos);
    }

    /** Types a binary operator application (6.5.5-6.5.14), scaling pointer arithmetic. */
    Expr binary(Token pos, BinOp op, Expr l0, Expr r0) {
        Expr l = s.exprs.value(l0), r = s.exprs.value(r0);
        Type lt = l.type(), rt = r.type();
        if ((lt.isComplex() || rt.isComplex()) && op != BinOp.LOGAND && op != BinOp.LOGOR && op != BinOp.COMMA) {
            return s.complex.binary(pos, op, l, r);
        }
        switch (op) {
            case LOGAND, LOGOR: {
                Expr a = s.exprs.condition(l), b = s.exprs.condition(r);
                if (a instanceof Expr.IntLit x && b instanceof Expr.IntLit y) {
                    boolean v = op == BinOp.LOGAND ? x.value() != 0 && y.value() != 0 : x.value() != 0 || y.value() != 0;
                    return Conversions.intLit(pos, v ? 1 : 0);
                }
                return new Expr.Binary(pos, Type.INT, op, a, b);
            }
            case MUL, DIV, MOD, AND, OR, XOR: {
                boolean intOnly = op == BinOp.MOD || op == BinOp.AND || op == BinOp.OR || op == BinOp.XOR;
                if (!(intOnly ? lt.isInteger() && rt.isInteger() : lt.isArithmetic() && rt.isArithmetic())) {
                    return invalidOperands(pos, op, l, r);
                }
                Type t = Conversions.common(lt, rt);
                return arith(pos, op, t, Conversions.convert(l, t), Conversions.convert(r, t));
            }
            case SHL, SHR:
                return shift(pos, op, l, r);
            case ADD, SUB:
                return additive(pos, op, l, r);
            case EQ, NE, LT, LE, GT, GE:
                return relational(pos, op, l, r);
            case COMMA:
                return new Expr.Binary(pos, r.type(), BinOp.COMMA, l0, r);
            default:
                throw new IllegalStateException(op.toString());
        }
    }

    /** {@code <<} and {@code >>} (6.5.7): each operand promoted on its own; gcc's warnings for bad counts. */
    private Expr shift(Token pos, BinOp op, Expr l, Expr r) {
        Type lt = l.type(), rt = r.type();
        if (!lt.isInteger() || !rt.isInteger()) {
            return invalidOperands(pos, op, l, r);
        }
        Expr a = s.exprs.promote(l), b = s.exprs.promote(r);
        if (b.type().isLong64() && !(b instanceof Expr.IntLit)) {
            b = Conversions.convert(b, Type.INT);
        }
        if (b instanceof Expr.IntLit lit) {
            if (lit.value() < 0) {
                diag.warning(pos, (op == BinOp.SHL ? "left" : "right") + " shift count is negative"
                        + " [-Wshift-count-negative]");
            } else if (lit.value() >= a.type().size() * 8) {
                diag.warning(pos, (op == BinOp.SHL ? "left" : "right") + " shift count >= width of type"
                        + " [-Wshift-count-overflow]");
            }
            b = Conversions.convert(b, Type.INT);
        }
        return arith(pos, op, a.type(), a, b);
    }

    /** {@code +} and {@code -} (6.5.6): arithmetic, pointer plus or minus integer, pointer difference. */
    private Expr additive(Token pos, BinOp op, Expr l, Expr r) {
        Type lt = l.type(), rt = r.type();
        if (lt.isArithmetic() && rt.isArithmetic()) {
            Type t = Conversions.common(lt, rt);
            return arith(pos, op, t, Conversions.convert(l, t), Conversions.convert(r, t));
        }
        if (lt.isPointer() && rt.isInteger()) {
            return pointerOffset(pos, op, l, r);
        }
        if (op == BinOp.ADD && lt.isInteger() && rt.isPointer()) {
            return pointerOffset(pos, op, r, l);
        }
        if (op == BinOp.SUB && lt.isPointer() && rt.isPointer()) {
            if (!lt.base.unqualified().compatible(rt.base.unqualified())) {
                diag.error(pos, "invalid operands to binary - (have " + q(lt) + " and " + q(rt) + ")");
                return s.exprs.error(pos);
            }
            int size = elementSize(pos, lt);
            Expr diff = new Expr.Binary(pos, Type.INT, BinOp.SUB, Conversions.convert(l, Type.INT),
                    Conversions.convert(r, Type.INT));
            if (lt.base.isVla()) {
                return new Expr.Binary(pos, Type.INT, BinOp.DIV, diff, Conversions.convert(s.vlas.sizeOf(pos, lt.base),
                        Type.INT));
            }
            if (size == 1) {
                return diff;
            }
            return arith(pos, BinOp.DIV, Type.INT, diff, Conversions.intLit(pos, size));
        }
        return invalidOperands(pos, op, l, r);
    }

    /** The relational and equality operators (6.5.8, 6.5.9): arithmetic, pointer and null-pointer comparisons. */
    private Expr relational(Token pos, BinOp op, Expr l, Expr r) {
        Type lt = l.type(), rt = r.type();
        if (lt.isArithmetic() && rt.isArithmetic()) {
            Type t = Conversions.common(lt, rt);
            return compare(pos, op, Conversions.convert(l, t), Conversions.convert(r, t));
        }
        if (lt.isPointer() && rt.isPointer()) {
            boolean eq = op == BinOp.EQ || op == BinOp.NE;
            if (!(lt.base.isVoid() || rt.base.isVoid()) && !lt.base.unqualified().compatible(
                    rt.base.unqualified())) {
                diag.warning(pos, "comparison of distinct pointer types lacks a cast");
            }
            return compare(pos, op, l, Conversions.convert(r, lt));
        }
        if (lt.isPointer() && rt.isInteger() || lt.isInteger() && rt.isPointer()) {
            Expr p = lt.isPointer() ? l : r, i = lt.isPointer() ? r : l;
            if (!Exprs.isNullConstant(i)) {
                diag.warning(pos, "comparison between pointer and integer");
            }
            Expr ic = Conversions.convert(i, p.type());
            return lt.isPointer() ? compare(pos, op, p, ic) : compare(pos, op, ic, p);
        }
        return invalidOperands(pos, op, l, r);
    }

    private int elementSize(Token pos, Type ptr) {
        Type b = ptr.base;
        if (b.isVoid() || b.isFunction()) {
            return 1;
        }
        if (!b.isComplete()) {
            diag.error(pos, "invalid use of incomplete type " + q(b));
            return 1;
        }
        return b.size();
    }

    private Expr pointerOffset(Token pos, BinOp op, Expr p, Expr i) {
        Expr idx = Conversions.convert(s.exprs.promote(i), Type.INT);
        if (p.type().base.isVla()) {
            // A row of a variable-length array: its size is known at run time.
            Expr size = Conversions.convert(s.vlas.sizeOf(pos, p.type().base), Type.INT);
            return new Expr.Binary(pos, p.type(), op, p, new Expr.Binary(pos, Type.INT, BinOp.MUL, idx, size));
        }
        int size = elementSize(pos, p.type());
        Expr scaled = size == 1 ? idx : arith(pos, BinOp.MUL, Type.INT, idx, Conversions.intLit(pos, size));
        if (scaled instanceof Expr.IntLit lit && lit.value() == 0) {
            return p;
        }
        if (p instanceof Expr.Binary pb && pb.op() == BinOp.ADD && pb.right() instanceof Expr.IntLit a
                && scaled instanceof Expr.IntLit b) {
            long v = op == BinOp.ADD ? a.value() + b.value() : a.value() - b.value();
            return new Expr.Binary(pos, p.type(), BinOp.ADD, pb.left(), new Expr.IntLit(pos, Type.INT, (int) v));
        }
        return new Expr.Binary(pos, p.type(), op, p, scaled);
    }

    private Expr compare(Token pos, BinOp op, Expr l, Expr r) {
        if (l instanceof Expr.IntLit a && r instanceof Expr.IntLit b) {
            long x = a.value(), y = b.value();
            boolean u = a.type().isUnsigned();
            int c = u ? Long.compareUnsigned(x, y) : Long.compare(x, y);
            boolean v = switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            };
            return Conversions.intLit(pos, v ? 1 : 0);
        }
        if (l instanceof Expr.FloatLit a && r instanceof Expr.FloatLit b) {
            double x = a.value(), y = b.value();
            boolean v = switch (op) {
                case EQ -> x == y;
                case NE -> x != y;
                case LT -> x < y;
                case LE -> x <= y;
                case GT -> x > y;
                default -> x >= y;
            };
            return Conversions.intLit(pos, v ? 1 : 0);
        }
        return new Expr.Binary(pos, Type.INT, op, l, r);
    }

    /** An arithmetic operation in type {@code t}, folded when both operands are constants. */
    private Expr arith(Token pos, BinOp op, Type t, Expr l, Expr r) {
        if (l instanceof Expr.IntLit a && r instanceof Expr.IntLit b && t.isInteger()) {
            Long v = ConstantFolding.foldInt(op, t, a.value(), b.value());
            if (v != null) {
                return new Expr.IntLit(pos, t, Conversions.wrap(v, t));
            }
            if (op == BinOp.DIV || op == BinOp.MOD) {
                diag.warning(pos, "division by zero [-Wdiv-by-zero]");
            }
        }
        if (l instanceof Expr.FloatLit a && r instanceof Expr.FloatLit b) {
            double x = a.value(), y = b.value();
            double v = switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                default -> x / y;
            };
            return new Expr.FloatLit(pos, t, t.kind == Type.Kind.FLOAT ? Conversions.toFloat(v) : Conversions.canonical(v));
        }
        if (t.precision() != 0) {
            // computed in 64 bits, then cut to the field's width
            return new Expr.Cast(pos, t, new Expr.Binary(pos, Type.ULLONG, op, l, r));
        }
        return new Expr.Binary(pos, t, op, l, r);
    }
}
