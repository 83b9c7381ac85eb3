package scmp.cc.codegen;

import java.util.ArrayDeque;
import java.util.Deque;
import scmp.cc.type.Type;

/**
 * Where a binary operator's left operand waits while the right one is evaluated: a temporary register
 * (t0..t3, ft0..ft5) at -O1 when the right operand makes no call, else an 8-byte slot pushed on the stack.
 * The saves nest like the expressions that make them, so they are kept as a stack of locations.
 */
final class OperandStack extends Emitter {
    private static final String[] INT_TEMPS = {"t0", "t1", "t2", "t3"};
    private static final String[] FP_TEMPS = {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5"};

    /** Temporary registers in use as saved operands (-O1), as a stack of what each push used. */
    private final Deque<String> pushes = new ArrayDeque<>();
    private int intTempsUsed;
    private int fpTempsUsed;

    OperandStack(CodeGen g) {
        super(g);
    }

    /** Forgets the previous function's saves. */
    void reset() {
        pushes.clear();
        intTempsUsed = 0;
        fpTempsUsed = 0;
    }

    /** Forgets the last {@code n} saves, which were on the stack and have been popped with the stack pointer. */
    void discard(int n) {
        for (int i = 0; i < n; i++) {
            pushes.pop();
        }
    }

    /**
     * Saves the accumulator of type {@code t} while another expression is evaluated. When that expression
     * makes no call (and -O1), a temporary register holds it; otherwise the stack does.
     */
    void push(Type t, boolean mayUseRegister) {
        boolean fp = t.isFloating();
        boolean wide = t.isLong64();
        if (opt.optLevel() > 0 && mayUseRegister) {
            if (fp && fpTempsUsed < FP_TEMPS.length) {
                String r = FP_TEMPS[fpTempsUsed++];
                emit("fmv.d " + r + ", fa0");
                pushes.push(r);
                return;
            }
            if (!fp && !wide && intTempsUsed < INT_TEMPS.length) {
                String r = INT_TEMPS[intTempsUsed++];
                emit("mv " + r + ", a0");
                pushes.push(r);
                return;
            }
            if (wide && intTempsUsed + 1 < INT_TEMPS.length) {
                String lo = INT_TEMPS[intTempsUsed++], hi = INT_TEMPS[intTempsUsed++];
                emit("mv " + lo + ", a0");
                emit("mv " + hi + ", a1");
                pushes.push(lo + "," + hi);
                return;
            }
        }
        emit("addi sp, sp, -8");
        if (fp) {
            emit("fsd fa0, 0(sp)");
        } else {
            emit("sw a0, 0(sp)");
            if (wide) {
                emit("sw a1, 4(sp)");
            }
        }
        pushes.push("stack");
    }

    /**
     * Restores the last saved 32-bit or floating value for use as an operand: the temporary register holding it
     * (no move needed), or {@code reg} after a load from the stack.
     */
    String popOperand(Type t, String reg) {
        String where = pushes.peek();
        if (where != null && !where.equals("stack") && !t.isLong64()) {
            pushes.pop();
            if (t.isFloating()) {
                fpTempsUsed--;
            } else {
                intTempsUsed--;
            }
            return where;
        }
        pop(t, reg);
        return reg;
    }

    /** Restores the last saved value into {@code reg} (a1, a2 for a2:a3 pairs, fa1...). */
    void pop(Type t, String reg) {
        String where = pushes.pop();
        boolean fp = t.isFloating();
        if (!where.equals("stack")) {
            if (fp) {
                emit("fmv.d " + reg + ", " + where);
                fpTempsUsed--;
            } else if (t.isLong64()) {
                String[] p = where.split(",");
                emit("mv " + reg + ", " + p[0]);
                emit("mv " + (reg.equals("a2") ? "a3" : "a1") + ", " + p[1]);
                intTempsUsed -= 2;
            } else {
                emit("mv " + reg + ", " + where);
                intTempsUsed--;
            }
            return;
        }
        if (fp) {
            emit("fld " + reg + ", 0(sp)");
        } else {
            emit("lw " + reg + ", 0(sp)");
            if (t.isLong64()) {
                emit("lw " + (reg.equals("a2") ? "a3" : "a1") + ", 4(sp)");
            }
        }
        emit("addi sp, sp, 8");
    }
}
