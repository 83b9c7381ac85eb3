package scmp.cc.sema;

import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * Lvalues and what changes them (C99 6.3.2.1, 6.5.3.2, 6.5.16): the modifiable-lvalue check, simple and
 * compound assignment, increment and decrement, the address-of and indirection operators. Compound
 * assignments and postfix increments are lowered to plain assignments, through a pointer temporary when
 * the target cannot be evaluated twice.
 */
final class Lvalues {
    private final Sema s;
    private final Diagnostics diag;

    Lvalues(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    boolean isLvalue(Expr e) {
        if (e instanceof Expr.VarRef v) {
            return !v.type().isFunction();
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnOp.DEREF;
        }
        if (e instanceof Expr.Binary b && b.op() == BinOp.COMMA && b.right() instanceof Expr.VarRef v) {
            return v.var().symbol.startsWith(".cl");
        }
        return e instanceof Expr.Member;
    }

    /** Reports why {@code e} cannot be assigned to, or returns true if it can. */
    private boolean checkModifiable(Expr e, Token pos, String what) {
        if (s.exprs.isErrorStandIn(e)) {
            return false;
        }
        if (!isLvalue(e)) {
            diag.error(pos, "lvalue required as " + what);
            return false;
        }
        if (e.type().isArray()) {
            diag.error(pos, "assignment to expression with array type");
            return false;
        }
        if (e.type().isConst || e.type().isAggregate() && hasConstMember(e.type())) {
            String verb = what.contains("increment") ? "increment" : what.contains("decrement") ? "decrement"
                    : "assignment";
            if (e instanceof Expr.VarRef v) {
                diag.error(pos, verb + " of read-only variable " + q(v.var().name));
            } else if (e instanceof Expr.Member m) {
                diag.error(pos, verb + " of read-only member " + q(m.member().name()));
            } else {
                diag.error(pos, verb + " of read-only location");
            }
            return false;
        }
        if (!e.type().isComplete()) {
            diag.error(pos, "invalid use of incomplete type " + q(e.type()));
            return false;
        }
        return true;
    }

    private static boolean hasConstMember(Type t) {
        for (Type.Member m : t.agg.members) {
            if (m.type().isConst || m.type().isAggregate() && hasConstMember(m.type())) {
                return true;
            }
        }
        return false;
    }

    Expr assign(Token pos, Expr lhs, Expr rhs) {
        if (!checkModifiable(lhs, pos, "left operand of assignment")) {
            s.exprs.value(rhs);
            return s.exprs.error(pos);
        }
        Expr v = s.conversions.assignConvert(rhs, lhs.type(), pos, AssignConversions.AssignContext.ASSIGN);
        return new Expr.Assign(pos, valueType(lhs), lhs, v);
    }

    /**
     * The type of the value of an assignment to {@code target}: the target's, or for an unsigned long long
     * bit-field of 33 to 63 bits, as gcc has it, one of the field's width (Exprs.value).
     */
    private Type valueType(Expr target) {
        return s.exprs.value(target) instanceof Expr.Cast c && c.type().precision() != 0 ? c.type()
                : target.type().unqualified();
    }

    /**
     * Whether evaluating {@code e} twice is the same as once (no side effects, cheap): then compound
     * assignment need not take the target's address.
     */
    private static boolean isSimple(Expr e) {
        if (e instanceof Expr.VarRef) {
            return true;
        }
        if (e instanceof Expr.Member m) {
            return isSimple(m.base());
        }
        return e instanceof Expr.Unary u && u.op() == UnOp.DEREF && u.operand() instanceof Expr.VarRef;
    }

    /**
     * {@code target op= value}, lowered to a plain assignment: through a pointer temporary unless the
     * target can be evaluated twice. A bit-field target goes through a pointer to its struct.
     */
    Expr compoundAssign(Token pos, BinOp op, Expr target, Expr value) {
        if (!checkModifiable(target, pos, "left operand of assignment")) {
            return s.exprs.error(pos);
        }
        Lowered l = lowerTarget(target);
        Expr computed = s.operators.binary(pos, op, l.target, value);
        if (computed.type().isPointer() && !target.type().isPointer()) {
            diag.error(pos, "invalid operands to binary " + op.symbol);
            return s.exprs.error(pos);
        }
        Expr a = new Expr.Assign(pos, valueType(target), l.target,
                s.conversions.assignConvert(computed, target.type(), pos, AssignConversions.AssignContext.ASSIGN));
        return l.setup == null ? a : new Expr.Binary(pos, a.type(), BinOp.COMMA, l.setup, a);
    }

    /** A target made safe to evaluate twice, and the assignment of the temporary that makes it so. */
    record Lowered(Expr setup, Expr target) {
    }

    private Lowered lowerTarget(Expr target) {
        if (isSimple(target)) {
            return new Lowered(null, target);
        }
        Token pos = target.pos();
        if (target instanceof Expr.Member m
                && (m.member().isBitfield() || m.unaligned() || m.addressAlign() < m.type().align())) {
            // (a packed member keeps its form, so that codegen reads and writes it a byte at a time; so does a
            // struct that packing places below its alignment, whose members are then packed members)
            Lowered inner = lowerTarget(m.base());
            return new Lowered(inner.setup, new Expr.Member(pos, m.type(), inner.target, m.member()));
        }
        Type pt = Type.pointerTo(target.type());
        Var tmp = s.newTemp(pt);
        Expr addr = addressOf(pos, target);
        Expr setup = new Expr.Assign(pos, pt, new Expr.VarRef(pos, pt, tmp), addr);
        Expr deref = new Expr.Unary(pos, target.type(), UnOp.DEREF, new Expr.VarRef(pos, pt, tmp));
        return new Lowered(setup, deref);
    }

    /** {@code ++x}, {@code x--} and friends, lowered to assignments (the old value kept in a temporary). */
    Expr increment(Token pos, Expr target, boolean inc, boolean post) {
        String what = (inc ? "increment" : "decrement") + " operand";
        if (!checkModifiable(target, pos, what)) {
            return s.exprs.error(pos);
        }
        Type t = target.type();
        // gcc's extension: ++ and -- on a complex lvalue add or subtract 1 to its real part (z += 1)
        if (!t.isScalar() && !t.isComplex()) {
            diag.error(pos, "wrong type argument to " + (inc ? "increment" : "decrement"));
            return s.exprs.error(pos);
        }
        Expr one = Conversions.intLit(pos, 1);
        BinOp op = inc ? BinOp.ADD : BinOp.SUB;
        if (!post) {
            return compoundAssign(pos, op, target, one);
        }
        Lowered l = lowerTarget(target);
        Type vt = valueType(target);
        Var old = s.newTemp(vt);
        Expr oldRef = new Expr.VarRef(pos, vt, old);
        Expr save = new Expr.Assign(pos, vt, oldRef, l.target);
        Expr upd = new Expr.Assign(pos, vt, l.target, s.conversions.assignConvert(s.operators.binary(pos, op, oldRef, one), t, pos,
                AssignConversions.AssignContext.ASSIGN));
        Expr e = new Expr.Binary(pos, vt, BinOp.COMMA, save, upd);
        e = new Expr.Binary(pos, vt, BinOp.COMMA, e, oldRef);
        return l.setup == null ? e : new Expr.Binary(pos, vt, BinOp.COMMA, l.setup, e);
    }

    Expr addressOf(Token pos, Expr e) {
        if (e instanceof Expr.Unary u && u.op() == UnOp.DEREF) {
            Expr p = u.operand();
            return p.type().isPointer() && p.type().base == e.type() ? p
                    : new Expr.Cast(pos, Type.pointerTo(e.type()), p);
        }
        if (e instanceof Expr.VarRef v) {
            v.var().addressTaken = true;
            return new Expr.Unary(pos, Type.pointerTo(e.type()), UnOp.ADDR, e);
        }
        if (e instanceof Expr.Member m) {
            if (m.member().isBitfield()) {
                diag.error(pos, "cannot take address of bit-field " + q(m.member().name()));
                return s.exprs.error(pos);
            }
            markAddressTaken(m.base());
            m.noteAddressTaken();
            return new Expr.Unary(pos, Type.pointerTo(e.type()), UnOp.ADDR, e);
        }
        if (e instanceof Expr.Binary b && b.op() == BinOp.COMMA && isLvalue(b.right())) {
            return new Expr.Binary(pos, Type.pointerTo(b.right().type()), BinOp.COMMA, b.left(),
                    addressOf(pos, b.right()));
        }
        if (e instanceof Expr.StmtExpr || e instanceof Expr.Call c && c.type().isAggregate()
                || e instanceof Expr.Cond cd && cd.type().isAggregate()) {
            return new Expr.Unary(pos, Type.pointerTo(e.type()), UnOp.ADDR, e);
        }
        diag.error(pos, "lvalue required as unary '&' operand");
        return s.exprs.error(pos);
    }

    private static void markAddressTaken(Expr e) {
        if (e instanceof Expr.VarRef v) {
            v.var().addressTaken = true;
        } else if (e instanceof Expr.Member m) {
            markAddressTaken(m.base());
        }
    }

    Expr deref(Token pos, Expr e0) {
        Expr e = s.exprs.value(e0);
        Type t = e.type();
        if (!t.isPointer()) {
            diag.error(pos, "invalid type argument of unary '*' (have " + q(t) + ")");
            return s.exprs.error(pos);
        }
        if (t.base.isFunction()) {
            return e0.type().isFunction() ? e0 : new Expr.Unary(pos, t.base, UnOp.DEREF, e);
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR && u.operand().type() == t.base) {
            return u.operand();
        }
        return new Expr.Unary(pos, t.base, UnOp.DEREF, e);
    }
}
