package scmp.machine;

/**
 * An invalid configuration of a run or of a machine model; the message is one line naming the option at fault
 * ({@code --contexts: must be 1..32, got 0}).
 */
public class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the one-line reason
     */
    public ConfigException(String message) {
        super(message);
    }
}
