package scmp.cpu;

import scmp.isa.TimingClass;

/**
 * Why an instruction could not issue at the earliest cycle in-order issue allowed: the source operand (or
 * unpipelined unit) it waited for was produced by an instruction of this kind. Used by the statistics
 * ({@link CoreStats}); the timing itself is docs/timing.md section 1.
 */
public enum StallCause {
    /** A load's result one cycle after the load (the load-use bubble). */
    LOAD_USE,
    /** A multiply's result. */
    MUL,
    /** A division's result, or the busy divider. */
    DIV,
    /** A floating-point result, or the busy FP divide/square-root unit. */
    FP,
    /** Anything else (only with a timing model whose other latencies exceed one cycle). */
    OTHER;

    /**
     * Returns the cause charged when an instruction waits for a result of the given timing class.
     *
     * @param tc the producer's timing class
     * @return the cause
     */
    public static StallCause of(TimingClass tc) {
        return switch (tc) {
            case LOAD -> LOAD_USE;
            case MUL -> MUL;
            case DIV -> DIV;
            case FPADD, FPMUL, FPDIV, FPSQRT, FPCVT -> FP;
            default -> OTHER;
        };
    }
}
