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
 * "Pointers to packed members"), found before any code is generated, by two rules. A scalar read or written
 * through such a pointer goes a byte at a time, as a packed member's own accesses do, since SCMP faults on a
 * misaligned word access where x86 does not.
 * <ul>
 * <li>Flow: {@code &p->m} itself, pointer arithmetic on and casts of such a pointer, and every variable of the
 * translation unit that such a value is assigned to or (for a static object) initialized with, closed under
 * assignment between variables.</li>
 * <li>Kind: once the unit takes the address of a misaligned scalar member (in code or in a static initializer),
 * every access of that member's kind (its size, integer or pointer against floating) through a pointer the
 * compiler cannot prove aligned goes a byte at a time, wherever the pointer came from: memory, a call's
 * result, a parameter. Provably aligned are the addresses of named objects, of members that sit at their
 * alignment in such an object, of elements of such arrays, and pointer arithmetic on these.</li>
 * </ul>
 * A unit that takes no such address is compiled as before.
 */
final class UnalignedPointers {
    private final Set<Var> vars = new HashSet<>();
    /** The kinds ({@link #kind}) of the misaligned scalar members whose address the unit takes. */
    private final Set<Integer> kinds = new HashSet<>();
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
        for (Var v : p.globals()) {
            if (v.init != null) {
                for (Var.Reloc r : v.init.relocs) {
                    Var target = bySymbol.get(r.symbol());
                    if (target != null && !target.type.isFunction()) {
                        long at = r.addend();
                        int a = Math.max(target.align, target.type.align());
                        while (a > 1 && at % a != 0) {
                            a /= 2;
                        }
                        misalignedAt(target.type, at, a);
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

    /**
     * The kind of scalar type {@code t} that the kind rule tells apart: its size, floating types apart from
     * integers and pointers, so that a cast between {@code int *}, {@code unsigned *} and {@code char **} keeps
     * it.
     */
    private static int kind(Type t) {
        return t.isFloating() ? 100 + t.size() : t.size();
    }

    /**
     * Notes the kinds of the scalars that start at byte {@code off} of an object of type {@code t} whose address
     * there is only known to be a multiple of {@code align}, and that need more (a static initializer's address
     * of a packed member, found by its offset: several in a union).
     */
    private void misalignedAt(Type t, long off, int align) {
        if (t.isArray()) {
            long n = t.base.size();
            if (n > 0 && off >= 0 && off < t.size()) {
                misalignedAt(t.base, off % n, align);
            }
        } else if (t.isAggregate() && t.agg != null) {
            for (Type.Member m : t.agg.members) {
                if (!m.isBitfield() && off >= m.offset() && off < m.offset() + Math.max(1, m.type().size())) {
                    misalignedAt(m.type(), off - m.offset(), align);
                }
            }
        } else if (off == 0 && t.isScalar() && need(t) > align) {
            kinds.add(kind(t));
        }
    }

    /** Whether reading or writing a {@code t} through pointer {@code ptr} must go a byte at a time. */
    boolean byteWise(Expr ptr, Type t) {
        return need(t) > 1 && !t.isArray() && !t.isAggregate()
                && (mayBe(ptr) || kinds.contains(kind(t)) && !aligned(ptr));
    }

    /**
     * Whether pointer expression {@code e} provably holds an address aligned for what it points to: that of a
     * named object, of a member at its alignment in one, of an element of such an array, or pointer arithmetic
     * on one of these (scaled by the element size), or a cast of one to a type that needs no more.
     */
    private static boolean aligned(Expr e) {
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR) {
            return known(u.operand());
        }
        if (e instanceof Expr.Cast c) {
            Type from = c.operand().type();
            Type to = c.type();
            return from.isPointer() && to.isPointer() && aligned(c.operand()) && from.base.isComplete()
                    && !from.base.isVoid() && alignOf(from.base) >= alignOf(to.base);
        }
        if (e instanceof Expr.Binary b) {
            return switch (b.op()) {
                case ADD, SUB -> b.type().isPointer() && b.left().type().isPointer() && b.right().type().isInteger()
                        && offsetKeepsAlignment(b.right(), b.type().base) && aligned(b.left())
                        || b.op() == BinOp.ADD && b.type().isPointer() && b.right().type().isPointer()
                        && b.left().type().isInteger() && offsetKeepsAlignment(b.left(), b.type().base)
                        && aligned(b.right());
                case COMMA -> aligned(b.right());
                default -> false;
            };
        }
        if (e instanceof Expr.Cond c) {
            return aligned(c.then()) && aligned(c.otherwise());
        }
        return false;
    }

    /** Whether byte offset {@code off} (already scaled) keeps a pointer to a {@code t} aligned. */
    private static boolean offsetKeepsAlignment(Expr off, Type t) {
        return !(off instanceof Expr.IntLit lit) || lit.value() % alignOf(t) == 0;
    }

    /** Whether lvalue {@code lv} is an object at an address aligned for its type. */
    private static boolean known(Expr lv) {
        if (lv instanceof Expr.VarRef) {
            return true;
        }
        if (lv instanceof Expr.Member m) {
            return !m.member().isBitfield() && m.addressAlign() >= alignOf(m.type()) && known(m.base());
        }
        if (lv instanceof Expr.Unary u && u.op() == UnOp.DEREF) {
            return aligned(u.operand());
        }
        return false;
    }

    /** The alignment that reading any scalar of an object of type {@code t} needs. */
    private static int alignOf(Type t) {
        if (t.isArray()) {
            return alignOf(t.base);
        }
        return t.isAggregate() ? (t.agg == null ? 1 : t.agg.align) : need(t);
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
        if (m.member().isBitfield()) {
            return false;
        }
        Type t = m.type();
        while (t.isArray()) {
            t = t.base;
        }
        return m.addressAlign() < need(t);
    }

    private void expr(Expr e) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR && u.operand() instanceof Expr.Member m && misaligned(m)) {
            Type t = m.type();
            while (t.isArray()) {
                t = t.base;
            }
            kinds.add(kind(t));
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
