package scmp.cc.sema;

import scmp.cc.ast.Expr.BinOp;
import scmp.cc.type.Type;

/**
 * Integer arithmetic at compile time, exactly as the target computes it: 32- and 64-bit, signed and
 * unsigned, wrapping, shift counts masked as the hardware masks them; division by zero is left to run time.
 */
final class ConstantFolding {
    private ConstantFolding() {
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
}
