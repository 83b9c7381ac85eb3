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
 * Function definitions without declaration specifiers first get C89's implicit {@code int} ({@link ImplicitInt}).
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
            {"__thread", "_Thread_local"}, {"__complex__", "_Complex"}, {"__complex", "_Complex"},
            {"__real", "__real__"}, {"__imag", "__imag__"},
        };
        for (String[] a : aliases) {
            TYPES.put(a[0], TYPES.get(a[1]));
        }
    }

    private TokenAdapter() {
    }

    /** The hideset that marks the {@code int} token {@link ImplicitInt} adds (no macro has this name). */
    public static final java.util.Set<String> IMPLICIT_INT = ImplicitInt.HIDESET;

    /** The parser tokens for {@code toks}, reading typedef names from {@code scopes}. */
    public static List<CToken> adapt(List<Token> toks, TypedefScopes scopes, Diagnostics diag) {
        toks = ImplicitInt.insert(toks, TYPES::containsKey);
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
                    if (t.text().startsWith(scmp.cc.pp.Preprocessor.PRAGMA_PACK)
                            || t.text().startsWith(scmp.cc.pp.Preprocessor.PRAGMA_WEAK)) {
                        // #pragma pack (and weak) reaches the parser as a static assertion that Sema recognises
                        // (Declarations.staticAssert): it may stand wherever a declaration or a member may
                        for (Token p : pragmaPack(t)) {
                            int ty = p.kind() == Token.Kind.STRING ? CLexer.StringLiteral
                                    : TYPES.getOrDefault(p.text(), CLexer.Identifier);
                            CToken c = new CToken(ty, p, scopes, prev);
                            c.setTokenIndex(out.size());
                            out.add(c);
                            prev = c;
                        }
                        continue;
                    }
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

    /** The tokens of {@code _Static_assert(__scmp_pragma_pack__, "#pragma pack(...)");} at the pragma's place. */
    private static List<Token> pragmaPack(Token t) {
        return List.of(t.withText(Token.Kind.IDENT, "_Static_assert"), t.withText(Token.Kind.PUNCT, "("),
                t.withText(Token.Kind.IDENT, "__scmp_pragma_pack__"), t.withText(Token.Kind.PUNCT, ","),
                t.withText(Token.Kind.STRING, "\"" + t.text() + "\""), t.withText(Token.Kind.PUNCT, ")"),
                t.withText(Token.Kind.PUNCT, ";"));
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
