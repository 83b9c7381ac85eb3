package scmp.cc.parse;

import org.antlr.v4.runtime.CommonToken;
import scmp.cc.lex.Token;

/**
 * A parser token made from a preprocessed token. An identifier's type is decided when the parser asks, from
 * the typedef scopes of that moment (see CParser.g4), and frozen when the parser consumes it, so the parse
 * tree keeps the meaning it was parsed with. The preprocessor token it came from carries the position.
 */
public final class CToken extends CommonToken {
    private final Token pp;
    private final TypedefScopes scopes;
    private final boolean neverTypedef;
    private final CToken prev;
    private boolean frozen;

    CToken(int baseType, Token pp, TypedefScopes scopes, CToken prev) {
        super(baseType, pp.text());
        this.pp = pp;
        this.scopes = scopes;
        this.prev = prev;
        setLine(pp.line());
        setCharPositionInLine(Math.max(0, pp.col() - 1));
        this.neverTypedef = prev != null && prev.baseDemotes();
    }

    /** The preprocessing token this parser token was made from (position, spelling, literal text). */
    public Token pp() {
        return pp;
    }

    /**
     * Whether the token after this one names a tag, member, label or declared object rather than possibly a
     * typedef: after {@code struct}, {@code .}, {@code goto} or a type keyword; after a tag
     * ({@code struct s s;}: tags and ordinary identifiers are separate name spaces, C99 6.2.3); and after
     * {@code *}, where a declarator's name follows and a typedef name can never stand.
     */
    private boolean baseDemotes() {
        int t = super.getType();
        if (t == CLexer.Identifier && prev != null) {
            int p = prev.baseType();
            if (p == CLexer.Struct || p == CLexer.Union || p == CLexer.Enum) {
                return true;
            }
        }
        return t == CLexer.Star || t == CLexer.Struct || t == CLexer.Union || t == CLexer.Enum || t == CLexer.Dot || t == CLexer.Arrow
                || t == CLexer.Goto || t == CLexer.Void || t == CLexer.Char || t == CLexer.Short
                || t == CLexer.Int || t == CLexer.Long || t == CLexer.Float || t == CLexer.Double
                || t == CLexer.Signed || t == CLexer.Unsigned || t == CLexer.Bool;
    }

    /** The token's type as the adapter made it, before any typedef-name decision. */
    private int baseType() {
        return super.getType();
    }

    private int typeIgnoringPrevious() {
        int t = super.getType();
        if (t == CLexer.Identifier && !neverTypedef && scopes != null && scopes.isTypedefName(getText())) {
            return CLexer.TypedefName;
        }
        return t;
    }

    @Override
    public int getType() {
        if (frozen) {
            return super.getType();
        }
        int t = typeIgnoringPrevious();
        // `T x` where T is a typedef: x declares a name even if it is also a typedef name.
        if (t == CLexer.TypedefName && prev != null && !prev.frozenOrNot() && prev.typeIgnoringPrevious() == CLexer.TypedefName) {
            return CLexer.Identifier;
        }
        if (t == CLexer.TypedefName && prev != null && prev.frozenOrNot() && prev.getType() == CLexer.TypedefName) {
            return CLexer.Identifier;
        }
        return t;
    }

    private boolean frozenOrNot() {
        return frozen;
    }

    /** Fixes the type the parser saw when it consumed this token. */
    void freeze() {
        if (!frozen) {
            int t = getType();
            frozen = true;
            setType(t);
        }
    }
}
