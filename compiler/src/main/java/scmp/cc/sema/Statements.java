package scmp.cc.sema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Statements (C99 6.8): blocks with their scopes, expression statements, selection, iteration and jump
 * statements, labels and switch cases (collected into the enclosing switch), statement expressions and
 * {@code asm}. Loops and switches get the compiler labels that break and continue jump to.
 */
final class Statements {
    private final Sema s;
    private final Diagnostics diag;

    Statements(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    private Map<String, String> labels;
    private Map<String, Token> labelsDefined;
    private Map<String, Token> labelsUsed;

    private final Deque<String> breakLabels = new ArrayDeque<>();
    private final Deque<String> continueLabels = new ArrayDeque<>();
    /** For each break and continue target, how many variably modified declarations are in scope there. */
    private final Deque<Integer> breakHeights = new ArrayDeque<>();
    private final Deque<Integer> continueHeights = new ArrayDeque<>();
    private final Deque<SwitchContext> switches = new ArrayDeque<>();

    /** Forgets the labels of the previous function. */
    void beginFunction() {
        labels = new HashMap<>();
        labelsDefined = new HashMap<>();
        labelsUsed = new LinkedHashMap<>();
    }

    /** Reports the labels the function's gotos name but its body does not define. */
    void checkLabelsDefined() {
        for (Map.Entry<String, Token> u : labelsUsed.entrySet()) {
            if (!labelsDefined.containsKey(u.getKey())) {
                diag.error(u.getValue(), "label " + Exprs.q(u.getKey()) + " used but not defined");
            }
        }
    }

    /** The cases found so far in the switch being checked. */
    private static final class SwitchContext {
        final Type type;
        final List<Stmt.Case> cases = new ArrayList<>();
        String defaultLabel;
        /** Where the switch starts and how many variably modified declarations are in scope there. */
        final Token pos;
        final int height;

        SwitchContext(Type type, Token pos, int height) {
            this.type = type;
            this.pos = pos;
            this.height = height;
        }
    }

    /** -Wparentheses: {@code if (x = 3)}, an assignment used as a truth value without its own parentheses. */
    private void warnAssignAsCondition(CParser.ExpressionContext e) {
        if (!diag.wall() || e == null || e.assignmentExpression().size() != 1) {
            return;
        }
        CParser.AssignmentExpressionContext a = e.assignmentExpression(0);
        if (a.assignmentOperator() != null && a.assignmentOperator().getText().equals("=")) {
            diag.warning(tok(a), "suggest parentheses around assignment used as truth value [-Wparentheses]");
        }
    }

    void blockItem(CParser.BlockItemContext bi, List<Stmt> out) {
        if (bi.declaration() != null) {
            s.declarations.declaration(bi.declaration(), out);
        } else {
            out.add(statement(bi.statement()));
        }
    }

    private Stmt.Block compound(CParser.CompoundStatementContext ctx) {
        s.scope = new Scope(s.scope);
        int height = s.vlas.height();
        List<Stmt> items = new ArrayList<>();
        for (CParser.BlockItemContext bi : ctx.blockItem()) {
            blockItem(bi, items);
        }
        s.vlas.leave(height, items, Exprs.tok(ctx.getStop()));
        s.scope = s.scope.parent;
        return new Stmt.Block(tok(ctx), items);
    }

    Expr statementExpression(Token pos, CParser.CompoundStatementContext ctx) {
        if (s.curLocals == null) {
            diag.error(pos, "braced-group within expression allowed only inside a function");
            return Conversions.intLit(pos, 0);
        }
        s.scope = new Scope(s.scope);
        int height = s.vlas.height();
        List<Stmt> items = new ArrayList<>();
        List<CParser.BlockItemContext> bis = ctx.blockItem();
        if (!bis.isEmpty() && bis.get(bis.size() - 1).statement() instanceof CParser.ExpressionStatementContext last) {
            valueStatements.add(last);
        }
        for (CParser.BlockItemContext bi : bis) {
            blockItem(bi, items);
        }
        s.scope = s.scope.parent;
        Type t = Type.VOID;
        if (!items.isEmpty() && items.get(items.size() - 1) instanceof Stmt.ExprStmt es) {
            Expr v = s.exprs.value(es.expr());
            items.set(items.size() - 1, new Stmt.ExprStmt(es.pos(), v));
            t = v.type();
        }
        // Freed after the value is computed (the code generator takes the last expression statement's value).
        s.vlas.leave(height, items, pos);
        return new Expr.StmtExpr(pos, t, new Stmt.Block(pos, items));
    }

    /** Expression statements whose value is a statement expression's value. */
    private final Set<ParserRuleContext> valueStatements = new HashSet<>();

    private String newLabel() {
        return ".L" + s.uniq++;
    }

    /** statement = compound | expression | selection | iteration | jump | labeled | asm statement (6.8) */
    private Stmt statement(CParser.StatementContext ctx) {
        Token pos = tok(ctx);
        if (ctx instanceof CParser.BlockStatementContext b) {
            return compound(b.compoundStatement());
        }
        if (ctx instanceof CParser.ExpressionStatementContext es) {
            return expressionStatement(pos, es);
        }
        if (ctx instanceof CParser.IfStatementContext is) {
            warnAssignAsCondition(is.expression());
            Expr c = s.exprs.condition(s.exprs.expression(is.expression()));
            Stmt then = statement(is.statement(0));
            Stmt els = is.statement().size() > 1 ? statement(is.statement(1)) : null;
            return new Stmt.If(pos, c, then, els);
        }
        if (ctx instanceof CParser.WhileStatementContext ws) {
            warnAssignAsCondition(ws.expression());
            Expr c = s.exprs.condition(s.exprs.expression(ws.expression()));
            String brk = newLabel(), cont = newLabel();
            Stmt body = loopBody(ws.statement(), brk, cont);
            return new Stmt.Loop(pos, null, c, null, body, brk, cont);
        }
        if (ctx instanceof CParser.DoStatementContext ds) {
            String brk = newLabel(), cont = newLabel();
            Stmt body = loopBody(ds.statement(), brk, cont);
            warnAssignAsCondition(ds.expression());
            Expr c = s.exprs.condition(s.exprs.expression(ds.expression()));
            return new Stmt.DoWhile(pos, body, c, brk, cont);
        }
        if (ctx instanceof CParser.ForStatementContext fs) {
            return forStatement(pos, fs);
        }
        if (ctx instanceof CParser.SwitchStatementContext ss) {
            return switchStatement(pos, ss);
        }
        if (ctx instanceof CParser.CaseStatementContext cs) {
            return caseLabel(pos, cs);
        }
        if (ctx instanceof CParser.DefaultStatementContext ds) {
            return defaultLabel(pos, ds);
        }
        if (ctx instanceof CParser.ReturnStatementContext rs) {
            return returnStatement(pos, rs);
        }
        if (ctx instanceof CParser.AsmStmtContext as) {
            CParser.AsmStatementContext a = as.asmStatement();
            if (a.Colon().size() > 0) {
                diag.error(pos, "extended asm with operands is not supported");
            }
            return new Stmt.Asm(pos, asmText(a.StringLiteral()));
        }
        return jump(pos, ctx);
    }

    /** expressionStatement = expression? ";" */
    private Stmt expressionStatement(Token pos, CParser.ExpressionStatementContext es) {
        if (es.expression() == null) {
            return new Stmt.Block(pos, List.of());
        }
        if (!valueStatements.contains(es)) {
            markDiscarded(es.expression());
        }
        return new Stmt.ExprStmt(pos, s.exprs.expression(es.expression()));
    }

    /** forStatement = "for" "(" (declaration | expression? ";") expression? ";" expression? ")" statement */
    private Stmt forStatement(Token pos, CParser.ForStatementContext fs) {
        s.scope = new Scope(s.scope);
        int height = s.vlas.height();
        Stmt init = null;
        CParser.ForInitContext fi = fs.forInit();
        if (fi.declaration() != null) {
            List<Stmt> items = new ArrayList<>();
            s.declarations.declaration(fi.declaration(), items);
            init = new Stmt.Block(pos, items);
        } else if (fi.expression() != null) {
            init = new Stmt.ExprStmt(pos, s.exprs.expression(fi.expression()));
        }
        Expr cond = null, step = null;
        int k = 0;
        // The grammar gives `for (init cond? ; step?)`: tell the two optional expressions apart by position.
        for (int i = 0; i < fs.getChildCount(); i++) {
            ParseTree c = fs.getChild(i);
            if (c instanceof TerminalNode tn && tn.getSymbol().getType() == CLexer.Semi) {
                k = 1;
            } else if (c instanceof CParser.ExpressionContext ec) {
                if (k == 0) {
                    warnAssignAsCondition(ec);
                    cond = s.exprs.condition(s.exprs.expression(ec));
                } else {
                    markDiscarded(ec);
                    step = s.exprs.expression(ec);
                }
            }
        }
        String brk = newLabel(), cont = newLabel();
        Stmt body = loopBody(fs.statement(), brk, cont);
        s.scope = s.scope.parent;
        Stmt loop = new Stmt.Loop(pos, init, cond, step, body, brk, cont);
        if (s.vlas.height() == height) {
            return loop;
        }
        List<Stmt> items = new ArrayList<>(List.of(loop));
        s.vlas.leave(height, items, pos);
        return new Stmt.Block(pos, items);
    }

    /** switchStatement = "switch" "(" expression ")" statement; its cases are collected while the body is checked. */
    private Stmt switchStatement(Token pos, CParser.SwitchStatementContext ss) {
        Expr c = s.exprs.promote(s.exprs.expression(ss.expression()));
        if (!c.type().isInteger()) {
            diag.error(tok(ss.expression()), "switch quantity not an integer");
            c = Conversions.intLit(pos, 0);
        }
        SwitchContext sc = new SwitchContext(c.type(), pos, s.vlas.height());
        switches.push(sc);
        String brk = newLabel();
        breakLabels.push(brk);
        breakHeights.push(sc.height);
        Stmt body = statement(ss.statement());
        breakLabels.pop();
        breakHeights.pop();
        switches.pop();
        return new Stmt.Switch(pos, c, body, sc.cases, sc.defaultLabel, brk);
    }

    /** caseStatement = "case" constantExpression ("..." constantExpression)? ":" statement */
    private Stmt caseLabel(Token pos, CParser.CaseStatementContext cs) {
        SwitchContext sc = switches.peek();
        Long lo = s.constantExpression(cs.constantExpression(0), "case label does not reduce to an integer constant");
        Long hi = cs.constantExpression().size() > 1 ? s.constantExpression(cs.constantExpression(1),
                "case label does not reduce to an integer constant") : lo;
        String label = newLabel();
        if (sc == null) {
            diag.error(pos, "case label not within a switch statement");
            return statement(cs.statement());
        }
        s.vlas.caseLabel(sc.height, pos, sc.pos);
        if (lo != null && hi != null) {
            long l = Conversions.wrap(lo, sc.type), h = Conversions.wrap(hi, sc.type);
            for (Stmt.Case other : sc.cases) {
                if (!(h < other.lo() || l > other.hi())) {
                    diag.error(pos, "duplicate case value");
                    break;
                }
            }
            sc.cases.add(new Stmt.Case(l, h, label));
        }
        return new Stmt.Label(pos, label, statement(cs.statement()));
    }

    /** defaultStatement = "default" ":" statement */
    private Stmt defaultLabel(Token pos, CParser.DefaultStatementContext ds) {
        SwitchContext sc = switches.peek();
        String label = newLabel();
        if (sc == null) {
            diag.error(pos, "'default' label not within a switch statement");
        } else if (sc.defaultLabel != null) {
            diag.error(pos, "multiple default labels in one switch");
        } else {
            sc.defaultLabel = label;
            s.vlas.caseLabel(sc.height, pos, sc.pos);
        }
        return new Stmt.Label(pos, label, statement(ds.statement()));
    }

    /** Labeled statements, {@code goto}, {@code continue} and {@code break}: jumps to compiler labels. */
    private Stmt jump(Token pos, CParser.StatementContext ctx) {
        if (ctx instanceof CParser.LabeledStatementContext ls) {
            String name = ls.label.getText();
            Token first = labelsDefined.putIfAbsent(name, pos);
            if (first != null) {
                diag.error(pos, "duplicate label " + Exprs.q(name));
                diag.note(first, "previous definition of " + Exprs.q(name) + " with type 'void'");
            }
            String label = labels.computeIfAbsent(name, n -> newLabel());
            s.vlas.label(name, pos);
            return new Stmt.Label(pos, label, statement(ls.statement()));
        }
        if (ctx instanceof CParser.GotoStatementContext gs) {
            String name = gs.Identifier().getText();
            labelsUsed.putIfAbsent(name, pos);
            return s.vlas.gotoStatement(new Stmt.Goto(pos, labels.computeIfAbsent(name, n -> newLabel())), name);
        }
        if (ctx instanceof CParser.ContinueStatementContext) {
            if (continueLabels.isEmpty()) {
                diag.error(pos, "continue statement not within a loop");
                return new Stmt.Block(pos, List.of());
            }
            return s.vlas.jump(new Stmt.Goto(pos, continueLabels.peek()), continueHeights.peek());
        }
        if (ctx instanceof CParser.BreakStatementContext) {
            if (breakLabels.isEmpty()) {
                diag.error(pos, "break statement not within loop or switch");
                return new Stmt.Block(pos, List.of());
            }
            return s.vlas.jump(new Stmt.Goto(pos, breakLabels.peek()), breakHeights.peek());
        }
        throw new IllegalStateException(ctx.getClass().getSimpleName());
    }

    /** returnStatement = "return" expression? ";" -- converted to the function's return type. */
    private Stmt returnStatement(Token pos, CParser.ReturnStatementContext rs) {
        if (rs.expression() == null) {
            if (!s.curRet.isVoid()) {
                diag.warning(pos, "'return' with no value, in function returning non-void [-Wreturn-type]");
            }
            return new Stmt.Return(pos, null);
        }
        Expr e = s.exprs.expression(rs.expression());
        if (s.curRet.isVoid()) {
            Expr v = s.exprs.value(e);
            if (!v.type().isVoid()) {
                diag.warning(pos, "'return' with a value, in function returning void [-Wreturn-type]");
            }
            return new Stmt.Return(pos, new Expr.Cast(pos, Type.VOID, v));
        }
        return new Stmt.Return(pos, s.conversions.assignConvert(e, s.curRet, tok(rs.expression()),
                AssignConversions.AssignContext.ret()));
    }

    /**
     * Notes the postfix increments whose value an expression statement discards ({@code i++;}), so that
     * they are checked as prefix ones and need no temporary for the old value.
     */
    private void markDiscarded(CParser.ExpressionContext ctx) {
        for (CParser.AssignmentExpressionContext a : ctx.assignmentExpression()) {
            CParser.ConditionalExpressionContext c = a.conditionalExpression();
            if (a.assignmentOperator() != null || c.expression() != null
                    || !(c.binaryExpression() instanceof CParser.CastBinaryContext cb)
                    || !(cb.castExpression() instanceof CParser.UnaryCastContext uc)
                    || !(uc.unaryExpression() instanceof CParser.PostfixUnaryContext pu)
                    || !(pu.postfixExpression() instanceof CParser.PrimaryPostfixContext pp)
                    || pp.postfixSuffix().isEmpty()) {
                continue;
            }
            CParser.PostfixSuffixContext last = pp.postfixSuffix().get(pp.postfixSuffix().size() - 1);
            if (last instanceof CParser.PostIncSuffixContext) {
                s.exprs.discarded.add(last);
            }
        }
    }

    private Stmt loopBody(CParser.StatementContext body, String brk, String cont) {
        breakLabels.push(brk);
        continueLabels.push(cont);
        breakHeights.push(s.vlas.height());
        continueHeights.push(s.vlas.height());
        try {
            return statement(body);
        } finally {
            breakLabels.pop();
            continueLabels.pop();
            breakHeights.pop();
            continueHeights.pop();
        }
    }

    String asmText(List<TerminalNode> parts) {
        StringBuilder sb = new StringBuilder();
        for (TerminalNode n : parts) {
            for (int c : Literals.stringBody(Exprs.tok(n), diag)) {
                sb.append((char) c);
            }
        }
        return new String(sb.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1);
    }
}
