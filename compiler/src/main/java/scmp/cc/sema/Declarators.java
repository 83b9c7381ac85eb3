package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.parse.TypedefScopes;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Declarators (C99 6.7.5) and type names (6.7.6): the pointer, array and function derivations wrapped around
 * a base type, read inside out. A function declarator also yields its parameters; array parameters and
 * function parameters are adjusted to pointers (6.7.5.3p7-8).
 */
final class Declarators {
    private final Sema s;
    private final Diagnostics diag;

    Declarators(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** A declarator's result: the declared name, its type, position, and (for functions) parameters. */
    record Decl(String name, Type type, Token pos, List<Param> params) {
    }

    /** A parameter of a function declarator, and the variable it is in its prototype's scope. */
    record Param(String name, Type type, Token pos, Var var) {
    }

    /** The function declarator of the definition being read, whose parameters are the function's own. */
    private ParserRuleContext defining;
    /** How deep the declarators being read are in prototypes other than the definition's (their VLAs are [*]). */
    private int foreignPrototypes;

    private static final class DeclInfo {
        String name;
        Token pos;
        List<Param> params;
    }

    /**
     * The declarator of a function definition: the sizes of its parameters' variable-length arrays are
     * computed on entry to the function (the pending expressions name the parameters' variables).
     */
    Decl definitionDeclarator(CParser.DeclaratorContext d, Type base) {
        defining = TypedefScopes.innermostFunction(d);
        try {
            return declarator(d, base);
        } finally {
            defining = null;
        }
    }

    Decl declarator(CParser.DeclaratorContext d, Type base) {
        DeclInfo info = new DeclInfo();
        info.pos = tok(d);
        Type t = applyDeclarator(d, base, info);
        return new Decl(info.name, t, info.pos, info.params);
    }

    Type pointers(List<CParser.PointerContext> ps, Type t) {
        for (CParser.PointerContext p : ps) {
            boolean c = false, v = false;
            for (CParser.TypeQualifierContext q : p.typeQualifier()) {
                if (q.getText().contains("const")) {
                    c = true;
                } else if (q.getText().contains("volatile")) {
                    v = true;
                }
            }
            t = Type.pointerTo(t).qualified(c, v);
        }
        return t;
    }

    private Type applyDeclarator(CParser.DeclaratorContext d, Type t, DeclInfo info) {
        return applyDirect(d.directDeclarator(), pointers(d.pointer(), t), info);
    }

    private Type applyDirect(CParser.DirectDeclaratorContext dd, Type t, DeclInfo info) {
        if (dd instanceof CParser.NameDeclaratorContext n) {
            info.name = n.name.getText();
            info.pos = Exprs.tok(n.name);
            return t;
        }
        if (dd instanceof CParser.ParenDeclaratorContext p) {
            return applyDeclarator(p.declarator(), t, info);
        }
        if (dd instanceof CParser.ArrayDeclaratorContext a) {
            Type at = arrayType(t, a.assignmentExpression(), tok(a));
            return applyDirect(a.directDeclarator(), at, info);
        }
        if (dd instanceof CParser.VlaStarDeclaratorContext a) {
            return applyDirect(a.directDeclarator(), s.vlas.arrayOf(t, null, tok(a.lb), foreignPrototypes > 0), info);
        }
        if (dd instanceof CParser.FunctionDeclaratorContext f) {
            List<Param> params = new ArrayList<>();
            boolean variadic = f == defining ? parameters(f.parameterTypeList(), params)
                    : foreignParameters(f.parameterTypeList(), params);
            info.params = params;
            // () declares a function without a prototype (6.7.5.3p14): calls are not checked against it.
            Type ft = functionType(t, params, variadic, f.parameterTypeList() != null, tok(f));
            return applyDirect(f.directDeclarator(), ft, info);
        }
        CParser.KrFunctionDeclaratorContext k = (CParser.KrFunctionDeclaratorContext) dd;
        List<Param> params = new ArrayList<>();
        for (TerminalNode id : k.identifierList().Identifier()) {
            params.add(new Param(id.getText(), Type.INT, Exprs.tok(id), null));
        }
        info.params = params;
        return applyDirect(k.directDeclarator(), functionType(t, List.of(), false, false, tok(k)), info);
    }

    private Type functionType(Type ret, List<Param> params, boolean variadic, boolean prototyped, Token pos) {
        if (ret.isFunction()) {
            diag.error(pos, "function returning a function");
            ret = Type.INT;
        } else if (ret.isArray()) {
            diag.error(pos, "function returning an array");
            ret = Type.INT;
        }
        List<Type> types = new ArrayList<>();
        for (Param p : params) {
            types.add(p.type());
        }
        return Type.function(ret.unqualified(), types, variadic, prototyped && (!params.isEmpty() || variadic
                || prototyped));
    }

    /** The parameters of a prototype that is not the definition being read: its VLAs are of unspecified size. */
    private boolean foreignParameters(CParser.ParameterTypeListContext ptl, List<Param> out) {
        foreignPrototypes++;
        try {
            return parameters(ptl, out);
        } finally {
            foreignPrototypes--;
        }
    }

    /**
     * Parameter declarations, each declared in the prototype's scope as it is read so that a later one's array
     * size can name it; returns whether the list ends with {@code ...}.
     */
    private boolean parameters(CParser.ParameterTypeListContext ptl, List<Param> out) {
        if (ptl == null) {
            return false;
        }
        Scope outer = s.scope;
        s.scope = new Scope(outer, true);
        try {
            return parameterList(ptl, out);
        } finally {
            s.scope = outer;
        }
    }

    private boolean parameterList(CParser.ParameterTypeListContext ptl, List<Param> out) {
        List<CParser.ParameterDeclarationContext> ps = ptl.parameterDeclaration();
        for (CParser.ParameterDeclarationContext p : ps) {
            Specifiers.Specs sp = s.specifiers.read(p.declarationSpecifiers());
            Type t;
            String name = null;
            Token pos = tok(p);
            if (p.declarator() != null) {
                Decl d = declarator(p.declarator(), sp.type());
                t = d.type();
                name = d.name();
                pos = d.pos();
            } else if (p.abstractDeclarator() != null) {
                t = abstractDeclarator(p.abstractDeclarator(), sp.type());
            } else {
                t = sp.type();
            }
            if (t.isVoid() && ps.size() == 1 && name == null && !t.isConst) {
                return ptl.Ellipsis() != null;
            }
            if (t.isVoid()) {
                diag.error(pos, "parameter " + (out.size() + 1) + (name != null ? " (" + Exprs.q(name) + ")" : "")
                        + " has void type");
                t = Type.INT;
            }
            if (t.isArray()) {
                t = Type.pointerTo(t.base);
            } else if (t.isFunction()) {
                t = Type.pointerTo(t);
            }
            Var v = new Var(name, t, Var.Storage.PARAM, pos);
            if (name != null) {
                s.scope.names.put(name, new Scope.Entry(v, null, null, null));
            }
            out.add(new Param(name, t, pos, v));
        }
        return ptl.Ellipsis() != null;
    }

    private Type arrayType(Type elem, CParser.AssignmentExpressionContext size, Token pos) {
        if (elem.isFunction()) {
            diag.error(pos, "declaration of array of functions");
            elem = Type.INT;
        } else if (!elem.isComplete() && !elem.isArray()) {
            diag.error(pos, "array type has incomplete element type " + Exprs.q(elem));
            elem = Type.INT;
        }
        if (size == null) {
            return Type.arrayOf(elem, -1);
        }
        Expr e = s.exprs.value(s.exprs.assignment(size));
        Long n = s.constInt(e);
        if (n == null && e.type().isInteger()) {
            return s.vlas.arrayOf(elem, e, pos, foreignPrototypes > 0);
        }
        if (!e.type().isInteger()) {
            diag.error(pos, "size of array has non-integer type");
            return Type.arrayOf(elem, 1);
        }
        if (n < 0 && !e.type().isUnsigned()) {
            diag.error(pos, "size of array is negative");
            return Type.arrayOf(elem, 1);
        }
        if (elem.isVla()) {
            return s.vlas.arrayOf(elem, e, pos, foreignPrototypes > 0);
        }
        if (n * Math.max(1, elem.size()) > Integer.MAX_VALUE) {
            diag.error(pos, "size of array is too large");
            return Type.arrayOf(elem, 1);
        }
        return Type.arrayOf(elem, n.intValue());
    }

    /** typeName = specifierQualifierList abstractDeclarator? */
    Type typeName(CParser.TypeNameContext ctx) {
        Specifiers.Specs sp = s.specifiers.read(ctx.specifierQualifierList());
        if (ctx.abstractDeclarator() == null) {
            return sp.type();
        }
        return abstractDeclarator(ctx.abstractDeclarator(), sp.type());
    }

    private Type abstractDeclarator(CParser.AbstractDeclaratorContext ad, Type t) {
        t = pointers(ad.pointer(), t);
        if (ad.directAbstractDeclarator() == null) {
            return t;
        }
        return directAbstract(ad.directAbstractDeclarator(), t);
    }

    private Type directAbstract(CParser.DirectAbstractDeclaratorContext d, Type t) {
        if (d instanceof CParser.ParenAbstractContext p) {
            return abstractDeclarator(p.abstractDeclarator(), t);
        }
        if (d instanceof CParser.ArrayAbstractContext a) {
            return arrayType(t, a.assignmentExpression(), tok(a));
        }
        if (d instanceof CParser.FunctionAbstractContext f) {
            List<Param> ps = new ArrayList<>();
            boolean v = foreignParameters(f.parameterTypeList(), ps);
            return functionType(t, ps, v, f.parameterTypeList() != null, tok(f));
        }
        if (d instanceof CParser.VlaStarAbstractContext a) {
            return s.vlas.arrayOf(t, null, tok(a.lb), foreignPrototypes > 0);
        }
        if (d instanceof CParser.VlaStarAbstractSuffixContext a) {
            return directAbstract(a.directAbstractDeclarator(), s.vlas.arrayOf(t, null, tok(a.lb), foreignPrototypes > 0));
        }
        if (d instanceof CParser.ArrayAbstractSuffixContext a) {
            return directAbstract(a.directAbstractDeclarator(), arrayType(t, a.assignmentExpression(), tok(a)));
        }
        CParser.FunctionAbstractSuffixContext f = (CParser.FunctionAbstractSuffixContext) d;
        List<Param> ps = new ArrayList<>();
        boolean v = foreignParameters(f.parameterTypeList(), ps);
        return directAbstract(f.directAbstractDeclarator(), functionType(t, ps, v, f.parameterTypeList() != null,
                tok(f)));
    }
}
