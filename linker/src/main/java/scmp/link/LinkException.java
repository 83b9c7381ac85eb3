package scmp.link;

import java.util.List;

/**
 * Thrown when a link fails. It carries every error the linker found, each one line without the
 * {@code scmpld: error: } prefix (for example {@code undefined reference to `foo' (referenced from
 * main.o:.text+0x14)}); the command-line tool prints each one with that prefix.
 */
public class LinkException extends Exception {
    private final List<String> errors;

    /**
     * Creates an exception carrying one or more errors.
     *
     * @param errors the error lines, in the order they were found; must not be empty
     */
    public LinkException(List<String> errors) {
        super(String.join("\n", errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a link exception needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    /**
     * Creates an exception carrying a single error.
     *
     * @param error the error line
     */
    public LinkException(String error) {
        this(List.of(error));
    }

    /**
     * Returns the errors, one line each, in the order they were found.
     *
     * @return an unmodifiable, non-empty list
     */
    public List<String> errors() {
        return errors;
    }
}
