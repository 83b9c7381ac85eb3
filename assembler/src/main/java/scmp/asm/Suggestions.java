package scmp.asm;

import java.util.List;
import java.util.Locale;

/**
 * "Did you mean" hints for unknown mnemonics and directives: a missing suffix ({@code fadd} for
 * {@code fadd.d}), else the closest candidate within two edits, if the word is long enough for that to be a
 * guess rather than noise.
 */
final class Suggestions {
    private Suggestions() {
    }

    /** The closest candidate within edit distance 2, for "did you mean" hints; null if none. */
    static String suggest(String word, List<String> candidates) {
        String best = null;
        int bestDist = 3;
        String w = word.toLowerCase(Locale.ROOT);
        for (String c : candidates) {
            if (c.startsWith(w + ".")) {
                return c; // a missing suffix: fadd -> fadd.d
            }
        }
        for (String c : candidates) {
            int d = distance(w, c);
            // Two edits are a guess only for longer words: 'foo' is not a misspelt 'xor'.
            if (d < bestDist && d < Math.max(2, c.length()) && 2 * d <= w.length()) {
                best = c;
                bestDist = d;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2) {
            return 99;
        }
        int[] prev = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                row[j] = Math.min(Math.min(row[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = row;
            row = t;
        }
        return prev[b.length()];
    }
}
