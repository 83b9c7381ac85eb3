package scmp.cc.codegen;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.BinOp;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Program;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * Pointers that may hold the address of a member that {@code #pragma pack} misaligns (docs/compiler.md,
 * "Structure layout"): {@code &p->m} itself, pointer arithmetic on and casts of such a pointer, and every variable
 * of the translation unit that such a value is assigned to or (for a static object) initialized with, found
 * before any code is generated and closed under assignment between variables. A scalar read or written through
 * such a pointer goes a byte at a time, as a packed member's own accesses do, since SCMP faults on a misaligned
 * word access where x86 does not. A pointer that leaves through a call's argument, a return value or a store
 * into memory is not followed.
 */
final class UnalignedPointers {
    private final Set<Var> vars = new HashSet<>();
    private boolean grew;

    /** Finds the variables of {@code p} that may hold a misaligned pointer. */
    void analyze(Program p) {
        Map<String, Var> bySymbol = new HashMap<>();
        for (Var v : p.globals()) {
            bySymbol.putIfAbsent(v.symbol, v);
        }
        for (Var v : p.globals()) {
            if (v.type.isPointer() && v.init != null) {
                for (Var.Reloc r : v.init.relocs) {
                    Var target = bySymbol.get(r.symbol());
                    int need = need(v.type.base);
                    if (r.offset() == 0 && target != null && need > 1
                            && (Math.max(target.align, target.type.align()) < need || r.addend() % need != 0)) {
                        vars.add(v);
                    }
                }
            }
        }
        do {
            grew = false;
            for (Program.Function f : p.functions()) {
                stmt(f.body());
            }
        } while (grew);
    }

    /** The alignment a scalar of type {@code t} needs for one load or store (docs/abi.md). */
    static int need(Type t) {
        if (!t.isScalar()) {
            return 1;
        }
        return t.isFloating() && t.size() == 8 ? 8 : Math.min(t.size(), 4);
    }

    /** Whether reading or writing a {@code t} through pointer {@code ptr} must go a byte at a time. */
    boolean byteWise(Expr ptr, Type t) {
        return need(t) > 1 && !t.isArray() && !t.isAggregate() && mayBe(ptr);
    }

    /** Whether pointer expression {@code e} may hold a misaligned address. */
    boolean mayBe(Expr e) {
        if (e instanceof Expr.VarRef v) {
            return vars.contains(v.var());
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR) {
            return u.operand() instanceof Expr.Member m && misaligned(m);
        }
        if (e instanceof Expr.Cast c) {
            return c.operand().type().isPointer() && mayBe(c.operand());
        }
        if (e instanceof Expr.Binary b) {
            return switch (b.op()) {
                case ADD, SUB -> b.type().isPointer()
                        && (b.left().type().isPointer() && mayBe(b.left()) || b.right().type().isPointer() && mayBe(b.right()));
                case COMMA -> mayBe(b.right());
                default -> false;
            };
        }
        if (e instanceof Expr.Assign a) {
            return mayBe(a.value()) || mayBe(a.target());
        }
        if (e instanceof Expr.Cond c) {
            return mayBe(c.then()) || mayBe(c.otherwise());
        }
        return false;
    }

    /**
     * Whether member {@code m} of a packed struct sits below the alignment its scalar (or, for an array, its
     * element) needs, given the struct's own alignment and the member's offset.
     */
    private static boolean misaligned(Expr.Member m) {
        Type bt = m.base().type();
        if (m.member().isBitfield() || !bt.isAggregate() || bt.agg == null || !bt.agg.packed) {
            return false;
        }
        int a = bt.agg.align;
        while (a > 1 && m.member().offset() % a != 0) {
            a /= 2;
        }
        Type t = m.type();
        while (t.isArray()) {
            t = t.base;
        }
        return a < need(t);
    }

    private void expr(Expr e) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Assign a) {
            if (a.target() instanceof Expr.VarRef v && v.type().isPointer() && !vars.contains(v.var()) && mayBe(a.value())) {
                vars.add(v.var());
                grew = true;
            }
            expr(a.target());
            expr(a.value());
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand());
        } else if (e instanceof Expr.Binary b) {
            expr(b.left());
            expr(b.right());
        } else if (e instanceof Expr.Cond c) {
            expr(c.cond());
            expr(c.then());
            expr(c.otherwise());
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand());
        } else if (e instanceof Expr.Call c) {
            expr(c.function());
            c.args().forEach(this::expr);
        } else if (e instanceof Expr.Member m) {
            expr(m.base());
        } else if (e instanceof Expr.StmtExpr se) {
            stmt(se.body());
        }
    }

    private void stmt(Stmt s) {
        if (s instanceof Stmt.ExprStmt es) {
            expr(es.expr());
        } else if (s instanceof Stmt.Block b) {
            stmts(b.items());
        } else if (s instanceof Stmt.If i) {
            expr(i.cond());
            stmt(i.then());
            stmt(i.otherwise());
        } else if (s instanceof Stmt.Loop l) {
            stmt(l.init());
            expr(l.cond());
            expr(l.step());
            stmt(l.body());
        } else if (s instanceof Stmt.DoWhile d) {
            stmt(d.body());
            expr(d.cond());
        } else if (s instanceof Stmt.Switch sw) {
            expr(sw.cond());
            stmt(sw.body());
        } else if (s instanceof Stmt.Label l) {
            stmt(l.stmt());
        } else if (s instanceof Stmt.Return r) {
            expr(r.value());
        } else if (s instanceof Stmt.VlaAlloc va) {
            expr(va.size());
        }
    }

    private void stmts(List<Stmt> items) {
        items.forEach(this::stmt);
    }
}
