package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Automatic initializers (C99 6.7.8p13) lowered to assignments: a scalar is assigned; a constant aggregate is
 * copied whole from an anonymous read-only image; any other aggregate is zeroed and then stored into member
 * by member. Compound literals (6.5.2.5) are objects initialized the same way, static at file scope.
 */
final class LocalInitializers {
    private final Sema s;
    private final Diagnostics diag;

    LocalInitializers(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** The statements' expression that initializes local {@code v}: whole-object copies and stores. */
    Expr assignments(Var v, Init in) {
        Token pos = v.pos;
        Expr target = new Expr.VarRef(pos, v.type, v);
        if (!v.type.isArray() && !v.type.isAggregate()) {
            if (in.expr == null) {
                return new Expr.Assign(pos, v.type, target, Conversions.convert(Conversions.intLit(pos, 0), v.type));
            }
            return new Expr.Assign(pos, v.type.unqualified(), target, in.expr);
        }
        if (in.expr != null) {
            return new Expr.Assign(pos, v.type.unqualified(), target, in.expr);
        }
        // A constant aggregate initializer is copied from an anonymous read-only image.
        if (v.type.isComplete()) {
            Var.InitData data = new Var.InitData(v.type.size());
            if (s.statics.write(in, data, 0, false)) {
                Var img = new Var(".LC" + s.uniq++, v.type, Var.Storage.GLOBAL, pos);
                img.defined = true;
                img.readOnly = true;
                img.init = data;
                s.globals.add(img);
                return new Expr.Assign(pos, v.type, target, new Expr.VarRef(pos, v.type, img));
            }
        }
        List<Expr> parts = new ArrayList<>();
        parts.add(new Expr.MemZero(pos, Type.VOID, v));
        storeParts(in, target, parts);
        Expr e = parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            e = new Expr.Binary(pos, Type.VOID, Expr.BinOp.COMMA, e, parts.get(i));
        }
        return e;
    }

    private void storeParts(Init in, Expr target, List<Expr> out) {
        if (in == null) {
            return;
        }
        Token pos = target.pos();
        if (in.expr != null) {
            if (isZero(in.expr)) {
                return;
            }
            out.add(new Expr.Assign(pos, target.type().unqualified(), target, in.expr));
            return;
        }
        if (in.children == null) {
            return;
        }
        Type t = in.type;
        for (int i = 0; i < in.children.size(); i++) {
            Init c = in.children.get(i);
            if (c == null) {
                continue;
            }
            Expr sub;
            if (t.isArray()) {
                Type pt = Type.pointerTo(t.base);
                Expr base = new Expr.Unary(pos, pt, Expr.UnOp.ADDR, target);
                Expr addr = i == 0 ? base : new Expr.Binary(pos, pt, Expr.BinOp.ADD, base,
                        Conversions.intLit(pos, (long) i * t.base.size()));
                sub = new Expr.Unary(pos, t.base, Expr.UnOp.DEREF, addr);
            } else {
                Type.Member m = t.agg.members.get(i);
                sub = new Expr.Member(pos, m.type(), target, m);
            }
            storeParts(c, sub, out);
        }
    }

    private static boolean isZero(Expr e) {
        return e instanceof Expr.IntLit l && l.value() == 0
                || e instanceof Expr.FloatLit f && Double.doubleToRawLongBits(f.value()) == 0;
    }

    /**
     * A compound literal (6.5.2.5): an anonymous object, static at file scope and (as gcc makes it) in the
     * initializer of a static local, automatic elsewhere in a block.
     */
    Expr compoundLiteral(Token pos, Type t, CParser.InitializerListContext list) {
        CParser.InitializerContext synthetic = syntheticBraced(list);
        if (s.curLocals == null || s.staticInitializers > 0) {
            Var v = new Var(".Lcl" + s.uniq++, t, Var.Storage.GLOBAL, pos);
            v.defined = true;
            v.compoundLiteral = true;
            s.globals.add(v);
            Init in = s.initializers.build(t, synthetic, true);
            v.type = in.type;
            Var.InitData data = new Var.InitData(v.type.size());
            s.statics.write(in, data, 0, true);
            v.init = data;
            return new Expr.VarRef(pos, v.type, v);
        }
        Var v = s.newTemp(t);
        v.symbol = ".cl" + v.symbol;
        Init in = s.initializers.build(t, synthetic, true);
        v.type = in.type;
        Expr init = assignments(v, in);
        return new Expr.Binary(pos, v.type, Expr.BinOp.COMMA, init, new Expr.VarRef(pos, v.type, v));
    }

    /** Wraps an initializer list (null for empty braces) as the braced initializer it is. */
    private static CParser.InitializerContext syntheticBraced(CParser.InitializerListContext list) {
        CParser.InitializerContext ic = new CParser.InitializerContext(null, 0);
        if (list != null) {
            ic.addAnyChild(list);
            ic.start = list.getStart();
        }
        return ic;
    }
}
