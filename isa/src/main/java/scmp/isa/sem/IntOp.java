package scmp.isa.sem;

/** A binary operation on 32-bit integers; every result wraps to 32 bits. */
public enum IntOp {
    ADD, SUB, AND, OR, XOR,
    /** {@code ~(a | b)}. */
    NOR,
    /** Shift left by {@code b & 31}. */
    SLL,
    /** Logical shift right by {@code b & 31}. */
    SRL,
    /** Arithmetic shift right by {@code b & 31}. */
    SRA,
    /** The low 32 bits of the product. */
    MUL,
    /** The high 32 bits of the signed 64-bit product. */
    MULH,
    /** The high 32 bits of the unsigned 64-bit product. */
    MULHU,
    /** Signed division rounded toward zero; {@code MIN / -1} is {@code MIN}; traps on a zero divisor. */
    DIV(true),
    /** Unsigned division; traps on a zero divisor. */
    DIVU(true),
    /** Signed remainder with the sign of {@code a}; {@code MIN % -1} is 0; traps on a zero divisor. */
    REM(true),
    /** Unsigned remainder; traps on a zero divisor. */
    REMU(true);

    /** Whether a zero divisor is a guest fault (divide by zero). */
    public final boolean trapsOnZero;

    IntOp() {
        this(false);
    }

    IntOp(boolean trapsOnZero) {
        this.trapsOnZero = trapsOnZero;
    }
}
