package scmp.asm;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * One line of source into statements: the lexer's error tokens and excessive nesting are reported before
 * parsing (so no input can exhaust the stack), then ANTLR's two-stage strategy parses (fast SLL, full LL
 * only when SLL fails), and a syntax error is worded for a person: a missing comma between operands, a
 * statement that does not start with a label, instruction or directive, the one token that was expected.
 */
final class LineParser {
    private LineParser() {
    }

    /** Stateless, so one instance serves every line and template. */
    static final AstBuilder BUILDER = new AstBuilder();

    /** A parser for one file's lines; reused because constructing one per line costs more than parsing it. */
    static AsmParser newParser() {
        AsmParser parser = new AsmParser(null);
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        return parser;
    }

    static List<Stmt> parse(List<Token> toks, AsmParser parser) {
        int depth = 0;
        int prefixRun = 0;
        for (Token t : toks) {
            String problem = switch (t.getType()) {
                case AsmLexer.ERRCHAR -> describeBadChar(t.getText());
                case AsmLexer.UNTERMINATED_STRING -> "unterminated string (missing closing '\"')";
                case AsmLexer.UNTERMINATED_CHAR -> "unterminated character constant (missing closing \"'\")";
                case AsmLexer.UNTERMINATED_COMMENT -> "unterminated comment (missing '*/')";
                case AsmLexer.BADNUMBER -> "invalid number '" + t.getText() + "'";
                default -> null;
            };
            if (problem != null) {
                throw new AsmError(AstBuilder.pos(t), problem);
            }
            if (t.getType() == AsmLexer.LPAREN || t.getType() == AsmLexer.RELOC_OP) {
                if (++depth > Assembler.MAX_NESTING) {
                    throw new AsmError(AstBuilder.pos(t), "parentheses nested too deeply (more than " + Assembler.MAX_NESTING + ")");
                }
            } else if (t.getType() == AsmLexer.RPAREN) {
                depth--;
            }
            // A run of operators nests like parentheses: "- - - 1" is three unary expressions deep.
            boolean prefix = t.getType() == AsmLexer.MINUS || t.getType() == AsmLexer.PLUS
                    || t.getType() == AsmLexer.TILDE;
            prefixRun = prefix ? prefixRun + 1 : 0;
            if (prefixRun > Assembler.MAX_NESTING) {
                throw new AsmError(AstBuilder.pos(t), "too many unary operators in a row (more than " + Assembler.MAX_NESTING + ")");
            }
        }
        Token last = toks.get(toks.size() - 1);
        CommonToken eof = new CommonToken(Token.EOF, "<EOF>");
        eof.setLine(last.getLine());
        eof.setCharPositionInLine(last.getCharPositionInLine() + last.getText().length());
        List<Token> withEof = new ArrayList<>(toks);
        withEof.add(eof);
        // The usual two-stage ANTLR strategy: the fast SLL prediction first, full LL only if SLL fails (a
        // real syntax error, or one of the rare inputs only LL can decide).
        AsmParser.LineContext ctx;
        try {
            parser.setTokenStream(new CommonTokenStream(new ListTokenSource(withEof)));
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            ctx = parser.line();
        } catch (ParseCancellationException sll) {
            parser.setTokenStream(new CommonTokenStream(new ListTokenSource(withEof)));
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            try {
                ctx = parser.line();
            } catch (ParseCancellationException e) {
                throw syntaxError(parser, e, withEof);
            }
        }
        return LineParser.BUILDER.line(ctx);
    }

    private static String describeBadChar(String s) {
        int cp = s.codePointAt(0);
        if (cp < 0x20 || cp == 0x7F || Character.isISOControl(cp)) {
            return String.format("unexpected control character U+%04X", cp);
        }
        return "unexpected character '" + s + "'";
    }

    private static boolean startsOperand(int type) {
        return type == AsmLexer.IDENT || type == AsmLexer.NUMBER || type == AsmLexer.STRING || type == AsmLexer.CHAR
                || type == AsmLexer.FLOAT || type == AsmLexer.LOCALREF;
    }

    private static boolean endsOperand(int type) {
        return startsOperand(type) || type == AsmLexer.RPAREN;
    }

    private static AsmError syntaxError(AsmParser parser, ParseCancellationException e, List<Token> toks) {
        Token off = parser.getCurrentToken();
        IntervalSet expected = null;
        if (e.getCause() instanceof RecognitionException re) {
            if (re.getOffendingToken() != null) {
                off = re.getOffendingToken();
            }
            try {
                expected = re.getExpectedTokens();
            } catch (RuntimeException ignored) {
                expected = null;
            }
        }
        int i = off.getTokenIndex();
        if (i >= 2 && i < toks.size() && startsOperand(off.getType()) && endsOperand(toks.get(i - 1).getType())
                && toks.get(i - 2).getType() == AsmLexer.COMMA) {
            // "add a0, a1 a2": an operand right after an operand of a comma-separated list.
            return new AsmError(AstBuilder.pos(off), "missing ',' between operands");
        }
        String what = switch (off.getType()) {
            case Token.EOF -> "end of line";
            case AsmLexer.STRING -> "string " + off.getText();
            case AsmLexer.CHAR -> "character constant " + off.getText();
            default -> "'" + off.getText() + "'";
        };
        boolean startsStatement = i == 0 || i > 0 && i <= toks.size() && (toks.get(i - 1).getType() == AsmLexer.SEMI
                || toks.get(i - 1).getType() == AsmLexer.COLON);
        if (startsStatement && off.getType() != Token.EOF && off.getType() != AsmLexer.COLON) {
            return new AsmError(AstBuilder.pos(off), "syntax error: a statement starts with a label, an instruction or "
                    + "a directive, not " + what);
        }
        StringBuilder msg = new StringBuilder("syntax error: unexpected ").append(what);
        if (expected != null && expected.size() == 1) {
            String name = parser.getVocabulary().getLiteralName(expected.getMinElement());
            if (name != null) {
                msg.append(", expected ").append(name);
            }
        }
        return new AsmError(AstBuilder.pos(off), msg.toString());
    }
}
