package scmp.cc.sema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Program;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Function definitions (C99 6.9.1): the declaration of the function, its parameters in a new scope (an
 * old-style definition's parameters declared by its declaration list and received default-promoted), its
 * body, and the function-wide checks: labels used but not defined, unused variables and a non-void function
 * whose end can be reached.
 */
final class Functions {
    private final Sema s;
    private final Diagnostics diag;

    Functions(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /**
     * functionDefinition = declarationSpecifiers declarator declaration* compoundStatement -- checks one
     * function and adds it to the program.
     */
    void definition(CParser.FunctionDefinitionContext ctx) {
        Specifiers.Specs sp = s.specifiers.read(ctx.declarationSpecifiers());
        // The parameters' variable-length array sizes become the first statements: their temporaries are locals.
        s.curLocals = new ArrayList<>();
        s.vlaPending.clear();
        Declarators.Decl d = s.declarators.definitionDeclarator(ctx.declarator(), sp.type());
        if (!d.type().isFunction()) {
            diag.error(d.pos(), "expected '=', ',', ';', 'asm' or '__attribute__' before '{' token");
            s.curLocals = null;
            s.vlaPending.clear();
            return;
        }
        Token spec = tok(ctx.declarationSpecifiers());
        if (spec.hideset() == scmp.cc.parse.TokenAdapter.IMPLICIT_INT) {
            // the parser's stand-in for a missing return type (ImplicitInt)
            diag.warning(d.pos(), "return type defaults to 'int' [-Wimplicit-int]");
        }
        boolean oldStyle = !d.type().prototyped && d.params() != null && !d.params().isEmpty();
        Map<String, Type> krTypes = oldStyle ? krParameterTypes(ctx, d) : null;
        if (!oldStyle && !ctx.declaration().isEmpty()) {
            diag.error(tok(ctx.declaration(0)), "old-style parameter declarations in prototyped function definition");
        }
        Var fn = begin(d, sp);
        s.scope = new Scope(s.scope);
        List<Var> params = new ArrayList<>();
        List<Declarators.Param> ps = d.params() == null ? List.of() : d.params();
        List<Stmt> items = new ArrayList<>();
        for (Declarators.Param p : ps) {
            parameter(p, krTypes, params, items);
        }
        s.vlas.flush(items);
        CParser.CompoundStatementContext body = ctx.compoundStatement();
        for (CParser.BlockItemContext bi : body.blockItem()) {
            s.statements.blockItem(bi, items);
        }
        s.scope = s.scope.parent;
        s.statements.checkLabelsDefined();
        s.vlas.resolveGotos();
        Stmt.Block b = new Stmt.Block(tok(body), items);
        if (diag.enabled("uninitialized")) {
            Uninitialized.check(b, diag);
        }
        if (diag.wall()) {
            warnUnusedLocals(ps);
            if (!s.curRet.isVoid() && !d.name().equals("main") && FallThrough.mayFallThrough(b)) {
                diag.warning(Exprs.tok(body.getStop()), "control reaches end of non-void function [-Wreturn-type]");
            }
        }
        s.definitions.add(new Program.Function(fn, params, s.curLocals, b, s.curVariadic, s.vlas.allocates()));
        s.curFn = null;
        s.curLocals = null;
        s.undeclaredReported = null;
    }

    /** Declares the function as defined and makes it the one being checked. */
    private Var begin(Declarators.Decl d, Specifiers.Specs sp) {
        Var fn = s.declarations.declareFunction(d, sp, true);
        if (fn.defined) {
            diag.error(d.pos(), "redefinition of " + Exprs.q(d.name()));
            if (fn.pos != null) {
                diag.note(fn.pos, "previous definition of " + Exprs.q(d.name()) + " with type " + Exprs.q(fn.type));
            }
        }
        fn.defined = true;
        fn.isExtern = false;
        s.curFn = fn;
        s.curRet = d.type().base;
        s.curVariadic = d.type().variadic;
        s.statements.beginFunction();
        s.vlas.beginFunction();
        s.undeclaredReported = new HashSet<>();
        if (!s.curRet.isVoid() && !s.curRet.isComplete()) {
            diag.error(d.pos(), "return type is an incomplete type");
        }
        return fn;
    }

    /**
     * Declares parameter {@code p} in the function's scope and appends it to {@code params}. An old-style
     * parameter ({@code krTypes} not null) arrives with the default argument promotions applied (6.5.2.2p6):
     * when that changes its type, the parameter variable has the promoted type and a local of the declared
     * type is set from it by a statement appended to {@code items}.
     */
    private void parameter(Declarators.Param p, Map<String, Type> krTypes, List<Var> params, List<Stmt> items) {
        if (p.name() == null) {
            diag.error(p.pos(), "parameter name omitted");
            return;
        }
        Type pt = p.type();
        Type received = pt;
        if (krTypes != null) {
            pt = krTypes.get(p.name());
            if (pt == null) {
                diag.warning(p.pos(), "type of " + Exprs.q(p.name()) + " defaults to 'int' [-Wimplicit-int]");
                pt = Type.INT;
            }
            received = pt.isArithmetic() ? Conversions.promoted(pt) : pt;
            if (pt.kind == Type.Kind.FLOAT) {
                received = Type.DOUBLE;
            }
        }
        if (!pt.isComplete()) {
            diag.error(p.pos(), "parameter " + Exprs.q(p.name()) + " has incomplete type");
        }
        if (s.scope.names.containsKey(p.name())) {
            diag.error(p.pos(), "redefinition of parameter " + Exprs.q(p.name()));
        }
        if (received.unqualified().compatible(pt.unqualified())) {
            Var v = krTypes == null && p.var() != null ? p.var() : new Var(p.name(), pt, Var.Storage.PARAM, p.pos());
            s.scope.names.put(p.name(), new Scope.Entry(v, null, null, null));
            params.add(v);
        } else {
            Var v = new Var(".kr" + s.uniq++, received, Var.Storage.PARAM, p.pos());
            params.add(v);
            Var local = new Var(p.name(), pt, Var.Storage.LOCAL, p.pos());
            s.curLocals.add(local);
            s.scope.names.put(p.name(), new Scope.Entry(local, null, null, null));
            Expr set = new Expr.Assign(p.pos(), pt.unqualified(), new Expr.VarRef(p.pos(), pt, local),
                    Conversions.convert(new Expr.VarRef(p.pos(), received, v), pt.unqualified()));
            items.add(new Stmt.ExprStmt(p.pos(), set));
        }
    }

    /** -Wunused-variable for the function's named locals (parameters excepted). */
    private void warnUnusedLocals(List<Declarators.Param> ps) {
        Set<String> paramNames = new HashSet<>();
        for (Declarators.Param p : ps) {
            paramNames.add(p.name());
        }
        for (Var v : s.curLocals) {
            if (!v.used && v.pos != null && !v.name.startsWith(".") && !paramNames.contains(v.name)) {
                diag.warning(v.pos, "unused variable " + Exprs.q(v.name) + " [-Wunused-variable]");
            }
        }
    }

    /** The types an old-style definition's declaration list gives its parameters (adjusted as in 6.7.5.3p7-8). */
    private Map<String, Type> krParameterTypes(CParser.FunctionDefinitionContext ctx, Declarators.Decl d) {
        Map<String, Type> types = new HashMap<>();
        Set<String> names = new HashSet<>();
        for (Declarators.Param p : d.params()) {
            names.add(p.name());
        }
        for (CParser.DeclarationContext dc : ctx.declaration()) {
            if (dc.staticAssertDeclaration() != null) {
                s.declarations.staticAssert(dc.staticAssertDeclaration());
                continue;
            }
            Specifiers.Specs psp = s.specifiers.read(dc.declarationSpecifiers());
            if (dc.initDeclaratorList() == null) {
                continue;
            }
            if (psp.storage() != null && !psp.storage().equals("register")) {
                diag.error(tok(dc), "storage class specified for parameter");
            }
            for (CParser.InitDeclaratorContext id : dc.initDeclaratorList().initDeclarator()) {
                Declarators.Decl pd = s.declarators.declarator(id.declarator(), psp.type());
                if (pd.name() == null) {
                    continue;
                }
                if (!names.contains(pd.name())) {
                    diag.error(pd.pos(), "declaration for parameter " + Exprs.q(pd.name()) + " but no such parameter");
                    continue;
                }
                if (types.containsKey(pd.name())) {
                    diag.error(pd.pos(), "redefinition of parameter " + Exprs.q(pd.name()));
                }
                if (id.initializer() != null) {
                    diag.error(pd.pos(), "parameter " + Exprs.q(pd.name()) + " is initialized");
                }
                Type t = pd.type();
                if (t.isArray()) {
                    t = Type.pointerTo(t.base);
                } else if (t.isFunction()) {
                    t = Type.pointerTo(t);
                } else if (t.isVoid()) {
                    diag.error(pd.pos(), "parameter " + Exprs.q(pd.name()) + " has void type");
                    t = Type.INT;
                }
                types.put(pd.name(), t);
            }
        }
        return types;
    }
}
