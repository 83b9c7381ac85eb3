package scmp.isa.sem;

/** A conversion of one value, between or within the register files. */
public enum Conversion {
    /** The signed integer as a double (exact). */
    INT_TO_DOUBLE(ValueType.INT, ValueType.FP),
    /** The unsigned integer as a double (exact). */
    UINT_TO_DOUBLE(ValueType.INT, ValueType.FP),
    /** Truncated toward zero to a signed integer; NaN gives 0, out of range saturates. */
    DOUBLE_TO_INT(ValueType.FP, ValueType.INT),
    /** Truncated toward zero to an unsigned integer; NaN and negatives give 0, too large saturates. */
    DOUBLE_TO_UINT(ValueType.FP, ValueType.INT),
    /** Rounded to single precision (nearest even) and kept in double format. */
    ROUND_TO_SINGLE(ValueType.FP, ValueType.FP),
    /** The 32-bit pattern of the value rounded to single precision. */
    TO_SINGLE_BITS(ValueType.FP, ValueType.INT),
    /** The double value of a 32-bit single-precision pattern (exact widening). */
    FROM_SINGLE_BITS(ValueType.INT, ValueType.FP),
    /** The low 32 bits of the double's bit pattern. */
    LOW_WORD(ValueType.FP, ValueType.INT),
    /** The high 32 bits of the double's bit pattern. */
    HIGH_WORD(ValueType.FP, ValueType.INT),
    /** The low 16 bits, sign-extended. */
    SIGN_EXTEND_HALF(ValueType.INT, ValueType.INT);

    /** The operand's type. */
    public final ValueType from;
    /** The result's type. */
    public final ValueType to;

    Conversion(ValueType from, ValueType to) {
        this.from = from;
        this.to = to;
    }
}
