package scmp.cc.sema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Program;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;

/**
 * The type checker of a translation unit: walks its parse tree, resolves every name through block scopes,
 * builds types from declarations, lays out structs (docs/abi.md), evaluates static initializers to bytes,
 * lowers automatic initializers to assignments, checks statements and expressions, and returns the typed
 * {@link Program} that code generation reads.
 *
 * <p>Each stage lives in a file of its own and reaches the others through this object, which also keeps the
 * state they share: the current scope, the file's globals, the function being checked and the counter that
 * names compiler-made symbols. Declarations: {@link Specifiers}, {@link Tags} and {@link StructLayout},
 * {@link Declarators}, {@link Declarations}. Initializers: {@link Initializers} builds an {@link Init} tree,
 * {@link StaticImages} and {@link LoadTimeConstants} turn it into bytes, {@link LocalInitializers} into
 * assignments. Functions and statements: {@link Functions}, {@link Statements}, {@link FallThrough}.
 * Expressions: {@link Exprs} and the operator families it hands off to ({@link Operators}, {@link Lvalues},
 * {@link AssignConversions}, {@link Calls}, {@link ConstantLiterals}, {@link ConstantFolding}).
 */
public final class Sema {
    final Diagnostics diag;
    Scope scope = new Scope(null);
    final String fileName;
    final List<Program.Function> definitions = new ArrayList<>();
    final Map<String, Var> globalsByName = new LinkedHashMap<>();
    final List<Var> globals = new ArrayList<>();
    final List<String> toplevelAsm = new ArrayList<>();
    /** The {@code #pragma weak} directives: NAME or NAME=TARGET, in order. */
    final List<String> weak = new ArrayList<>();
    /** Numbers the compiler's own names (temporaries, labels, literals) in the order they are made. */
    int uniq;
    /** Above zero while a static object's initializer is read: its compound literals are then static too. */
    int staticInitializers;

    // The function being checked; null at file scope.
    Var curFn;
    List<Var> curLocals;
    boolean curVariadic;
    Type curRet;
    Set<String> undeclaredReported;
    private boolean undeclaredNoteShown;

    // The stages, one per file; each reaches the others through this object.
    final Exprs exprs;
    final AssignConversions conversions;
    final Lvalues lvalues;
    final Operators operators;
    final Calls calls;
    final ConstantLiterals literals;
    final Specifiers specifiers;
    final Tags tags;
    final Declarators declarators;
    final Declarations declarations;
    final Initializers initializers;
    final StaticImages statics;
    final LoadTimeConstants constants;
    final LocalInitializers localInits;
    final Functions functions;
    final Statements statements;
    final GenericSelection generics;
    final VariableArrays vlas;
    final ComplexOps complex;

    /**
     * The size computations of variable-length array types that declarators have read and nobody has placed
     * yet ({@link VariableArrays}): the declaration, cast or sizeof that read the type puts them before its use.
     */
    final List<Expr> vlaPending = new ArrayList<>();
    /** {@code #pragma pack}'s state, which the structs laid out next see. */
    final PragmaPack pack = new PragmaPack();

    private Sema(String fileName, Diagnostics diag) {
        this.fileName = fileName;
        this.diag = diag;
        this.exprs = new Exprs(this);
        this.conversions = new AssignConversions(this);
        this.lvalues = new Lvalues(this);
        this.operators = new Operators(this);
        this.complex = new ComplexOps(this);
        this.calls = new Calls(this);
        this.literals = new ConstantLiterals(this);
        this.specifiers = new Specifiers(this);
        this.tags = new Tags(this);
        this.declarators = new Declarators(this);
        this.declarations = new Declarations(this);
        this.initializers = new Initializers(this);
        this.statics = new StaticImages(this);
        this.constants = new LoadTimeConstants(this);
        this.localInits = new LocalInitializers(this);
        this.functions = new Functions(this);
        this.statements = new Statements(this);
        this.generics = new GenericSelection(this);
        this.vlas = new VariableArrays(this);
        scope.names.put("__builtin_va_list", new Scope.Entry(null, Type.pointerTo(Type.CHAR).named("__builtin_va_list"),
                null, null));
    }

    /** Checks a parsed translation unit; errors go to {@code diag}. */
    public static Program check(CParser.CompilationUnitContext cu, String fileName, Diagnostics diag) {
        Sema s = new Sema(fileName, diag);
        for (CParser.ExternalDeclarationContext ed : cu.externalDeclaration()) {
            if (ed.functionDefinition() != null) {
                s.functions.definition(ed.functionDefinition());
            } else if (ed.declaration() != null) {
                s.declarations.declaration(ed.declaration(), null);
            } else if (ed.Asm() != null) {
                s.toplevelAsm.add(s.statements.asmText(ed.StringLiteral()));
            }
        }
        s.completeTentativeDefinitions();
        if (diag.wall()) {
            s.warnUnusedGlobals();
        }
        return new Program(fileName, s.definitions, s.globals, s.toplevelAsm, s.weak);
    }

    /** Objects defined without an initializer get their size now that the whole file is read (6.9.2). */
    private void completeTentativeDefinitions() {
        for (Var v : globals) {
            if (v.defined && !v.isFunction() && v.init == null && !v.type.isComplete()) {
                if (v.type.isArray() && v.type.arrayLen < 0 && v.type.base.isComplete()) {
                    // A tentative definition of an array of unknown size has one element (6.9.2p5).
                    diag.warning(v.pos, "array " + Exprs.q(v.name) + " assumed to have one element");
                    v.type = v.type.withArrayLen(1);
                } else {
                    diag.error(v.pos, "storage size of " + Exprs.q(v.name) + " isn't known");
                }
            }
        }
    }

    /** -Wunused-function and -Wunused-variable for file-scope definitions of this file. */
    private void warnUnusedGlobals() {
        for (Var v : globals) {
            if (v.defined && !v.external && !v.used && !v.isInline && v.pos != null && !v.name.startsWith(".")
                    && fileName.equals(v.pos.fileName()) && !(v.type.isConst && !v.isFunction())) {
                diag.warning(v.pos, Exprs.q(v.name) + " defined but not used ["
                        + (v.isFunction() ? "-Wunused-function" : "-Wunused-variable") + "]");
            }
        }
    }

    /** The outermost scope, where file-scope names live. */
    Scope fileScope() {
        Scope f = scope;
        while (f.parent != null) {
            f = f.parent;
        }
        return f;
    }

    // -------------------------------------------------------------------------------- services for the stages

    boolean inFunction() {
        return curFn != null;
    }

    String currentFunctionName() {
        return curFn == null ? "" : curFn.name;
    }

    boolean currentFunctionVariadic() {
        return curVariadic;
    }

    /** Whether an undeclared name should be reported (once per function, as gcc does). */
    boolean reportUndeclared(String name) {
        return undeclaredReported == null || undeclaredReported.add(name);
    }

    boolean firstUndeclared() {
        boolean first = !undeclaredNoteShown;
        undeclaredNoteShown = true;
        return first;
    }

    /** A compiler temporary in the current function (or a static one at file scope). */
    Var newTemp(Type t) {
        if (curLocals == null) {
            Var v = new Var(".Ltmp" + uniq++, t, Var.Storage.GLOBAL, null);
            v.defined = true;
            globals.add(v);
            return v;
        }
        Var v = new Var(".t" + uniq++, t, Var.Storage.LOCAL, null);
        curLocals.add(v);
        return v;
    }

    /** {@code int name()} declared at file scope for a call to an undeclared function (C89 rule). */
    Var implicitFunction(String name, Token pos) {
        Var v = globalsByName.get(name);
        if (v == null) {
            v = new Var(name, Type.function(Type.INT, List.of(), false, false), Var.Storage.GLOBAL, pos);
            v.isExtern = true;
            v.external = true;
            globalsByName.put(name, v);
            globals.add(v);
        }
        fileScope().names.putIfAbsent(name, new Scope.Entry(v, null, null, null));
        return v;
    }

    /**
     * A string literal: an anonymous read-only array object of {@code elem}; {@code bytes} are its contents,
     * with the terminating zero for wide literals (a narrow one gets its NUL here).
     */
    Expr stringLiteral(Token pos, byte[] bytes, Type elem) {
        boolean wide = elem.size() > 1;
        int len = wide ? bytes.length / elem.size() : bytes.length + 1;
        Type t = Type.arrayOf(elem, len);
        Var v = new Var(".LC" + uniq++, t, Var.Storage.GLOBAL, pos);
        v.defined = true;
        v.readOnly = true;
        v.init = new Var.InitData(t.size());
        System.arraycopy(bytes, 0, v.init.bytes, 0, bytes.length);
        globals.add(v);
        return new Expr.VarRef(pos, t, v);
    }

    Long constInt(Expr e) {
        if (e instanceof Expr.IntLit lit) {
            return lit.value();
        }
        return null;
    }

    /** An integer constant expression (array sizes, case labels, enumerators, bit-field widths). */
    Long constantExpression(CParser.ConstantExpressionContext ctx, String what) {
        Expr e = exprs.value(exprs.conditional(ctx.conditionalExpression()));
        Long v = constInt(e);
        if (v == null) {
            diag.error(Exprs.tok(ctx), what);
        }
        return v;
    }
}
