package scmp.cc.sema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.parse.CToken;
import scmp.cc.type.Type;
import java.util.Collections;
import java.util.IdentityHashMap;

/**
 * Type checking of expressions (C99 6.5), one method per grammar production: each parse-tree expression
 * becomes a typed {@link Expr} with its implicit conversions made explicit, and each constraint violation a
 * gcc-worded diagnostic. Results are returned unconverted (an array stays an array) so that {@code sizeof}
 * and {@code &} see the real type; operators call {@link #value} for the array-to-pointer and
 * function-to-pointer conversions. The operators themselves are typed by {@link Operators}, {@link Lvalues}
 * and {@link Calls}; constants by {@link ConstantLiterals}.
 */
final class Exprs {
    private final Sema s;
    private final Diagnostics diag;
    /** Postfix increments whose value is unused (see Statements.markDiscarded). */
    final Set<ParserRuleContext> discarded = new HashSet<>();
    /** Expressions standing for one that had an error already reported: no further error is reported on them. */
    private final Set<Expr> errors = Collections.newSetFromMap(new IdentityHashMap<>());

    Exprs(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** Where a parse-tree node starts, as the preprocessor token (which knows its file, line and column). */
    static Token tok(ParserRuleContext ctx) {
        return ((CToken) ctx.getStart()).pp();
    }

    static Token tok(TerminalNode n) {
        return ((CToken) n.getSymbol()).pp();
    }

    static Token tok(org.antlr.v4.runtime.Token t) {
        return ((CToken) t).pp();
    }

    /** gcc's quoting of a name or type in a diagnostic. */
    static String q(Object o) {
        return "'" + o + "'";
    }

    /** A stand-in for an expression whose error has been reported: an {@code int} zero that raises no more. */
    Expr error(Token pos) {
        Expr e = new Expr.IntLit(pos, Type.INT, 0);
        errors.add(e);
        return e;
    }

    /** Whether {@code e} is the stand-in {@link #error} made, whose error has been reported already. */
    boolean isErrorStandIn(Expr e) {
        return errors.contains(e);
    }

    // ----------------------------------------------------------------------------------- conversions

    /**
     * A negation or complement of an unsigned long long bit-field's value of 33 to 63 bits, computed in 64 bits
     * and cut to the field's width, as gcc does; others as they are.
     */
    private static Expr atPrecision(Expr.Unary u) {
        if (u.type().precision() == 0) {
            return u;
        }
        return new Expr.Cast(u.pos(), u.type(), new Expr.Unary(u.pos(), Type.ULLONG, u.op(), u.operand()));
    }

    /** An expression used for its value: arrays and functions become pointers (6.3.2.1). */
    Expr value(Expr e) {
        Type t = e.type();
        if (e instanceof Expr.Member m && m.member().isBitfield() && t.isLong64() && t.isUnsigned()
                && m.member().bitWidth() > 32 && m.member().bitWidth() < 64) {
            // gcc gives an unsigned long long bit-field of 33 to 63 bits a type of its width, whose arithmetic
            // wraps there: (s.x40 + 1) is 0 when s.x40 holds 2^40 - 1.
            return new Expr.Cast(e.pos(), Type.unsignedBits(m.member().bitWidth()), e);
        }
        if (e instanceof Expr.Member m && m.member().isBitfield() && t.isInteger() && t.isUnsigned()
                && t.size() == 4 && m.member().bitWidth() < 32) {
            // An unsigned bit-field narrower than int has only values an int can represent, so its value
            // promotes to int (6.3.1.1p2), as gcc does: (x.one_bit - 2 < 0) is true.
            return new Expr.Cast(e.pos(), Type.INT, e);
        }
        if (e instanceof Expr.Member m && m.member().isBitfield() && t.isInteger() && t.size() == 8
                && m.member().bitWidth() <= 32) {
            // A long long bit-field no wider than int promotes as an int-sized one does (gcc): to int when int
            // holds all its values, else (unsigned, 32 bits) to unsigned int.
            return new Expr.Cast(e.pos(), t.isUnsigned() && m.member().bitWidth() == 32 ? Type.UINT : Type.INT, e);
        }
        if (t.isArray()) {
            if (e instanceof Expr.Member m) {
                m.noteAddressTaken();
            }
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
        if (v.type().isComplex()) {
            return s.complex.condition(v);
        }
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
            return s.lvalues.assign(pos, lhs, rhs);
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
        return s.lvalues.compoundAssign(pos, bop, lhs, rhs);
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
        } else if ((ta.isComplex() || tb.isComplex()) && ComplexOps.arithmeticOrComplex(ta)
                && ComplexOps.arithmeticOrComplex(tb)) {
            t = ComplexOps.common(ta, tb);
            a = s.complex.convert(a, t);
            b = s.complex.convert(b, t);
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
    private Expr binaryExpr(CParser.BinaryExpressionContext ctx) {
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
            e = s.operators.binary(tok(bc.op), binOp(bc.op.getText()), e, r);
        }
        return e;
    }

    private static BinOp binOp(String s) {
        for (BinOp op : BinOp.values()) {
            if (op.symbol.equals(s)) {
                return op;
            }
        }
        throw new IllegalArgumentException(s);
    }

    /** castExpression = "(" typeName ")" castExpression | unaryExpression */
    private Expr cast(CParser.CastExpressionContext ctx) {
        if (ctx instanceof CParser.UnaryCastContext u) {
            return unary(u.unaryExpression());
        }
        CParser.CastContext c = (CParser.CastContext) ctx;
        Type to = s.declarators.typeName(c.typeName());
        // A variable-length array in the type name has its size computed before the operand is evaluated.
        List<Expr> sizes = new ArrayList<>(s.vlaPending);
        s.vlaPending.clear();
        Expr e = value(cast(c.castExpression()));
        Token pos = tok(c);
        Expr r = castTo(pos, e, to);
        s.vlaPending.addAll(0, sizes);
        return s.vlas.withPending(r);
    }

    private Expr castTo(Token pos, Expr e, Type to) {
        Type from = e.type();
        if (to.isVoid()) {
            return new Expr.Cast(pos, Type.VOID, e);
        }
        if ((to.isComplex() || from.isComplex()) && ComplexOps.arithmeticOrComplex(to)
                && ComplexOps.arithmeticOrComplex(from)) {
            return s.complex.convert(e, to);
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
    private Expr unary(CParser.UnaryExpressionContext ctx) {
        Token pos = tok(ctx);
        if (ctx instanceof CParser.PostfixUnaryContext p) {
                return postfix(p.postfixExpression());
        }
        if (ctx instanceof CParser.PreIncUnaryContext p) {
                return s.lvalues.increment(pos, unary(p.unaryExpression()), p.op.getText().equals("++"), false);
        }
        if (ctx instanceof CParser.OperatorUnaryContext o) {
                Expr e = cast(o.castExpression());
                return switch (o.op.getText()) {
                    case "&" -> s.lvalues.addressOf(pos, e);
                    case "*" -> s.lvalues.deref(pos, e);
                    case "+", "-" -> {
                        if (value(e).type().isComplex()) {
                            yield o.op.getText().equals("+") ? value(e) : s.complex.negate(pos, e);
                        }
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
                        yield atPrecision(new Expr.Unary(pos, v.type(), UnOp.NEG, v));
                    }
                    case "~" -> {
                        if (value(e).type().isComplex()) {
                            yield s.complex.conjugate(pos, e);
                        }
                        Expr v = promote(e);
                        if (!v.type().isInteger()) {
                            diag.error(pos, "wrong type argument to bit-complement");
                            yield error(pos);
                        }
                        if (v instanceof Expr.IntLit lit) {
                            yield new Expr.IntLit(pos, v.type(), Conversions.wrap(~lit.value(), v.type()));
                        }
                        yield atPrecision(new Expr.Unary(pos, v.type(), UnOp.BITNOT, v));
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
                Type t = s.declarators.typeName(so.typeName());
                if (!t.isVla()) {
                    // Only a variable-length array operand is evaluated (6.5.3.4p2).
                    s.vlaPending.clear();
                }
                return s.vlas.withPending(sizeofType(pos, t, null));
        }
        if (ctx instanceof CParser.AlignofTypeContext a) {
                Type t = s.declarators.typeName(a.typeName());
                s.vlaPending.clear();
                return new Expr.IntLit(pos, Type.UINT, t.align());
        }
        if (ctx instanceof CParser.AlignofExprContext a) {
                Expr e = unary(a.unaryExpression());
                return new Expr.IntLit(pos, Type.UINT, e.type().align());
        }
        if (ctx instanceof CParser.ExtensionUnaryContext x) {
                return cast(x.castExpression());
        }
        if (ctx instanceof CParser.RealImagUnaryContext ri) {
                return s.complex.real(pos, cast(ri.castExpression()), ri.op.getText().startsWith("__imag"));
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
        if (t.isVla()) {
            // Known at run time; an operand other than a plain variable is evaluated (6.5.3.4p2).
            Expr size = s.vlas.sizeOf(pos, t);
            return e == null || e instanceof Expr.VarRef ? size : new Expr.Binary(pos, Type.UINT, BinOp.COMMA, e, size);
        }
        return new Expr.IntLit(pos, Type.UINT, t.size());
    }

    // ----------------------------------------------------------------------------------- postfix

    /** postfixExpression = primaryExpression postfixSuffix* | "(" typeName ")" "{" initializerList "}" ... */
    private Expr postfix(CParser.PostfixExpressionContext ctx) {
        Expr e;
        List<CParser.PostfixSuffixContext> suffixes;
        if (ctx instanceof CParser.CompoundLiteralContext cl) {
            Type t = s.declarators.typeName(cl.typeName());
            if (t.isVla()) {
                diag.error(tok(cl), "compound literal has variable size");
                s.vlaPending.clear();
                t = Type.INT;
            }
            e = s.vlas.withPending(s.localInits.compoundLiteral(tok(cl), t, cl.initializerList()));
            suffixes = cl.postfixSuffix();
        } else {
            CParser.PrimaryPostfixContext p = (CParser.PrimaryPostfixContext) ctx;
            suffixes = p.postfixSuffix();
            if (p.primaryExpression() instanceof CParser.IdentifierExprContext id && !suffixes.isEmpty()
                    && suffixes.get(0) instanceof CParser.CallSuffixContext) {
                e = s.calls.calleeIdentifier(id);
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
                    e = s.lvalues.deref(pos, s.operators.binary(pos, BinOp.ADD, a, b));
            } else if (sfx instanceof CParser.CallSuffixContext call) {
                    List<Expr> args = new ArrayList<>();
                    if (call.argumentExpressionList() != null) {
                        for (CParser.AssignmentExpressionContext a : call.argumentExpressionList().assignmentExpression()) {
                            args.add(assignment(a));
                        }
                    }
                    e = s.calls.call(pos, calleeStart, e, args);
            } else if (sfx instanceof CParser.MemberSuffixContext m) {
                    boolean arrow = m.op.getText().equals("->");
                    e = member(pos, e, m.Identifier() == null ? "" : m.Identifier().getText(), arrow);
            } else if (sfx instanceof CParser.PostIncSuffixContext inc) {
                    e = s.lvalues.increment(pos, e, inc.op.getText().equals("++"), !discarded.contains(inc));
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
            b = s.lvalues.deref(pos, v);
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
                                java.nio.charset.StandardCharsets.ISO_8859_1), Type.CHAR);
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
                    return new Expr.IntLit(pos, e.enumType(), e.enumValue());
                }
                if (e.var() == null) {
                    diag.error(pos, "expected expression before " + q(name));
                    return error(pos);
                }
                e.var().used = true;
                return new Expr.VarRef(pos, e.var().type, e.var());
        }
        if (ctx instanceof CParser.ConstantExprContext c) {
                return s.literals.constant(c.constant());
        }
        if (ctx instanceof CParser.StringExprContext str) {
                return s.literals.stringLiteral(str.StringLiteral());
        }
        if (ctx instanceof CParser.ParenExprContext p) {
                return expression(p.expression());
        }
        if (ctx instanceof CParser.StatementExprContext se) {
                return s.statements.statementExpression(pos, se.compoundStatement());
        }
        if (ctx instanceof CParser.VaArgExprContext va) {
                Expr ap = assignment(va.assignmentExpression());
                return s.calls.vaArg(pos, ap, s.declarators.typeName(va.typeName()));
        }
        if (ctx instanceof CParser.GenericExprContext g) {
                return s.generics.select(pos, g);
        }
        if (ctx instanceof CParser.OffsetofExprContext off) {
                Type t = s.declarators.typeName(off.typeName());
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
}
