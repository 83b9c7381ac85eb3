package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * {@code _Generic} (C11 6.5.1.1): the type of the controlling expression, after lvalue conversion (arrays and
 * functions become pointers, qualifiers go), chooses the association whose type is compatible with it, or the
 * default one; the controlling expression is not evaluated and the result is the chosen expression itself (an
 * lvalue stays one). Every association is type-checked, as gcc does, and the diagnostics are gcc's.
 */
final class GenericSelection {
    private final Sema s;
    private final Diagnostics diag;

    GenericSelection(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** The type gcc names a bit-field by: the narrowest integer type of its width, and the width. */
    private static String bitfieldType(Expr.Member m) {
        int w = m.member().bitWidth();
        boolean u = m.type().isUnsigned() || m.type().isUnsignedEnum();
        String t = w <= 8 ? (u ? "unsigned char" : "signed char") : w <= 16 ? (u ? "short unsigned int" : "short int")
                : w <= 32 ? (u ? "unsigned int" : "int") : (u ? "long long unsigned int" : "long long int");
        return t + ":" + w;
    }

    /** One association: its type (null for default), where it was written and its expression. */
    private record Association(Type type, Token pos, Expr expr) {
    }

    /** genericSelection = "_Generic" "(" assignmentExpression ("," genericAssociation)+ ")" */
    Expr select(Token pos, CParser.GenericExprContext ctx) {
        Expr operand = s.exprs.assignment(ctx.assignmentExpression());
        Expr control = s.exprs.value(operand);
        Type ct = control.type().unqualified();
        List<Association> assocs = new ArrayList<>();
        Association dflt = null;
        for (CParser.GenericAssociationContext a : ctx.genericAssociation()) {
            Token at = tok(a);
            Type t = a.typeName() == null ? null : s.declarators.typeName(a.typeName());
            s.vlaPending.clear();
            Association as = new Association(t, at, s.exprs.assignment(a.assignmentExpression()));
            if (t == null) {
                if (dflt != null) {
                    diag.error(at, "duplicate 'default' case in '_Generic'");
                    diag.note(dflt.pos, "original 'default' is here");
                }
                dflt = as;
                continue;
            }
            if (checkType(at, t)) {
                assocs.add(as);
            }
        }
        // gcc gives a bit-field narrower than its type (not a _Bool one) a type of its own, compatible with no
        // type name: only default can match it.
        String bitfield = operand instanceof Expr.Member m && m.member().isBitfield()
                && m.type().kind != Type.Kind.BOOL && m.member().bitWidth() < 8 * m.type().size() ? bitfieldType(m)
                : null;
        Association chosen = null;
        for (int i = 0; i < assocs.size(); i++) {
            Association a = assocs.get(i);
            for (int j = 0; j < i; j++) {
                if (compatible(assocs.get(j).type, a.type)) {
                    diag.error(a.pos, "'_Generic' specifies two compatible types");
                    diag.note(assocs.get(j).pos, "compatible type is here");
                }
            }
            if (bitfield == null && compatible(ct, a.type)) {
                if (chosen != null) {
                    diag.error(a.pos, "'_Generic' selector matches multiple associations");
                    diag.note(chosen.pos, "other match is here");
                    continue;
                }
                chosen = a;
            }
        }
        if (chosen == null) {
            chosen = dflt;
        }
        if (chosen == null) {
            diag.error(tok(ctx.assignmentExpression()), "'_Generic' selector of type " + (bitfield != null ? "'" + bitfield + "'" : q(ct))
                    + " is not compatible with any association");
            return s.exprs.error(pos);
        }
        return chosen.expr;
    }

    /** Whether an association's type is a complete object type of constant size (6.5.1.1p2), else reports it. */
    private boolean checkType(Token at, Type t) {
        if (t.isFunction()) {
            diag.error(at, "'_Generic' association has function type");
        } else if (t.isVariablyModified()) {
            diag.error(at, "'_Generic' association has variable length type");
        } else if (!t.isComplete()) {
            diag.error(at, "'_Generic' association has incomplete type");
        } else {
            return true;
        }
        return false;
    }

    /**
     * Type compatibility as _Generic needs it (6.2.7), stricter than {@link Type#compatible} where this compiler
     * is lenient elsewhere: qualifiers count, {@code char}, {@code signed char} and {@code unsigned char} are
     * three types, and an enumeration is compatible with the integer type gcc gives it, not with both.
     */
    static boolean compatible(Type a, Type b) {
        if (a.isConst != b.isConst || a.isVolatile != b.isVolatile) {
            return false;
        }
        if (a.kind == Type.Kind.CHAR && b.kind == Type.Kind.CHAR && a.signedChar != b.signedChar) {
            return false;
        }
        if (a.kind == Type.Kind.ENUM && b.kind == Type.Kind.ENUM) {
            return a.isUnsignedEnum() == b.isUnsignedEnum();
        }
        if (a.kind == Type.Kind.ENUM || b.kind == Type.Kind.ENUM) {
            Type e = a.kind == Type.Kind.ENUM ? a : b, other = e == a ? b : a;
            return other.kind == Type.Kind.INT && other.unsigned == e.isUnsignedEnum();
        }
        if (a.kind == Type.Kind.PTR && b.kind == Type.Kind.PTR
                || a.kind == Type.Kind.ARRAY && b.kind == Type.Kind.ARRAY) {
            return compatible(a.base, b.base) && a.compatible(b);
        }
        return a.compatible(b);
    }
}
