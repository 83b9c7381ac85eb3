package scmp.asm;

import scmp.isa.RelocType;

/**
 * Folds an expression tree to a {@link Value}. Arithmetic is 64-bit two's complement. Symbols are resolved
 * through a {@link Scope}, which decides what an undefined symbol means at that point: an external reference
 * (at the end of the file), "not known yet" (while sizing a pseudo-instruction), or an error (.equ, .space).
 */
final class Evaluator {
    private Evaluator() {
    }

    /** Resolves symbols for one evaluation. */
    interface Scope {
        /** The location counter. */
        Value dot();

        /** The value of a symbol; may throw {@link NotYet} or {@link AsmError}. */
        Value symbol(Expr.Sym s);
    }

    /** Thrown by a scope when a symbol has no value yet; the caller evaluates again at the end of the file. */
    static final class NotYet extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final NotYet INSTANCE = new NotYet();

        private NotYet() {
            super(null, null, false, false);
        }
    }

    static Value eval(Expr e, Scope scope) {
        if (e instanceof Expr.Num n) {
            return Value.abs(n.value());
        }
        if (e instanceof Expr.Flt f) {
            throw new AsmError(f.pos(), "a floating-point number is only allowed in .double and .float");
        }
        if (e instanceof Expr.Sym s) {
            return s.name().equals(".") ? scope.dot() : scope.symbol(s);
        }
        if (e instanceof Expr.LocalRef l) {
            throw new AsmError(l.pos(), "numeric label reference " + l.label() + (l.forward() ? "f" : "b")
                    + " is not allowed here");
        }
        if (e instanceof Expr.Reloc r) {
            return reloc(r, eval(r.operand(), scope));
        }
        if (e instanceof Expr.Unary u) {
            Value v = plain(eval(u.operand(), scope), u.operand().pos());
            if (u.op() == '+') {
                return v;
            }
            if (!v.isAbs()) {
                throw new AsmError(u.pos(), "cannot apply '" + u.op() + "' to a symbol address");
            }
            return Value.abs(u.op() == '-' ? -v.k() : ~v.k());
        }
        Expr.Binary b = (Expr.Binary) e;
        Value l = plain(eval(b.left(), scope), b.left().pos());
        Value r = plain(eval(b.right(), scope), b.right().pos());
        String op = b.op();
        if (op.equals("+")) {
            if (l.isAbs()) {
                return new Value(r.base(), l.k() + r.k(), null, false);
            }
            if (r.isAbs()) {
                return Value.rel(l.base(), l.k() + r.k());
            }
            throw new AsmError(b.pos(), "cannot add two symbol addresses");
        }
        if (op.equals("-")) {
            if (r.isAbs()) {
                return new Value(l.base(), l.k() - r.k(), null, false);
            }
            if (!l.isAbs()) {
                SymEntry x = l.base();
                SymEntry y = r.base();
                if (x == y) {
                    return Value.abs(l.k() - r.k());
                }
                if (x.isPlaced() && y.isPlaced() && x.section.equals(y.section)) {
                    return Value.abs(x.placedOffset() + l.k() - y.placedOffset() - r.k());
                }
                throw new AsmError(b.pos(), "the difference of '" + x.name + "' and '" + y.name
                        + "' is not a constant: they are not defined in the same section");
            }
            throw new AsmError(b.pos(), "cannot subtract a symbol address from a constant");
        }
        if (!l.isAbs() || !r.isAbs()) {
            throw new AsmError(b.pos(), "operator '" + op + "' needs constant operands, not symbol addresses");
        }
        long x = l.k();
        long y = r.k();
        return Value.abs(switch (op) {
            case "*" -> x * y;
            case "/" -> {
                if (y == 0) {
                    throw new AsmError(b.pos(), "division by zero");
                }
                yield x / y;
            }
            case "%" -> {
                if (y == 0) {
                    throw new AsmError(b.pos(), "division by zero");
                }
                yield x % y;
            }
            case "<<", ">>" -> {
                if (y < 0 || y > 63) {
                    throw new AsmError(b.pos(), "shift count " + y + " out of range 0..63");
                }
                yield op.equals("<<") ? x << y : x >> y;
            }
            case "&" -> x & y;
            case "|" -> x | y;
            case "^" -> x ^ y;
            default -> throw new AsmError(b.pos(), "unknown operator '" + op + "'");
        });
    }

    /** Rejects a relocation operator's result inside a larger expression. */
    private static Value plain(Value v, Pos pos) {
        if (v.op() != null) {
            throw new AsmError(pos, "%hi/%lo/%ha of a symbol must be the whole operand");
        }
        return v.half() ? Value.abs(v.k()) : v;
    }

    private static Value reloc(Expr.Reloc r, Value v) {
        if (v.op() != null || v.half()) {
            throw new AsmError(r.pos(), "%hi, %lo and %ha cannot be nested");
        }
        RelocType type = switch (r.op()) {
            case "hi" -> RelocType.HI16;
            case "lo" -> RelocType.LO16;
            default -> RelocType.HA16;
        };
        if (!v.isAbs()) {
            return new Value(v.base(), v.k(), type, false);
        }
        long x = v.k();
        if (x < Integer.MIN_VALUE || x > 0xFFFFFFFFL) {
            throw new AsmError(r.pos(), "%" + r.op() + " of " + x + ": the value does not fit in 32 bits");
        }
        long w = x & 0xFFFFFFFFL;
        long bits = switch (type) {
            case HI16 -> w >>> 16;
            case LO16 -> w & 0xFFFF;
            default -> ((w + 0x8000) >>> 16) & 0xFFFF;
        };
        return new Value(null, bits, null, true);
    }
}
