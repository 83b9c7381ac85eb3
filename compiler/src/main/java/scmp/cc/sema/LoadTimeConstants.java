package scmp.cc.sema;

import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Constant expressions in static initializers (C99 6.6p7-9): arithmetic constants and address constants (the
 * address of a static object or function, plus or minus an integer constant), folded from the typed tree.
 */
final class LoadTimeConstants {
    private final Sema s;
    private final Diagnostics diag;

    LoadTimeConstants(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** A constant: a number, or the address of a symbol plus an offset. */
    record Const(long value, String symbol, double fvalue) {
    }

    /** Evaluates a constant expression of a static initializer (6.6p7), or reports and returns null. */
    Const constant(Expr e, boolean report) {
        Const c = eval(e);
        if (c == null && report) {
            diag.error(e.pos(), "initializer element is not constant");
        }
        return c;
    }

    private Const eval(Expr e) {
        if (e instanceof Expr.IntLit lit) {
            return new Const(lit.value(), null, (double) lit.value());
        }
        if (e instanceof Expr.FloatLit f) {
            return new Const((long) f.value(), null, f.value());
        }
        if (e instanceof Expr.Cast c) {
            Const k = eval(c.operand());
            if (k == null) {
                return null;
            }
            Type to = c.type(), from = c.operand().type();
            if (k.symbol != null) {
                return to.size() == 4 || to.isPointer() ? k : null;
            }
            if (to.isFloating()) {
                double d = from.isFloating() ? (to.kind == Type.Kind.FLOAT ? Conversions.toFloat(k.fvalue) : k.fvalue)
                        : Conversions.integerToFloating(k.value, from, to);
                return new Const(0, null, d);
            }
            if (from.isFloating()) {
                long v = Conversions.wrap(Conversions.doubleToInteger(k.fvalue, to), to);
                return new Const(v, null, v);
            }
            long v = Conversions.wrap(k.value, to);
            return new Const(v, null, v);
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.ADDR) {
            return address(u.operand());
        }
        if (e instanceof Expr.Binary b && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)) {
            Const l = eval(b.left()), r = eval(b.right());
            if (l == null || r == null) {
                return null;
            }
            if (r.symbol != null) {
                if (b.op() == Expr.BinOp.ADD && l.symbol == null) {
                    return new Const(l.value + r.value, r.symbol, 0);
                }
                if (b.op() == Expr.BinOp.SUB && r.symbol.equals(l.symbol)) {
                    return new Const(l.value - r.value, null, l.value - r.value);
                }
                return null;
            }
            long v = b.op() == Expr.BinOp.ADD ? l.value + r.value : l.value - r.value;
            if (l.symbol == null && b.type().isFloating()) {
                return null;
            }
            return new Const(l.symbol == null ? Conversions.wrap(v, b.type()) : v, l.symbol, v);
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinOp.COMMA) {
            return null;
        }
        if (e instanceof Expr.Binary b) {
            Const l = eval(b.left()), r = eval(b.right());
            if (l == null || r == null || l.symbol != null || r.symbol != null || !b.type().isInteger()) {
                return null;
            }
            if (b.op().isComparison()) {
                return null;
            }
            Long v = ConstantFolding.foldInt(b.op(), b.type(), l.value, r.value);
            return v == null ? null : new Const(Conversions.wrap(v, b.type()), null, v);
        }
        if (e instanceof Expr.Cond c) {
            Const k = eval(c.cond());
            if (k == null || k.symbol != null) {
                return null;
            }
            return eval(k.value != 0 ? c.then() : c.otherwise());
        }
        if (e instanceof Expr.VarRef v && (v.type().isArray() || v.type().isFunction())) {
            return address(e);
        }
        if (e instanceof Expr.VarRef v && v.var().compoundLiteral && v.var().init != null) {
            return literalValue(v.var());
        }
        return null;
    }

    /** The initial value of a static scalar compound literal such as {@code (int){7}}, read from its image. */
    private static Const literalValue(Var v) {
        Var.InitData d = v.init;
        long bits = 0;
        for (int i = Math.min(8, d.bytes.length) - 1; i >= 0; i--) {
            bits = bits << 8 | (d.bytes[i] & 0xff);
        }
        if (v.type.kind == Type.Kind.FLOAT) {
            return new Const(0, null, Float.intBitsToFloat((int) bits));
        }
        if (v.type.isFloating()) {
            return new Const(0, null, Double.longBitsToDouble(bits));
        }
        if (!d.relocs.isEmpty()) {
            Var.Reloc r = d.relocs.get(0);
            return new Const(r.addend(), r.symbol(), 0);
        }
        long k = Conversions.wrap(bits, v.type);
        return new Const(k, null, k);
    }

    private Const address(Expr e) {
        if (e instanceof Expr.VarRef v) {
            Var var = v.var();
            if (var.isLocal()) {
                return null;
            }
            var.used = true;
            return new Const(0, var.symbol, 0);
        }
        if (e instanceof Expr.Member m) {
            Const b = address(m.base());
            return b == null ? null : new Const(b.value + m.member().offset(), b.symbol, 0);
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.DEREF) {
            return eval(u.operand());
        }
        if (e instanceof Expr.Cast c) {
            return address(c.operand());
        }
        return null;
    }
}
