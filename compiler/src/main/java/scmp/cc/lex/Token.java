package scmp.cc.lex;

import java.util.Set;

/**
 * A preprocessing token (C99 6.4) with its position. Tokens are immutable; macro expansion makes copies
 * that carry a hide set (the macros that must not expand this token again, Prosser's algorithm) and keep the
 * position of the text they came from, so that diagnostics point into the source.
 *
 * @param kind      what sort of token it is
 * @param text      its spelling (for a string or character literal, with quotes and escapes as written)
 * @param file      the file whose line the token's position refers to (for the caret line)
 * @param fileName  the presumed file name (changed by {@code #line})
 * @param line      the presumed line number (changed by {@code #line})
 * @param physLine  the physical line in {@code file}, for the caret line
 * @param col       the column, from 1
 * @param bol       whether the token is the first on its line (directives start there)
 * @param space     whether white space precedes it (for {@code #} stringizing and {@code -E} output)
 * @param hideset   macros that may not be expanded at this token
 */
public record Token(Kind kind, String text, SourceFile file, String fileName, int line, int physLine, int col,
                    boolean bol, boolean space, Set<String> hideset) {

    /** Token kinds: C99's preprocessing-token categories, plus end of file. */
    public enum Kind { IDENT, PUNCT, NUMBER, CHAR, STRING, OTHER, EOF }

    public boolean is(String s) {
        return text.equals(s) && kind != Kind.STRING && kind != Kind.CHAR;
    }

    public boolean isIdent() {
        return kind == Kind.IDENT;
    }

    public Token withText(Kind k, String t) {
        return new Token(k, t, file, fileName, line, physLine, col, bol, space, hideset);
    }

    public Token withHideset(Set<String> hs) {
        return new Token(kind, text, file, fileName, line, physLine, col, bol, space, hs);
    }

    public Token withSpace(boolean sp) {
        return new Token(kind, text, file, fileName, line, physLine, col, bol, sp, hideset);
    }

    public Token withBol(boolean b) {
        return new Token(kind, text, file, fileName, line, physLine, col, b, space, hideset);
    }

    /** This token's text placed at {@code where}'s position: tokens produced by a macro point at its use. */
    public Token at(Token where) {
        return new Token(kind, text, where.file, where.fileName, where.line, where.physLine, where.col, where.bol,
                space, hideset);
    }

    /** The source line the token is on, for the caret display of a diagnostic. */
    public String sourceLine() {
        return file == null ? null : file.line(physLine);
    }

    @Override
    public String toString() {
        return text;
    }
}
