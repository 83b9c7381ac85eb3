package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;

/**
 * The complex types (C99 6.2.5p11, 6.3.1.6-7, 6.5; gcc's {@code __real__}, {@code __imag__} and
 * {@code __builtin_complex}). A complex value is a struct of two members of its real type to the code generator
 * (docs/abi.md), so declarations, layout, copies, initializer lists, passing and returning come from the struct
 * machinery. Its arithmetic is lowered here to calls of the compiler runtime's helpers ({@code clib/src/rt/cmplx.c}):
 * {@code __scmp_c<op><f|d>}, which take and return complex values; {@code long double _Complex} uses the double
 * helpers (long double is double). Constant operands are folded, so that {@code 1.0 + 2.0 * I} initializes
 * a static object; a folded constant is a call of {@code __scmp_cmake<f|d>} with two floating constants.
 */
final class ComplexOps {
    private final Sema s;
    private final Diagnostics diag;

    ComplexOps(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    static boolean arithmeticOrComplex(Type t) {
        return t.isArithmetic() || t.isComplex();
    }

    /** The helper function {@code name} of type {@code ret (params)}, declared once per translation unit. */
    private Expr helper(Token pos, String name, Type ret, Type... params) {
        Type fn = Type.function(ret, List.of(params), false, true);
        Var v = s.globalsByName.get(name);
        if (v == null) {
            v = new Var(name, fn, Var.Storage.GLOBAL, pos);
            v.isExtern = true;
            v.external = true;
            s.globalsByName.put(name, v);
            s.globals.add(v);
        }
        return new Expr.VarRef(pos, fn, v);
    }

    private static String suffix(Type complexType) {
        return complexType.realType().kind == Type.Kind.FLOAT ? "f" : "d";
    }

    private Expr callHelper(Token pos, String op, Type ret, Type ct, Expr... args) {
        Type[] params = new Type[args.length];
        for (int i = 0; i < args.length; i++) {
            params[i] = args[i].type().unqualified();
        }
        List<Expr> list = new ArrayList<>(List.of(args));
        return s.calls.call(pos, helper(pos, "__scmp_c" + op + suffix(ct), ret, params), list);
    }

    /** A complex constant: the two parts, when {@code e} is one (or a real constant); null otherwise. */
    static double[] constant(Expr e) {
        if (e instanceof Expr.FloatLit f) {
            return new double[] {f.value(), 0.0};
        }
        if (e instanceof Expr.IntLit i && i.type().isInteger()) {
            return new double[] {Conversions.integerToFloating(i.value(), i.type(), Type.DOUBLE), 0.0};
        }
        if (e instanceof Expr.Call c && c.function() instanceof Expr.Unary u && u.operand() instanceof Expr.VarRef v
                && v.var().name.startsWith("__scmp_cmake") && c.args().get(0) instanceof Expr.FloatLit re
                && c.args().get(1) instanceof Expr.FloatLit im) {
            return new double[] {re.value(), im.value()};
        }
        if (e instanceof Expr.Call c && c.function() instanceof Expr.VarRef v
                && v.var().name.startsWith("__scmp_cmake") && c.args().get(0) instanceof Expr.FloatLit re
                && c.args().get(1) instanceof Expr.FloatLit im) {
            return new double[] {re.value(), im.value()};
        }
        return null;
    }

    /** A complex value of type {@code ct} from its two parts (reals, converted to ct's real type). */
    Expr make(Token pos, Expr re, Expr im, Type ct) {
        Type rt = ct.realType();
        Expr a = Conversions.convert(s.exprs.value(re), rt), b = Conversions.convert(s.exprs.value(im), rt);
        return callHelper(pos, "make", ct, ct, a, b);
    }

    private Expr constantOf(Token pos, double re, double im, Type ct) {
        Type rt = ct.realType();
        boolean f = rt.kind == Type.Kind.FLOAT;
        return make(pos, new Expr.FloatLit(pos, rt, f ? Conversions.toFloat(re) : Conversions.canonical(re)),
                new Expr.FloatLit(pos, rt, f ? Conversions.toFloat(im) : Conversions.canonical(im)), ct);
    }

    /** gcc's imaginary constant {@code im}i: the complex constant 0 + im*i of type {@code ct}. */
    Expr imaginary(Token pos, double im, Type ct) {
        return constantOf(pos, 0.0, im, ct);
    }

    /** Converts a real or complex value to the real or complex type {@code to} (6.3.1.6, 6.3.1.7). */
    Expr convert(Expr e, Type to) {
        Expr v = s.exprs.value(e);
        Type from = v.type();
        Token pos = v.pos();
        to = to.unqualified();
        if (!to.isComplex()) {
            if (to.kind == Type.Kind.BOOL) {
                double[] c = constant(v);
                if (c != null) {
                    return new Expr.IntLit(pos, Type.BOOL, c[0] != 0 || c[1] != 0 ? 1 : 0);
                }
                return Conversions.convert(callHelper(pos, "bool", Type.INT, from, v), Type.BOOL);
            }
            return Conversions.convert(real(pos, v, false), to);
        }
        if (from.isComplex()) {
            if (from.agg == to.agg) {
                return v;
            }
            double[] c = constant(v);
            if (c != null) {
                return constantOf(pos, c[0], c[1], to);
            }
            String fs = suffix(from), ts = suffix(to);
            if (fs.equals(ts)) {
                // double and long double complex: the same representation
                return s.calls.call(pos, helper(pos, "__scmp_cconv" + fs + ts, to, from.unqualified()),
                        new ArrayList<>(List.of(v)));
            }
            return s.calls.call(pos, helper(pos, "__scmp_cconv" + fs + ts, to, from.unqualified()),
                    new ArrayList<>(List.of(v)));
        }
        Type rt = to.realType();
        Expr r = Conversions.convert(v, rt);
        if (r instanceof Expr.FloatLit f) {
            return constantOf(pos, f.value(), 0.0, to);
        }
        return make(pos, r, new Expr.FloatLit(pos, rt, 0.0), to);
    }

    /** The usual arithmetic conversions with a complex operand (6.3.1.8): the complex type of the common real type. */
    static Type common(Type a, Type b) {
        return Type.complexOf(Conversions.common(a.realType(), b.realType()));
    }

    private static double[] mul(double a, double b, double c, double d) {
        return new double[] {a * c - b * d, a * d + b * c};
    }

    private static double[] div(double a, double b, double c, double d) {
        // Smith's algorithm, as the runtime's __scmp_cdivd (and libgcc's __divdc3 for finite operands)
        if (Math.abs(c) < Math.abs(d)) {
            double ratio = c / d, denom = c * ratio + d;
            return new double[] {(a * ratio + b) / denom, (b * ratio - a) / denom};
        }
        double ratio = d / c, denom = d * ratio + c;
        return new double[] {(b * ratio + a) / denom, (b - a * ratio) / denom};
    }

    /** A binary operator with a complex operand: + - * / == != (others are errors, as gcc has them). */
    Expr binary(Token pos, BinOp op, Expr l, Expr r) {
        Type lt = l.type(), rt = r.type();
        boolean ok = arithmeticOrComplex(lt) && arithmeticOrComplex(rt)
                && switch (op) {
                    case ADD, SUB, MUL, DIV, EQ, NE -> true;
                    default -> false;
                };
        if (!ok) {
            diag.error(pos, "invalid operands to binary " + op.symbol + " (have " + q(lt) + " and " + q(rt) + ")");
            return s.exprs.error(pos);
        }
        Type t = common(lt, rt);
        Expr a = convert(l, t), b = convert(r, t);
        double[] x = constant(a), y = constant(b);
        if (x != null && y != null && (op == BinOp.EQ || op == BinOp.NE)) {
            boolean eq = x[0] == y[0] && x[1] == y[1];
            return Conversions.intLit(pos, eq == (op == BinOp.EQ) ? 1 : 0);
        }
        if (x != null && y != null) {
            // (float: computed in double and rounded once, as the runtime's __scmp_cmulf and __scmp_cdivf do)
            double[] v = switch (op) {
                case ADD -> new double[] {x[0] + y[0], x[1] + y[1]};
                case SUB -> new double[] {x[0] - y[0], x[1] - y[1]};
                case MUL -> mul(x[0], x[1], y[0], y[1]);
                default -> div(x[0], x[1], y[0], y[1]);
            };
            return constantOf(pos, v[0], v[1], t);
        }
        return switch (op) {
            case ADD -> callHelper(pos, "add", t, t, a, b);
            case SUB -> callHelper(pos, "sub", t, t, a, b);
            case MUL -> callHelper(pos, "mul", t, t, a, b);
            case DIV -> callHelper(pos, "div", t, t, a, b);
            case EQ -> callHelper(pos, "eq", Type.INT, t, a, b);
            default -> new Expr.Binary(pos, Type.INT, BinOp.EQ, callHelper(pos, "eq", Type.INT, t, a, b),
                    Conversions.intLit(pos, 0));
        };
    }

    /** Unary minus of a complex value. */
    Expr negate(Token pos, Expr e) {
        Expr v = s.exprs.value(e);
        double[] c = constant(v);
        if (c != null) {
            return constantOf(pos, Conversions.negate(c[0]), Conversions.negate(c[1]), v.type());
        }
        return callHelper(pos, "neg", v.type().unqualified(), v.type(), v);
    }

    /** {@code ~z}: gcc's complex conjugate. */
    Expr conjugate(Token pos, Expr e) {
        Expr v = s.exprs.value(e);
        double[] c = constant(v);
        if (c != null) {
            return constantOf(pos, c[0], Conversions.negate(c[1]), v.type());
        }
        return callHelper(pos, "conj", v.type().unqualified(), v.type(), v);
    }

    /** A complex value used as a condition: an int, 1 when either part is nonzero. */
    Expr condition(Expr v) {
        return Conversions.convert(convert(v, Type.BOOL), Type.INT);
    }

    /** {@code __real__ e} ({@code imag}: {@code __imag__ e}), gcc's: an lvalue when e is one. */
    Expr real(Token pos, Expr e, boolean imag) {
        Expr v = s.exprs.value(e);
        Type t = v.type();
        if (t.isComplex()) {
            double[] c = constant(v);
            Type rt = t.realType();
            if (c != null) {
                return new Expr.FloatLit(pos, rt, imag ? c[1] : c[0]);
            }
            Type.Member m = t.agg.members.get(imag ? 1 : 0);
            Type mt = m.type();
            if (t.isConst || t.isVolatile) {
                mt = mt.qualified(t.isConst, t.isVolatile);
            }
            return new Expr.Member(pos, mt, v, m);
        }
        if (!t.isArithmetic()) {
            diag.error(pos, "wrong type argument to " + (imag ? "__imag__" : "__real__"));
            return s.exprs.error(pos);
        }
        if (!imag) {
            return v;
        }
        Type pt = Conversions.promoted(t);
        return new Expr.Binary(pos, t.isFloating() ? t.unqualified() : pt, BinOp.COMMA, new Expr.Cast(pos, Type.VOID, v),
                Conversions.convert(Conversions.intLit(pos, 0), t.isFloating() ? t.unqualified() : pt));
    }
}
