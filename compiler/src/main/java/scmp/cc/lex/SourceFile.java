package scmp.cc.lex;

/**
 * One source file as the preprocessor read it: its name for diagnostics, its text (bytes decoded as
 * ISO-8859-1, so that any byte, binary garbage included, maps to exactly one char and survives into string
 * literals unchanged) and the start offset of every line, so that a diagnostic can show the line it points at,
 * and the longest line, which the tokenizer checks against {@link scmp.common.Limits#MAX_LINE_LENGTH}.
 */
public final class SourceFile {
    private final String name;
    private final String text;
    private final int[] lineStarts;
    private final int lineCount;
    private int longestLine;
    private int longestLineNumber;

    public SourceFile(String name, String text) {
        this.name = name;
        this.text = text;
        int[] starts = new int[16];
        int n = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (n == starts.length) {
                starts = java.util.Arrays.copyOf(starts, n * 2);
            }
            starts[n++] = i + 1;
            note(n - 1, i - starts[n - 2]);
        }
        note(n, text.length() - starts[n - 1]);
        lineStarts = starts;
        lineCount = n;
    }

    private void note(int line, int length) {
        if (length > longestLine) {
            longestLine = length;
            longestLineNumber = line;
        }
    }

    /** The length of the longest line, in characters (its newline not counted). */
    public int longestLine() {
        return longestLine;
    }

    /** The number (from 1) of the first line of {@link #longestLine()} characters. */
    public int longestLineNumber() {
        return longestLineNumber;
    }

    public String name() {
        return name;
    }

    public String text() {
        return text;
    }

    /** The text of physical line {@code line} (from 1) without its newline, or null past the end. */
    public String line(int line) {
        if (line < 1 || line > lineCount) {
            return null;
        }
        int start = lineStarts[line - 1];
        int end = line < lineCount ? lineStarts[line] - 1 : text.length();
        if (end > start && text.charAt(end - 1) == '\r') {
            end--;
        }
        return text.substring(start, Math.max(start, end));
    }
}
