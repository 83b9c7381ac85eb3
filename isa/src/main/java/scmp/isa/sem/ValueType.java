package scmp.isa.sem;

/** The type of a value in the semantic vocabulary. */
public enum ValueType {
    /** A 32-bit integer, as held in an integer register (signedness belongs to the operation, not the value). */
    INT,
    /** The 64-bit IEEE bit pattern of a double, as held in an FP register. */
    FP
}
