package scmp.cc.lex;

import java.util.ArrayList;
import java.util.List;

/**
 * One source file as the preprocessor read it: its name for diagnostics, its text (bytes decoded as
 * ISO-8859-1, so that any byte, binary garbage included, maps to exactly one char and survives into string
 * literals unchanged) and the start offset of every line, so that a diagnostic can show the line it points at.
 */
public final class SourceFile {
    private final String name;
    private final String text;
    private final int[] lineStarts;

    public SourceFile(String name, String text) {
        this.name = name;
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    public String name() {
        return name;
    }

    public String text() {
        return text;
    }

    /** The text of physical line {@code line} (from 1) without its newline, or null past the end. */
    public String line(int line) {
        if (line < 1 || line > lineStarts.length) {
            return null;
        }
        int start = lineStarts[line - 1];
        int end = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
        if (end > start && text.charAt(end - 1) == '\r') {
            end--;
        }
        return text.substring(start, Math.max(start, end));
    }
}
