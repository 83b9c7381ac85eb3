package scmp.isa.sem;

/** A comparison of two 32-bit integers, signed or unsigned. */
public enum IntCond {
    EQ, NE, LT, GE,
    /** Less than, unsigned. */
    LTU,
    /** Greater or equal, unsigned. */
    GEU
}
