package scmp.diag;

/**
 * A gcc-style diagnostic: {@code file:line:col: error: message}, optionally followed by the source line and
 * a caret under the column. Lines and columns count from 1; column 0 means "no column".
 */
public record Diagnostic(String file, int line, int column, Severity severity, String message, String sourceLine) {

    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note");
        public final String label;

        Severity(String label) {
            this.label = label;
        }
    }

    public static Diagnostic error(String file, int line, int column, String message, String sourceLine) {
        return new Diagnostic(file, line, column, Severity.ERROR, message, sourceLine);
    }

    public static Diagnostic warning(String file, int line, int column, String message, String sourceLine) {
        return new Diagnostic(file, line, column, Severity.WARNING, message, sourceLine);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line form, {@code file:line:col: error: message}. */
    public String headline() {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        return sb.append(": ").append(severity.label).append(": ").append(message).toString();
    }

    /** The headline plus, when the source line is known, the line and a caret under the column (as gcc). */
    public String format() {
        if (sourceLine == null || line <= 0) {
            return headline();
        }
        StringBuilder sb = new StringBuilder(headline()).append('\n');
        // The gutter is wide enough for the line number (gcc: at least 5 columns, wider for long files).
        String number = Integer.toString(line);
        int width = Math.max(5, number.length());
        sb.append(" ".repeat(width - number.length())).append(number).append(" | ").append(sourceLine).append('\n');
        sb.append(" ".repeat(width + 1)).append("| ");
        if (column > 0) {
            for (int i = 0; i < column - 1 && i < sourceLine.length(); i++) {
                sb.append(sourceLine.charAt(i) == '\t' ? '\t' : ' ');
            }
            sb.append('^');
        }
        return sb.toString();
    }
}
