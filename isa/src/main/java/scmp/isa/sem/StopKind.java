package scmp.isa.sem;

/** How an instruction gives up the processor. */
public enum StopKind {
    /** The thread stays ready and goes to the back of the ready queue. */
    SUSPEND,
    /** The thread ends and its context becomes free. */
    END_THREAD
}
