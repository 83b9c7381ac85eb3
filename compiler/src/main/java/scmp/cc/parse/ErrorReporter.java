package scmp.cc.parse;

import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.FailedPredicateException;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.misc.IntervalSet;
import scmp.cc.Diagnostics;

/**
 * ANTLR's error recovery (single-token insertion and deletion, resynchronisation) with gcc's wording:
 * {@code expected ';' before '}' token}, {@code expected expression before ')' token},
 * {@code expected ';' at end of input}. A missing token is reported just after the token before it, where
 * gcc puts its caret, since that is where the programmer has to type it.
 */
final class ErrorReporter extends DefaultErrorStrategy {
    private final Diagnostics diag;

    ErrorReporter(Diagnostics diag) {
        this.diag = diag;
    }

    @Override
    public void reportError(Parser recognizer, RecognitionException e) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        if (e instanceof NoViableAltException nv) {
            report(recognizer, nv.getOffendingToken(), expected(recognizer, nv.getExpectedTokens()), false);
        } else if (e instanceof InputMismatchException im) {
            report(recognizer, im.getOffendingToken(), expected(recognizer, im.getExpectedTokens()), true);
        } else if (e instanceof FailedPredicateException fp) {
            report(recognizer, fp.getOffendingToken(), "declaration specifiers", false);
        } else {
            report(recognizer, e.getOffendingToken(), "expression", false);
        }
    }

    @Override
    protected void reportUnwantedToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        report(recognizer, t, expected(recognizer, getExpectedTokens(recognizer)), false);
    }

    @Override
    protected void reportMissingToken(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        Token t = recognizer.getCurrentToken();
        report(recognizer, t, expected(recognizer, getExpectedTokens(recognizer)), true);
    }

    /** A token for single-token insertion; ANTLR's default needs a token source this adapter does not have. */
    @Override
    protected Token getMissingSymbol(Parser recognizer) {
        CToken current = (CToken) recognizer.getCurrentToken();
        int expected = getExpectedTokens(recognizer).getMinElement();
        CToken t = new CToken(expected < 0 ? CLexer.Semi : expected, current.pp(), null, null);
        t.setTokenIndex(-1);
        return t;
    }

    /** Tokens after which an identifier begins a declaration's specifiers (or a statement). */
    private static final java.util.Set<Integer> BEFORE_SPECIFIERS = java.util.Set.of(CLexer.Semi, CLexer.LeftBrace,
            CLexer.RightBrace, CLexer.LeftParen, CLexer.Comma, CLexer.Static, CLexer.Extern, CLexer.Const,
            CLexer.Volatile, CLexer.Register, CLexer.Auto, CLexer.Inline, CLexer.Typedef, CLexer.Restrict);
    /** Keywords after which an identifier can only be a type name. */
    private static final java.util.Set<Integer> SPECIFIER_KEYWORDS = java.util.Set.of(CLexer.Static, CLexer.Extern,
            CLexer.Const, CLexer.Volatile, CLexer.Register, CLexer.Auto, CLexer.Inline, CLexer.Typedef);

    /**
     * gcc's diagnosis of a declaration whose type is a name nobody declared ({@code size_t n;} without
     * {@code <stddef.h>}): an identifier that begins a declaration or statement and is followed by another
     * identifier (or, after a specifier keyword, by {@code *}) is reported as {@code unknown type name}.
     * Returns the misread type name's token, or null.
     */
    private static CToken unknownTypeName(TokenStream in, CToken t) {
        int i = t.getTokenIndex();
        if (i < 1 || !(t.getType() == CLexer.Identifier || t.getType() == CLexer.Star)) {
            return null;
        }
        CToken name = (CToken) in.get(i - 1);
        if (name.getType() != CLexer.Identifier) {
            return null;
        }
        int before = i >= 2 ? in.get(i - 2).getType() : CLexer.Semi;
        if (t.getType() == CLexer.Star ? SPECIFIER_KEYWORDS.contains(before) : BEFORE_SPECIFIERS.contains(before)) {
            return name;
        }
        return null;
    }

    private void report(Parser recognizer, Token offending, String expected, boolean afterPrevious) {
        CToken t = (CToken) offending;
        if (t.getType() != Token.EOF && t.getTokenIndex() >= 0) {
            CToken type = unknownTypeName(recognizer.getInputStream(), t);
            if (type != null) {
                diag.error(type.pp(), "unknown type name '" + type.getText() + "'");
                return;
            }
        }
        String where;
        if (t.getType() == Token.EOF) {
            where = "at end of input";
        } else {
            where = "before " + describe(t);
        }
        scmp.cc.lex.Token at = t.pp();
        TokenStream in = recognizer.getInputStream();
        if (afterPrevious && expected.startsWith("'") && t.getTokenIndex() > 0) {
            CToken prev = (CToken) in.get(t.getTokenIndex() - 1);
            scmp.cc.lex.Token p = prev.pp();
            {
                at = new scmp.cc.lex.Token(p.kind(), p.text(), p.file(), p.fileName(), p.line(), p.physLine(),
                        p.col() + p.text().length(), p.bol(), p.space(), p.hideset());
            }
        }
        diag.error(at, "expected " + expected + " " + where);
    }

    /** gcc's names for what was found: {@code '}' token}, {@code 'x'}, {@code numeric constant}. */
    static String describe(CToken t) {
        return switch (t.getType()) {
            case CLexer.IntegerConstant, CLexer.FloatingConstant -> "numeric constant";
            case CLexer.StringLiteral -> "string constant";
            case CLexer.CharacterConstant -> "character constant";
            case CLexer.Identifier, CLexer.TypedefName -> "'" + t.getText() + "'";
            default -> {
                String text = t.getText();
                yield Character.isLetter(text.isEmpty() ? ' ' : text.charAt(0)) || text.startsWith("_")
                        ? "'" + text + "'" : "'" + text + "' token";
            }
        };
    }

    /** What the parser expected, in gcc's vocabulary ("expression", "identifier", "';'"...). */
    private static String expected(Parser recognizer, IntervalSet set) {
        if (set == null || set.isNil()) {
            return "expression";
        }
        if (set.contains(CLexer.IntegerConstant) && set.contains(CLexer.LeftParen)) {
            if (set.contains(CLexer.Int) && !set.contains(CLexer.Semi)) {
                return "declaration specifiers or expression";
            }
            return "expression";
        }
        if (set.contains(CLexer.Identifier) && set.contains(CLexer.LeftParen) && set.contains(CLexer.Star)) {
            return "identifier or '('";
        }
        if (set.contains(CLexer.Int) && set.contains(CLexer.Struct)) {
            return "declaration specifiers";
        }
        if (set.contains(CLexer.Semi) && set.contains(CLexer.Comma) && set.contains(CLexer.Assign)) {
            return "'=', ',', ';', 'asm' or '__attribute__'";
        }
        if (set.contains(CLexer.Semi)) {
            return "';'";
        }
        if (set.contains(CLexer.Identifier)) {
            return "identifier";
        }
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int type : set.toList()) {
            if (n == 3) {
                break;
            }
            String lit = CLexer.VOCABULARY.getLiteralName(type);
            if (lit == null) {
                continue;
            }
            if (n > 0) {
                sb.append(" or ");
            }
            sb.append(lit);
            n++;
        }
        return n == 0 ? "expression" : sb.toString();
    }
}
