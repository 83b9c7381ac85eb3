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
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * Function calls (C99 6.5.2.2): the callee (an undeclared name gets C89's implicit {@code int f()}), the
 * arguments converted to the prototype or default-promoted, temporaries for struct arguments and results,
 * gcc's {@code __builtin_} functions and {@code va_arg} lowered to pointer arithmetic per docs/abi.md.
 */
final class Calls {
    private final Sema s;
    private final Diagnostics diag;

    Calls(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** The function in {@code f(...)}: an undeclared name is implicitly declared {@code int f()}, with a warning. */
    Expr calleeIdentifier(CParser.IdentifierExprContext id) {
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
        return s.exprs.primary(id);
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
        Expr f = s.exprs.value(callee);
        Type ft = f.type();
        if (!ft.isPointer() || !ft.base.isFunction()) {
            if (!s.exprs.isErrorStandIn(callee)) {
                diag.error(calleePos, "called object " + (callee instanceof Expr.VarRef v ? q(v.var().name) + " " : "")
                        + "is not a function or function pointer");
            }
            for (Expr a : args) {
                s.exprs.value(a);
            }
            return s.exprs.error(pos);
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
                c = s.conversions.assignConvert(a, fn.params.get(i), a.pos(), AssignConversions.AssignContext.arg(fname != null ? fname
                        : "function", i + 1));
            } else {
                c = defaultPromote(a);
            }
            conv.add(c);
            temps.add(c.type().isAggregate() ? s.newTemp(c.type()) : null);
        }
        if (fname != null && diag.enabled("format")) {
            FormatChecks.check(diag, fname, fn.variadic, args, conv);
        }
        Type ret = fn.base;
        if (!ret.isVoid() && !ret.isComplete()) {
            diag.error(pos, "invalid use of incomplete type " + q(ret));
        }
        Var resultTemp = ret.isAggregate() ? s.newTemp(ret) : null;
        return new Expr.Call(pos, ret.unqualified(), f, fn, conv, resultTemp, temps);
    }

    /** The default argument promotions (6.5.2.2p6): float to double, small integers to int. */
    private Expr defaultPromote(Expr a) {
        Expr v = s.exprs.value(a);
        if (v.type().kind == Type.Kind.FLOAT) {
            return Conversions.convert(v, Type.DOUBLE);
        }
        if (v.type().isInteger()) {
            return s.exprs.promote(v);
        }
        if (v.type().isVoid()) {
            diag.error(a.pos(), "invalid use of void expression");
            return s.exprs.error(a.pos());
        }
        return v;
    }

    private Expr builtin(Token pos, String name, List<Expr> args) {
        switch (name) {
            case "__builtin_va_start": {
                if (args.size() < 1) {
                    diag.error(pos, "too few arguments to function '__builtin_va_start'");
                    return s.exprs.error(pos);
                }
                if (!s.currentFunctionVariadic()) {
                    diag.error(pos, "'va_start' used in function with fixed arguments");
                    return s.exprs.error(pos);
                }
                Expr ap = args.get(0);
                Type cp = Type.pointerTo(Type.CHAR);
                return s.lvalues.assign(pos, ap, new Expr.VaArea(pos, cp));
            }
            case "__builtin_va_end":
                return new Expr.Cast(pos, Type.VOID, Conversions.intLit(pos, 0));
            case "__builtin_va_copy":
                if (args.size() != 2) {
                    diag.error(pos, "wrong number of arguments to function '__builtin_va_copy'");
                    return s.exprs.error(pos);
                }
                return s.lvalues.assign(pos, args.get(0), args.get(1));
            case "__builtin_expect":
                if (args.size() != 2) {
                    diag.error(pos, "wrong number of arguments to function '__builtin_expect'");
                    return s.exprs.error(pos);
                }
                return s.exprs.value(args.get(0));
            case "__builtin_complex": {
                if (args.size() != 2) {
                    diag.error(pos, "wrong number of arguments to function '__builtin_complex'");
                    return s.exprs.error(pos);
                }
                Expr re = s.exprs.value(args.get(0)), im = s.exprs.value(args.get(1));
                if (!re.type().isFloating() || !im.type().isFloating()) {
                    diag.error(pos, "'__builtin_complex' operand not of real binary floating-point type");
                    return s.exprs.error(pos);
                }
                return s.complex.make(pos, re, im, Type.complexOf(Conversions.common(re.type(), im.type())));
            }
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
        if (!s.lvalues.isLvalue(ap) || !ap.type().isPointer()) {
            diag.error(pos, "first argument to 'va_arg' not of type 'va_list'");
            return s.exprs.error(pos);
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
        Expr apv = s.exprs.value(ap);
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
}
