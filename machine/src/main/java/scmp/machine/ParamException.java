package scmp.machine;

/**
 * A parameter of a machine model's record out of range or malformed. It names the parameter by its key, so that
 * the command line can name it as the user wrote it ({@code --vcs} or {@code --param vcs}).
 */
public final class ParamException extends ConfigException {
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String detail;

    /**
     * Creates the exception.
     *
     * @param key    the parameter's key (its record component's name)
     * @param detail what follows the parameter's name in the message, starting with {@code ": "} or a space and the
     *               value ({@code ": must be 1..12, got 13"}, {@code " 9x9: the mesh ..."})
     */
    public ParamException(String key, String detail) {
        super(key + detail);
        this.key = key;
        this.detail = detail;
    }

    /** Returns the parameter's key. */
    public String key() {
        return key;
    }

    /**
     * Returns the message with the parameter named as the user wrote it.
     *
     * @param option how the user named the parameter ({@code --vcs}, {@code --param vcs})
     * @return the one-line message
     */
    public String naming(String option) {
        return option + detail;
    }
}
