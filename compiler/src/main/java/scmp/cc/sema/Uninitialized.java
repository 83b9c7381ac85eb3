package scmp.cc.sema;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;

/**
 * {@code -Wuninitialized} (on with {@code -Wall}) for the obvious cases: a scalar local whose address is never
 * taken, read before any assignment to it in the straight-line code at the start of a function body. The walk
 * follows evaluation order and stops at the first statement that branches or can be jumped to (if, loops,
 * switch, labels, goto, return, asm), so it never warns about a path that may not run; the parts of an expression
 * that may not be evaluated ({@code &&}, {@code ||}, {@code ?:}) count as assigning what they assign and reading
 * nothing. gcc finds more (it uses the optimiser's data flow); what this finds, gcc finds too.
 */
final class Uninitialized {
    private final Diagnostics diag;
    private final Set<Var> assigned = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean stopped;

    private Uninitialized(Diagnostics diag) {
        this.diag = diag;
    }

    /** Warns about the locals of {@code body} read before they are assigned in its straight-line start. */
    static void check(Stmt.Block body, Diagnostics diag) {
        new Uninitialized(diag).statement(body);
    }

    private void statement(Stmt s) {
        if (stopped) {
            return;
        }
        if (s instanceof Stmt.ExprStmt e) {
            read(e.expr());
        } else if (s instanceof Stmt.Block b) {
            for (Stmt item : b.items()) {
                statement(item);
            }
        } else if (s instanceof Stmt.VlaAlloc v) {
            read(v.size());
            assigned.add(v.save());
            assigned.add(v.object());
        } else if (!(s instanceof Stmt.StackRestore)) {
            if (s instanceof Stmt.Return r && r.value() != null) {
                read(r.value());
            }
            stopped = true;
        }
    }

    /** A local the check is about: scalar, automatic, named by the program, its address never taken. */
    private static boolean watched(Var v) {
        return v.storage == Var.Storage.LOCAL && v.type.isScalar() && !v.addressTaken && !v.name.startsWith(".");
    }

    /** Walks an expression whose value is read, in evaluation order. */
    private void read(Expr e) {
        if (e instanceof Expr.VarRef v) {
            if (watched(v.var()) && assigned.add(v.var())) {    // reported once
                diag.warning(v.pos(), Exprs.q(v.var().name) + " is used uninitialized [-Wuninitialized]");
                if (v.var().pos != null) {
                    diag.note(v.var().pos, Exprs.q(v.var().name) + " was declared here");
                }
            }
        } else if (e instanceof Expr.Assign a) {
            read(a.value());
            target(a.target());
        } else if (e instanceof Expr.Unary u) {
            if (u.op() == Expr.UnOp.ADDR) {
                target(u.operand());
            } else {
                read(u.operand());
            }
        } else if (e instanceof Expr.Binary b) {
            read(b.left());
            if (b.op() == Expr.BinOp.LOGAND || b.op() == Expr.BinOp.LOGOR) {
                maybe(b.right());
            } else {
                read(b.right());
            }
        } else if (e instanceof Expr.Cond c) {
            read(c.cond());
            maybe(c.then());
            maybe(c.otherwise());
        } else if (e instanceof Expr.Cast c) {
            read(c.operand());
        } else if (e instanceof Expr.Call c) {
            read(c.function());
            for (Expr a : c.args()) {
                read(a);
            }
        } else if (e instanceof Expr.Member m) {
            read(m.base());
        } else if (e instanceof Expr.MemZero z) {
            assigned.add(z.var());
        } else if (e instanceof Expr.StmtExpr) {
            maybe(e);
        }
    }

    /** An lvalue assigned or whose address is taken: the variable it names counts as assigned from now on. */
    private void target(Expr e) {
        if (e instanceof Expr.VarRef v) {
            assigned.add(v.var());
        } else if (e instanceof Expr.Member m) {
            target(m.base());
        } else if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.DEREF) {
            read(u.operand());
        } else if (e instanceof Expr.Cast c) {
            target(c.operand());
        } else {
            read(e);
        }
    }

    /**
     * Code that may not run: whatever variable it names counts as assigned, and nothing in it is reported. The
     * walk goes through the components of every expression and statement record, so that no kind of node, a
     * statement expression's body included, needs a case of its own here.
     */
    private void maybe(Expr e) {
        new Object() {
            void walk(Object node) {
                if (node instanceof Expr.VarRef v) {
                    assigned.add(v.var());
                } else if (node instanceof Record r && (node instanceof Expr || node instanceof Stmt)) {
                    for (var c : r.getClass().getRecordComponents()) {
                        try {
                            Object value = c.getAccessor().invoke(r);
                            if (value instanceof Iterable<?> list) {
                                list.forEach(this::walk);
                            } else {
                                walk(value);
                            }
                        } catch (ReflectiveOperationException ex) {
                            throw new IllegalStateException(ex);
                        }
                    }
                }
            }
        }.walk(e);
    }
}
