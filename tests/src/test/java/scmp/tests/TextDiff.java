package scmp.tests;

import java.util.List;

/** A short, unified-diff-like report of the first place where two texts differ. */
final class TextDiff {
    private static final int CONTEXT = 3;

    private TextDiff() {
    }

    /** Returns null when the texts are equal, else the first difference with a few lines of context. */
    static String firstDifference(String expectedName, String expected, String actualName, String actual) {
        if (expected.equals(actual)) {
            return null;
        }
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        int i = 0;
        while (i < e.size() && i < a.size() && e.get(i).equals(a.get(i))) {
            i++;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("--- ").append(expectedName).append('\n');
        sb.append("+++ ").append(actualName).append('\n');
        if (i == e.size() && i == a.size()) {
            sb.append("(the texts differ only in line endings or a final newline)\n");
            return sb.toString();
        }
        int from = Math.max(0, i - CONTEXT);
        sb.append("@@ first difference at line ").append(i + 1).append(" (expected ").append(e.size())
                .append(" lines, got ").append(a.size()).append(") @@\n");
        for (int k = from; k < i; k++) {
            sb.append(' ').append(e.get(k)).append('\n');
        }
        for (int k = i; k < Math.min(e.size(), i + CONTEXT); k++) {
            sb.append('-').append(e.get(k)).append('\n');
        }
        for (int k = i; k < Math.min(a.size(), i + CONTEXT); k++) {
            sb.append('+').append(a.get(k)).append('\n');
        }
        return sb.toString();
    }
}
