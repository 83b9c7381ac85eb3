package scmp.isa.sem;

/** A unary operation on an FP register. */
public enum FpUnaryOp {
    /** The correctly rounded square root; NaN (canonical) for negative operands. */
    SQRT,
    /** Flips the sign bit (bits copied otherwise, NaN payloads too). */
    NEG,
    /** Clears the sign bit. */
    ABS
}
