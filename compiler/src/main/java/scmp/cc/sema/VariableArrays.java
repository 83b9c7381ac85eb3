package scmp.cc.sema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * Variable-length arrays (C99 6.7.5.2, 6.2.4p6, 6.8.6.1). A VLA type carries a compiler variable that holds its
 * size in bytes ({@link Type#vlaSize}); reading the declarator computes it, element size times length, as a
 * pending expression that the declaration (or the cast or sizeof) places where the type is met, so it is
 * evaluated each time control gets there. {@code sizeof}, pointer arithmetic and the frame read the variable.
 *
 * <p>A VLA object lives on the stack below the frame: its declaration saves the stack pointer, lowers it by
 * the size ({@link Stmt.VlaAlloc}) and keeps the address in the object's frame slot. Leaving the object's scope
 * gives the space back ({@link Stmt.StackRestore}) however the scope is left: at the end of the block, by
 * {@code break}, {@code continue} or {@code goto} (the stack pointer goes back to where it was before the
 * first declaration left), by {@code return} (the epilogue restores it from fp). So a loop that declares a VLA
 * runs in constant stack. Jumping into the scope of a variably modified identifier, which would skip its
 * size computation, is an error, as in gcc.
 *
 * <p>In a prototype that is not a function definition ({@code void f(int n, int a[n][n]);}) and for
 * {@code [*]} the size is never needed: the type gets {@link #UNSPECIFIED}, which nothing computes. At file
 * scope the same happens and the declaration reports "variably modified 'x' at file scope".
 */
final class VariableArrays {
    private final Sema s;
    private final Diagnostics diag;

    /** The size variable of a variable-length array type whose size is never computed. */
    static final Var UNSPECIFIED = new Var("[*]", Type.UINT, Var.Storage.LOCAL, null);

    /**
     * A declaration of variably modified type in scope here: its name and position, and for an object that was
     * allocated, the variable holding the stack pointer from before its allocation.
     */
    private record Scoped(Var save, String name, Token pos) {
    }

    /** Where a label is, and which variably modified declarations are in scope there. */
    private record LabelSite(Token pos, List<Scoped> scope) {
    }

    /** A goto, the declarations in scope at it, and (when any) the statements it became, to prefix a restore to. */
    private record GotoSite(Token pos, String label, List<Scoped> scope, List<Stmt> items) {
    }

    private final List<Scoped> active = new ArrayList<>();
    private final Map<String, LabelSite> labels = new HashMap<>();
    private final List<GotoSite> gotos = new ArrayList<>();
    private boolean allocates;

    VariableArrays(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** Forgets the previous function. */
    void beginFunction() {
        active.clear();
        labels.clear();
        gotos.clear();
        allocates = false;
    }

    /** Whether the function being checked allocates a variable-length array (it then needs a frame). */
    boolean allocates() {
        return allocates;
    }

    // ------------------------------------------------------------------------------------------------ types

    /**
     * The type "array of {@code elem}" whose length {@code len} (null for {@code [*]}) is not a constant, or whose
     * element is itself of variable size. In a function its size is computed by a pending expression; in a
     * prototype ({@code unspecified}) and at file scope it never is.
     */
    Type arrayOf(Type elem, Expr len, Token pos, boolean unspecified) {
        if (len == null && !unspecified) {
            diag.error(pos, "'[*]' not allowed in other than function prototype scope");
        }
        if (unspecified || len == null || s.curLocals == null) {
            return Type.variableArrayOf(elem, UNSPECIFIED);
        }
        Var size = s.newTemp(Type.UINT);
        Expr n = Conversions.convert(s.exprs.promote(len), Type.UINT);
        Expr bytes = n;
        if (elem.isVla()) {
            bytes = new Expr.Binary(pos, Type.UINT, Expr.BinOp.MUL, n, sizeOf(pos, elem));
        } else if (elem.size() != 1) {
            bytes = new Expr.Binary(pos, Type.UINT, Expr.BinOp.MUL, n, new Expr.IntLit(pos, Type.UINT, elem.size()));
        }
        s.vlaPending.add(new Expr.Assign(pos, Type.UINT, new Expr.VarRef(pos, Type.UINT, size), bytes));
        return Type.variableArrayOf(elem, size);
    }

    /** The size in bytes of variable-length array type {@code t}, as an expression of type unsigned int. */
    Expr sizeOf(Token pos, Type t) {
        return new Expr.VarRef(pos, Type.UINT, t.vlaSize);
    }

    /** The pending size computations as statements of {@code out}, in the order they were read. */
    void flush(List<Stmt> out) {
        for (Expr e : s.vlaPending) {
            out.add(new Stmt.ExprStmt(e.pos(), e));
        }
        s.vlaPending.clear();
    }

    /** {@code e}, preceded by the pending size computations (a cast or sizeof whose type name has a VLA). */
    Expr withPending(Expr e) {
        if (s.vlaPending.isEmpty()) {
            return e;
        }
        Expr first = null;
        for (Expr p : s.vlaPending) {
            first = first == null ? p : new Expr.Binary(p.pos(), p.type(), Expr.BinOp.COMMA, first, p);
        }
        s.vlaPending.clear();
        return new Expr.Binary(e.pos(), e.type(), Expr.BinOp.COMMA, first, e);
    }

    // ------------------------------------------------------------------------------------------------ scopes

    /**
     * A block-scope declaration of {@code name} with variably modified type {@code t} has been reached; a VLA
     * object {@code object} (null for a typedef or a pointer) is allocated by a statement appended to {@code out}.
     */
    void declared(String name, Token pos, Type t, Var object, List<Stmt> out) {
        Var save = null;
        if (object != null && t.isVla()) {
            save = s.newTemp(Type.pointerTo(Type.VOID));
            out.add(new Stmt.VlaAlloc(pos, save, object, sizeOf(pos, t)));
            allocates = true;
        }
        active.add(new Scoped(save, name, pos));
    }

    /** How many variably modified declarations are in scope: a block or jump target notes it on entry. */
    int height() {
        return active.size();
    }

    /** The statement that frees the VLAs allocated since {@code height}, or null if there are none. */
    private Stmt restoreTo(int height, Token pos) {
        for (int i = height; i < active.size(); i++) {
            if (active.get(i).save() != null) {
                return new Stmt.StackRestore(pos, active.get(i).save());
            }
        }
        return null;
    }

    /** A scope opened at {@code height} ends: its VLAs are freed by a statement appended to {@code out}. */
    void leave(int height, List<Stmt> out, Token pos) {
        Stmt r = restoreTo(height, pos);
        if (r != null) {
            out.add(r);
        }
        while (active.size() > height) {
            active.remove(active.size() - 1);
        }
    }

    /** A break or continue to a statement entered at {@code height}: it frees what it leaves behind. */
    Stmt jump(Stmt.Goto g, int height) {
        Stmt r = restoreTo(height, g.pos());
        return r == null ? g : new Stmt.Block(g.pos(), List.of(r, g));
    }

    /** A label is defined here. */
    void label(String name, Token pos) {
        labels.put(name, new LabelSite(pos, List.copyOf(active)));
    }

    /** A goto: what it must free depends on where its label is, known at the end of the function. */
    Stmt gotoStatement(Stmt.Goto g, String label) {
        if (active.isEmpty()) {
            gotos.add(new GotoSite(g.pos(), label, List.of(), null));
            return g;
        }
        List<Stmt> items = new ArrayList<>(List.of(g));
        gotos.add(new GotoSite(g.pos(), label, List.copyOf(active), items));
        return new Stmt.Block(g.pos(), items);
    }

    /**
     * At the end of a function: each goto frees the VLAs in scope at it and not at its label, and may not jump
     * into the scope of a variably modified identifier.
     */
    void resolveGotos() {
        for (GotoSite g : gotos) {
            LabelSite l = labels.get(g.label());
            if (l == null) {
                continue;
            }
            int p = 0;
            while (p < g.scope().size() && p < l.scope().size() && g.scope().get(p) == l.scope().get(p)) {
                p++;
            }
            if (l.scope().size() > p) {
                diag.error(g.pos(), "jump into scope of identifier with variably modified type");
                diag.note(l.pos(), "label " + Exprs.q(g.label()) + " defined here");
                Scoped d = l.scope().get(p);
                diag.note(d.pos(), Exprs.q(d.name()) + " declared here");
                continue;
            }
            for (int i = p; i < g.scope().size(); i++) {
                if (g.scope().get(i).save() != null) {
                    g.items().add(0, new Stmt.StackRestore(g.pos(), g.scope().get(i).save()));
                    break;
                }
            }
        }
    }

    /** A case or default label in a switch entered at {@code height}: it may not jump past a VLA declaration. */
    void caseLabel(int height, Token pos, Token switchPos) {
        if (active.size() > height) {
            diag.error(pos, "switch jumps into scope of identifier with variably modified type");
            diag.note(switchPos, "switch starts here");
            Scoped d = active.get(height);
            diag.note(d.pos(), Exprs.q(d.name()) + " declared here");
        }
    }
}
