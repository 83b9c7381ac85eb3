package scmp.asm;

import java.util.function.UnaryOperator;

/**
 * Expression trees of the assembly language. They are kept as trees rather than folded while parsing
 * because a value may depend on symbols defined later in the file; the assembler evaluates them when the
 * symbols are known (see {@link Evaluator}).
 */
sealed interface Expr {
    Pos pos();

    /** An integer literal or character constant. */
    record Num(long value, Pos pos) implements Expr {
    }

    /** A floating-point literal; only {@code .double} and {@code .float} accept it. */
    record Flt(double value, Pos pos) implements Expr {
    }

    /** A symbol reference; the name {@code .} is the location counter. */
    record Sym(String name, Pos pos) implements Expr {
    }

    /** {@code 1b} or {@code 1f}: the nearest numeric label backward or forward, bound when its line is assembled. */
    record LocalRef(long label, boolean forward, Pos pos) implements Expr {
    }

    /** {@code -e}, {@code +e} or {@code ~e}. */
    record Unary(char op, Expr operand, Pos pos) implements Expr {
    }

    /** A binary operation; {@code op} is the operator's text ("+", "<<", ...). */
    record Binary(String op, Expr left, Expr right, Pos pos) implements Expr {
    }

    /** {@code %hi(e)}, {@code %lo(e)} or {@code %ha(e)}; {@code op} is "hi", "lo" or "ha". */
    record Reloc(String op, Expr operand, Pos pos) implements Expr {
    }

    /**
     * Rebuilds the tree bottom-up, offering every leaf to {@code leaf}; used to bind numeric-label references
     * and to substitute a pseudo-instruction's operands into its expansion template.
     */
    static Expr mapLeaves(Expr e, UnaryOperator<Expr> leaf) {
        if (e instanceof Unary u) {
            return new Unary(u.op(), mapLeaves(u.operand(), leaf), u.pos());
        }
        if (e instanceof Binary b) {
            return new Binary(b.op(), mapLeaves(b.left(), leaf), mapLeaves(b.right(), leaf), b.pos());
        }
        if (e instanceof Reloc r) {
            return new Reloc(r.op(), mapLeaves(r.operand(), leaf), r.pos());
        }
        return leaf.apply(e);
    }
}
