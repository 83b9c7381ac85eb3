package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.parse.CToken;
import scmp.cc.type.Type;

/**
 * Type checking of expressions (C99 6.5): each parse-tree expression becomes a typed {@link Expr} with its
 * implicit conversions made explicit, and each constraint violation a gcc-worded diagnostic. Results are
 * returned unconverted (an array stays an array) so that {@code sizeof} and {@code &} see the real type;
 * operators call {@link #value} for the array-to-pointer and function-to-pointer conversions.
 */
final class Exprs {
    private final Sema s;
    private final Diagnostics diag;
    /** Postfix increments whose value is unused (see Sema.markDiscarded). */
    final java.util.Set<ParserRuleContext> discarded = new java.util.HashSet<>();

    Exprs(Sema s, Diagnostics diag) {
        this.s = s;
        this.diag = diag;
    }

    static Token tok(ParserRuleContext ctx) {
        return ((CToken) ctx.getStart()).pp();
    }

    static Token tok(TerminalNode n) {
        return ((CToken) n.getSymbol()).pp();
    }

    static Token tok(org.antlr.v4.runtime.Token t) {
        return ((CToken) t).pp();
    }

    /** Expressions standing for one that had an error already reported: no further error is reported on them. */
    private final java.util.Set<Expr> errors = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private Expr error(Token pos) {
        Expr e = new Expr.IntLit(pos, Type.INT, 0);
        errors.add(e);
        return e;
    }

    static String q(Object o) {
        return "'" + o + "'";
    }

    // ----------------------------------------------------------------------------------- conversions

    /** An expression used for its value: arrays and functions become pointers (6.3.2.1). */
    Expr value(Expr e) {
        Type t = e.type();
        if (e instanceof Expr.Member m && m.member().isBitfield() && t.isInteger() && t.isUnsigned()
                && t.size() == 4 && m.member().bitWidth() < 32) {
            // An unsigned bit-field narrower than int has only values an int can represent, so its value
            // promotes to int (6.3.1.1p2), as gcc does: (x.one_bit - 2 < 0) is true.
            return new Expr.Cast(e.pos(), Type.INT, e);
        }
        if (t.isArray()) {
            return new Expr.Unary(e.pos(), Type.pointerTo(t.base), UnOp.ADDR, e);
        }
        if (t.isFunction()) {
            return new Expr.Unary(e.pos(), Type.pointerTo(t), UnOp.ADDR, e);
        }
        return e;
    }

    Expr promote(Expr e) {
        Expr v = value(e);
        if (v.type().isInteger()) {
            return Conversions.convert(v, Conversions.promoted(v.type()));
        }
        return v;
    }

    /** A controlling expression (if, loops, ?:, !, &&, ||): any scalar. */
    Expr condition(Expr e) {
        Expr v = value(e);
        if (!v.type().isScalar()) {
            diag.error(e.pos(), "used " + (v.type().isAggregate() ? "struct type value" : q(v.type()) + " value")
                    + " where scalar is required");
            return error(e.pos());
        }
        return v;
    }

    static boolean isNullConstant(Expr e) {
        if (e instanceof Expr.IntLit lit && lit.value() == 0 && (lit.type().isInteger())) {
            return true;
        }
        return e instanceof Expr.Cast c && c.type().isPointer() && c.type().base.isVoid()
                && c.operand() instanceof Expr.IntLit lit && lit.value() == 0
                || e instanceof Expr.IntLit l2 && l2.value() == 0 && l2.type().isPointer() && l2.type().base.isVoid();
    }

    /**
     * Converts a value for assignment, initialization, argument passing or return (6.5.16.1), with gcc's
     * warnings for integer/pointer mixes and incompatible pointers and its errors for impossible ones.
     * {@code what} is the start of the message: "assignment to 'int *' from 'int'" and so on.
     */
    Expr assignConvert(Expr e, Type to, Token pos, AssignContext ctx) {
        Expr v = value(e);
        Type from = v.type();
        Type target = to.unqualified();
        if (to.isAggregate()) {
            if (from.isAggregate() && from.agg == to.agg) {
                return v;
            }
            diag.error(pos, ctx.incompatible(to, from));
            return v;
        }
        if (target.isArithmetic() && from.isArithmetic()) {
            return Conversions.convert(v, target);
        }
        if (target.isPointer()) {
            if (isNullConstant(v)) {
                return Conversions.convert(v, target);
            }
            if (from.isInteger()) {
                diag.warning(pos, ctx.describe(to, from) + " makes pointer from integer without a cast"
                        + " [-Wint-conversion]");
                return Conversions.convert(v, target);
            }
            if (from.isPointer()) {
                Type a = target.base, b = from.base;
                if (!(a.isVoid() || b.isVoid() || a.unqualified().compatible(b.unqualified()))) {
                    diag.warning(pos, ctx.describe(to, from).replace(" from " + q(from), " from incompatible pointer type "
                            + q(from)) + " [-Wincompatible-pointer-types]");
                } else if (b.isConst && !a.isConst || b.isVolatile && !a.isVolatile) {
                    diag.warning(pos, ctx.describe(to, from) + " discards '" + (b.isConst && !a.isConst ? "const"
                            : "volatile") + "' qualifier from pointer target type [-Wdiscarded-qualifiers]");
                }
                return Conversions.convert(v, target);
            }
        }
        if (target.isInteger() && from.isPointer()) {
            if (target.kind == Type.Kind.BOOL) {
                return Conversions.convert(v, target);
            }
            diag.warning(pos, ctx.describe(to, from) + " makes integer from pointer without a cast [-Wint-conversion]");
            return Conversions.convert(v, target);
        }
        if (from.isVoid()) {
            diag.error(pos, "void value not ignored as it ought to be");
            return error(pos);
        }
        diag.error(pos, ctx.incompatible(to, from));
        return error(pos);
    }

    /** Where a value is being converted, for the wording of the diagnostics. */
    record AssignContext(String kind, String function, int argNo) {
        static final AssignContext ASSIGN = new AssignContext("assign", null, 0);
        static final AssignContext INIT = new AssignContext("init", null, 0);

        static AssignContext ret() {
            return new AssignContext("return", null, 0);
        }

        static AssignContext arg(String f, int n) {
            return new AssignContext("arg", f, n);
        }

        String describe(Type to, Type from) {
            return switch (kind) {
                case "assign" -> "assignment to " + q(to) + " from " + q(from);
                case "init" -> "initialization of " + q(to) + " from " + q(from);
                case "return" -> "returning " + q(from) + " from a function with return type " + q(to);
                default -> "passing argument " + argNo + " of " + q(function);
            };
        }

        String incompatible(Type to, Type from) {
            return switch (kind) {
                case "assign" -> "incompatible types when assigning to type " + q(to) + " from type " + q(from);
                case "init" -> "incompatible types when initializing type " + q(to) + " using type " + q(from);
                case "return" -> "incompatible types when returning type " + q(from) + " but " + q(to)
                        + " was expected";
                default -> "incompatible type for argument " + argNo + " of " + q(function);
            };
        }
    }

    // ----------------------------------------------------------------------------------- expressions

    /** expression = assignmentExpression ("," assignmentExpression)* */
    Expr expression(CParser.ExpressionContext ctx) {
        List<CParser.AssignmentExpressionContext> parts = ctx.assignmentExpression();
        Expr e = assignment(parts.get(0));
        for (int i = 1; i < parts.size(); i++) {
            Expr r = assignment(parts.get(i));
            Expr rv = value(r);
            e = new Expr.Binary(rv.pos(), rv.type(), BinOp.COMMA, e, rv);
        }
        return e;
    }

    /** assignmentExpression = conditionalExpression (assignmentOperator assignmentExpression)? */
    Expr assignment(CParser.AssignmentExpressionContext ctx) {
        Expr lhs = conditional(ctx.conditionalExpression());
        if (ctx.assignmentOperator() == null) {
            return lhs;
        }
        Token pos = tok(ctx.assignmentOperator());
        Expr rhs = assignment(ctx.assignmentExpression());
        String op = ctx.assignmentOperator().getText();
        if (op.equals("=")) {
            return assign(pos, lhs, rhs);
        }
        BinOp bop = switch (op) {
            case "*=" -> BinOp.MUL;
            case "/=" -> BinOp.DIV;
            case "%=" -> BinOp.MOD;
            case "+=" -> BinOp.ADD;
            case "-=" -> BinOp.SUB;
            case "<<=" -> BinOp.SHL;
            case ">>=" -> BinOp.SHR;
            case "&=" -> BinOp.AND;
            case "^=" -> BinOp.XOR;
            default -> BinOp.OR;
        };
        return compoundAssign(pos, bop, lhs, rhs);
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
        if (errors.contains(e)) {
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
            value(rhs);
            return error(pos);
        }
        Expr v = assignConvert(rhs, lhs.type(), pos, AssignContext.ASSIGN);
        return new Expr.Assign(pos, lhs.type().unqualified(), lhs, v);
    }

    /**
     * Whether evaluating {@code e} twice is the same as once (no side effects, cheap): then compound
     * assignment need not take the target's address.
     */
    static boolean isSimple(Expr e) {
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
            return error(pos);
        }
        Lowered l = lowerTarget(target);
        Expr computed = binary(pos, op, l.target, value);
        if (computed.type().isPointer() && !target.type().isPointer()) {
            diag.error(pos, "invalid operands to binary " + op.symbol);
            return error(pos);
        }
        Expr a = new Expr.Assign(pos, target.type().unqualified(), l.target,
                assignConvert(computed, target.type(), pos, AssignContext.ASSIGN));
        return l.setup == null ? a : new Expr.Binary(pos, a.type(), BinOp.COMMA, l.setup, a);
    }

    /** A target made safe to evaluate twice, and the assignment of the temporary that makes it so. */
    private record Lowered(Expr setup, Expr target) {
    }

    private Lowered lowerTarget(Expr target) {
        if (isSimple(target)) {
            return new Lowered(null, target);
        }
        Token pos = target.pos();
        if (target instanceof Expr.Member m && m.member().isBitfield()) {
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
            return error(pos);
        }
        Type t = target.type();
        if (!t.isScalar()) {
            diag.error(pos, "wrong type argument to " + (inc ? "increment" : "decrement"));
            return error(pos);
        }
        Expr one = Conversions.intLit(pos, 1);
        BinOp op = inc ? BinOp.ADD : BinOp.SUB;
        if (!post) {
            return compoundAssign(pos, op, target, one);
        }
        Lowered l = lowerTarget(target);
        Type vt = t.unqualified();
        Var old = s.newTemp(vt);
        Expr oldRef = new Expr.VarRef(pos, vt, old);
        Expr save = new Expr.Assign(pos, vt, oldRef, l.target);
        Expr upd = new Expr.Assign(pos, vt, l.target, assignConvert(binary(pos, op, oldRef, one), t, pos,
                AssignContext.ASSIGN));
        Expr e = new Expr.Binary(pos, vt, BinOp.COMMA, save, upd);
        e = new Expr.Binary(pos, vt, BinOp.COMMA, e, oldRef);
        return l.setup == null ? e : new Expr.Binary(pos, vt, BinOp.COMMA, l.setup, e);
    }

    /** conditionalExpression = binaryExpression ("?" expression ":" conditionalExpression)? */
    Expr conditional(CParser.ConditionalExpressionContext ctx) {
        Expr c = binaryExpr(ctx.binaryExpression());
        if (ctx.expression() == null) {
            return c;
        }
        Token pos = tok(ctx.Question());
        Expr cond = condition(c);
        Expr a = value(expression(ctx.expression()));
        Expr b = value(conditional(ctx.conditionalExpression()));
        Type ta = a.type(), tb = b.type();
        Type t;
        if (ta.isArithmetic() && tb.isArithmetic()) {
            t = Conversions.common(ta, tb);
            a = Conversions.convert(a, t);
            b = Conversions.convert(b, t);
        } else if (ta.isVoid() && tb.isVoid()) {
            t = Type.VOID;
        } else if (ta.isAggregate() && tb.isAggregate() && ta.agg == tb.agg) {
            t = ta.unqualified();
        } else if (ta.isPointer() && isNullConstant(b)) {
            t = ta;
            b = Conversions.convert(b, t);
        } else if (tb.isPointer() && isNullConstant(a)) {
            t = tb;
            a = Conversions.convert(a, t);
        } else if (ta.isPointer() && tb.isPointer()) {
            if (ta.base.isVoid() || tb.base.isVoid()) {
                t = Type.pointerTo(Type.VOID);
            } else {
                if (!ta.base.unqualified().compatible(tb.base.unqualified())) {
                    diag.warning(pos, "pointer type mismatch in conditional expression");
                }
                t = ta;
            }
            a = Conversions.convert(a, t);
            b = Conversions.convert(b, t);
        } else if (ta.isPointer() && tb.isInteger() || ta.isInteger() && tb.isPointer()) {
            diag.warning(pos, "pointer/integer type mismatch in conditional expression");
            t = ta.isPointer() ? ta : tb;
            a = Conversions.convert(a, t);
            b = Conversions.convert(b, t);
        } else if (ta.isVoid() || tb.isVoid()) {
            t = Type.VOID;
            a = Conversions.convert(a, t);
            b = Conversions.convert(b, t);
        } else {
            diag.error(pos, "type mismatch in conditional expression");
            return error(pos);
        }
        if (cond instanceof Expr.IntLit lit && !(a.type().isAggregate())) {
            return lit.value() != 0 ? a : b;
        }
        return new Expr.Cond(pos, t, cond, a, b);
    }

    /** binaryExpression = castExpression | binaryExpression op binaryExpression (precedence by alternative) */
    Expr binaryExpr(CParser.BinaryExpressionContext ctx) {
        if (ctx instanceof CParser.CastBinaryContext c) {
            return cast(c.castExpression());
        }
        CParser.BinaryContext b = (CParser.BinaryContext) ctx;
        // Long chains such as a + b + c + ... nest to the left; walk them without deep recursion.
        List<CParser.BinaryContext> chain = new ArrayList<>();
        CParser.BinaryExpressionContext cur = b;
        while (cur instanceof CParser.BinaryContext bc) {
            chain.add(bc);
            cur = bc.binaryExpression(0);
        }
        Expr e = cast(((CParser.CastBinaryContext) cur).castExpression());
        for (int i = chain.size() - 1; i >= 0; i--) {
            CParser.BinaryContext bc = chain.get(i);
            Expr r = binaryExpr(bc.binaryExpression(1));
            e = binary(tok(bc.op), binOp(bc.op.getText()), e, r);
        }
        return e;
    }

    static BinOp binOp(String s) {
        for (BinOp op : BinOp.values()) {
            if (op.symbol.equals(s)) {
                return op;
            }
        }
        throw new IllegalArgumentException(s);
    }

    private Expr invalidOperands(Token pos, BinOp op, Expr l, Expr r) {
        diag.error(pos, "invalid operands to binary " + op.symbol + " (have " + q(l.type()) + " and " + q(r.type())
                + ")");
        return error(pos);
    }

    /** Types a binary operator application (6.5.5-6.5.14), scaling pointer arithmetic. */
    Expr binary(Token pos, BinOp op, Expr l0, Expr r0) {
        Expr l = value(l0), r = value(r0);
        Type lt = l.type(), rt = r.type();
        switch (op) {
            case LOGAND, LOGOR: {
                Expr a = condition(l), b = condition(r);
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
            case SHL, SHR: {
                if (!lt.isInteger() || !rt.isInteger()) {
                    return invalidOperands(pos, op, l, r);
                }
                Expr a = promote(l), b = promote(r);
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
            case ADD, SUB: {
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
                        return error(pos);
                    }
                    int size = elementSize(pos, lt);
                    Expr diff = new Expr.Binary(pos, Type.INT, BinOp.SUB, Conversions.convert(l, Type.INT),
                            Conversions.convert(r, Type.INT));
                    if (size == 1) {
                        return diff;
                    }
                    return arith(pos, BinOp.DIV, Type.INT, diff, Conversions.intLit(pos, size));
                }
                return invalidOperands(pos, op, l, r);
            }
            case EQ, NE, LT, LE, GT, GE: {
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
                    if (!isNullConstant(i)) {
                        diag.warning(pos, "comparison between pointer and integer");
                    }
                    Expr ic = Conversions.convert(i, p.type());
                    return lt.isPointer() ? compare(pos, op, p, ic) : compare(pos, op, ic, p);
                }
                return invalidOperands(pos, op, l, r);
            }
            case COMMA:
                return new Expr.Binary(pos, r.type(), BinOp.COMMA, l0, r);
            default:
                throw new IllegalStateException(op.toString());
        }
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
        int size = elementSize(pos, p.type());
        Expr idx = Conversions.convert(promote(i), Type.INT);
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
    Expr arith(Token pos, BinOp op, Type t, Expr l, Expr r) {
        if (l instanceof Expr.IntLit a && r instanceof Expr.IntLit b && t.isInteger()) {
            Long v = foldInt(op, t, a.value(), b.value());
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
        return new Expr.Binary(pos, t, op, l, r);
    }

    /** The value of {@code a op b} in type {@code t}, or null when undefined (division by zero). */
    static Long foldInt(BinOp op, Type t, long a, long b) {
        boolean u = t.isUnsigned();
        int bits = t.size() * 8;
        if (bits < 64) {
            a = Conversions.wrap(a, t);
            b = Conversions.wrap(b, t);
        }
        switch (op) {
            case ADD: return a + b;
            case SUB: return a - b;
            case MUL: return a * b;
            case DIV:
                if (b == 0) {
                    return null;
                }
                return u ? Long.divideUnsigned(a, b) : (bits == 32 && a == Integer.MIN_VALUE && b == -1 ? a : a / b);
            case MOD:
                if (b == 0) {
                    return null;
                }
                return u ? Long.remainderUnsigned(a, b) : (b == -1 ? 0 : a % b);
            case AND: return a & b;
            case OR: return a | b;
            case XOR: return a ^ b;
            case SHL: return a << (b & (bits - 1));
            case SHR:
                if (bits == 32) {
                    return u ? (a & 0xffffffffL) >>> (b & 31) : ((int) a) >> (b & 31);
                }
                return u ? a >>> (b & 63) : a >> (b & 63);
            default: return null;
        }
    }

    /** castExpression = "(" typeName ")" castExpression | unaryExpression */
    Expr cast(CParser.CastExpressionContext ctx) {
        if (ctx instanceof CParser.UnaryCastContext u) {
            return unary(u.unaryExpression());
        }
        CParser.CastContext c = (CParser.CastContext) ctx;
        Type to = s.typeName(c.typeName());
        Expr e = value(cast(c.castExpression()));
        Token pos = tok(c);
        return castTo(pos, e, to);
    }

    Expr castTo(Token pos, Expr e, Type to) {
        Type from = e.type();
        if (to.isVoid()) {
            return new Expr.Cast(pos, Type.VOID, e);
        }
        if (!to.isScalar()) {
            if (to.isAggregate() && from.isAggregate() && to.agg == from.agg) {
                return e;
            }
            diag.error(pos, "conversion to non-scalar type requested");
            return error(pos);
        }
        if (!from.isScalar()) {
            diag.error(pos, from.isVoid() ? "void value not ignored as it ought to be"
                    : "aggregate value used where " + (to.isFloating() ? "a floating-point" : to.isPointer()
                    ? "a pointer" : "an integer") + " was expected");
            return error(pos);
        }
        if (to.isPointer() && from.isFloating() || to.isFloating() && from.isPointer()) {
            diag.error(pos, "pointer value used where a floating-point was expected");
            return error(pos);
        }
        Expr r = Conversions.convert(e, to.unqualified());
        if (r == e) {
            // Keep the cast node: a cast is never an lvalue.
            return new Expr.Cast(pos, to.unqualified(), e);
        }
        return r;
    }

    /** unaryExpression = postfixExpression | ("++"|"--") unaryExpression | op castExpression | sizeof ... */
    Expr unary(CParser.UnaryExpressionContext ctx) {
        Token pos = tok(ctx);
        if (ctx instanceof CParser.PostfixUnaryContext p) {
                return postfix(p.postfixExpression());
        }
        if (ctx instanceof CParser.PreIncUnaryContext p) {
                return increment(pos, unary(p.unaryExpression()), p.op.getText().equals("++"), false);
        }
        if (ctx instanceof CParser.OperatorUnaryContext o) {
                Expr e = cast(o.castExpression());
                return switch (o.op.getText()) {
                    case "&" -> addressOf(pos, e);
                    case "*" -> deref(pos, e);
                    case "+", "-" -> {
                        Expr v = promote(e);
                        if (!v.type().isArithmetic()) {
                            diag.error(pos, "wrong type argument to unary " + (o.op.getText().equals("+") ? "plus"
                                    : "minus"));
                            yield error(pos);
                        }
                        if (o.op.getText().equals("+")) {
                            yield v;
                        }
                        if (v instanceof Expr.IntLit lit) {
                            yield new Expr.IntLit(pos, v.type(), Conversions.wrap(-lit.value(), v.type()));
                        }
                        if (v instanceof Expr.FloatLit f) {
                            yield new Expr.FloatLit(pos, v.type(), Conversions.negate(f.value()));
                        }
                        yield new Expr.Unary(pos, v.type(), UnOp.NEG, v);
                    }
                    case "~" -> {
                        Expr v = promote(e);
                        if (!v.type().isInteger()) {
                            diag.error(pos, "wrong type argument to bit-complement");
                            yield error(pos);
                        }
                        if (v instanceof Expr.IntLit lit) {
                            yield new Expr.IntLit(pos, v.type(), Conversions.wrap(~lit.value(), v.type()));
                        }
                        yield new Expr.Unary(pos, v.type(), UnOp.BITNOT, v);
                    }
                    default -> {
                        Expr v = condition(e);
                        if (v instanceof Expr.IntLit lit) {
                            yield Conversions.intLit(pos, lit.value() == 0 ? 1 : 0);
                        }
                        yield new Expr.Unary(pos, Type.INT, UnOp.LOGNOT, v);
                    }
                };
        }
        if (ctx instanceof CParser.SizeofExprContext so) {
                Expr e = unary(so.unaryExpression());
                return sizeofType(pos, e.type(), e);
        }
        if (ctx instanceof CParser.SizeofTypeContext so) {
                return sizeofType(pos, s.typeName(so.typeName()), null);
        }
        if (ctx instanceof CParser.AlignofTypeContext a) {
                Type t = s.typeName(a.typeName());
                return new Expr.IntLit(pos, Type.UINT, t.align());
        }
        if (ctx instanceof CParser.AlignofExprContext a) {
                Expr e = unary(a.unaryExpression());
                return new Expr.IntLit(pos, Type.UINT, e.type().align());
        }
        if (ctx instanceof CParser.ExtensionUnaryContext x) {
                return cast(x.castExpression());
        }
        throw new IllegalStateException();
    }

    private Expr sizeofType(Token pos, Type t, Expr e) {
        if (t.isFunction()) {
            diag.warning(pos, "invalid application of 'sizeof' to a function type [-Wpointer-arith]");
            return new Expr.IntLit(pos, Type.UINT, 1);
        }
        if (t.isVoid()) {
            diag.warning(pos, "invalid application of 'sizeof' to a void type [-Wpointer-arith]");
            return new Expr.IntLit(pos, Type.UINT, 1);
        }
        if (!t.isComplete()) {
            diag.error(pos, "invalid application of 'sizeof' to incomplete type " + q(t));
            return new Expr.IntLit(pos, Type.UINT, 0);
        }
        if (e instanceof Expr.Member m && m.member().isBitfield()) {
            diag.error(pos, "'sizeof' applied to a bit-field");
        }
        return new Expr.IntLit(pos, Type.UINT, t.size());
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
                return error(pos);
            }
            markAddressTaken(m.base());
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
        return error(pos);
    }

    static void markAddressTaken(Expr e) {
        if (e instanceof Expr.VarRef v) {
            v.var().addressTaken = true;
        } else if (e instanceof Expr.Member m) {
            markAddressTaken(m.base());
        }
    }

    Expr deref(Token pos, Expr e0) {
        Expr e = value(e0);
        Type t = e.type();
        if (!t.isPointer()) {
            diag.error(pos, "invalid type argument of unary '*' (have " + q(t) + ")");
            return error(pos);
        }
        if (t.base.isFunction()) {
            return e0.type().isFunction() ? e0 : new Expr.Unary(pos, t.base, UnOp.DEREF, e);
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR && u.operand().type() == t.base) {
            return u.operand();
        }
        return new Expr.Unary(pos, t.base, UnOp.DEREF, e);
    }

    // ----------------------------------------------------------------------------------- postfix

    /** postfixExpression = primaryExpression postfixSuffix* | "(" typeName ")" "{" initializerList "}" ... */
    Expr postfix(CParser.PostfixExpressionContext ctx) {
        Expr e;
        List<CParser.PostfixSuffixContext> suffixes;
        if (ctx instanceof CParser.CompoundLiteralContext cl) {
            e = s.compoundLiteral(tok(cl), s.typeName(cl.typeName()), cl.initializerList());
            suffixes = cl.postfixSuffix();
        } else {
            CParser.PrimaryPostfixContext p = (CParser.PrimaryPostfixContext) ctx;
            suffixes = p.postfixSuffix();
            if (p.primaryExpression() instanceof CParser.IdentifierExprContext id && !suffixes.isEmpty()
                    && suffixes.get(0) instanceof CParser.CallSuffixContext) {
                e = calleeIdentifier(id);
            } else {
                e = primary(p.primaryExpression());
            }
        }
        // Where gcc reports a call's argument count: the start of the callee, inside its parentheses.
        Token calleeStart = tok(ctx);
        if (ctx instanceof CParser.PrimaryPostfixContext pp && pp.primaryExpression() instanceof CParser.ParenExprContext px) {
            calleeStart = tok(px.expression());
        }
        for (CParser.PostfixSuffixContext sfx : suffixes) {
            Token pos = tok(sfx);
            if (sfx instanceof CParser.IndexSuffixContext ix) {
                    Expr idx = expression(ix.expression());
                    Expr a = value(e), b = value(idx);
                    if (!(a.type().isPointer() && b.type().isInteger() || a.type().isInteger() && b.type().isPointer())) {
                        diag.error(pos, a.type().isPointer() || b.type().isPointer()
                                ? "array subscript is not an integer"
                                : "subscripted value is neither array nor pointer nor vector");
                        e = error(pos);
                        continue;
                    }
                    e = deref(pos, binary(pos, BinOp.ADD, a, b));
            } else if (sfx instanceof CParser.CallSuffixContext call) {
                    List<Expr> args = new ArrayList<>();
                    if (call.argumentExpressionList() != null) {
                        for (CParser.AssignmentExpressionContext a : call.argumentExpressionList().assignmentExpression()) {
                            args.add(assignment(a));
                        }
                    }
                    e = call(pos, calleeStart, e, args);
            } else if (sfx instanceof CParser.MemberSuffixContext m) {
                    boolean arrow = m.op.getText().equals("->");
                    e = member(pos, e, m.Identifier() == null ? "" : m.Identifier().getText(), arrow);
            } else if (sfx instanceof CParser.PostIncSuffixContext inc) {
                    e = increment(pos, e, inc.op.getText().equals("++"), !discarded.contains(inc));
            }
        }
        return e;
    }

    Expr member(Token pos, Expr base, String name, boolean arrow) {
        Expr b = base;
        if (arrow) {
            Expr v = value(base);
            if (!v.type().isPointer() || !v.type().base.isAggregate()) {
                diag.error(pos, "invalid type argument of '->' (have " + q(v.type()) + ")");
                return error(pos);
            }
            b = deref(pos, v);
        }
        Type t = b.type();
        if (!t.isAggregate()) {
            diag.error(pos, "request for member " + q(name) + " in something not a structure or union");
            return error(pos);
        }
        if (!t.isComplete()) {
            diag.error(pos, "invalid use of undefined type " + q(t));
            return error(pos);
        }
        Type.Member m = t.member(name);
        if (m == null) {
            diag.error(pos, q(t) + " has no member named " + q(name));
            return error(pos);
        }
        Type mt = m.type();
        if (t.isConst || t.isVolatile) {
            mt = mt.qualified(mt.isConst || t.isConst, mt.isVolatile || t.isVolatile);
        }
        return new Expr.Member(pos, mt, b, m);
    }

    /** The function in {@code f(...)}: an undeclared name is implicitly declared {@code int f()}, with a warning. */
    private Expr calleeIdentifier(CParser.IdentifierExprContext id) {
        String name = id.Identifier().getText();
        Token pos = tok(id);
        Scope.Entry e = s.scope.lookup(name);
        if (e == null && !name.startsWith("__builtin_")) {
            diag.warning(pos, "implicit declaration of function " + q(name) + " [-Wimplicit-function-declaration]");
            Var v = s.implicitFunction(name, pos);
            return new Expr.VarRef(pos, v.type, v);
        }
        if (e == null) {
            return new Expr.VarRef(pos, Type.function(Type.INT, List.of(), false, false), builtinVar(name, pos));
        }
        return primary(id);
    }

    private Var builtinVar(String name, Token pos) {
        Var v = new Var(name, Type.function(Type.INT, List.of(), false, false), Var.Storage.GLOBAL, pos);
        v.isExtern = true;
        return v;
    }

    /** A call: arguments converted to the prototype (6.5.2.2), or default-promoted past it and for builtins. */
    Expr call(Token pos, Expr callee, List<Expr> args) {
        return call(pos, pos, callee, args);
    }

    /** A call; {@code calleePos} is where an argument count error is reported (gcc: the callee's start). */
    Expr call(Token pos, Token calleePos, Expr callee, List<Expr> args) {
        if (callee instanceof Expr.VarRef v && v.var().name.startsWith("__builtin_") && s.scope.lookup(v.var().name) == null) {
            return builtin(pos, v.var().name, args);
        }
        Expr f = value(callee);
        Type ft = f.type();
        if (!ft.isPointer() || !ft.base.isFunction()) {
            if (!errors.contains(callee)) {
                diag.error(calleePos, "called object " + (callee instanceof Expr.VarRef v ? q(v.var().name) + " " : "")
                        + "is not a function or function pointer");
            }
            for (Expr a : args) {
                value(a);
            }
            return error(pos);
        }
        Type fn = ft.base;
        String fname = callee instanceof Expr.VarRef v ? v.var().name : null;
        if (fname != null) {
            ((Expr.VarRef) callee).var().used = true;
        }
        List<Expr> conv = new ArrayList<>();
        List<Var> temps = new ArrayList<>();
        if (fn.prototyped) {
            if (args.size() < fn.params.size()) {
                diag.error(calleePos, "too few arguments to function " + (fname != null ? q(fname) : q(callee.type())));
            } else if (args.size() > fn.params.size() && !fn.variadic) {
                diag.error(calleePos, "too many arguments to function " + (fname != null ? q(fname) : q(callee.type())));
            }
        }
        for (int i = 0; i < args.size(); i++) {
            Expr a = args.get(i);
            Expr c;
            if (fn.prototyped && i < fn.params.size()) {
                c = assignConvert(a, fn.params.get(i), a.pos(), AssignContext.arg(fname != null ? fname
                        : "function", i + 1));
            } else {
                c = defaultPromote(a);
            }
            conv.add(c);
            temps.add(c.type().isAggregate() ? s.newTemp(c.type()) : null);
        }
        Type ret = fn.base;
        if (!ret.isVoid() && !ret.isComplete()) {
            diag.error(pos, "invalid use of incomplete type " + q(ret));
        }
        Var resultTemp = ret.isAggregate() ? s.newTemp(ret) : null;
        return new Expr.Call(pos, ret.unqualified(), f, fn, conv, resultTemp, temps);
    }

    /** The default argument promotions (6.5.2.2p6): float to double, small integers to int. */
    Expr defaultPromote(Expr a) {
        Expr v = value(a);
        if (v.type().kind == Type.Kind.FLOAT) {
            return Conversions.convert(v, Type.DOUBLE);
        }
        if (v.type().isInteger()) {
            return promote(v);
        }
        if (v.type().isVoid()) {
            diag.error(a.pos(), "invalid use of void expression");
            return error(a.pos());
        }
        return v;
    }

    private Expr builtin(Token pos, String name, List<Expr> args) {
        switch (name) {
            case "__builtin_va_start": {
                if (args.size() < 1) {
                    diag.error(pos, "too few arguments to function '__builtin_va_start'");
                    return error(pos);
                }
                if (!s.currentFunctionVariadic()) {
                    diag.error(pos, "'va_start' used in function with fixed arguments");
                    return error(pos);
                }
                Expr ap = args.get(0);
                Type cp = Type.pointerTo(Type.CHAR);
                return assign(pos, ap, new Expr.VaArea(pos, cp));
            }
            case "__builtin_va_end":
                return new Expr.Cast(pos, Type.VOID, Conversions.intLit(pos, 0));
            case "__builtin_va_copy":
                if (args.size() != 2) {
                    diag.error(pos, "wrong number of arguments to function '__builtin_va_copy'");
                    return error(pos);
                }
                return assign(pos, args.get(0), args.get(1));
            case "__builtin_expect":
                if (args.size() != 2) {
                    diag.error(pos, "wrong number of arguments to function '__builtin_expect'");
                    return error(pos);
                }
                return value(args.get(0));
            case "__builtin_unreachable":
                return new Expr.Cast(pos, Type.VOID, Conversions.intLit(pos, 0));
            case "__builtin_constant_p":
                return Conversions.intLit(pos, args.size() == 1 && (args.get(0) instanceof Expr.IntLit
                        || args.get(0) instanceof Expr.FloatLit) ? 1 : 0);
            default: {
                // Other __builtin_xxx map to the library function xxx (gcc does the same for many).
                String lib = name.substring("__builtin_".length());
                Scope.Entry e = s.scope.lookup(lib);
                Var v = e != null && e.var() != null ? e.var() : s.implicitFunction(lib, pos);
                return call(pos, new Expr.VarRef(pos, v.type, v), args);
            }
        }
    }

    /** va_arg(ap, T) lowered per docs/abi.md: 4-byte slots, 8-byte aligned slots for 8-byte values. */
    Expr vaArg(Token pos, Expr ap, Type t) {
        Type cp = Type.pointerTo(Type.CHAR);
        if (!isLvalue(ap) || !ap.type().isPointer()) {
            diag.error(pos, "first argument to 'va_arg' not of type 'va_list'");
            return error(pos);
        }
        Type read = t;
        if (t.kind == Type.Kind.FLOAT) {
            diag.warning(pos, "'float' is promoted to 'double' when passed through '...'");
            read = Type.DOUBLE;
        } else if (t.isInteger() && t.size() < 4) {
            diag.warning(pos, q(t) + " is promoted to 'int' when passed through '...'");
            read = Type.INT;
        } else if (t.isAggregate()) {
            read = Type.pointerTo(t);
        }
        int slot = read.size() == 8 ? 8 : 4;
        Expr apv = value(ap);
        if (slot == 8) {
            Expr asInt = new Expr.Cast(pos, Type.UINT, apv);
            Expr aligned = new Expr.Binary(pos, Type.UINT, BinOp.AND,
                    new Expr.Binary(pos, Type.UINT, BinOp.ADD, asInt, new Expr.IntLit(pos, Type.UINT, 7)),
                    new Expr.IntLit(pos, Type.UINT, 0xfffffff8L));
            apv = new Expr.Cast(pos, cp, aligned);
        }
        Expr bumped = new Expr.Assign(pos, ap.type(), ap, new Expr.Binary(pos, cp, BinOp.ADD,
                Conversions.convert(apv, cp), Conversions.intLit(pos, slot)));
        Expr slotPtr = new Expr.Binary(pos, cp, BinOp.SUB, bumped, Conversions.intLit(pos, slot));
        Expr val = new Expr.Unary(pos, read, UnOp.DEREF, new Expr.Cast(pos, Type.pointerTo(read), slotPtr));
        if (t.isAggregate()) {
            return new Expr.Unary(pos, t, UnOp.DEREF, val);
        }
        return read == t ? val : Conversions.convert(val, t);
    }

    // ----------------------------------------------------------------------------------- primary

    /** primaryExpression = Identifier | constant | StringLiteral+ | "(" expression ")" | builtins */
    Expr primary(CParser.PrimaryExpressionContext ctx) {
        Token pos = tok(ctx);
        if (ctx instanceof CParser.IdentifierExprContext id) {
                String name = id.Identifier().getText();
                Scope.Entry e = s.scope.lookup(name);
                if (e == null) {
                    if (name.equals("__func__") || name.equals("__FUNCTION__") || name.equals("__PRETTY_FUNCTION__")) {
                        return s.stringLiteral(pos, s.currentFunctionName().getBytes(
                                java.nio.charset.StandardCharsets.ISO_8859_1), false);
                    }
                    if (s.inFunction()) {
                        if (s.reportUndeclared(name)) {
                            diag.error(pos, q(name) + " undeclared (first use in this function)");
                            if (s.firstUndeclared()) {
                                diag.note(pos, "each undeclared identifier is reported only once for each function it"
                                        + " appears in");
                            }
                        }
                    } else {
                        diag.error(pos, q(name) + " undeclared here (not in a function)");
                    }
                    return error(pos);
                }
                if (e.enumValue() != null) {
                    return new Expr.IntLit(pos, Type.INT, e.enumValue());
                }
                if (e.var() == null) {
                    diag.error(pos, "expected expression before " + q(name));
                    return error(pos);
                }
                e.var().used = true;
                return new Expr.VarRef(pos, e.var().type, e.var());
        }
        if (ctx instanceof CParser.ConstantExprContext c) {
                return constant(c.constant());
        }
        if (ctx instanceof CParser.StringExprContext str) {
                return stringLiteral(str.StringLiteral());
        }
        if (ctx instanceof CParser.ParenExprContext p) {
                return expression(p.expression());
        }
        if (ctx instanceof CParser.StatementExprContext se) {
                return s.statementExpression(pos, se.compoundStatement());
        }
        if (ctx instanceof CParser.VaArgExprContext va) {
                Expr ap = assignment(va.assignmentExpression());
                return vaArg(pos, ap, s.typeName(va.typeName()));
        }
        if (ctx instanceof CParser.OffsetofExprContext off) {
                Type t = s.typeName(off.typeName());
                return offsetof(pos, t, off.offsetofDesignator());
        }
        throw new IllegalStateException();
    }

    private Expr offsetof(Token pos, Type t, CParser.OffsetofDesignatorContext d) {
        long off = 0;
        Type cur = t;
        for (int i = 0; i < d.getChildCount(); i++) {
            org.antlr.v4.runtime.tree.ParseTree c = d.getChild(i);
            if (c instanceof TerminalNode tn && tn.getSymbol().getType() == CLexer.Identifier) {
                if (!cur.isAggregate()) {
                    diag.error(pos, "request for member " + q(tn.getText()) + " in something not a structure or union");
                    return error(pos);
                }
                Type.Member m = cur.member(tn.getText());
                if (m == null) {
                    diag.error(pos, q(cur) + " has no member named " + q(tn.getText()));
                    return error(pos);
                }
                off += m.offset();
                cur = m.type();
            } else if (c instanceof CParser.ExpressionContext ec) {
                Long idx = s.constInt(expression(ec));
                if (idx == null || !cur.isArray()) {
                    diag.error(pos, "invalid offsetof index");
                    return error(pos);
                }
                off += idx * cur.base.size();
                cur = cur.base;
            }
        }
        return new Expr.IntLit(pos, Type.UINT, off);
    }

    Expr constant(CParser.ConstantContext c) {
        CToken ct = (CToken) c.getStart();
        Token t = ct.pp();
        switch (ct.getType()) {
            case CLexer.CharacterConstant:
                return new Expr.IntLit(t, Type.INT, Literals.parseChar(t, diag));
            case CLexer.FloatingConstant: {
                Literals.FloatLit f = Literals.parseFloat(t.text());
                if (f == null) {
                    diag.error(t, "invalid suffix \"" + suffixOf(t.text()) + "\" on floating constant");
                    return new Expr.FloatLit(t, Type.DOUBLE, 0);
                }
                if (f.suffix() == 'f') {
                    return new Expr.FloatLit(t, Type.FLOAT, Conversions.toFloat(f.value()));
                }
                return new Expr.FloatLit(t, f.suffix() == 'l' ? Type.LDOUBLE : Type.DOUBLE, f.value());
            }
            default: {
                Literals.IntLit lit = Literals.parseInt(t.text());
                if (lit == null) {
                    String sfx = suffixOf(t.text());
                    diag.error(t, sfx.isEmpty() || Character.isDigit(t.text().charAt(t.text().length() - 1))
                            ? "invalid digit in constant \"" + t.text() + "\""
                            : "invalid suffix \"" + sfx + "\" on integer constant");
                    return new Expr.IntLit(t, Type.INT, 0);
                }
                return new Expr.IntLit(t, intConstantType(lit, t), lit.value());
            }
        }
    }

    private static String suffixOf(String s) {
        int i = s.length();
        while (i > 0 && Character.isLetter(s.charAt(i - 1)) && !(s.startsWith("0x") && i <= 2)) {
            i--;
        }
        return s.substring(i);
    }

    /** The type of an integer constant (6.4.4.1): the first of its candidate types that holds its value. */
    private Type intConstantType(Literals.IntLit lit, Token t) {
        long v = lit.value();
        boolean fits31 = v >= 0 && v <= 0x7fffffffL, fits32 = v >= 0 && v <= 0xffffffffL, fits63 = v >= 0;
        if (lit.overflow()) {
            diag.error(t, "integer constant is too large for its type");
            return Type.ULLONG;
        }
        if (lit.unsigned()) {
            if (lit.longs() < 2 && fits32) {
                return lit.longs() == 1 ? Type.ULONG : Type.UINT;
            }
            return Type.ULLONG;
        }
        if (lit.longs() < 2 && fits31) {
            return lit.longs() == 1 ? Type.LONG : Type.INT;
        }
        if (!lit.decimal() && lit.longs() < 2 && fits32) {
            return lit.longs() == 1 ? Type.ULONG : Type.UINT;
        }
        if (fits63) {
            return Type.LLONG;
        }
        if (lit.decimal()) {
            diag.warning(t, "integer constant is so large that it is unsigned");
        }
        return Type.ULLONG;
    }

    Expr stringLiteral(List<TerminalNode> parts) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        List<Integer> wide = null;
        Token pos = tok(parts.get(0));
        for (TerminalNode n : parts) {
            Token t = tok(n);
            int[] body = Literals.stringBody(t, diag);
            if (t.text().charAt(0) != '"' && !t.text().startsWith("u8")) {
                wide = wide == null ? new ArrayList<>() : wide;
            }
            for (int b : body) {
                bytes.write(b);
            }
            if (wide != null) {
                for (int b : body) {
                    wide.add(b);
                }
            }
        }
        if (wide != null) {
            // Wide strings (wchar_t is int): each code unit one element.
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.allocate((bytes.size() + 1) * 4)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (byte b : bytes.toByteArray()) {
                bb.putInt(b & 0xff);
            }
            bb.putInt(0);
            return s.stringLiteral(pos, bb.array(), true);
        }
        return s.stringLiteral(pos, bytes.toByteArray(), false);
    }
}
