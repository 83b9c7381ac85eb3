package scmp.cc.sema;

import scmp.cc.ast.Expr;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * The conversions of C99 6.3: integer promotions, the usual arithmetic conversions, and conversion of a
 * value to a type, folding constants on the way (so {@code (char)300} is the constant 44). Folding follows
 * the target's arithmetic exactly, so optimisation levels cannot disagree about a constant.
 */
final class Conversions {
    private Conversions() {
    }

    /** The type an operand of this type is promoted to (6.3.1.1p2). */
    static Type promoted(Type t) {
        if (t.precision() != 0) {
            return t.unqualified();
        }
        if (t.kind == Type.Kind.ENUM) {
            // An enumeration is its compatible type (unsigned int when no enumerator is negative, as gcc
            // chooses), whose rank is int's: it stays unsigned, so (enum e)0 - 1 > 0.
            return t.isUnsignedEnum() ? Type.UINT : Type.INT;
        }
        if (t.isInteger() && t.rank() < Type.INT.rank()) {
            return Type.INT;
        }
        if (t.kind == Type.Kind.LONG) {
            return t.unsigned ? Type.ULONG : Type.LONG;
        }
        if (t.isInteger()) {
            return t.unsigned ? (t.kind == Type.Kind.LLONG ? Type.ULLONG : Type.UINT)
                    : (t.kind == Type.Kind.LLONG ? Type.LLONG : Type.INT);
        }
        return t.unqualified().named(null);
    }

    /** The common type of the usual arithmetic conversions (6.3.1.8), for ILP32. */
    static Type common(Type a, Type b) {
        if (a.kind == Type.Kind.LDOUBLE || b.kind == Type.Kind.LDOUBLE) {
            return Type.LDOUBLE;
        }
        if (a.kind == Type.Kind.DOUBLE || b.kind == Type.Kind.DOUBLE) {
            return Type.DOUBLE;
        }
        if (a.kind == Type.Kind.FLOAT || b.kind == Type.Kind.FLOAT) {
            return Type.FLOAT;
        }
        Type x = promoted(a), y = promoted(b);
        if (x.precision() != 0 || y.precision() != 0) {
            // An unsigned long long bit-field of 33 to 63 bits (gcc): with an operand of lower rank, the field's
            // width; with another such field, the wider one; with a long long, unsigned long long.
            if (x.isLong64() && x.precision() == 0 || y.isLong64() && y.precision() == 0) {
                return Type.ULLONG;
            }
            return x.precision() >= y.precision() ? x : y;
        }
        if (x.kind == y.kind && x.unsigned == y.unsigned) {
            return x;
        }
        if (x.unsigned == y.unsigned) {
            return x.rank() >= y.rank() ? x : y;
        }
        Type u = x.unsigned ? x : y, s = x.unsigned ? y : x;
        if (u.rank() >= s.rank()) {
            return u;
        }
        if (s.size() > u.size()) {
            return s;
        }
        return s.kind == Type.Kind.LONG ? Type.ULONG : s.kind == Type.Kind.LLONG ? Type.ULLONG : Type.UINT;
    }

    /** Truncates or extends {@code v} to the value an object of integer type {@code t} holds. */
    static long wrap(long v, Type t) {
        if (t.kind == Type.Kind.BOOL) {
            return v != 0 ? 1 : 0;
        }
        int size = t.isPointer() ? 4 : t.size();
        switch (size) {
            case 1:
                return t.unsigned ? v & 0xff : (byte) v;
            case 2:
                return t.unsigned ? v & 0xffff : (short) v;
            case 4:
                return t.isUnsigned() ? v & 0xffffffffL : (int) v;
            default:
                return t.precision() != 0 ? v & (1L << t.precision()) - 1 : v;
        }
    }

    /**
     * The NaN that SCMP's arithmetic and conversion instructions produce (docs/simulator.md): the positive quiet
     * NaN. The host's hardware may produce another one (x86 gives the negative quiet NaN for 0.0/0.0), so every
     * folded operation that can create a NaN goes through {@link #canonical}.
     */
    static final double CANONICAL_NAN = Double.longBitsToDouble(0x7ff8000000000000L);

    /** {@code d}, or the canonical NaN when {@code d} is a NaN: what an SCMP arithmetic instruction yields. */
    static double canonical(double d) {
        return Double.isNaN(d) ? CANONICAL_NAN : d;
    }

    /** {@code -d} as fneg.d computes it: the sign bit flipped, NaNs included. */
    static double negate(double d) {
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) ^ Long.MIN_VALUE);
    }

    /** The float nearest a double, as fcvt.s.d rounds it (docs/abi.md: float values are rounded doubles). */
    static double toFloat(double d) {
        return canonical((double) (float) d);
    }

    /**
     * The value of the integer constant {@code v} of type {@code from} converted to the floating type {@code to},
     * rounded once, to nearest even, as the runtime's conversions do (a 64-bit value converted to float must not
     * be rounded to double first: that double rounding can be off by one unit of the float).
     */
    static double integerToFloating(long v, Type from, Type to) {
        boolean toFloat = to.kind == Type.Kind.FLOAT;
        if (from.isUnsigned() && from.size() == 8 && v < 0) {
            // 2^63 and above: halve with a sticky bit, which keeps the rounding exact, then double.
            long half = (v >>> 1) | (v & 1);
            return toFloat ? (double) ((float) half * 2.0f) : (double) half * 2.0;
        }
        long x = from.isUnsigned() && from.size() < 8 ? v & 0xffffffffL : v;
        return toFloat ? (double) (float) x : (double) x;
    }

    /** Whether {@code t} needs no conversion code to become {@code to}. */
    static boolean sameRepresentation(Type t, Type to) {
        if (t.isPointer() && to.isPointer()) {
            return true;
        }
        if (t.isFunction() || t.isArray() || t.isAggregate() || to.isAggregate()) {
            return t.isAggregate() && to.isAggregate() && t.agg == to.agg;
        }
        if (t.isInteger() && to.isInteger()) {
            if (to.kind == Type.Kind.BOOL) {
                return t.kind == Type.Kind.BOOL;
            }
            return t.size() == to.size() && (t.isUnsigned() == to.isUnsigned() || t.size() >= 4);
        }
        if (t.isPointer() && to.isInteger() || t.isInteger() && to.isPointer()) {
            return to.size() == 4 && t.size() == 4;
        }
        if (t.isFloating() && to.isFloating()) {
            return t.kind == to.kind || (t.kind != Type.Kind.FLOAT && to.kind != Type.Kind.FLOAT);
        }
        return false;
    }

    /** Converts {@code e} to {@code to}, folding constants; the caller has checked the conversion is valid. */
    static Expr convert(Expr e, Type to) {
        Type from = e.type();
        if (to.isVoid()) {
            return new Expr.Cast(e.pos(), to, e);
        }
        if (e instanceof Expr.IntLit lit && (to.isInteger() || to.isPointer())) {
            long v = lit.value();
            if (from.isUnsigned() && from.size() == 4) {
                v &= 0xffffffffL;
            }
            return new Expr.IntLit(e.pos(), to, wrap(v, to));
        }
        if (e instanceof Expr.IntLit lit && to.isFloating()) {
            return new Expr.FloatLit(e.pos(), to, integerToFloating(lit.value(), from, to));
        }
        if (e instanceof Expr.FloatLit f && to.isFloating()) {
            return new Expr.FloatLit(e.pos(), to, to.kind == Type.Kind.FLOAT ? toFloat(f.value()) : f.value());
        }
        if (e instanceof Expr.FloatLit f && to.isInteger()) {
            return new Expr.IntLit(e.pos(), to, wrap(doubleToInteger(f.value(), to), to));
        }
        if (sameRepresentation(from, to) && !(from.isFloating() || to.isFloating())) {
            if (plain(from) == plain(to)) {
                return e;
            }
            return new Expr.Cast(e.pos(), to, e);
        }
        return new Expr.Cast(e.pos(), to, e);
    }

    /** {@code t}, with {@code signed char} taken for {@code char}: the one is a conversion of the other to itself. */
    private static Type plain(Type t) {
        return t == Type.SCHAR ? Type.CHAR : t;
    }

    /** Truncation toward zero, saturating as fcvt does for 32-bit targets. */
    static long doubleToInteger(double d, Type to) {
        if (to.kind == Type.Kind.BOOL) {
            return d != 0 ? 1 : 0;
        }
        if (Double.isNaN(d)) {
            return 0;
        }
        if (to.size() == 8) {
            if (to.unsigned && d >= 9.223372036854775807E18) {
                return (long) (d - 9.223372036854775808E18) + Long.MIN_VALUE;
            }
            return (long) d;
        }
        if (to.unsigned) {
            return d <= 0 ? 0 : d >= 4294967295.0 ? 0xffffffffL : (long) d;
        }
        return (long) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, (long) d));
    }

    static Expr.IntLit intLit(Token pos, long v) {
        return new Expr.IntLit(pos, Type.INT, v);
    }
}
