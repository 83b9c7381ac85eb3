package scmp.asm;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Decoding of numeric, character and string literals. Kept apart from the parser so that the rules (octal
 * with a leading 0, C escapes) live in one place and errors carry a precise position.
 */
final class Literals {
    private Literals() {
    }

    private static final BigInteger MAX_U64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** An integer literal: decimal, 0x hex, 0b binary or 0 octal; up to 64 bits (two's complement wraps). */
    static long integer(String text, Pos pos) {
        String t = text.toLowerCase(java.util.Locale.ROOT);
        int radix = 10;
        String digits = t;
        if (t.startsWith("0x")) {
            radix = 16;
            digits = t.substring(2);
        } else if (t.startsWith("0b")) {
            radix = 2;
            digits = t.substring(2);
        } else if (t.length() > 1 && t.startsWith("0")) {
            radix = 8;
            digits = t.substring(1);
            for (char c : digits.toCharArray()) {
                if (c > '7') {
                    throw new AsmError(pos, "invalid octal number '" + text + "' (a leading 0 means octal)");
                }
            }
        }
        BigInteger v = new BigInteger(digits, radix);
        if (v.compareTo(MAX_U64) > 0) {
            throw new AsmError(pos, "number '" + text + "' does not fit in 64 bits");
        }
        return v.longValue();
    }

    static double floating(String text, Pos pos) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new AsmError(pos, "invalid floating-point number '" + text + "'");
        }
    }

    /** The value of a character constant such as {@code 'a'} or {@code '\n'} (with its quotes). */
    static long character(String text, Pos pos) {
        String body = text.substring(1, text.length() - 1);
        if (body.isEmpty()) {
            throw new AsmError(pos, "empty character constant");
        }
        if (body.charAt(0) == '\\') {
            int[] end = new int[1];
            int v = escape(body, 1, end, at(pos, 1));
            if (end[0] != body.length()) {
                throw new AsmError(pos, "character constant " + text + " holds more than one character");
            }
            return v;
        }
        if (body.codePointCount(0, body.length()) != 1) {
            throw new AsmError(pos, "character constant " + text + " holds more than one character");
        }
        return body.codePointAt(0);
    }

    /** The bytes of a string literal (with its quotes): UTF-8 text, escapes giving single bytes. */
    static byte[] string(String text, Pos pos) {
        String body = text.substring(1, text.length() - 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '\\') {
                int[] end = new int[1];
                int v = escape(body, i + 1, end, at(pos, i + 1));
                if (v > 0xFF) {
                    throw new AsmError(at(pos, i + 1), "escape sequence value " + v + " does not fit in a byte");
                }
                out.write(v);
                i = end[0];
            } else {
                int cp = body.codePointAt(i);
                byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i += Character.charCount(cp);
            }
        }
        return out.toByteArray();
    }

    /** The position of character {@code index} of a literal that starts at {@code start} (literals are one line). */
    private static Pos at(Pos start, int index) {
        return new Pos(start.line(), start.col() + index);
    }

    /** Decodes the escape whose letter is at {@code s[i]} (after the backslash); {@code end[0]} gets the next index. */
    private static int escape(String s, int i, int[] end, Pos pos) {
        char c = s.charAt(i);
        end[0] = i + 1;
        switch (c) {
            case 'n': return '\n';
            case 't': return '\t';
            case 'r': return '\r';
            case 'a': return 7;
            case 'b': return '\b';
            case 'f': return '\f';
            case 'v': return 11;
            case 'e': return 27;
            case '\\': return '\\';
            case '\'': return '\'';
            case '"': return '"';
            case '?': return '?';
            case 'x': {
                int j = i + 1;
                int v = 0;
                while (j < s.length() && j < i + 3 && Character.digit(s.charAt(j), 16) >= 0) {
                    v = v * 16 + Character.digit(s.charAt(j), 16);
                    j++;
                }
                if (j == i + 1) {
                    throw new AsmError(pos, "\\x escape without hex digits");
                }
                end[0] = j;
                return v;
            }
            default:
                if (c >= '0' && c <= '7') {
                    int j = i;
                    int v = 0;
                    while (j < s.length() && j < i + 3 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
                        v = v * 8 + (s.charAt(j) - '0');
                        j++;
                    }
                    end[0] = j;
                    return v;
                }
                throw new AsmError(pos, "unknown escape sequence '\\" + c + "'");
        }
    }
}
