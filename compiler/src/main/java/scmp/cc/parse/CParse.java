package scmp.cc.parse;

import java.util.ArrayDeque;
import java.util.List;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTreeListener;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.common.Limits;

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

    /**
     * Refuses a parse tree deeper than {@link Limits#MAX_NESTING} (a chain of casts, prefix or assignment
     * operators, a long left-associative chain of binary operators, nested declarators), so that neither the
     * parser nor the stages that walk its tree overflow the stack. The listener sees the rules the parser
     * recurses into; a left-recursive rule (a chain of binary operators, of array or function declarators) is
     * parsed by a loop, which leaves and re-enters the rule at each operator, so the depth such a chain gives
     * the tree is measured afterwards ({@link #checkDepth}).
     */
    private static final class DepthLimit implements ParseTreeListener {
        private final Diagnostics diag;
        private int depth;

        DepthLimit(Diagnostics diag) {
            this.diag = diag;
        }

        @Override
        public void enterEveryRule(ParserRuleContext ctx) {
            if (++depth > Limits.MAX_NESTING) {
                depth = Integer.MIN_VALUE; // report once; the Fatal unwinds the parser
                throw tooDeep(diag, ctx);
            }
        }

        @Override
        public void exitEveryRule(ParserRuleContext ctx) {
            depth--;
        }

        @Override
        public void visitTerminal(TerminalNode node) {
        }

        @Override
        public void visitErrorNode(ErrorNode node) {
        }
    }

    /**
     * Refuses parentheses, brackets and braces nested deeper than {@link Limits#MAX_BRACKET_DEPTH}, clang's
     * limit, before parsing.
     */
    private static void checkBrackets(List<scmp.cc.lex.Token> toks, Diagnostics diag) {
        int depth = 0;
        for (scmp.cc.lex.Token t : toks) {
            if (t.kind() != scmp.cc.lex.Token.Kind.PUNCT) {
                continue;
            }
            String s = t.text();
            if (s.equals("(") || s.equals("[") || s.equals("{")) {
                if (++depth > Limits.MAX_BRACKET_DEPTH) {
                    throw diag.fatal(t, "bracket nesting level exceeded maximum of " + Limits.MAX_BRACKET_DEPTH);
                }
            } else if ((s.equals(")") || s.equals("]") || s.equals("}")) && depth > 0) {
                depth--;
            }
        }
    }

    private static Diagnostics.Fatal tooDeep(Diagnostics diag, ParserRuleContext at) {
        return diag.fatal(at.getStart() instanceof CToken c ? c.pp() : null, "expression or declarator nested too "
                + "deeply (the limit is " + Limits.MAX_NESTING + " levels)");
    }

    /** Refuses a parse tree deeper than {@link Limits#MAX_NESTING}, measured without recursion. */
    private static void checkDepth(ParserRuleContext root, Diagnostics diag) {
        ArrayDeque<ParserRuleContext> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> depths = new ArrayDeque<>();
        nodes.push(root);
        depths.push(1);
        while (!nodes.isEmpty()) {
            ParserRuleContext n = nodes.pop();
            int d = depths.pop();
            if (d > Limits.MAX_NESTING) {
                throw tooDeep(diag, n);
            }
            for (int i = 0; i < n.getChildCount(); i++) {
                if (n.getChild(i) instanceof ParserRuleContext c) {
                    nodes.push(c);
                    depths.push(d + 1);
                }
            }
        }
    }

    /**
     * Parses a translation unit.
     *
     * @throws Diagnostics.Fatal when the tokens are nested beyond a limit, or at the error limit
     */
    public static CParser.CompilationUnitContext parse(List<scmp.cc.lex.Token> toks, Diagnostics diag) {
        checkBrackets(toks, diag);
        TypedefScopes scopes = new TypedefScopes();
        List<CToken> ctoks = TokenAdapter.adapt(toks, scopes, diag);
        CommonTokenStream stream = new CommonTokenStream(new ListTokenSource(ctoks));
        CParser p = new FreezingParser(stream);
        p.scopes = scopes;
        p.removeErrorListeners();
        p.setErrorHandler(new ErrorReporter(diag));
        p.getInterpreter().setPredictionMode(PredictionMode.LL);
        p.addParseListener(new DepthLimit(diag));
        CParser.CompilationUnitContext cu = p.compilationUnit();
        checkDepth(cu, diag);
        return cu;
    }
}
