package scmp.isa;

/**
 * The timing class of an instruction. The numbers belong to the timing model (docs/timing.md): the
 * cycle-accurate core looks up latency and occupancy by class, so an instruction's cost is declared
 * here once and never hard-coded in an engine.
 */
public enum TimingClass {
    ALU("integer ALU, shifts, compares, lui"),
    MUL("integer multiply"),
    DIV("integer divide and remainder"),
    LOAD("load from local memory"),
    STORE("store to local memory"),
    BRANCH("conditional branch"),
    JUMP("unconditional jump, call, return"),
    FPADD("FP add, subtract, compare, negate, absolute value, move"),
    FPMUL("FP multiply"),
    FPDIV("FP divide"),
    FPSQRT("FP square root"),
    FPCVT("FP conversions and moves between register files"),
    NET("network send: builds flits into the NIU's injection queue"),
    THREAD("thread control: suspend, end, special-register read"),
    HOST("host call (semihosting)");

    public final String description;

    TimingClass(String description) {
        this.description = description;
    }
}
