package scmp.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Turns an ANTLR parse tree of one line into {@link Stmt}s. The assembler works on this small AST rather than
 * on parse-tree contexts so that pseudo-instruction templates and user operands can be mixed freely and
 * expressions can be stored for evaluation at the end of the file.
 */
final class AstBuilder extends AsmBaseVisitor<Object> {

    static Pos pos(Token t) {
        return new Pos(t.getLine(), t.getCharPositionInLine() + 1);
    }

    private static String text(ParserRuleContext ctx) {
        Token a = ctx.getStart();
        Token b = ctx.getStop();
        if (b == null || b.getStopIndex() < a.getStartIndex()) {
            return a.getText();
        }
        return a.getInputStream().getText(Interval.of(a.getStartIndex(), b.getStopIndex()));
    }

    /** The statements of a line, in order. */
    List<Stmt> line(AsmParser.LineContext ctx) {
        List<Stmt> out = new ArrayList<>();
        for (AsmParser.StatementContext s : ctx.statement()) {
            Stmt st = statement(s);
            if (!st.labels().isEmpty() || st.op() != null) {
                out.add(st);
            }
        }
        return out;
    }

    private Stmt statement(AsmParser.StatementContext ctx) {
        List<Stmt.Label> labels = new ArrayList<>();
        for (AsmParser.LabelContext l : ctx.label()) {
            if (l instanceof AsmParser.NamedLabelContext n) {
                labels.add(new Stmt.Label(n.IDENT().getText(), 0, pos(n.IDENT().getSymbol())));
            } else {
                AsmParser.NumericLabelContext n = (AsmParser.NumericLabelContext) l;
                Token t = n.NUMBER().getSymbol();
                String s = t.getText();
                if (!s.chars().allMatch(Character::isDigit) || (s.length() > 1 && s.startsWith("0"))) {
                    throw new AsmError(pos(t), "a numeric label must be a decimal number, not '" + s + "'");
                }
                if (s.length() > 9) {
                    throw new AsmError(pos(t), "numeric label '" + s + "' is too large");
                }
                labels.add(new Stmt.Label(null, Long.parseLong(s), pos(t)));
            }
        }
        Stmt.Op op = null;
        if (ctx.assignment() != null) {
            AsmParser.AssignmentContext a = ctx.assignment();
            op = new Stmt.Assign(a.IDENT().getText(), expr(a.expr()), pos(a.IDENT().getSymbol()));
        } else if (ctx.instruction() != null) {
            op = instruction(ctx.instruction());
        }
        return new Stmt(labels, op);
    }

    private Stmt.Insn instruction(AsmParser.InstructionContext ctx) {
        List<Arg> args = new ArrayList<>();
        boolean spaced = false;
        AsmParser.OperandsContext ops = ctx.operands();
        if (ops instanceof AsmParser.CommaOperandsContext c) {
            for (AsmParser.OperandContext o : c.operand()) {
                args.add(operand(o));
            }
        } else if (ops instanceof AsmParser.SpaceOperandsContext s) {
            spaced = true;
            args.add(operand(s.operand()));
            for (Token t : s.loose) {
                Pos p = pos(t);
                args.add(switch (t.getType()) {
                    case AsmParser.NUMBER -> new Arg.ExprArg(new Expr.Num(Literals.integer(t.getText(), p), p), p,
                            t.getText());
                    case AsmParser.STRING -> new Arg.StrArg(Literals.string(t.getText(), p), p, t.getText());
                    default -> new Arg.ExprArg(new Expr.Sym(t.getText(), p), p, t.getText());
                });
            }
        }
        Token m = ctx.IDENT().getSymbol();
        return new Stmt.Insn(m.getText(), args, spaced, pos(m));
    }

    private Arg operand(AsmParser.OperandContext ctx) {
        Pos p = pos(ctx.getStart());
        String t = text(ctx);
        if (ctx instanceof AsmParser.BaseOperandContext m) {
            return new Arg.MemArg(null, m.IDENT().getText(), pos(m.IDENT().getSymbol()), p, t);
        }
        if (ctx instanceof AsmParser.ExprOperandContext e) {
            if (e.base != null) {
                return new Arg.MemArg(expr(e.expr()), e.base.getText(), pos(e.base), p, t);
            }
            return new Arg.ExprArg(expr(e.expr()), p, t);
        }
        if (ctx instanceof AsmParser.StringOperandContext s) {
            return new Arg.StrArg(Literals.string(s.STRING().getText(), p), p, t);
        }
        AsmParser.AttrOperandContext a = (AsmParser.AttrOperandContext) ctx;
        return new Arg.AttrArg(a.IDENT().getText(), p, t);
    }

    Expr expr(AsmParser.ExprContext ctx) {
        return (Expr) visit(ctx);
    }

    @Override
    public Object visitUnaryExpr(AsmParser.UnaryExprContext ctx) {
        return new Expr.Unary(ctx.op.getText().charAt(0), expr(ctx.expr()), pos(ctx.op));
    }

    @Override
    public Object visitBinaryExpr(AsmParser.BinaryExprContext ctx) {
        return new Expr.Binary(ctx.op.getText(), expr(ctx.expr(0)), expr(ctx.expr(1)), pos(ctx.op));
    }

    @Override
    public Object visitPrimaryExpr(AsmParser.PrimaryExprContext ctx) {
        return visit(ctx.primary());
    }

    @Override
    public Object visitNumberPrimary(AsmParser.NumberPrimaryContext ctx) {
        Token t = ctx.NUMBER().getSymbol();
        return new Expr.Num(Literals.integer(t.getText(), pos(t)), pos(t));
    }

    @Override
    public Object visitFloatPrimary(AsmParser.FloatPrimaryContext ctx) {
        Token t = ctx.FLOAT().getSymbol();
        return new Expr.Flt(Literals.floating(t.getText(), pos(t)), pos(t));
    }

    @Override
    public Object visitCharPrimary(AsmParser.CharPrimaryContext ctx) {
        Token t = ctx.CHAR().getSymbol();
        return new Expr.Num(Literals.character(t.getText(), pos(t)), pos(t));
    }

    @Override
    public Object visitLocalRefPrimary(AsmParser.LocalRefPrimaryContext ctx) {
        Token t = ctx.LOCALREF().getSymbol();
        String s = t.getText();
        String digits = s.substring(0, s.length() - 1);
        if (digits.length() > 9) {
            throw new AsmError(pos(t), "numeric label '" + digits + "' is too large");
        }
        boolean forward = Character.toLowerCase(s.charAt(s.length() - 1)) == 'f';
        return new Expr.LocalRef(Long.parseLong(digits), forward, pos(t));
    }

    @Override
    public Object visitSymbolPrimary(AsmParser.SymbolPrimaryContext ctx) {
        TerminalNode id = ctx.IDENT();
        return new Expr.Sym(id.getText(), pos(id.getSymbol()));
    }

    @Override
    public Object visitRelocPrimary(AsmParser.RelocPrimaryContext ctx) {
        Token t = ctx.RELOC_OP().getSymbol();
        String name = t.getText().substring(1).replaceAll("[ \t(]", "").toLowerCase(Locale.ROOT);
        if (!name.equals("hi") && !name.equals("lo") && !name.equals("ha")) {
            throw new AsmError(pos(t), "unknown operator '%" + name + "'; expected %hi, %lo or %ha");
        }
        return new Expr.Reloc(name, expr(ctx.expr()), pos(t));
    }

    @Override
    public Object visitParenPrimary(AsmParser.ParenPrimaryContext ctx) {
        return expr(ctx.expr());
    }
}
