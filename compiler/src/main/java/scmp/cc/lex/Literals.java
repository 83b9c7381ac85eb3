package scmp.cc.lex;

import java.io.ByteArrayOutputStream;
import scmp.cc.Diagnostics;

/**
 * The values of constants and string literals (C99 6.4.4, 6.4.5): integer constants with their suffixes,
 * floating constants (decimal and hexadecimal), character constants and string bodies with every escape.
 */
public final class Literals {
    private Literals() {
    }

    /**
     * An integer constant: its value as 64 bits, whether a U suffix was given, how many L's, whether it was
     * decimal (which changes the candidate types, 6.4.4.1), and whether the value overflowed 64 bits.
     */
    public record IntLit(long value, boolean unsigned, int longs, boolean decimal, boolean overflow) {
        /** Byte size implied by the suffix alone (4 or 8); the type rules may still widen it. */
        public int size() {
            return longs == 2 ? 8 : 4;
        }
    }

    /** Parses an integer pp-number, or returns null if it is not a valid integer constant. */
    public static IntLit parseInt(String s) {
        String t = s;
        boolean u = false;
        int longs = 0;
        while (!t.isEmpty()) {
            char c = Character.toLowerCase(t.charAt(t.length() - 1));
            if (c == 'u' && !u) {
                u = true;
            } else if (c == 'l' && longs == 0) {
                longs = 1;
                if (t.length() >= 2 && Character.toLowerCase(t.charAt(t.length() - 2)) == 'l') {
                    if (t.charAt(t.length() - 2) != t.charAt(t.length() - 1)) {
                        return null;
                    }
                    longs = 2;
                    t = t.substring(0, t.length() - 1);
                }
            } else {
                break;
            }
            t = t.substring(0, t.length() - 1);
        }
        int base = 10;
        String digits = t;
        if (t.startsWith("0x") || t.startsWith("0X")) {
            base = 16;
            digits = t.substring(2);
        } else if (t.startsWith("0b") || t.startsWith("0B")) {
            base = 2;
            digits = t.substring(2);
        } else if (t.startsWith("0") && t.length() > 1) {
            base = 8;
            digits = t.substring(1);
        }
        if (digits.isEmpty()) {
            return null;
        }
        long v = 0;
        boolean overflow = false;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), base);
            if (d < 0) {
                return null;
            }
            long nv = v * base + d;
            if (Long.compareUnsigned(v, Long.divideUnsigned(-1L, base)) > 0 || Long.compareUnsigned(nv, v * base) < 0) {
                overflow = true;
            }
            v = nv;
        }
        return new IntLit(v, u, longs, base == 10, overflow);
    }

    public static boolean isFloat(String s) {
        boolean hex = s.startsWith("0x") || s.startsWith("0X");
        return s.contains(".") || (!hex && (s.contains("e") || s.contains("E")))
                || (hex && (s.contains("p") || s.contains("P")));
    }

    /** A floating constant: its value and its suffix ('f', 'l' or 0). */
    public record FloatLit(double value, char suffix) {
    }

    /** Parses a floating pp-number, or returns null if it is not one. */
    public static FloatLit parseFloat(String s) {
        String t = s;
        char suffix = 0;
        char last = Character.toLowerCase(t.charAt(t.length() - 1));
        boolean hex = t.startsWith("0x") || t.startsWith("0X");
        if (last == 'f' && !hex || last == 'l' || (hex && last == 'f' && t.toLowerCase().contains("p"))) {
            suffix = last;
            t = t.substring(0, t.length() - 1);
        }
        try {
            if (hex) {
                if (!t.toLowerCase().contains("p")) {
                    return null;
                }
                return new FloatLit(Double.parseDouble(t), suffix);
            }
            if (!t.matches("[0-9]*\\.?[0-9]*([eE][+-]?[0-9]+)?") || t.equals(".")) {
                return null;
            }
            return new FloatLit(Double.parseDouble(t), suffix);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The value of a character constant as an int (plain char is signed on SCMP). */
    public static int parseChar(Token t, Diagnostics diag) {
        String s = t.text();
        boolean wide = s.charAt(0) != '\'';
        int q = s.indexOf('\'');
        int end = s.endsWith("'") && s.length() > q + 1 ? s.length() - 1 : s.length();
        String body = s.substring(q + 1, end);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] cps = decode(body, t, diag, out, wide);
        if (cps.length == 0) {
            diag.error(t, "empty character constant");
            return 0;
        }
        if (wide) {
            if (cps.length > 1) {
                // gcc keeps the last character of an over-long wide, u or U constant.
                diag.warning(t, "character constant too long for its type");
            }
            return cps[cps.length - 1];
        }
        if (cps.length > 1) {
            diag.warning(t, "multi-character character constant");
            int v = 0;
            for (int c : cps) {
                v = (v << 8) | (c & 0xff);
            }
            return v;
        }
        return (byte) cps[0];
    }

    /** The bytes (or, for wide literals, code units) of a string literal's body, without the terminator. */
    public static int[] stringBody(Token t, Diagnostics diag) {
        String s = t.text();
        return stringBody(t, diag, s.charAt(0) == 'L' || s.charAt(0) == 'U' || (s.charAt(0) == 'u' && s.charAt(1) != '8'));
    }

    /**
     * The body of a string literal read as wide ({@code wide}: code points, its UTF-8 decoded) or narrow
     * (bytes), whatever its prefix: a narrow literal concatenated with a wide one is read as wide (6.4.5p5).
     */
    public static int[] stringBody(Token t, Diagnostics diag, boolean wide) {
        String s = t.text();
        int q = s.indexOf('"');
        int end = s.endsWith("\"") && s.length() > q + 1 ? s.length() - 1 : s.length();
        return decode(s.substring(q + 1, end), t, diag, new ByteArrayOutputStream(), wide);
    }

    /**
     * The code units of a literal's body: bytes for a narrow literal, code points for a wide one (whose UTF-8
     * source characters are decoded, as gcc reads its UTF-8 input). A universal character name ({@code \\u00e9},
     * {@code \\U0001F600}) is its code point in a wide literal and its UTF-8 bytes in a narrow one.
     */
    private static int[] decode(String body, Token t, Diagnostics diag, ByteArrayOutputStream unused, boolean wide) {
        int[] out = new int[body.length()];
        int n = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= body.length()) {
                int len = wide ? utf8Length(body, i) : 1;
                out[n++] = len > 1 ? utf8CodePoint(body, i, len) : c & 0xff;
                i += len - 1;
                continue;
            }
            char e = body.charAt(++i);
            if (e == 'u' || e == 'U') {
                int digits = e == 'u' ? 4 : 8;
                long v = 0;
                int k = 0;
                for (; k < digits && i + 1 < body.length() && Character.digit(body.charAt(i + 1), 16) >= 0; k++) {
                    v = v * 16 + Character.digit(body.charAt(++i), 16);
                }
                if (k < digits) {
                    diag.error(t, "incomplete universal character name \\" + e + body.substring(i + 1 - k, i + 1));
                }
                if (wide) {
                    out[n++] = (int) v;
                } else {
                    for (byte b : new String(Character.toChars((int) Math.min(v, Character.MAX_CODE_POINT)))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                        out[n++] = b & 0xff;
                    }
                }
                continue;
            }
            switch (e) {
                case 'n' -> out[n++] = '\n';
                case 't' -> out[n++] = '\t';
                case 'r' -> out[n++] = '\r';
                case 'a' -> out[n++] = 7;
                case 'b' -> out[n++] = 8;
                case 'f' -> out[n++] = 12;
                case 'v' -> out[n++] = 11;
                case 'e', 'E' -> out[n++] = 27;
                case '\\', '\'', '"', '?' -> out[n++] = e;
                case 'x' -> {
                    long v = 0;
                    int digits = 0;
                    while (i + 1 < body.length() && Character.digit(body.charAt(i + 1), 16) >= 0) {
                        v = v * 16 + Character.digit(body.charAt(++i), 16);
                        digits++;
                    }
                    if (digits == 0) {
                        diag.error(t, "\\x used with no following hex digits");
                    } else if (!wide && v > 0xff) {
                        diag.warning(t, "hex escape sequence out of range");
                    }
                    out[n++] = (int) (wide ? v : v & 0xff);
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = e - '0';
                        for (int k = 0; k < 2 && i + 1 < body.length() && body.charAt(i + 1) >= '0'
                                && body.charAt(i + 1) <= '7'; k++) {
                            v = v * 8 + body.charAt(++i) - '0';
                        }
                        out[n++] = wide ? v : v & 0xff;
                    } else {
                        diag.warning(t, "unknown escape sequence: '\\" + e + "'");
                        out[n++] = e;
                    }
                }
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** The length of the well-formed UTF-8 sequence of 2 to 4 bytes at {@code s[i]}, or 1 if there is none. */
    private static int utf8Length(String s, int i) {
        int b = s.charAt(i) & 0xff;
        int len = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? (b < 0xf0 ? 3 : 1) : b >= 0xc2 ? 2 : 1;
        if (len == 1 || i + len > s.length()) {
            return 1;
        }
        for (int k = 1; k < len; k++) {
            if ((s.charAt(i + k) & 0xc0) != 0x80) {
                return 1;
            }
        }
        return len;
    }

    private static int utf8CodePoint(String s, int i, int len) {
        int cp = (s.charAt(i) & 0xff) & (0x7f >> len);
        for (int k = 1; k < len; k++) {
            cp = cp << 6 | (s.charAt(i + k) & 0x3f);
        }
        return cp;
    }
}
