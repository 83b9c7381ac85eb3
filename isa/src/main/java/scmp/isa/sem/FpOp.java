package scmp.isa.sem;

/**
 * A binary IEEE double-precision operation, rounded to nearest even; a NaN result is the canonical quiet NaN.
 * Division by zero gives an infinity, never a trap.
 */
public enum FpOp {
    ADD, SUB, MUL, DIV
}
