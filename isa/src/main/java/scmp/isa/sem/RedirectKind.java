package scmp.isa.sem;

/** How a change of control flow is resolved in the pipeline, which decides its bubbles (docs/timing.md 1.3). */
public enum RedirectKind {
    /** A conditional branch, predicted not taken and resolved in EX: bubbles only when taken. */
    BRANCH,
    /** A PC-relative jump, resolved in ID. */
    JUMP,
    /** A register-indirect jump, resolved in EX. */
    JUMP_REGISTER
}
