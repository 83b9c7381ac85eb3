package scmp.asm;

/**
 * An error in one statement. Thrown to abandon the statement being assembled; the assembler turns it into a
 * diagnostic and carries on with the next statement, so one run reports every bad line.
 */
final class AsmError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final Pos pos;

    AsmError(Pos pos, String message) {
        super(message, null, false, false);
        this.pos = pos;
    }

    Pos pos() {
        return pos;
    }
}
