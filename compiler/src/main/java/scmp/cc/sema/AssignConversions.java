package scmp.cc.sema;

import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * The conversion of a value for assignment, initialization, argument passing and return (C99 6.5.16.1,
 * 6.7.8p11, 6.5.2.2p7, 6.8.6.4p3): arithmetic converts; pointers accept null constants, compatible pointers
 * and {@code void *}; gcc's warnings for integer/pointer mixes and discarded qualifiers, and its errors for
 * impossible conversions, worded after where the conversion happens.
 */
final class AssignConversions {
    private final Sema s;
    private final Diagnostics diag;

    AssignConversions(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /**
     * Converts a value for assignment, initialization, argument passing or return (6.5.16.1), with gcc's
     * warnings for integer/pointer mixes and incompatible pointers and its errors for impossible ones.
     * {@code what} is the start of the message: "assignment to 'int *' from 'int'" and so on.
     */
    Expr assignConvert(Expr e, Type to, Token pos, AssignContext ctx) {
        Expr v = s.exprs.value(e);
        Type from = v.type();
        Type target = to.unqualified();
        if ((to.isComplex() || from.isComplex()) && ComplexOps.arithmeticOrComplex(to)
                && ComplexOps.arithmeticOrComplex(from)) {
            return s.complex.convert(v, target);
        }
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
            if (Exprs.isNullConstant(v)) {
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
            return s.exprs.error(pos);
        }
        diag.error(pos, ctx.incompatible(to, from));
        return s.exprs.error(pos);
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
}
