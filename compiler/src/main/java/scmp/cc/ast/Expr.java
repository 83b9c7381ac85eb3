package scmp.cc.ast;

import java.util.List;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * A typed expression, as the type checker produces it: every implicit conversion is an explicit
 * {@link Cast}, pointer arithmetic is already scaled, compound assignments and increments are lowered to
 * plain assignments through temporaries, and {@code va_arg} to pointer arithmetic. Code generation reads
 * this tree only.
 */
public sealed interface Expr {
    Token pos();

    Type type();

    /** Unary operators. */
    enum UnOp { NEG, BITNOT, LOGNOT, DEREF, ADDR }

    /** Binary operators; for comparisons and shifts the operand types give signedness. */
    enum BinOp {
        ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%"), SHL("<<"), SHR(">>"), AND("&"), OR("|"), XOR("^"),
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), LOGAND("&&"), LOGOR("||"), COMMA(",");

        public final String symbol;

        BinOp(String symbol) {
            this.symbol = symbol;
        }

        public boolean isComparison() {
            return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
        }
    }

    record IntLit(Token pos, Type type, long value) implements Expr {
    }

    record FloatLit(Token pos, Type type, double value) implements Expr {
    }

    /** A use of a variable or function (functions are converted to pointers by an ADDR around this). */
    record VarRef(Token pos, Type type, Var var) implements Expr {
    }

    record Unary(Token pos, Type type, UnOp op, Expr operand) implements Expr {
    }

    record Binary(Token pos, Type type, BinOp op, Expr left, Expr right) implements Expr {
    }

    /** Simple assignment; the right side already has the left side's type (structs are copied). */
    record Assign(Token pos, Type type, Expr target, Expr value) implements Expr {
    }

    record Cond(Token pos, Type type, Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    /** A conversion to {@code type} (also to void, to discard). */
    record Cast(Token pos, Type type, Expr operand) implements Expr {
    }

    /**
     * A call. {@code function} has pointer-to-function type; arguments are converted to the parameter types
     * (or default-promoted). A struct or union result goes to {@code resultTemp}; struct arguments are copied
     * to the matching {@code argTemps} entry (null for others), per docs/abi.md.
     */
    record Call(Token pos, Type type, Expr function, Type funcType, List<Expr> args, Var resultTemp,
                List<Var> argTemps) implements Expr {
    }

    /**
     * The alignment known of lvalue {@code e}'s address: its type's, or for a member, what its offset leaves of
     * its base's (less than its type's for a member of a struct laid out under {@code #pragma pack}, and for the
     * members of a struct placed there).
     */
    static int knownAlign(Expr e) {
        if (e instanceof Member m) {
            return m.addressAlign();
        }
        Type t = e.type();
        if (e instanceof Unary u && u.op() == UnOp.DEREF && t.isAggregate() && t.agg != null && t.agg.misplaced) {
            return 1;
        }
        return t.align();
    }

    /** A member of a struct or union lvalue. */
    record Member(Token pos, Type type, Expr base, Type.Member member) implements Expr {

        /**
         * The alignment known of this member's address: its base's ({@link Expr#knownAlign}, at most its struct's
         * alignment) as far as the member's offset keeps it.
         */
        public int addressAlign() {
            int a = baseAlign();
            int off = member.offset();
            while (a > 1 && off % a != 0) {
                a /= 2;
            }
            return a;
        }

        /**
         * Notes, when this member is a struct (or an array of structs) that packing places below its alignment,
         * that pointers to such structs may be misaligned ({@code Type.Aggregate#misplaced}): its address is
         * taken.
         */
        public void noteAddressTaken() {
            Type t = type;
            while (t.isArray()) {
                t = t.base;
            }
            if (t.isAggregate() && t.agg != null && addressAlign() < t.agg.align) {
                t.agg.misplaced = true;
            }
        }

        private int baseAlign() {
            Type bt = base.type();
            return bt.isAggregate() && bt.agg != null ? Math.min(knownAlign(base), bt.agg.align) : bt.align();
        }

        /**
         * Tells whether the member is read and written a byte at a time: a member of a struct laid out under
         * {@code #pragma pack} (or of a struct that such a struct places below its alignment) whose address may
         * be below what its loads and stores need (2 for a short, 4 for an int, a float, a pointer or a long
         * long, 8 for a double), or a bit-field there whose bits are not within one aligned unit of its type.
         * Members of other structs never are.
         */
        public boolean unaligned() {
            Type bt = base.type();
            if (!bt.isAggregate() || bt.agg == null || !bt.agg.packed && baseAlign() >= bt.agg.align) {
                return false;
            }
            int a = addressAlign();
            Type mt = member.type();
            if (member.isBitfield()) {
                int unit = Math.min(mt.size(), 4);
                return a < unit || member.bitOffset() + member.bitWidth() > unit * 8;
            }
            if (!mt.isScalar()) {
                return false;
            }
            int need = mt.isFloating() && mt.size() == 8 ? 8 : Math.min(mt.size(), 4);
            return a < need;
        }
    }

    /** Sets a local object's bytes to zero, before a partial initializer fills in the rest. */
    record MemZero(Token pos, Type type, Var var) implements Expr {
    }

    /** The address of the first variable argument of the current function (what va_start stores). */
    record VaArea(Token pos, Type type) implements Expr {
    }

    /** GNU statement expression: the value of its last expression statement. */
    record StmtExpr(Token pos, Type type, Stmt.Block body) implements Expr {
    }
}
