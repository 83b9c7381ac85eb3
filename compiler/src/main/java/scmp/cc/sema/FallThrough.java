package scmp.cc.sema;

import java.util.Set;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import static scmp.cc.sema.Exprs.tok;

/**
 * Whether control can reach the end of a statement, for -Wreturn-type: returns and gotos end a path, a call of
 * a function that never returns ends it, an endless loop ends it unless something breaks out of it. The
 * judgement leans towards silence: a construct it cannot judge is taken to fall through only when it plainly
 * can.
 */
final class FallThrough {
    private FallThrough() {
    }

    /** Functions that never return, for -Wreturn-type. */
    private static final Set<String> NORETURN = Set.of("exit", "abort", "_exit", "_Exit", "longjmp", "siglongjmp",
            "__builtin_unreachable", "__builtin_trap", "__assert_fail", "quick_exit");

    /**
     * Whether control may reach the end of {@code s} (for -Wreturn-type). Conservative towards silence: a
     * construct it cannot judge counts as not falling through only when it plainly cannot.
     */
    static boolean mayFallThrough(Stmt s) {
        if (s == null) {
            return true;
        }
        if (s instanceof Stmt.Return || s instanceof Stmt.Goto) {
            return false;
        }
        if (s instanceof Stmt.Block b) {
            boolean reach = true;
            for (Stmt x : b.items()) {
                if (x instanceof Stmt.Label) {
                    reach = true;
                }
                if (reach) {
                    reach = mayFallThrough(x);
                }
            }
            return reach;
        }
        if (s instanceof Stmt.Label l) {
            return mayFallThrough(l.stmt());
        }
        if (s instanceof Stmt.If i) {
            return i.otherwise() == null || mayFallThrough(i.then()) || mayFallThrough(i.otherwise());
        }
        if (s instanceof Stmt.ExprStmt es) {
            Expr e = es.expr();
            while (e instanceof Expr.Cast c) {
                e = c.operand();
            }
            return !(e instanceof Expr.Call c && c.function() instanceof Expr.Unary u
                    && u.operand() instanceof Expr.VarRef v && NORETURN.contains(v.var().name));
        }
        if (s instanceof Stmt.Loop l) {
            boolean forever = l.cond() == null || l.cond() instanceof Expr.IntLit lit && lit.value() != 0;
            return !forever || jumpsTo(l.body(), l.breakLabel());
        }
        if (s instanceof Stmt.DoWhile d) {
            boolean forever = d.cond() instanceof Expr.IntLit lit && lit.value() != 0;
            return !forever || jumpsTo(d.body(), d.breakLabel());
        }
        if (s instanceof Stmt.Switch sw) {
            return sw.defaultLabel() == null || jumpsTo(sw.body(), sw.breakLabel()) || mayFallThrough(sw.body());
        }
        return true;
    }

    /** Whether {@code s} contains a jump to {@code label} (a break out of the statement that owns it). */
    private static boolean jumpsTo(Stmt s, String label) {
        if (s == null) {
            return false;
        }
        if (s instanceof Stmt.Goto g) {
            return g.label().equals(label);
        }
        if (s instanceof Stmt.Block b) {
            for (Stmt x : b.items()) {
                if (jumpsTo(x, label)) {
                    return true;
                }
            }
            return false;
        }
        if (s instanceof Stmt.Label l) {
            return jumpsTo(l.stmt(), label);
        }
        if (s instanceof Stmt.If i) {
            return jumpsTo(i.then(), label) || jumpsTo(i.otherwise(), label);
        }
        if (s instanceof Stmt.Loop l) {
            return jumpsTo(l.init(), label) || jumpsTo(l.body(), label);
        }
        if (s instanceof Stmt.DoWhile d) {
            return jumpsTo(d.body(), label);
        }
        if (s instanceof Stmt.Switch sw) {
            return jumpsTo(sw.body(), label);
        }
        return false;
    }
}
