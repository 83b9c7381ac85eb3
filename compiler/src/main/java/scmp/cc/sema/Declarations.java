package scmp.cc.sema;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Declarations (C99 6.7, 6.9): typedefs, functions, objects at file scope, {@code static} and automatic
 * objects in blocks, and {@code _Static_assert}. Redeclarations are checked for compatible types and
 * linkage; an automatic object's initializer becomes an assignment statement, a static one becomes bytes.
 */
final class Declarations {
    private final Sema s;
    private final Diagnostics diag;

    Declarations(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /**
     * declaration = declarationSpecifiers initDeclaratorList? ";" -- at file scope ({@code out == null}) or in
     * a block, where initializations become statements appended to {@code out}.
     */
    void declaration(CParser.DeclarationContext ctx, List<Stmt> out) {
        if (ctx.staticAssertDeclaration() != null) {
            staticAssert(ctx.staticAssertDeclaration());
            return;
        }
        Specifiers.Specs sp = s.specifiers.read(ctx.declarationSpecifiers());
        if (out != null) {
            s.vlas.flush(out);
        }
        if (ctx.initDeclaratorList() == null) {
            if (!sp.type().isAggregate() && sp.type().kind != Type.Kind.ENUM) {
                diag.warning(tok(ctx), "useless type name in empty declaration");
            }
            return;
        }
        if (sp.implicitInt()) {
            diag.warning(tok(ctx), "type defaults to 'int' in declaration of "
                    + Exprs.q(declName(ctx.initDeclaratorList().initDeclarator(0))) + " [-Wimplicit-int]");
        }
        for (CParser.InitDeclaratorContext id : ctx.initDeclaratorList().initDeclarator()) {
            Declarators.Decl d = s.declarators.declarator(id.declarator(), sp.type());
            if (out != null) {
                s.vlas.flush(out);
            }
            if (d.name() == null) {
                continue;
            }
            Type t = d.type();
            if (t.isVariablyModified() && !variablyModifiedAllowed(d, sp, out)) {
                continue;
            }
            if (sp.align() > 0 && !t.isFunction()) {
                alignOverride.put(d.name(), sp.align());
            }
            if ("typedef".equals(sp.storage())) {
                typedef(d, s.scope.names.get(d.name()));
                if (id.initializer() != null) {
                    diag.error(d.pos(), "typedef " + Exprs.q(d.name()) + " is initialized (use __typeof__ instead)");
                }
                if (t.isVariablyModified()) {
                    s.vlas.declared(d.name(), d.pos(), t, null, out);
                }
                continue;
            }
            if (t.isFunction()) {
                if (id.initializer() != null) {
                    diag.error(d.pos(), "function " + Exprs.q(d.name()) + " is initialized like a variable");
                }
                declareFunction(d, sp, false);
                continue;
            }
            if (out == null || "extern".equals(sp.storage())) {
                globalObject(d, sp, id.initializer(), out != null);
            } else if ("static".equals(sp.storage())) {
                staticLocal(d, sp, id.initializer());
            } else {
                localObject(d, id.initializer(), out, tok(ctx));
            }
        }
    }

    /**
     * Whether a declaration of variably modified type may be made here (6.7.5.2p2): only in a block, with no
     * linkage, and a variable-length array not static. Otherwise reports it, as gcc words it.
     */
    private boolean variablyModifiedAllowed(Declarators.Decl d, Specifiers.Specs sp, List<Stmt> out) {
        if (out == null) {
            diag.error(d.pos(), "variably modified " + Exprs.q(d.name()) + " at file scope");
            return false;
        }
        if (d.type().isFunction()) {
            return true;
        }
        boolean ok = true;
        if ("extern".equals(sp.storage())) {
            diag.error(d.pos(), "object with variably modified type must have no linkage");
            ok = false;
        }
        if (d.type().isVla() && ("extern".equals(sp.storage()) || "static".equals(sp.storage()))) {
            diag.error(d.pos(), "storage size of " + Exprs.q(d.name()) + " isn't constant");
            ok = false;
        }
        return ok;
    }

    private final Map<String, Integer> alignOverride = new HashMap<>();
    /** Where each typedef was declared, for the note on a conflicting redeclaration. */
    private final Map<Type, Token> typedefPos = new IdentityHashMap<>();

    /**
     * A typedef declaration. Repeating one with the same type is allowed (C11 6.7p3, which gcc accepts in every
     * mode); another type, or another kind of name, is an error with gcc's note on the previous declaration.
     */
    private void typedef(Declarators.Decl d, Scope.Entry old) {
        Type t = d.type();
        if (old != null && old.typedef() == null) {
            diag.error(d.pos(), Exprs.q(d.name()) + " redeclared as different kind of symbol");
            if (old.var() != null && old.var().pos != null) {
                diag.note(old.var().pos, "previous declaration of " + Exprs.q(d.name()) + " with type "
                        + Exprs.q(old.var().type));
            }
        } else if (old != null && !sameType(old.typedef(), t)) {
            diag.error(d.pos(), "conflicting types for " + Exprs.q(d.name()) + "; have " + Exprs.q(t));
            Token prev = typedefPos.get(old.typedef());
            if (prev != null) {
                diag.note(prev, "previous declaration of " + Exprs.q(d.name()) + " with type " + Exprs.q(old.typedef())
                        + " {aka " + Exprs.q(old.typedef().named(null)) + "}");
            }
        }
        Type named = t.named(d.name());
        typedefPos.put(named, d.pos());
        s.scope.names.put(d.name(), new Scope.Entry(null, named, null, null));
    }

    /** Whether a typedef's redeclaration names the same type: compatible, with the same qualifiers and size. */
    private static boolean sameType(Type a, Type b) {
        return GenericSelection.compatible(a, b) && (!a.isArray() || a.arrayLen == b.arrayLen);
    }

    private static String declName(CParser.InitDeclaratorContext id) {
        String n = scmp.cc.parse.TypedefScopes.nameOf(id.declarator());
        return n == null ? "" : n;
    }

    void staticAssert(CParser.StaticAssertDeclarationContext sa) {
        if (sa.StringLiteral().size() == 1) {
            // a #pragma pack that the parser received in this form (TokenAdapter): it applies from here on
            String text = sa.StringLiteral(0).getText();
            String prefix = "\"" + scmp.cc.pp.Preprocessor.PRAGMA_PACK;
            if (text.startsWith(prefix) && sa.constantExpression().getText().equals(PRAGMA_MARK)) {
                s.pack.apply(text.substring(prefix.length(), text.length() - 1));
                return;
            }
            String weak = "\"" + scmp.cc.pp.Preprocessor.PRAGMA_WEAK;
            if (text.startsWith(weak) && sa.constantExpression().getText().equals(PRAGMA_MARK)) {
                s.weak.add(text.substring(weak.length(), text.length() - 1));
                return;
            }
        }
        Long v = s.constantExpression(sa.constantExpression(), "expression in static assertion is not an integer constant expression");
        if (v != null && v == 0) {
            StringBuilder msg = new StringBuilder();
            for (TerminalNode n : sa.StringLiteral()) {
                int[] b = Literals.stringBody(Exprs.tok(n), diag);
                for (int c : b) {
                    msg.append((char) c);
                }
            }
            diag.error(tok(sa), "static assertion failed: \"" + msg + "\"");
        }
    }

    /** The condition of the static assertion that carries a {@code #pragma pack} (TokenAdapter). */
    static final String PRAGMA_MARK = "__scmp_pragma_pack__";

    Scope fileScope() {
        Scope f = s.scope;
        while (f.parent != null) {
            f = f.parent;
        }
        return f;
    }

    /** Declares (or redeclares) a function; returns its symbol. */
    Var declareFunction(Declarators.Decl d, Specifiers.Specs sp, boolean definition) {
        Var v = s.globalsByName.get(d.name());
        Scope.Entry visible = s.scope.lookup(d.name());
        if (visible != null && visible.var() == null && s.scope.names.containsKey(d.name())) {
            diag.error(d.pos(), Exprs.q(d.name()) + " redeclared as different kind of symbol");
        }
        if (v != null) {
            if (!v.type.isFunction()) {
                diag.error(d.pos(), Exprs.q(d.name()) + " redeclared as different kind of symbol");
            } else if (!v.type.compatible(d.type())) {
                diag.error(d.pos(), "conflicting types for " + Exprs.q(d.name()) + "; have " + Exprs.q(d.type()));
                if (v.pos != null) {
                    diag.note(v.pos, "previous declaration of " + Exprs.q(d.name()) + " with type "
                            + Exprs.q(v.type));
                }
            } else if (d.type().prototyped || definition && !v.type.prototyped) {
                v.type = d.type();
            }
            if ("static".equals(sp.storage()) && v.external && v.pos != null && !v.used) {
                v.external = false;
            } else if ("static".equals(sp.storage()) && v.external) {
                diag.error(d.pos(), "static declaration of " + Exprs.q(d.name()) + " follows non-static declaration");
            }
        } else {
            v = new Var(d.name(), d.type(), Var.Storage.GLOBAL, d.pos());
            v.external = !"static".equals(sp.storage());
            v.isExtern = true;
            v.isInline = sp.inline();
            s.globalsByName.put(d.name(), v);
            s.globals.add(v);
        }
        s.scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (s.scope != s.fileScope()) {
            s.fileScope().names.putIfAbsent(d.name(), new Scope.Entry(v, null, null, null));
        }
        return v;
    }

    private void globalObject(Declarators.Decl d, Specifiers.Specs sp, CParser.InitializerContext init, boolean blockExtern) {
        Type t = d.type();
        if (t.isVoid()) {
            diag.error(d.pos(), "variable or field " + Exprs.q(d.name()) + " declared void");
            return;
        }
        Var v = s.globalsByName.get(d.name());
        boolean isExtern = "extern".equals(sp.storage());
        if (blockExtern && init != null) {
            diag.error(d.pos(), Exprs.q(d.name()) + " has both 'extern' and initializer");
            init = null;
        }
        if (v != null) {
            if (v.type.isFunction()) {
                diag.error(d.pos(), Exprs.q(d.name()) + " redeclared as different kind of symbol");
                return;
            }
            if (!v.type.unqualified().compatible(t.unqualified())) {
                diag.error(d.pos(), "conflicting types for " + Exprs.q(d.name()) + "; have " + Exprs.q(t));
                if (v.pos != null) {
                    diag.note(v.pos, "previous declaration of " + Exprs.q(d.name()) + " with type " + Exprs.q(v.type));
                }
                return;
            }
            if (v.type.isArray() && v.type.arrayLen < 0 && t.arrayLen >= 0) {
                v.type = t;
            }
            if (init != null && v.init != null) {
                diag.error(d.pos(), "redefinition of " + Exprs.q(d.name()));
                if (v.pos != null) {
                    diag.note(v.pos, "previous definition of " + Exprs.q(d.name()) + " with type " + Exprs.q(v.type));
                }
                return;
            }
        } else {
            v = new Var(d.name(), t, Var.Storage.GLOBAL, d.pos());
            v.external = !"static".equals(sp.storage());
            s.globalsByName.put(d.name(), v);
            s.globals.add(v);
        }
        Integer al = alignOverride.remove(d.name());
        if (al != null) {
            v.align = Math.max(v.align, al);
        }
        if (!isExtern || init != null) {
            v.defined = true;
            v.isExtern = false;
        } else if (!v.defined) {
            v.isExtern = true;
        }
        s.scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (init != null) {
            s.statics.initialize(v, init);
        }
    }

    private void staticLocal(Declarators.Decl d, Specifiers.Specs sp, CParser.InitializerContext init) {
        Type t = d.type();
        Var v = new Var(d.name(), t, Var.Storage.STATIC_LOCAL, d.pos());
        Integer al = alignOverride.remove(d.name());
        v.align = al == null ? 0 : al;
        v.symbol = d.name() + "." + s.uniq++;
        v.defined = true;
        if (s.scope.names.containsKey(d.name())) {
            diag.error(d.pos(), "redeclaration of " + Exprs.q(d.name()) + " with no linkage");
        }
        s.scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        s.globals.add(v);
        if (init != null) {
            s.statics.initialize(v, init);
        } else if (!t.isComplete()) {
            diag.error(d.pos(), "storage size of " + Exprs.q(d.name()) + " isn't known");
        }
    }

    private void localObject(Declarators.Decl d, CParser.InitializerContext init, List<Stmt> out, Token start) {
        Type t = d.type();
        if (t.isVoid()) {
            diag.error(d.pos(), "variable or field " + Exprs.q(d.name()) + " declared void");
            return;
        }
        Scope.Entry old = s.scope.names.get(d.name());
        if (old != null) {
            diag.error(d.pos(), old.var() != null ? "redeclaration of " + Exprs.q(d.name()) + " with no linkage"
                    : Exprs.q(d.name()) + " redeclared as different kind of symbol");
        }
        Var v = new Var(d.name(), t, Var.Storage.LOCAL, d.pos());
        Integer al = alignOverride.remove(d.name());
        if (al != null) {
            v.addressTaken = true;
            v.align = al;
            if (al > 8) {
                diag.warning(d.pos(), "alignment " + al + " of local " + Exprs.q(d.name())
                        + " is more than the stack's 8; it is aligned to 8");
            }
        }
        s.curLocals.add(v);
        s.scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (t.isVariablyModified()) {
            s.vlas.declared(d.name(), d.pos(), t, v, out);
            if (init != null && t.isVla()) {
                diag.error(start, "variable-sized object may not be initialized");
                return;
            }
        }
        if (init != null) {
            Init in = s.initializers.build(t, init, true);
            if (t.isArray() && t.arrayLen < 0) {
                v.type = in.type;
            }
            out.add(new Stmt.ExprStmt(d.pos(), s.localInits.assignments(v, in)));
        } else if (!t.isComplete()) {
            diag.error(d.pos(), "storage size of " + Exprs.q(d.name()) + " isn't known");
        }
    }
}
