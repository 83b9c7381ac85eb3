package scmp.machine;

/**
 * Maps a pc to a source position for fault reports, from the line tables a compiler emits. The machine works
 * without one; a compiler's line tables plug in here.
 */
@FunctionalInterface
public interface SourceLocator {

    /**
     * Returns the source position of an instruction.
     *
     * @param pc the instruction's address
     * @return {@code file:line}, or null when unknown
     */
    String locate(int pc);
}
