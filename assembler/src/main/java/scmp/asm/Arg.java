package scmp.asm;

/**
 * One operand as written. Whether an identifier is a register, a message type or a symbol is decided later
 * by the operand slot it fills, so registers arrive here as {@link ExprArg} holding a {@link Expr.Sym}.
 * {@code text} is the operand's source text, quoted in error messages.
 */
sealed interface Arg {
    Pos pos();

    String text();

    /** A plain expression (also a register name or a branch target). */
    record ExprArg(Expr expr, Pos pos, String text) implements Arg {
    }

    /** {@code offset(base)}; {@code offset} is null for {@code (base)}. */
    record MemArg(Expr offset, String base, Pos basePos, Pos pos, String text) implements Arg {
    }

    /** A string literal, already decoded to the bytes it stands for (UTF-8 plus escapes). */
    record StrArg(byte[] bytes, Pos pos, String text) implements Arg {
    }

    /** {@code @name}, as in {@code .type f, @function}. */
    record AttrArg(String name, Pos pos, String text) implements Arg {
    }

    /** The register or symbol name when this operand is a bare identifier, else null. */
    default String identifier() {
        if (this instanceof ExprArg e && e.expr() instanceof Expr.Sym s) {
            return s.name();
        }
        return null;
    }
}
