package scmp.isa.sem;

/** An ordered comparison of two doubles: false when either is NaN. */
public enum FpCond {
    EQ, LT, LE
}
