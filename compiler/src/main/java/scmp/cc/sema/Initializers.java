package scmp.cc.sema;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Var;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Initializers (C99 6.7.8) laid over the object they initialize, as an {@link Init} tree: braces, brace
 * elision (6.7.8p20), designators ({@code .member}, {@code [index]}, gcc's {@code [lo ... hi]}), string
 * literals for character arrays and arrays of unknown size that grow to their initializer. What becomes of the
 * tree (bytes or assignments) is decided by {@link StaticImages} and {@link LocalInitializers}.
 */
final class Initializers {
    private final Sema s;
    private final Diagnostics diag;

    Initializers(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    private final Map<CParser.InitializerContext, Expr> itemValues = new HashMap<>();

    private Expr itemExpr(CParser.InitializerContext ic) {
        Expr e = itemValues.get(ic);
        if (e == null) {
            e = s.exprs.assignment(ic.assignmentExpression());
            itemValues.put(ic, e);
        }
        return e;
    }

    private static boolean braced(CParser.InitializerContext ic) {
        return ic.assignmentExpression() == null;
    }

    Init build(Type t, CParser.InitializerContext ctx, boolean allowFlexible) {
        Init in = Init.of(t, allowFlexible);
        if (braced(ctx)) {
            initBraced(in, ctx);
        } else if (t.isArray() && stringFor(t, ctx) != null) {
            stringInit(in, stringFor(t, ctx));
        } else if (t.isArray()) {
            diag.error(tok(ctx), "invalid initializer");
        } else {
            initLeafOrWhole(in, ctx);
        }
        if (in.flexible) {
            in.type = in.type.withArrayLen(in.children.size());
        }
        return in;
    }

    /** The string literal initializing a character array (possibly in braces), or null. */
    private Expr.VarRef stringFor(Type arr, CParser.InitializerContext ic) {
        if (!arr.base.isInteger()) {
            return null;
        }
        CParser.InitializerContext c = ic;
        if (braced(c) && c.initializerList() != null && c.initializerList().initializer().size() == 1) {
            c = c.initializerList().initializer(0);
        }
        if (braced(c)) {
            return null;
        }
        CParser.ConditionalExpressionContext ce = c.assignmentExpression().conditionalExpression();
        if (c.assignmentExpression().assignmentOperator() != null || ce.Question() != null
                || !(ce.binaryExpression() instanceof CParser.CastBinaryContext cb)
                || !(cb.castExpression() instanceof CParser.UnaryCastContext uc)
                || !(uc.unaryExpression() instanceof CParser.PostfixUnaryContext pu)
                || !(pu.postfixExpression() instanceof CParser.PrimaryPostfixContext pp)
                || !pp.postfixSuffix().isEmpty()
                || !(unparen(pp.primaryExpression()) instanceof CParser.StringExprContext)) {
            return null;
        }
        Expr e = itemExpr(c);
        if (e instanceof Expr.VarRef v && v.var().readOnly && v.type().isArray()
                && (v.type().base.size() == arr.base.size())) {
            return v;
        }
        return null;
    }

    private static CParser.PrimaryExpressionContext unparen(CParser.PrimaryExpressionContext p) {
        return p;
    }

    private void stringInit(Init in, Expr.VarRef str) {
        Var lit = str.var();
        int elemSize = in.type.base.size();
        int n = lit.type.arrayLen;
        if (in.flexible) {
            while (in.children.size() < n) {
                in.children.add(null);
            }
        }
        int len = Math.min(n, in.children.size());
        if (!in.flexible && n - 1 > in.children.size()) {
            diag.warning(str.pos(), "initializer-string for array of " + Exprs.q(in.type.base) + " is too long");
        }
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(lit.init.bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < len; i++) {
            long v = elemSize == 1 ? lit.init.bytes[i] : elemSize == 2 ? bb.getShort(i * 2) : bb.getInt(i * 4);
            Init c = in.child(i);
            c.expr = new Expr.IntLit(str.pos(), in.type.base, Conversions.wrap(v, in.type.base));
        }
    }

    private void initBraced(Init in, CParser.InitializerContext ctx) {
        if (ctx.initializerList() == null) {
            return;
        }
        if (in.type.isArray()) {
            Expr.VarRef str = stringFor(in.type, ctx);
            if (str != null) {
                stringInit(in, str);
                return;
            }
        }
        InitCursor c = new InitCursor(ctx.initializerList());
        if (in.type.isComplex() && c.pendingDesignators().isEmpty() && !braced(c.item())
                && ComplexOps.arithmeticOrComplex(s.exprs.value(itemExpr(c.item())).type())
                && s.exprs.value(itemExpr(c.item())).type().isComplex()) {
            // {z}: a complex value in braces initializes the whole object, as a scalar's
            complexInit(in, c.item());
            c.advance();
            if (c.more()) {
                diag.warning(tok(c.item()), "excess elements in scalar initializer");
            }
            return;
        }
        if (in.type.isArray()) {
            arrayItems(in, c, true, 0);
        } else if (in.type.isAggregate()) {
            structItems(in, c, true, 0, true);
        } else {
            if (!c.pendingDesignators().isEmpty()) {
                diag.error(tok(c.item()), "field name not in record or union initializer");
            }
            initValue(in, c);
            if (c.more()) {
                diag.warning(tok(c.item()), "excess elements in scalar initializer");
            }
            return;
        }
        if (c.more()) {
            diag.warning(tok(c.item()), "excess elements in " + (in.type.isArray() ? "array" : in.type.kind
                    == Type.Kind.UNION ? "union" : "struct") + " initializer");
        }
    }

    /** Initializes {@code in} from the cursor, where braces may be elided (6.7.8p20). */
    private void initValue(Init in, InitCursor c) {
        CParser.InitializerContext item = c.item();
        if (braced(item)) {
            c.advance();
            in.reset();
            initBraced(in, item);
            return;
        }
        if (in.type.isArray()) {
            Expr.VarRef str = stringFor(in.type, item);
            if (str != null) {
                c.advance();
                in.reset();
                stringInit(in, str);
                return;
            }
            arrayItems(in, c, false, 0);
            return;
        }
        if (in.type.isComplex()) {
            complexInit(in, item);
            c.advance();
            return;
        }
        if (in.type.isAggregate()) {
            Expr e = s.exprs.value(itemExpr(item));
            if (e.type().isAggregate() && e.type().agg == in.type.agg) {
                in.reset();
                in.expr = e;
                c.advance();
                return;
            }
            structItems(in, c, false, 0, true);
            return;
        }
        initLeafOrWhole(in, item);
        c.advance();
    }

    /**
     * A complex object from one expression: converted to its type; a constant (ComplexOps.constant) sets the two
     * parts, so that it can initialize a static object.
     */
    private void complexInit(Init in, CParser.InitializerContext item) {
        Expr v = s.conversions.assignConvert(itemExpr(item), in.type, tok(item), AssignConversions.AssignContext.INIT);
        in.reset();
        double[] c = ComplexOps.constant(v);
        if (c == null || !v.type().isComplex()) {
            in.expr = v;
            return;
        }
        Type rt = in.type.realType();
        in.child(0).expr = new Expr.FloatLit(v.pos(), rt, c[0]);
        in.child(1).expr = new Expr.FloatLit(v.pos(), rt, c[1]);
    }

    private void initLeafOrWhole(Init in, CParser.InitializerContext item) {
        if (in.type.isComplex()) {
            complexInit(in, item);
            return;
        }
        Expr e = itemExpr(item);
        in.expr = s.conversions.assignConvert(e, in.type, tok(item), AssignConversions.AssignContext.INIT);
    }

    /**
     * Elements of an array from the cursor, from element {@code i} on: all the items of a brace-enclosed list
     * ({@code braced}), or as many as the elements take when braces are elided or when the items continue after
     * a designated element (6.7.9p17: the next item initializes the next element).
     */
    private void arrayItems(Init in, InitCursor c, boolean braced, int i) {
        while (c.more()) {
            List<ParseTree> ds = c.pendingDesignators();
            if (!ds.isEmpty()) {
                if (!braced && c.used == 0) {
                    return;
                }
                ParseTree d = ds.get(0);
                if (!(d instanceof CParser.DesignatorContext dc) || dc.LeftBracket() == null) {
                    diag.error(tok(c.item()), "field name not in record or union initializer");
                    c.advance();
                    continue;
                }
                Long lo = s.constantExpression(dc.constantExpression(0), "nonconstant array index in initializer");
                Long hi = dc.constantExpression().size() > 1 ? s.constantExpression(dc.constantExpression(1),
                        "nonconstant array index in initializer") : lo;
                if (lo == null || hi == null) {
                    c.advance();
                    continue;
                }
                if (lo < 0 || (!in.flexible && hi >= in.children.size())) {
                    diag.error(tok(dc), "array index in initializer exceeds array bounds");
                    c.advance();
                    continue;
                }
                c.used++;
                int mark = c.i, markUsed = c.used;
                for (long k = lo; k <= hi; k++) {
                    c.i = mark;
                    c.used = markUsed;
                    in.grow((int) k);
                    designated(in.child((int) k), c);
                }
                i = (int) (hi + 1);
                continue;
            }
            if (!in.flexible && i >= in.children.size()) {
                return;
            }
            in.grow(i);
            initValue(in.child(i), c);
            i++;
        }
    }

    /** The rest of an item's designators apply inside {@code in}; then its value. */
    private void designated(Init in, InitCursor c) {
        List<ParseTree> ds = c.pendingDesignators();
        if (ds.isEmpty()) {
            initValue(in, c);
            return;
        }
        if (in.type.isArray()) {
            arrayItemsOne(in, c);
        } else if (in.type.isAggregate()) {
            structItemsOne(in, c);
        } else {
            diag.error(tok(c.item()), "field name not in record or union initializer");
            c.advance();
        }
    }

    private void arrayItemsOne(Init in, InitCursor c) {
        ParseTree d = c.pendingDesignators().get(0);
        if (!(d instanceof CParser.DesignatorContext dc) || dc.LeftBracket() == null) {
            diag.error(tok(c.item()), "field name not in record or union initializer");
            c.advance();
            return;
        }
        Long k = s.constantExpression(dc.constantExpression(0), "nonconstant array index in initializer");
        if (k == null || k < 0 || k >= in.children.size()) {
            diag.error(tok(dc), "array index in initializer exceeds array bounds");
            c.advance();
            return;
        }
        c.used++;
        designated(in.child(k.intValue()), c);
        arrayItems(in, c, false, k.intValue() + 1);
    }

    /**
     * The index of the member a designator names: the member itself, or the anonymous struct or union member
     * that holds it (C11 6.7.2.1p13), in which case the designator is not used up and names the member again
     * one level down. -1 (reported) if there is none.
     */
    private int memberIndex(Init in, ParseTree d, InitCursor c) {
        String name;
        if (d instanceof TerminalNode tn) {
            name = tn.getText();
        } else {
            CParser.DesignatorContext dc = (CParser.DesignatorContext) d;
            if (dc.Identifier() == null) {
                diag.error(tok(dc), "array index in non-array initializer");
                return -1;
            }
            name = dc.Identifier().getText();
        }
        List<Type.Member> ms = in.type.agg.members;
        for (int k = 0; k < ms.size(); k++) {
            if (name.equals(ms.get(k).name())) {
                c.used++;
                return k;
            }
        }
        for (int k = 0; k < ms.size(); k++) {
            Type.Member m = ms.get(k);
            if (m.name() == null && m.type().isAggregate() && m.type().member(name) != null) {
                return k;
            }
        }
        diag.error(tok(c.item()), Exprs.q(in.type) + " has no member named " + Exprs.q(name));
        return -1;
    }

    /** A designated member of {@code in}, then the items after it for the members that follow (6.7.9p17). */
    private void structItemsOne(Init in, InitCursor c) {
        int k = memberIndex(in, c.pendingDesignators().get(0), c);
        if (k < 0) {
            c.advance();
            return;
        }
        choose(in, k);
        designated(in.child(k), c);
        structItems(in, c, false, k + 1, false);
    }

    /** Makes member {@code k} the one a union initializer sets, forgetting any other. */
    private static void choose(Init in, int k) {
        if (in.type.kind == Type.Kind.UNION) {
            if (in.unionMember != k) {
                in.children.replaceAll(x -> null);
            }
            in.unionMember = k;
        }
    }

    /**
     * Members of a struct or union from the cursor, from member {@code i} on: all the items of a brace-enclosed
     * list ({@code braced}), or as many as the members take when braces are elided or when the items continue
     * after a designated member. A union takes one item unless designators choose again ({@code first}: no
     * member has been initialized yet).
     */
    private void structItems(Init in, InitCursor c, boolean braced, int i, boolean first) {
        List<Type.Member> ms = in.type.agg.members;
        boolean union = in.type.kind == Type.Kind.UNION;
        while (c.more()) {
            List<ParseTree> ds = c.pendingDesignators();
            if (!ds.isEmpty()) {
                if (!braced && c.used == 0) {
                    return;
                }
                int k = memberIndex(in, ds.get(0), c);
                if (k < 0) {
                    c.advance();
                    continue;
                }
                choose(in, k);
                designated(in.child(k), c);
                i = k + 1;
                first = false;
                continue;
            }
            if (union && !first || i >= ms.size()) {
                return;
            }
            if (ms.get(i).name() == null && ms.get(i).isBitfield()) {
                i++;
                continue;
            }
            if (union) {
                in.unionMember = i;
            }
            initValue(in.child(i), c);
            i++;
            first = false;
        }
    }
}
