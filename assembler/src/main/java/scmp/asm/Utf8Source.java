package scmp.asm;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;

/**
 * Assembly source must be UTF-8 text. A file that is not (a binary file, another encoding) is reported as one
 * error with the position of the first bad byte, rather than as a flood of syntax errors.
 */
final class Utf8Source {
    private Utf8Source() {
    }

    /** Decodes UTF-8 strictly; a leading byte-order mark is dropped. */
    static String decode(String fileName, byte[] bytes) throws DiagnosticException {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes);
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new DiagnosticException(Diagnostic.error(fileName, line, bad - lineStart + 1, String.format(
                    "not a UTF-8 text file: invalid byte 0x%02x at offset %d (is this a binary file?)",
                    bytes[bad] & 0xFF, bad), null));
        }
    }

    private static int firstInvalidUtf8(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            int n;
            int min;
            if (c < 0x80) {
                i++;
                continue;
            } else if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                min = 0x10000;
            } else {
                return i;
            }
            int cp = c & (0x3F >> n);
            for (int k = 1; k <= n; k++) {
                if (i + k >= b.length || (b[i + k] & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += n + 1;
        }
        return Math.max(0, b.length - 1);
    }
}
