package scmp.cc.parse;

import java.util.List;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import scmp.cc.Diagnostics;

/**
 * The parsing stage: preprocessed tokens in, an ANTLR parse tree of the translation unit out. Syntax errors
 * are reported to the diagnostics in gcc's words and the parser recovers, so one run shows several.
 */
public final class CParse {
    private CParse() {
    }

    /** The parser, with each token's type frozen as it is consumed (see CToken). */
    private static final class FreezingParser extends CParser {
        FreezingParser(CommonTokenStream in) {
            super(in);
        }

        @Override
        public Token consume() {
            Token t = getCurrentToken();
            if (t instanceof CToken c) {
                c.freeze();
            }
            return super.consume();
        }
    }

    /** Parses a translation unit. */
    public static CParser.CompilationUnitContext parse(List<scmp.cc.lex.Token> toks, Diagnostics diag) {
        TypedefScopes scopes = new TypedefScopes();
        List<CToken> ctoks = TokenAdapter.adapt(toks, scopes, diag);
        CommonTokenStream stream = new CommonTokenStream(new ListTokenSource(ctoks));
        CParser p = new FreezingParser(stream);
        p.scopes = scopes;
        p.removeErrorListeners();
        p.setErrorHandler(new ErrorReporter(diag));
        p.getInterpreter().setPredictionMode(PredictionMode.LL);
        return p.compilationUnit();
    }
}
