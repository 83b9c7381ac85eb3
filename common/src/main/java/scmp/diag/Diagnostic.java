package scmp.diag;

import scmp.common.Limits;

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
        // A message quotes source text (an #error line, a name); a huge one is cut as the line echo is.
        String m = message.length() > 4 * Limits.ECHO_WINDOW
                ? message.substring(0, 4 * Limits.ECHO_WINDOW) + "..." : message;
        return sb.append(": ").append(severity.label).append(": ").append(m).toString();
    }

    /**
     * The headline plus, when the source line is known, the line and a caret under the column (as gcc). A line
     * longer than {@link Limits#ECHO_WINDOW} characters is shown only around the column, with {@code ...} where
     * it was cut, so that one diagnostic stays short however long the line.
     */
    public String format() {
        if (sourceLine == null || line <= 0) {
            return headline();
        }
        String shown = sourceLine;
        int caret = column - 1;
        if (sourceLine.length() > Limits.ECHO_WINDOW) {
            int len = sourceLine.length();
            int start = Math.max(0, Math.min(column - 1 - Limits.ECHO_WINDOW / 2, len - Limits.ECHO_WINDOW));
            int end = Math.min(len, start + Limits.ECHO_WINDOW);
            String prefix = start > 0 ? "..." : "";
            shown = prefix + sourceLine.substring(start, end) + (end < len ? "..." : "");
            caret = column - 1 - start + prefix.length();
        }
        StringBuilder sb = new StringBuilder(headline()).append('\n');
        // The gutter is wide enough for the line number (gcc: at least 5 columns, wider for long files).
        String number = Integer.toString(line);
        int width = Math.max(5, number.length());
        sb.append(" ".repeat(width - number.length())).append(number).append(" | ").append(shown).append('\n');
        sb.append(" ".repeat(width + 1)).append("| ");
        if (column > 0) {
            for (int i = 0; i < caret && i < shown.length(); i++) {
                sb.append(shown.charAt(i) == '\t' ? '\t' : ' ');
            }
            sb.append('^');
        }
        return sb.toString();
    }
}
