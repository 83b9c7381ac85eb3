package scmp.cc.lex;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.common.Limits;

/**
 * Splits a source file into preprocessing tokens (C99 5.1.1.2 phases 1-3): line splices removed, comments
 * replaced by a space, then identifiers, pp-numbers, character constants, string literals and punctuators.
 * Any other character becomes an OTHER token; the parser reports it as a stray character only if it survives
 * preprocessing, as gcc does, so garbage inside {@code #if 0} is harmless.
 */
public final class Tokenizer {
    private static final String[] PUNCTUATORS = {
        "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=",
        "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>",
        "[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":",
        ";", "=", ",", "#",
    };

    private final SourceFile file;
    private final String src;
    private final Diagnostics diag;
    private final List<Token> out = new ArrayList<>();
    private int pos;
    private int line = 1;
    private int lineStart;
    private boolean bol = true;
    private boolean space;

    private Tokenizer(SourceFile file, Diagnostics diag) {
        this.file = file;
        this.src = removeSplices(file.text());
        this.diag = diag;
    }

    /**
     * Tokenizes {@code file}, ending with an EOF token; problems go to {@code diag}. A file with a line longer
     * than {@link Limits#MAX_LINE_LENGTH} or more than {@link Limits#MAX_TOKENS} tokens is refused with a fatal
     * error.
     *
     * @throws Diagnostics.Fatal when the file is over a limit
     */
    public static List<Token> tokenize(SourceFile file, Diagnostics diag) {
        if (file.longestLine() > Limits.MAX_LINE_LENGTH) {
            int line = file.longestLineNumber();
            throw diag.fatal(new Token(Token.Kind.OTHER, "", file, file.name(), line, line, 1, true, false, Set.of()),
                    "line too long (" + file.longestLine() + " characters; the limit is " + Limits.MAX_LINE_LENGTH
                            + ")");
        }
        Tokenizer t = new Tokenizer(file, diag);
        t.run();
        return t.out;
    }

    /**
     * Removes backslash-newline pairs; the removed newlines are put back after the logical line, so that the
     * following lines keep their numbers.
     */
    static String removeSplices(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        int pending = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                pending++;
                i++;
            } else if (c == '\\' && i + 2 < s.length() && s.charAt(i + 1) == '\r' && s.charAt(i + 2) == '\n') {
                pending++;
                i += 2;
            } else if (c == '\n') {
                sb.append('\n');
                for (; pending > 0; pending--) {
                    sb.append('\n');
                }
            } else {
                sb.append(c);
            }
        }
        for (; pending > 0; pending--) {
            sb.append('\n');
        }
        return sb.toString();
    }

    private Token make(Token.Kind kind, int start, int end, int tokLine, int tokCol) {
        if (out.size() >= Limits.MAX_TOKENS) {
            throw diag.fatal(here(start), "too many tokens in " + file.name() + " (the limit is " + Limits.MAX_TOKENS
                    + ")");
        }
        Token t = new Token(kind, src.substring(start, end), file, file.name(), tokLine, tokLine, tokCol, bol, space,
                Set.of());
        bol = false;
        space = false;
        return t;
    }

    private Token here(int p) {
        return new Token(Token.Kind.OTHER, "", file, file.name(), line, line, p - lineStart + 1, false, false,
                Set.of());
    }

    private void run() {
        int n = src.length();
        while (pos < n) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
                bol = true;
                space = false;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
                pos++;
                space = true;
                continue;
            }
            if (src.startsWith("//", pos)) {
                while (pos < n && src.charAt(pos) != '\n') {
                    pos++;
                }
                space = true;
                continue;
            }
            if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                if (end < 0) {
                    diag.error(here(pos), "unterminated comment");
                    end = n - 2;
                }
                for (int i = pos; i < end; i++) {
                    if (src.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                }
                pos = end + 2;
                space = true;
                continue;
            }
            int start = pos;
            int col = pos - lineStart + 1;
            if (Character.isDigit(c) || (c == '.' && pos + 1 < n && Character.isDigit(src.charAt(pos + 1)))) {
                pos++;
                while (pos < n) {
                    char d = src.charAt(pos);
                    if ((d == '+' || d == '-') && "eEpP".indexOf(src.charAt(pos - 1)) >= 0) {
                        pos++;
                    } else if (isIdentChar(d) || d == '.') {
                        pos++;
                    } else {
                        break;
                    }
                }
                out.add(make(Token.Kind.NUMBER, start, pos, line, col));
                continue;
            }
            if (c == '"' || c == '\'' || ((c == 'L' || c == 'u' || c == 'U') && pos + 1 < n
                    && (src.charAt(pos + 1) == '"' || src.charAt(pos + 1) == '\''))
                    || (c == 'u' && src.startsWith("u8\"", pos))) {
                int q = pos;
                while (src.charAt(q) != '"' && src.charAt(q) != '\'') {
                    q++;
                }
                char quote = src.charAt(q);
                int p = q + 1;
                boolean closed = false;
                while (p < n && src.charAt(p) != '\n') {
                    char d = src.charAt(p);
                    if (d == '\\' && p + 1 < n && src.charAt(p + 1) != '\n') {
                        p += 2;
                        continue;
                    }
                    p++;
                    if (d == quote) {
                        closed = true;
                        break;
                    }
                }
                pos = p;
                // An unterminated literal is an error only if it survives preprocessing (the parser reports
                // it), so stray quotes in #if 0 groups are harmless, as with gcc.
                out.add(make(!closed ? Token.Kind.OTHER : quote == '"' ? Token.Kind.STRING : Token.Kind.CHAR, start,
                        pos, line, col));
                continue;
            }
            if (isIdentStart(c)) {
                while (pos < n && isIdentChar(src.charAt(pos))) {
                    pos++;
                }
                if (pos - start > Limits.MAX_IDENTIFIER_LENGTH) {
                    diag.error(here(start), "identifier too long (" + (pos - start) + " characters; the limit is "
                            + Limits.MAX_IDENTIFIER_LENGTH + ")");
                    start = pos - Limits.MAX_IDENTIFIER_LENGTH;
                }
                out.add(make(Token.Kind.IDENT, start, pos, line, col));
                continue;
            }
            String punct = null;
            for (String p : PUNCTUATORS) {
                if (src.startsWith(p, pos)) {
                    punct = p;
                    break;
                }
            }
            if (punct != null) {
                pos += punct.length();
                Token t = make(Token.Kind.PUNCT, start, pos, line, col);
                out.add(switch (punct) {
                    case "<:" -> t.withText(Token.Kind.PUNCT, "[");
                    case ":>" -> t.withText(Token.Kind.PUNCT, "]");
                    case "<%" -> t.withText(Token.Kind.PUNCT, "{");
                    case "%>" -> t.withText(Token.Kind.PUNCT, "}");
                    default -> t;
                });
                continue;
            }
            pos++;
            out.add(make(Token.Kind.OTHER, start, pos, line, col));
        }
        out.add(new Token(Token.Kind.EOF, "", file, file.name(), line, line, pos - lineStart + 1, true, false,
                Set.of()));
    }

    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    static boolean isIdentChar(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }
}
