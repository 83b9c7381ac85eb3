package scmp.isa.sem;

/**
 * An unpipelined functional unit. An instruction that occupies one waits until the unit is free and keeps it busy
 * for the time the timing model gives its timing class.
 */
public enum Unit {
    /** The integer divider (div, divu, rem, remu). */
    DIVIDER,
    /** The FP divide and square-root unit. */
    FP_DIVIDER
}
