package scmp.cc.codegen;

import java.util.IdentityHashMap;
import java.util.Map;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Stmt;
import scmp.cc.type.Type;

/**
 * Which expressions and statements may call a function, a C call or a runtime helper (64-bit multiply,
 * divide and variable shifts, conversions between long long and floating types). A call clobbers the
 * caller-saved temporaries, so an operand saved across one goes to the stack, and a function that calls
 * nothing may keep variables in caller-saved registers.
 */
final class CallAnalysis extends Emitter {
    private final Map<Expr, Boolean> callCache = new IdentityHashMap<>();

    CallAnalysis(CodeGen g) {
        super(g);
    }

    /** Whether evaluating {@code e} may call a function (a C call or a runtime helper), clobbering temporaries. */
    boolean hasCall(Expr e) {
        if (e == null) {
            return false;
        }
        Boolean c = callCache.get(e);
        if (c != null) {
            return c;
        }
        boolean r = false;
        if (e instanceof Expr.Call || e instanceof Expr.StmtExpr) {
            r = true;
        } else if (e instanceof Expr.Unary u) {
            r = hasCall(u.operand());
        } else if (e instanceof Expr.Binary b) {
            boolean helper = b.type().isLong64() && (b.op() == BinOp.MUL || b.op() == BinOp.DIV || b.op() == BinOp.MOD
                    || (b.op() == BinOp.SHL || b.op() == BinOp.SHR) && !(b.right() instanceof Expr.IntLit));
            r = helper || hasCall(b.left()) || hasCall(b.right());
        } else if (e instanceof Expr.Assign a) {
            r = hasCall(a.target()) || hasCall(a.value());
        } else if (e instanceof Expr.Cond cd) {
            r = hasCall(cd.cond()) || hasCall(cd.then()) || hasCall(cd.otherwise());
        } else if (e instanceof Expr.Cast cs) {
            Type from = cs.operand().type(), to = cs.type();
            r = from.isLong64() && to.isFloating() || from.isFloating() && to.isLong64() || hasCall(cs.operand());
        } else if (e instanceof Expr.Member m) {
            r = hasCall(m.base());
        }
        callCache.put(e, r);
        return r;
    }

    boolean stmtHasCall(Stmt s) {
        if (s == null) {
            return false;
        }
        if (s instanceof Stmt.ExprStmt es) {
            return hasCall(es.expr());
        }
        if (s instanceof Stmt.Block b) {
            for (Stmt x : b.items()) {
                if (stmtHasCall(x)) {
                    return true;
                }
            }
            return false;
        }
        if (s instanceof Stmt.If i) {
            return hasCall(i.cond()) || stmtHasCall(i.then()) || stmtHasCall(i.otherwise());
        }
        if (s instanceof Stmt.Loop l) {
            return stmtHasCall(l.init()) || hasCall(l.cond()) || hasCall(l.step()) || stmtHasCall(l.body());
        }
        if (s instanceof Stmt.DoWhile d) {
            return stmtHasCall(d.body()) || hasCall(d.cond());
        }
        if (s instanceof Stmt.Switch sw) {
            return hasCall(sw.cond()) || stmtHasCall(sw.body());
        }
        if (s instanceof Stmt.Label l) {
            return stmtHasCall(l.stmt());
        }
        if (s instanceof Stmt.Return r) {
            return hasCall(r.value());
        }
        if (s instanceof Stmt.VlaAlloc va) {
            return hasCall(va.size());
        }
        return s instanceof Stmt.Asm;
    }
}
