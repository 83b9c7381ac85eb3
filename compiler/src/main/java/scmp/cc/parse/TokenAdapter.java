package scmp.cc.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.Vocabulary;
import scmp.cc.Diagnostics;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;

/**
 * Turns the preprocessor's tokens into the parser's (C99 translation phase 7): keywords and punctuators get
 * their token types from the grammar's vocabulary, pp-numbers become integer or floating constants, GNU
 * alternate keyword spellings map to the standard ones, and stray characters are reported and dropped.
 */
public final class TokenAdapter {
    private static final Map<String, Integer> TYPES = new HashMap<>();

    static {
        Vocabulary v = CLexer.VOCABULARY;
        for (int i = 0; i <= v.getMaxTokenType(); i++) {
            String lit = v.getLiteralName(i);
            if (lit != null) {
                TYPES.put(lit.substring(1, lit.length() - 1), i);
            }
        }
        String[][] aliases = {
            {"__inline", "inline"}, {"__inline__", "inline"}, {"__restrict", "restrict"},
            {"__restrict__", "restrict"}, {"__const", "const"}, {"__const__", "const"}, {"__volatile", "volatile"},
            {"__volatile__", "volatile"}, {"__signed", "signed"}, {"__signed__", "signed"}, {"asm", "__asm__"},
            {"__asm", "__asm__"}, {"typeof", "__typeof__"}, {"__typeof", "__typeof__"}, {"__alignof__", "_Alignof"},
            {"__alignof", "_Alignof"}, {"__attribute", "__attribute__"}, {"_Noreturn", "_Noreturn"},
            {"__thread", "_Thread_local"},
        };
        for (String[] a : aliases) {
            TYPES.put(a[0], TYPES.get(a[1]));
        }
    }

    private TokenAdapter() {
    }

    /** Keywords that may begin an old-style definition's parameter declarations. */
    private static final java.util.Set<String> PARAM_DECL_START = java.util.Set.of("int", "char", "short", "long",
            "unsigned", "signed", "float", "double", "struct", "union", "enum", "register", "const", "volatile",
            "void", "_Bool");

    private static boolean plainIdentifier(Token t) {
        return t.kind() == Token.Kind.IDENT && !TYPES.containsKey(t.text());
    }

    /**
     * C89's implicit {@code int} for function definitions without declaration specifiers ({@code main() {},
     * {@code f(a, b) char *a; {}}): at file scope, a name and a parenthesised list followed by a function body
     * or by old-style parameter declarations get an {@code int} token in front, placed at the name (which is how
     * the type checker recognises it, to warn).
     */
    /** The hideset that marks the {@code int} token {@link #implicitInt} adds (no macro has this name). */
    public static final java.util.Set<String> IMPLICIT_INT = java.util.Set.of(" implicit int");

    static List<Token> implicitInt(List<Token> toks) {
        List<Token> out = null;
        java.util.ArrayDeque<Boolean> braceKinds = new java.util.ArrayDeque<>();
        int depth = 0;
        boolean canStart = true;
        for (int i = 0; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (depth == 0 && canStart && plainIdentifier(t) && i + 1 < toks.size() && toks.get(i + 1).is("(")) {
                int d = 0, j = i + 1;
                for (; j < toks.size(); j++) {
                    if (toks.get(j).is("(")) {
                        d++;
                    } else if (toks.get(j).is(")") && --d == 0) {
                        break;
                    }
                }
                Token after = j + 1 < toks.size() ? toks.get(j + 1) : null;
                if (after != null && (after.is("{") || after.kind() == Token.Kind.IDENT
                        && PARAM_DECL_START.contains(after.text()))) {
                    if (out == null) {
                        out = new ArrayList<>(toks.subList(0, i));
                    }
                    out.add(t.withText(Token.Kind.IDENT, "int").withHideset(IMPLICIT_INT));
                }
            }
            if (out != null) {
                out.add(t);
            }
            if (t.is("(") || t.is("[")) {
                depth++;
            } else if (t.is(")") || t.is("]")) {
                depth--;
            } else if (t.is("{")) {
                if (depth == 0) {
                    // A function body ends a definition; a struct, enum or initializer brace does not.
                    Token p1 = i >= 1 ? toks.get(i - 1) : null, p2 = i >= 2 ? toks.get(i - 2) : null;
                    boolean aggregate = p1 != null && (p1.is("=") || isTagKeyword(p1)
                            || p1.kind() == Token.Kind.IDENT && p2 != null && isTagKeyword(p2));
                    braceKinds.push(aggregate);
                }
                depth++;
            } else if (t.is("}")) {
                depth--;
                if (depth == 0 && !braceKinds.isEmpty()) {
                    canStart = !braceKinds.pop();
                    continue;
                }
            }
            canStart = depth == 0 && t.is(";");
        }
        return out == null ? toks : out;
    }

    private static boolean isTagKeyword(Token t) {
        return t.kind() == Token.Kind.IDENT && (t.text().equals("struct") || t.text().equals("union")
                || t.text().equals("enum"));
    }

    /** The parser tokens for {@code toks}, reading typedef names from {@code scopes}. */
    public static List<CToken> adapt(List<Token> toks, TypedefScopes scopes, Diagnostics diag) {
        toks = implicitInt(toks);
        List<CToken> out = new ArrayList<>();
        CToken prev = null;
        for (Token t : toks) {
            int type;
            switch (t.kind()) {
                case EOF -> type = org.antlr.v4.runtime.Token.EOF;
                case IDENT -> type = TYPES.getOrDefault(t.text(), CLexer.Identifier);
                case NUMBER -> {
                    if (Literals.isFloat(t.text())) {
                        type = CLexer.FloatingConstant;
                    } else {
                        type = CLexer.IntegerConstant;
                    }
                }
                case CHAR -> type = CLexer.CharacterConstant;
                case STRING -> type = CLexer.StringLiteral;
                case PUNCT -> {
                    Integer ty = TYPES.get(t.text());
                    if (ty == null) {
                        diag.error(t, "stray '" + t.text() + "' in program");
                        continue;
                    }
                    type = ty;
                }
                default -> {
                    String s = t.text();
                    int q = Math.max(s.indexOf('"'), s.indexOf('\''));
                    if (s.length() > 1 && q >= 0) {
                        diag.error(t, "missing terminating " + s.charAt(q) + " character");
                    } else {
                        diag.error(t, "stray '" + stray(s) + "' in program");
                    }
                    continue;
                }
            }
            CToken c = new CToken(type, t, scopes, prev);
            c.setTokenIndex(out.size());
            out.add(c);
            prev = c;
            if (type == org.antlr.v4.runtime.Token.EOF) {
                break;
            }
        }
        if (out.isEmpty() || out.get(out.size() - 1).getType() != org.antlr.v4.runtime.Token.EOF) {
            Token last = toks.isEmpty() ? null : toks.get(toks.size() - 1);
            CToken c = new CToken(org.antlr.v4.runtime.Token.EOF, last, scopes, prev);
            c.setTokenIndex(out.size());
            out.add(c);
        }
        return out;
    }

    /** How gcc spells a stray byte: itself if printable ASCII, else an octal escape. */
    static String stray(String s) {
        char c = s.isEmpty() ? 0 : s.charAt(0);
        if (c > 32 && c < 127) {
            return String.valueOf(c);
        }
        return String.format("\\%o", (int) c & 0xff);
    }
}
