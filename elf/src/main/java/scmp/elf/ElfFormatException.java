package scmp.elf;

/**
 * Thrown when a file is not a well-formed SCMP ELF object, executable or archive. The exception carries a
 * one-line reason ("truncated ELF header", "not an SCMP file (e_machine 62, x86-64)") and the name of the
 * file it concerns.
 *
 * <p>{@link #getMessage()} already begins with the file name when one is known
 * ({@code "foo.o: truncated ELF header"}), so callers print it as it is, after their tool name
 * ({@code "scmpld: foo.o: truncated ELF header"}); {@link #reason()} is the bare reason.
 */
public class ElfFormatException extends Exception {
    /** The file the problem is in, or null. */
    private final String file;
    /** The one-line reason, without the file name. */
    private final String reason;

    /**
     * Creates an exception about the named file.
     *
     * @param file   the file name, or null when it is not known
     * @param reason the one-line reason, without a trailing period
     */
    public ElfFormatException(String file, String reason) {
        this(file, oneLine(reason), true);
    }

    private ElfFormatException(String file, String reason, boolean checked) {
        super(file == null || file.isEmpty() ? reason : file + ": " + reason);
        this.file = file;
        this.reason = reason;
    }

    /** Escapes control characters (a corrupt file's section names may hold any byte), so the reason is one line. */
    private static String oneLine(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                if (sb == null) {
                    sb = new StringBuilder(s.substring(0, i));
                }
                sb.append(String.format("\\x%02x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    /**
     * Returns the file name this exception is about.
     *
     * @return the file name, or null when it is not known
     */
    public String file() {
        return file;
    }

    /**
     * Returns the reason alone.
     *
     * @return the one-line reason, without the file name
     */
    public String reason() {
        return reason;
    }
}
