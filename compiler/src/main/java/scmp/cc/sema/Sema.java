package scmp.cc.sema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Program;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.parse.CToken;
import scmp.cc.type.Type;

/**
 * The type-checking pass: walks the parse tree of a translation unit, resolves every name through block
 * scopes, builds types from declaration specifiers and declarators (6.7), lays out structs (docs/abi.md),
 * evaluates static initializers to bytes, lowers automatic initializers to assignments, and checks
 * statements. Expressions are checked by {@link Exprs}. The result is the typed {@link Program}.
 */
public final class Sema {
    final Diagnostics diag;
    final Exprs exprs;
    Scope scope = new Scope(null);
    private final String fileName;
    private final List<Program.Function> functions = new ArrayList<>();
    private final Map<String, Var> globalsByName = new LinkedHashMap<>();
    private final List<Var> globals = new ArrayList<>();
    private final List<String> toplevelAsm = new ArrayList<>();
    private int uniq;

    // The function being checked.
    private Var curFn;
    private List<Var> curLocals;
    private boolean curVariadic;
    private Type curRet;
    private Map<String, String> labels;
    private Set<String> labelsDefined;
    private Map<String, Token> labelsUsed;
    private Set<String> undeclaredReported;
    private boolean undeclaredNoteShown;
    private final Deque<String> breakLabels = new ArrayDeque<>();
    private final Deque<String> continueLabels = new ArrayDeque<>();
    private final Deque<SwitchContext> switches = new ArrayDeque<>();

    /** The cases found so far in the switch being checked. */
    private static final class SwitchContext {
        final Type type;
        final List<Stmt.Case> cases = new ArrayList<>();
        String defaultLabel;

        SwitchContext(Type type) {
            this.type = type;
        }
    }

    private Sema(String fileName, Diagnostics diag) {
        this.fileName = fileName;
        this.diag = diag;
        this.exprs = new Exprs(this, diag);
        scope.names.put("__builtin_va_list", new Scope.Entry(null, Type.pointerTo(Type.CHAR).named("__builtin_va_list"),
                null, null));
    }

    /** Checks a parsed translation unit; errors go to {@code diag}. */
    public static Program check(CParser.CompilationUnitContext cu, String fileName, Diagnostics diag) {
        Sema s = new Sema(fileName, diag);
        for (CParser.ExternalDeclarationContext ed : cu.externalDeclaration()) {
            if (ed.functionDefinition() != null) {
                s.functionDefinition(ed.functionDefinition());
            } else if (ed.declaration() != null) {
                s.declaration(ed.declaration(), null);
            } else if (ed.Asm() != null) {
                s.toplevelAsm.add(s.asmText(ed.StringLiteral()));
            }
        }
        for (Var v : s.globals) {
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
        if (diag.wall()) {
            for (Var v : s.globals) {
                if (v.defined && !v.external && !v.used && !v.isInline && v.pos != null && !v.name.startsWith(".")
                        && fileName.equals(v.pos.fileName()) && !(v.type.isConst && !v.isFunction())) {
                    diag.warning(v.pos, Exprs.q(v.name) + " defined but not used ["
                            + (v.isFunction() ? "-Wunused-function" : "-Wunused-variable") + "]");
                }
            }
        }
        return new Program(fileName, s.functions, s.globals, s.toplevelAsm);
    }

    static Token tok(ParserRuleContext ctx) {
        return Exprs.tok(ctx);
    }

    // -------------------------------------------------------------------------------- services for Exprs

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
        Scope file = scope;
        while (file.parent != null) {
            file = file.parent;
        }
        file.names.putIfAbsent(name, new Scope.Entry(v, null, null, null));
        return v;
    }

    /** A string literal: an anonymous read-only array object. */
    Expr stringLiteral(Token pos, byte[] bytes, boolean wide) {
        Type elem = wide ? Type.INT : Type.CHAR;
        int len = wide ? bytes.length / 4 : bytes.length + 1;
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
    private Long constantExpression(CParser.ConstantExpressionContext ctx, String what) {
        Expr e = exprs.value(exprs.conditional(ctx.conditionalExpression()));
        Long v = constInt(e);
        if (v == null) {
            diag.error(tok(ctx), what);
        }
        return v;
    }

    // -------------------------------------------------------------------------------- specifiers

    /** Declaration specifiers, digested. */
    record Specs(Type type, String storage, boolean inline, int align, boolean implicitInt) {
    }

    private static final int VOID = 1, BOOL = 1 << 2, CHAR = 1 << 4, SHORT = 1 << 6, INT = 1 << 8, LONG = 1 << 10,
            FLOAT = 1 << 12, DOUBLE = 1 << 14, OTHER = 1 << 16, SIGNED = 1 << 17, UNSIGNED = 1 << 18;

    /** declarationSpecifiers = (storageClassSpecifier | typeSpecifier | typeQualifier | ...)+ */
    Specs specifiers(ParserRuleContext ctx) {
        int counter = 0;
        Type other = null;
        String storage = null;
        boolean isConst = false, isVolatile = false, inline = false;
        int align = 0;
        Token pos = tok(ctx);
        for (int i = 0; i < ctx.getChildCount(); i++) {
            ParseTree c = ctx.getChild(i);
            if (c instanceof CParser.StorageClassSpecifierContext sc) {
                String st = sc.getText();
                if (st.equals("_Thread_local") || st.equals("__thread")) {
                    continue;
                }
                if (storage != null && !(storage.equals("auto") || storage.equals("register"))) {
                    diag.error(tok(sc), "multiple storage classes in declaration specifiers");
                }
                storage = st;
            } else if (c instanceof CParser.TypeQualifierContext tq) {
                String q = tq.getText();
                if (q.equals("const") || q.equals("__const") || q.equals("__const__")) {
                    isConst = true;
                } else if (q.contains("volatile")) {
                    isVolatile = true;
                }
            } else if (c instanceof CParser.FunctionSpecifierContext fs) {
                if (fs.Inline() != null) {
                    inline = true;
                }
            } else if (c instanceof CParser.AlignmentSpecifierContext as) {
                if (as.typeName() != null) {
                    align = Math.max(align, typeName(as.typeName()).align());
                } else {
                    Long v = constantExpression(as.constantExpression(), "requested alignment is not an integer constant");
                    if (v != null) {
                        align = Math.max(align, v.intValue());
                    }
                }
            } else if (c instanceof CParser.AttributeSpecifierContext at) {
                align = Math.max(align, attributeAlign(at));
            } else if (c instanceof CParser.TypedefNameContext tn) {
                if (counter != 0) {
                    diag.error(tok(tn), "two or more data types in declaration specifiers");
                    continue;
                }
                Scope.Entry e = scope.lookup(tn.getText());
                other = e != null && e.typedef() != null ? e.typedef() : Type.INT;
                counter += OTHER;
            } else if (c instanceof CParser.TypeSpecifierContext ts) {
                if (ts.structOrUnionSpecifier() != null || ts.enumSpecifier() != null || ts.Typeof() != null
                        || ts.BuiltinVaList() != null) {
                    if (counter != 0) {
                        diag.error(tok(ts), "two or more data types in declaration specifiers");
                        continue;
                    }
                    if (ts.structOrUnionSpecifier() != null) {
                        other = structSpecifier(ts.structOrUnionSpecifier());
                    } else if (ts.enumSpecifier() != null) {
                        other = enumSpecifier(ts.enumSpecifier());
                    } else if (ts.BuiltinVaList() != null) {
                        other = Type.pointerTo(Type.CHAR).named("__builtin_va_list");
                    } else if (ts.typeName() != null) {
                        other = typeName(ts.typeName());
                    } else {
                        Expr e = exprs.expression(ts.expression());
                        other = e.type().unqualified();
                    }
                    counter += OTHER;
                    continue;
                }
                String w = ts.getText();
                int bit = switch (w) {
                    case "void" -> VOID;
                    case "_Bool" -> BOOL;
                    case "char" -> CHAR;
                    case "short" -> SHORT;
                    case "int" -> INT;
                    case "long" -> LONG;
                    case "float" -> FLOAT;
                    case "double" -> DOUBLE;
                    case "signed" -> SIGNED;
                    case "unsigned" -> UNSIGNED;
                    default -> -1;
                };
                if (bit < 0) {
                    diag.error(tok(ts), "'" + w + "' is not supported");
                    continue;
                }
                if ((counter & OTHER) != 0) {
                    diag.error(tok(ts), "two or more data types in declaration specifiers");
                    continue;
                }
                counter += bit;
            }
        }
        Type t;
        boolean implicit = false;
        if (counter == OTHER) {
            t = other;
        } else {
            t = switch (counter) {
                case VOID -> Type.VOID;
                case BOOL -> Type.BOOL;
                case CHAR, SIGNED + CHAR -> Type.CHAR;
                case UNSIGNED + CHAR -> Type.UCHAR;
                case SHORT, SHORT + INT, SIGNED + SHORT, SIGNED + SHORT + INT -> Type.SHORT;
                case UNSIGNED + SHORT, UNSIGNED + SHORT + INT -> Type.USHORT;
                case INT, SIGNED, SIGNED + INT -> Type.INT;
                case 0 -> null;
                case UNSIGNED, UNSIGNED + INT -> Type.UINT;
                case LONG, LONG + INT, SIGNED + LONG, SIGNED + LONG + INT -> Type.LONG;
                case UNSIGNED + LONG, UNSIGNED + LONG + INT -> Type.ULONG;
                case LONG + LONG, LONG + LONG + INT, SIGNED + LONG + LONG, SIGNED + LONG + LONG + INT -> Type.LLONG;
                case UNSIGNED + LONG + LONG, UNSIGNED + LONG + LONG + INT -> Type.ULLONG;
                case FLOAT -> Type.FLOAT;
                case DOUBLE -> Type.DOUBLE;
                case LONG + DOUBLE -> Type.LDOUBLE;
                default -> {
                    diag.error(pos, "invalid combination of type specifiers");
                    yield Type.INT;
                }
            };
            if (t == null) {
                t = Type.INT;
                implicit = true;
            }
        }
        if (isConst || isVolatile) {
            t = t.qualified(isConst || t.isConst, isVolatile || t.isVolatile);
        }
        return new Specs(t, storage, inline, align, implicit);
    }

    /** The alignment an {@code __attribute__((aligned(N)))} asks for, or 0. */
    private int attributeAlign(CParser.AttributeSpecifierContext at) {
        String text = at.getText();
        int i = text.indexOf("aligned(");
        if (i < 0) {
            i = text.indexOf("__aligned__(");
        }
        if (i < 0) {
            return text.contains("aligned") ? 8 : 0;
        }
        int start = text.indexOf('(', i) + 1, end = text.indexOf(')', start);
        try {
            return Integer.decode(text.substring(start, end));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private Type structSpecifier(CParser.StructOrUnionSpecifierContext ctx) {
        boolean union = ctx.kind.getType() == CLexer.Union;
        String tag = ctx.tag == null ? null : ctx.tag.getText();
        boolean hasBody = ctx.LeftBrace() != null;
        if (!hasBody) {
            Type t = scope.lookupTag(tag);
            if (t != null) {
                if (t.isAggregate() && (t.kind == Type.Kind.UNION) != union) {
                    diag.error(tok(ctx), Exprs.q(tag) + " defined as wrong kind of tag");
                }
                return t;
            }
            t = Type.struct(new Type.Aggregate(tag), union);
            scope.tags.put(tag, t);
            return t;
        }
        Type t = tag == null ? null : scope.tags.get(tag);
        if (t != null && t.agg.complete) {
            diag.error(tok(ctx), "redefinition of " + Exprs.q((union ? "union " : "struct ") + tag));
            t = null;
        }
        if (t == null || (t.kind == Type.Kind.UNION) != union) {
            t = Type.struct(new Type.Aggregate(tag), union);
            if (tag != null) {
                scope.tags.put(tag, t);
            }
        }
        List<Member0> members = new ArrayList<>();
        for (CParser.StructDeclarationContext sd : ctx.structDeclaration()) {
            if (sd.specifierQualifierList() == null) {
                continue;
            }
            Specs sp = specifiers(sd.specifierQualifierList());
            if (sd.structDeclaratorList() == null) {
                if (sp.type().isAggregate()) {
                    members.add(new Member0(null, sp.type(), -1, tok(sd)));
                } else {
                    diag.warning(tok(sd), "declaration does not declare anything");
                }
                continue;
            }
            for (CParser.StructDeclaratorContext d : sd.structDeclaratorList().structDeclarator()) {
                Decl decl = d.declarator() != null ? declarator(d.declarator(), sp.type()) : new Decl(null,
                        sp.type(), tok(d), null);
                int width = -1;
                if (d.constantExpression() != null) {
                    Long w = constantExpression(d.constantExpression(), "bit-field " + Exprs.q(decl.name)
                            + " width not an integer constant");
                    width = w == null ? 1 : w.intValue();
                    if (!decl.type.isInteger()) {
                        diag.error(decl.pos, "bit-field " + Exprs.q(decl.name) + " has invalid type");
                        width = -1;
                    } else if (width < 0 || width > decl.type.size() * 8 || width == 0 && decl.name != null) {
                        diag.error(decl.pos, width < 0 ? "negative width in bit-field " + Exprs.q(decl.name)
                                : width == 0 ? "zero width for bit-field " + Exprs.q(decl.name)
                                : "width of " + Exprs.q(decl.name) + " exceeds its type");
                        width = Math.max(0, Math.min(width, decl.type.size() * 8));
                    }
                }
                if (decl.type.isFunction()) {
                    diag.error(decl.pos, "field " + Exprs.q(decl.name) + " declared as a function");
                    continue;
                }
                members.add(new Member0(decl.name, decl.type, width, decl.pos));
            }
        }
        layout(t, members, union);
        return t;
    }

    /** A member as declared, before layout. */
    private record Member0(String name, Type type, int bitWidth, Token pos) {
    }

    /** Lays out members in declaration order (docs/abi.md: each aligned to its size, gcc's bit-field rules). */
    private void layout(Type t, List<Member0> members, boolean union) {
        Type.Aggregate agg = t.agg;
        List<Type.Member> out = new ArrayList<>();
        long bits = 0;
        int align = 1;
        int size = 0;
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < members.size(); i++) {
            Member0 m = members.get(i);
            Type mt = m.type();
            boolean last = i == members.size() - 1;
            if (mt.isArray() && mt.arrayLen < 0 && last && !union && i > 0) {
                agg.flexible = true;
            } else if (!mt.isComplete()) {
                diag.error(m.pos(), "field " + Exprs.q(m.name()) + " has incomplete type");
                mt = Type.INT;
            }
            if (m.name() != null && !seen.add(m.name())) {
                diag.error(m.pos(), "duplicate member " + Exprs.q(m.name()));
            }
            if (m.bitWidth() >= 0) {
                int unitBits = mt.size() * 8;
                if (union) {
                    bits = 0;
                }
                if (m.bitWidth() == 0) {
                    bits = (bits + unitBits - 1) / unitBits * unitBits;
                    continue;
                }
                if (bits / unitBits != (bits + m.bitWidth() - 1) / unitBits) {
                    bits = (bits + unitBits - 1) / unitBits * unitBits;
                }
                int offset = (int) (bits / unitBits * mt.size());
                out.add(new Type.Member(m.name(), mt, offset, (int) (bits % unitBits), m.bitWidth()));
                align = Math.max(align, mt.align());
                if (union) {
                    size = Math.max(size, mt.size());
                } else {
                    bits += m.bitWidth();
                }
                continue;
            }
            int a = mt.align();
            align = Math.max(align, a);
            int offset;
            if (union) {
                offset = 0;
                size = Math.max(size, mt.size());
            } else {
                long byteOff = (bits + 7) / 8;
                offset = (int) ((byteOff + a - 1) / a * a);
                bits = (long) (offset + (mt.isArray() && mt.arrayLen < 0 ? 0 : mt.size())) * 8;
            }
            if (m.name() == null && mt.isAggregate()) {
                // An anonymous struct or union: its members are members of the enclosing one.
                for (Type.Member inner : mt.agg.members) {
                    out.add(new Type.Member(inner.name(), inner.type(), offset + inner.offset(), inner.bitOffset(),
                            inner.bitWidth()));
                }
            } else {
                out.add(new Type.Member(m.name(), mt, offset, 0, -1));
            }
        }
        if (!union) {
            size = (int) ((bits + 7) / 8);
        }
        size = (size + align - 1) / align * align;
        agg.members = out;
        agg.size = size;
        agg.align = align;
        agg.complete = true;
    }

    private Type enumSpecifier(CParser.EnumSpecifierContext ctx) {
        String tag = ctx.tag == null ? null : ctx.tag.getText();
        Type t = Type.ENUM.named("enum " + (tag == null ? "<anonymous>" : tag));
        if (ctx.enumerator().isEmpty()) {
            Type old = tag == null ? null : scope.lookupTag(tag);
            if (old != null) {
                return old;
            }
            if (tag != null) {
                scope.tags.put(tag, t);
            }
            return t;
        }
        if (tag != null) {
            Type old = scope.tags.get(tag);
            if (old != null && old.kind == Type.Kind.ENUM && old.typedefName.equals(t.typedefName)
                    && defined.contains(old)) {
                diag.error(tok(ctx), "nested redefinition of " + Exprs.q("enum " + tag));
            }
            if (old != null) {
                t = old;
            }
            scope.tags.put(tag, t);
        }
        defined.add(t);
        long next = 0;
        for (CParser.EnumeratorContext e : ctx.enumerator()) {
            if (e.constantExpression() != null) {
                Long v = constantExpression(e.constantExpression(), "enumerator value for " + Exprs.q(e.Identifier()
                        .getText()) + " is not an integer constant");
                if (v != null) {
                    next = v;
                }
            }
            String name = e.Identifier().getText();
            if (scope.names.containsKey(name)) {
                diag.error(Exprs.tok(e.Identifier()), "redeclaration of enumerator " + Exprs.q(name));
            }
            scope.names.put(name, new Scope.Entry(null, null, (long) (int) next, t));
            next++;
        }
        return t;
    }

    private final Set<Type> defined = new HashSet<>();

    // -------------------------------------------------------------------------------- declarators

    /** A declarator's result: the declared name, its type, position, and (for functions) parameters. */
    record Decl(String name, Type type, Token pos, List<Param> params) {
    }

    /** A parameter of a function declarator. */
    record Param(String name, Type type, Token pos) {
    }

    private static final class DeclInfo {
        String name;
        Token pos;
        List<Param> params;
    }

    Decl declarator(CParser.DeclaratorContext d, Type base) {
        DeclInfo info = new DeclInfo();
        info.pos = tok(d);
        Type t = applyDeclarator(d, base, info);
        return new Decl(info.name, t, info.pos, info.params);
    }

    private Type pointers(List<CParser.PointerContext> ps, Type t) {
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
            info.name = n.Identifier().getText();
            info.pos = Exprs.tok(n.Identifier());
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
            return applyDirect(a.directDeclarator(), Type.arrayOf(t, -1), info);
        }
        if (dd instanceof CParser.FunctionDeclaratorContext f) {
            List<Param> params = new ArrayList<>();
            boolean variadic = parameters(f.parameterTypeList(), params);
            info.params = params;
            // () declares a function without a prototype (6.7.5.3p14): calls are not checked against it.
            Type ft = functionType(t, params, variadic, f.parameterTypeList() != null, tok(f));
            return applyDirect(f.directDeclarator(), ft, info);
        }
        CParser.KrFunctionDeclaratorContext k = (CParser.KrFunctionDeclaratorContext) dd;
        List<Param> params = new ArrayList<>();
        for (TerminalNode id : k.identifierList().Identifier()) {
            params.add(new Param(id.getText(), Type.INT, Exprs.tok(id)));
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

    /** Parameter declarations; returns whether the list ends with {@code ...}. */
    private boolean parameters(CParser.ParameterTypeListContext ptl, List<Param> out) {
        if (ptl == null) {
            return false;
        }
        List<CParser.ParameterDeclarationContext> ps = ptl.parameterDeclaration();
        for (CParser.ParameterDeclarationContext p : ps) {
            Specs sp = specifiers(p.declarationSpecifiers());
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
            out.add(new Param(name, t, pos));
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
        Expr e = exprs.value(exprs.assignment(size));
        Long n = constInt(e);
        if (n == null) {
            diag.error(pos, "variable-length arrays are not supported");
            return Type.arrayOf(elem, 1);
        }
        if (!e.type().isInteger()) {
            diag.error(pos, "size of array has non-integer type");
            return Type.arrayOf(elem, 1);
        }
        if (n < 0 && !e.type().isUnsigned()) {
            diag.error(pos, "size of array is negative");
            return Type.arrayOf(elem, 1);
        }
        if (n * Math.max(1, elem.size()) > Integer.MAX_VALUE) {
            diag.error(pos, "size of array is too large");
            return Type.arrayOf(elem, 1);
        }
        return Type.arrayOf(elem, n.intValue());
    }

    /** typeName = specifierQualifierList abstractDeclarator? */
    Type typeName(CParser.TypeNameContext ctx) {
        Specs sp = specifiers(ctx.specifierQualifierList());
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
            boolean v = parameters(f.parameterTypeList(), ps);
            return functionType(t, ps, v, f.parameterTypeList() != null, tok(f));
        }
        if (d instanceof CParser.ArrayAbstractSuffixContext a) {
            return directAbstract(a.directAbstractDeclarator(), arrayType(t, a.assignmentExpression(), tok(a)));
        }
        CParser.FunctionAbstractSuffixContext f = (CParser.FunctionAbstractSuffixContext) d;
        List<Param> ps = new ArrayList<>();
        boolean v = parameters(f.parameterTypeList(), ps);
        return directAbstract(f.directAbstractDeclarator(), functionType(t, ps, v, f.parameterTypeList() != null,
                tok(f)));
    }

    // -------------------------------------------------------------------------------- declarations

    /**
     * declaration = declarationSpecifiers initDeclaratorList? ";" -- at file scope ({@code out == null}) or in
     * a block, where initializations become statements appended to {@code out}.
     */
    void declaration(CParser.DeclarationContext ctx, List<Stmt> out) {
        if (ctx.staticAssertDeclaration() != null) {
            staticAssert(ctx.staticAssertDeclaration());
            return;
        }
        Specs sp = specifiers(ctx.declarationSpecifiers());
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
            Decl d = declarator(id.declarator(), sp.type());
            if (d.name() == null) {
                continue;
            }
            Type t = d.type();
            if (sp.align() > 0 && !t.isFunction()) {
                alignOverride.put(d.name(), sp.align());
            }
            if ("typedef".equals(sp.storage())) {
                Scope.Entry old = scope.names.get(d.name());
                if (old != null && (old.typedef() == null || !old.typedef().compatible(t))) {
                    diag.error(d.pos(), old.typedef() == null ? Exprs.q(d.name()) + " redeclared as different kind of symbol"
                            : "conflicting types for " + Exprs.q(d.name()));
                }
                scope.names.put(d.name(), new Scope.Entry(null, t.named(d.name()), null, null));
                if (id.initializer() != null) {
                    diag.error(d.pos(), "typedef " + Exprs.q(d.name()) + " is initialized (use __typeof__ instead)");
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
                localObject(d, id.initializer(), out);
            }
        }
    }

    private final Map<String, Integer> alignOverride = new HashMap<>();

    private static String declName(CParser.InitDeclaratorContext id) {
        String n = scmp.cc.parse.TypedefScopes.nameOf(id.declarator());
        return n == null ? "" : n;
    }

    private void staticAssert(CParser.StaticAssertDeclarationContext sa) {
        Long v = constantExpression(sa.constantExpression(), "expression in static assertion is not an integer constant expression");
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

    private Scope fileScope() {
        Scope f = scope;
        while (f.parent != null) {
            f = f.parent;
        }
        return f;
    }

    /** Declares (or redeclares) a function; returns its symbol. */
    private Var declareFunction(Decl d, Specs sp, boolean definition) {
        Var v = globalsByName.get(d.name());
        Scope.Entry visible = scope.lookup(d.name());
        if (visible != null && visible.var() == null && scope.names.containsKey(d.name())) {
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
            globalsByName.put(d.name(), v);
            globals.add(v);
        }
        scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (scope != fileScope()) {
            fileScope().names.putIfAbsent(d.name(), new Scope.Entry(v, null, null, null));
        }
        return v;
    }

    private void globalObject(Decl d, Specs sp, CParser.InitializerContext init, boolean blockExtern) {
        Type t = d.type();
        if (t.isVoid()) {
            diag.error(d.pos(), "variable or field " + Exprs.q(d.name()) + " declared void");
            return;
        }
        Var v = globalsByName.get(d.name());
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
            globalsByName.put(d.name(), v);
            globals.add(v);
        }
        if (!isExtern || init != null) {
            v.defined = true;
            v.isExtern = false;
        } else if (!v.defined) {
            v.isExtern = true;
        }
        scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (init != null) {
            staticInit(v, init);
        }
    }

    private void staticLocal(Decl d, Specs sp, CParser.InitializerContext init) {
        Type t = d.type();
        Var v = new Var(d.name(), t, Var.Storage.STATIC_LOCAL, d.pos());
        v.symbol = d.name() + "." + uniq++;
        v.defined = true;
        if (scope.names.containsKey(d.name())) {
            diag.error(d.pos(), "redeclaration of " + Exprs.q(d.name()) + " with no linkage");
        }
        scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        globals.add(v);
        if (init != null) {
            staticInit(v, init);
        } else if (!t.isComplete()) {
            diag.error(d.pos(), "storage size of " + Exprs.q(d.name()) + " isn't known");
        }
    }

    private void localObject(Decl d, CParser.InitializerContext init, List<Stmt> out) {
        Type t = d.type();
        if (t.isVoid()) {
            diag.error(d.pos(), "variable or field " + Exprs.q(d.name()) + " declared void");
            return;
        }
        Scope.Entry old = scope.names.get(d.name());
        if (old != null) {
            diag.error(d.pos(), old.var() != null ? "redeclaration of " + Exprs.q(d.name()) + " with no linkage"
                    : Exprs.q(d.name()) + " redeclared as different kind of symbol");
        }
        Var v = new Var(d.name(), t, Var.Storage.LOCAL, d.pos());
        Integer al = alignOverride.remove(d.name());
        if (al != null) {
            v.addressTaken = true;
        }
        curLocals.add(v);
        scope.names.put(d.name(), new Scope.Entry(v, null, null, null));
        if (init != null) {
            Init in = buildInit(t, init, true);
            if (t.isArray() && t.arrayLen < 0) {
                v.type = in.type;
            }
            out.add(new Stmt.ExprStmt(d.pos(), localInit(v, in)));
        } else if (!t.isComplete()) {
            diag.error(d.pos(), "storage size of " + Exprs.q(d.name()) + " isn't known");
        }
    }

    // -------------------------------------------------------------------------------- initializers

    /**
     * An initializer laid over an object (6.7.8): a leaf holds the expression for a scalar; an aggregate holds
     * one child per element or member (a union: the member initialized). Arrays of unknown size grow.
     */
    static final class Init {
        Type type;
        Expr expr;
        List<Init> children;
        boolean flexible;
        int unionMember = -1;

        Init(Type type) {
            this.type = type;
        }
    }

    private Init newInit(Type t, boolean allowFlexible) {
        Init in = new Init(t);
        if (t.isArray()) {
            in.children = new ArrayList<>();
            if (t.arrayLen < 0) {
                in.flexible = allowFlexible;
            } else {
                for (int i = 0; i < t.arrayLen; i++) {
                    in.children.add(null);
                }
            }
        } else if (t.isAggregate()) {
            in.children = new ArrayList<>();
            for (int i = 0; i < t.agg.members.size(); i++) {
                in.children.add(null);
            }
        }
        return in;
    }

    private Init child(Init in, int i) {
        if (in.children.get(i) == null) {
            Type ct = in.type.isArray() ? in.type.base : in.type.agg.members.get(i).type();
            in.children.set(i, newInit(ct, false));
        }
        return in.children.get(i);
    }

    /** An initializer list flattened into items, consumed in order (for brace elision). */
    private static final class Cursor {
        final List<CParser.DesignationContext> desig = new ArrayList<>();
        final List<CParser.InitializerContext> items = new ArrayList<>();
        int i;
        /** How many designators of the current item have been used. */
        int used;

        Cursor(CParser.InitializerListContext l) {
            CParser.DesignationContext pending = null;
            for (int k = 0; k < l.getChildCount(); k++) {
                ParseTree c = l.getChild(k);
                if (c instanceof CParser.DesignationContext dc) {
                    pending = dc;
                } else if (c instanceof CParser.InitializerContext ic) {
                    desig.add(pending);
                    items.add(ic);
                    pending = null;
                }
            }
        }

        boolean more() {
            return i < items.size();
        }

        CParser.InitializerContext item() {
            return items.get(i);
        }

        /** The designators of the current item not yet applied. */
        List<ParseTree> pendingDesignators() {
            CParser.DesignationContext d = desig.get(i);
            List<ParseTree> out = new ArrayList<>();
            if (d == null) {
                return out;
            }
            if (d.Identifier() != null) {
                out.add(d.Identifier());
            } else {
                out.addAll(d.designator());
            }
            return out.subList(Math.min(used, out.size()), out.size());
        }

        void advance() {
            i++;
            used = 0;
        }
    }

    private final Map<CParser.InitializerContext, Expr> itemValues = new HashMap<>();

    private Expr itemExpr(CParser.InitializerContext ic) {
        Expr e = itemValues.get(ic);
        if (e == null) {
            e = exprs.assignment(ic.assignmentExpression());
            itemValues.put(ic, e);
        }
        return e;
    }

    private static boolean braced(CParser.InitializerContext ic) {
        return ic.assignmentExpression() == null;
    }

    Init buildInit(Type t, CParser.InitializerContext ctx, boolean allowFlexible) {
        Init in = newInit(t, allowFlexible);
        if (braced(ctx)) {
            initBraced(in, ctx);
        } else if (t.isArray() && stringFor(t, ctx) != null) {
            stringInit(in, stringFor(t, ctx));
        } else if (t.isArray()) {
            diag.error(tok(ctx), "invalid initializer");
        } else {
            initLeafOrWhole(in, ctx);
        }
        if (in.flexible) {
            in.type = in.type.withArrayLen(in.children.size());
        }
        return in;
    }

    /** The string literal initializing a character array (possibly in braces), or null. */
    private Expr.VarRef stringFor(Type arr, CParser.InitializerContext ic) {
        if (!arr.base.isInteger()) {
            return null;
        }
        CParser.InitializerContext c = ic;
        if (braced(c) && c.initializerList() != null && c.initializerList().initializer().size() == 1) {
            c = c.initializerList().initializer(0);
        }
        if (braced(c)) {
            return null;
        }
        CParser.ConditionalExpressionContext ce = c.assignmentExpression().conditionalExpression();
        if (c.assignmentExpression().assignmentOperator() != null || ce.Question() != null
                || !(ce.binaryExpression() instanceof CParser.CastBinaryContext cb)
                || !(cb.castExpression() instanceof CParser.UnaryCastContext uc)
                || !(uc.unaryExpression() instanceof CParser.PostfixUnaryContext pu)
                || !(pu.postfixExpression() instanceof CParser.PrimaryPostfixContext pp)
                || !pp.postfixSuffix().isEmpty()
                || !(unparen(pp.primaryExpression()) instanceof CParser.StringExprContext)) {
            return null;
        }
        Expr e = itemExpr(c);
        if (e instanceof Expr.VarRef v && v.var().readOnly && v.type().isArray()
                && (v.type().base.size() == arr.base.size())) {
            return v;
        }
        return null;
    }

    private static CParser.PrimaryExpressionContext unparen(CParser.PrimaryExpressionContext p) {
        return p;
    }

    private void stringInit(Init in, Expr.VarRef str) {
        Var lit = str.var();
        int elemSize = in.type.base.size();
        int n = lit.type.arrayLen;
        if (in.flexible) {
            while (in.children.size() < n) {
                in.children.add(null);
            }
        }
        int len = Math.min(n, in.children.size());
        if (!in.flexible && n - 1 > in.children.size()) {
            diag.warning(str.pos(), "initializer-string for array of " + Exprs.q(in.type.base) + " is too long");
        }
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(lit.init.bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < len; i++) {
            long v = elemSize == 1 ? lit.init.bytes[i] : bb.getInt(i * 4);
            Init c = child(in, i);
            c.expr = new Expr.IntLit(str.pos(), in.type.base, Conversions.wrap(v, in.type.base));
        }
    }

    private void initBraced(Init in, CParser.InitializerContext ctx) {
        if (ctx.initializerList() == null) {
            return;
        }
        if (in.type.isArray()) {
            Expr.VarRef str = stringFor(in.type, ctx);
            if (str != null) {
                stringInit(in, str);
                return;
            }
        }
        Cursor c = new Cursor(ctx.initializerList());
        if (in.type.isArray()) {
            arrayItems(in, c, true);
        } else if (in.type.isAggregate()) {
            structItems(in, c, true);
        } else {
            if (!c.pendingDesignators().isEmpty()) {
                diag.error(tok(c.item()), "field name not in record or union initializer");
            }
            initValue(in, c);
            if (c.more()) {
                diag.warning(tok(c.item()), "excess elements in scalar initializer");
            }
            return;
        }
        if (c.more()) {
            diag.warning(tok(c.item()), "excess elements in " + (in.type.isArray() ? "array" : in.type.kind
                    == Type.Kind.UNION ? "union" : "struct") + " initializer");
        }
    }

    /** Initializes {@code in} from the cursor, where braces may be elided (6.7.8p20). */
    private void initValue(Init in, Cursor c) {
        CParser.InitializerContext item = c.item();
        if (braced(item)) {
            c.advance();
            initBraced(in, item);
            return;
        }
        if (in.type.isArray()) {
            Expr.VarRef str = stringFor(in.type, item);
            if (str != null) {
                c.advance();
                stringInit(in, str);
                return;
            }
            arrayItems(in, c, false);
            return;
        }
        if (in.type.isAggregate()) {
            Expr e = exprs.value(itemExpr(item));
            if (e.type().isAggregate() && e.type().agg == in.type.agg) {
                in.expr = e;
                c.advance();
                return;
            }
            structItems(in, c, false);
            return;
        }
        initLeafOrWhole(in, item);
        c.advance();
    }

    private void initLeafOrWhole(Init in, CParser.InitializerContext item) {
        Expr e = itemExpr(item);
        in.expr = exprs.assignConvert(e, in.type, tok(item), Exprs.AssignContext.INIT);
    }

    private void arrayItems(Init in, Cursor c, boolean braced) {
        int i = 0;
        while (c.more()) {
            List<ParseTree> ds = c.pendingDesignators();
            if (!ds.isEmpty()) {
                if (!braced && c.used == 0) {
                    return;
                }
                ParseTree d = ds.get(0);
                if (!(d instanceof CParser.DesignatorContext dc) || dc.LeftBracket() == null) {
                    diag.error(tok(c.item()), "field name not in record or union initializer");
                    c.advance();
                    continue;
                }
                Long lo = constantExpression(dc.constantExpression(0), "nonconstant array index in initializer");
                Long hi = dc.constantExpression().size() > 1 ? constantExpression(dc.constantExpression(1),
                        "nonconstant array index in initializer") : lo;
                if (lo == null || hi == null) {
                    c.advance();
                    continue;
                }
                if (lo < 0 || (!in.flexible && hi >= in.children.size())) {
                    diag.error(tok(dc), "array index in initializer exceeds array bounds");
                    c.advance();
                    continue;
                }
                c.used++;
                int mark = c.i, markUsed = c.used;
                for (long k = lo; k <= hi; k++) {
                    c.i = mark;
                    c.used = markUsed;
                    grow(in, (int) k);
                    designated(child(in, (int) k), c);
                }
                i = (int) (hi + 1);
                continue;
            }
            if (!in.flexible && i >= in.children.size()) {
                if (braced) {
                    return;
                }
                return;
            }
            grow(in, i);
            initValue(child(in, i), c);
            i++;
        }
    }

    private void grow(Init in, int i) {
        while (in.flexible && in.children.size() <= i) {
            in.children.add(null);
        }
    }

    /** The rest of an item's designators apply inside {@code in}; then its value. */
    private void designated(Init in, Cursor c) {
        List<ParseTree> ds = c.pendingDesignators();
        if (ds.isEmpty()) {
            initValue(in, c);
            return;
        }
        if (in.type.isArray()) {
            arrayItemsOne(in, c);
        } else if (in.type.isAggregate()) {
            structItemsOne(in, c);
        } else {
            diag.error(tok(c.item()), "field name not in record or union initializer");
            c.advance();
        }
    }

    private void arrayItemsOne(Init in, Cursor c) {
        ParseTree d = c.pendingDesignators().get(0);
        if (!(d instanceof CParser.DesignatorContext dc) || dc.LeftBracket() == null) {
            diag.error(tok(c.item()), "field name not in record or union initializer");
            c.advance();
            return;
        }
        Long k = constantExpression(dc.constantExpression(0), "nonconstant array index in initializer");
        if (k == null || k < 0 || k >= in.children.size()) {
            diag.error(tok(dc), "array index in initializer exceeds array bounds");
            c.advance();
            return;
        }
        c.used++;
        designated(child(in, k.intValue()), c);
    }

    private int memberIndex(Init in, ParseTree d, Cursor c) {
        String name;
        if (d instanceof TerminalNode tn) {
            name = tn.getText();
        } else {
            CParser.DesignatorContext dc = (CParser.DesignatorContext) d;
            if (dc.Identifier() == null) {
                diag.error(tok(dc), "array index in non-array initializer");
                return -1;
            }
            name = dc.Identifier().getText();
        }
        List<Type.Member> ms = in.type.agg.members;
        for (int k = 0; k < ms.size(); k++) {
            if (name.equals(ms.get(k).name())) {
                return k;
            }
        }
        diag.error(tok(c.item()), Exprs.q(in.type) + " has no member named " + Exprs.q(name));
        return -1;
    }

    private void structItemsOne(Init in, Cursor c) {
        int k = memberIndex(in, c.pendingDesignators().get(0), c);
        if (k < 0) {
            c.advance();
            return;
        }
        c.used++;
        if (in.type.kind == Type.Kind.UNION) {
            if (in.unionMember != k) {
                in.children.replaceAll(x -> null);
            }
            in.unionMember = k;
        }
        designated(child(in, k), c);
    }

    private void structItems(Init in, Cursor c, boolean braced) {
        List<Type.Member> ms = in.type.agg.members;
        boolean union = in.type.kind == Type.Kind.UNION;
        int i = 0;
        boolean first = true;
        while (c.more()) {
            List<ParseTree> ds = c.pendingDesignators();
            if (!ds.isEmpty()) {
                if (!braced && c.used == 0) {
                    return;
                }
                int k = memberIndex(in, ds.get(0), c);
                if (k < 0) {
                    c.advance();
                    continue;
                }
                c.used++;
                if (union) {
                    in.children.replaceAll(x -> null);
                    in.unionMember = k;
                }
                designated(child(in, k), c);
                i = k + 1;
                first = false;
                continue;
            }
            if (union && !first || i >= ms.size()) {
                return;
            }
            if (ms.get(i).name() == null && ms.get(i).isBitfield()) {
                i++;
                continue;
            }
            if (union) {
                in.unionMember = i;
            }
            initValue(child(in, i), c);
            i++;
            first = false;
        }
    }

    // ---- static initializers: bytes and relocations

    private void staticInit(Var v, CParser.InitializerContext ctx) {
        Init in = buildInit(v.type, ctx, true);
        if (v.type.isArray() && v.type.arrayLen < 0) {
            v.type = in.type;
        }
        if (!v.type.isComplete()) {
            diag.error(v.pos, "storage size of " + Exprs.q(v.name) + " isn't known");
            return;
        }
        Var.InitData data = new Var.InitData(v.type.size());
        writeStatic(in, data, 0, true);
        v.init = data;
    }

    /** A constant: a number, or the address of a symbol plus an offset. */
    record Const(long value, String symbol, double fvalue) {
    }

    /** Writes an initializer's bytes; returns false (after reporting if {@code report}) if not constant. */
    private boolean writeStatic(Init in, Var.InitData data, int offset, boolean report) {
        if (in == null) {
            return true;
        }
        Type t = in.type;
        if (in.expr != null && t.isAggregate()) {
            // A struct initialized from an expression of its type: only a constant object can do that statically.
            Expr e = in.expr;
            if (e instanceof Expr.VarRef ref && ref.var().readOnly && ref.var().init != null) {
                System.arraycopy(ref.var().init.bytes, 0, data.bytes, offset, t.size());
                for (Var.Reloc r : ref.var().init.relocs) {
                    data.relocs.add(new Var.Reloc(r.offset() + offset, r.symbol(), r.addend()));
                }
                return true;
            }
            if (report) {
                diag.error(e.pos(), "initializer element is not constant");
            }
            return false;
        }
        if (in.children != null) {
            boolean ok = true;
            for (int i = 0; i < in.children.size(); i++) {
                Init c = in.children.get(i);
                if (c == null) {
                    continue;
                }
                if (t.isArray()) {
                    ok &= writeStatic(c, data, offset + i * t.base.size(), report);
                } else {
                    Type.Member m = t.agg.members.get(i);
                    if (m.isBitfield()) {
                        Const k = c.expr == null ? new Const(0, null, 0) : constant(c.expr, report);
                        if (k == null || k.symbol != null) {
                            ok = false;
                            continue;
                        }
                        long unit = read(data.bytes, offset + m.offset(), m.type().size());
                        long mask = (m.bitWidth() == 64 ? -1L : (1L << m.bitWidth()) - 1) << m.bitOffset();
                        unit = (unit & ~mask) | ((k.value << m.bitOffset()) & mask);
                        write(data.bytes, offset + m.offset(), m.type().size(), unit);
                    } else {
                        ok &= writeStatic(c, data, offset + m.offset(), report);
                    }
                }
            }
            return ok;
        }
        if (in.expr == null) {
            return true;
        }
        Const k = constant(in.expr, report);
        if (k == null) {
            return false;
        }
        if (t.isFloating()) {
            if (t.kind == Type.Kind.FLOAT) {
                write(data.bytes, offset, 4, Float.floatToRawIntBits((float) k.fvalue));
            } else {
                write(data.bytes, offset, 8, Double.doubleToRawLongBits(k.fvalue));
            }
            return true;
        }
        if (k.symbol != null) {
            if (t.size() != 4) {
                if (report) {
                    diag.error(in.expr.pos(), "initializer element is not computable at load time");
                }
                return false;
            }
            data.relocs.add(new Var.Reloc(offset, k.symbol, k.value));
            return true;
        }
        write(data.bytes, offset, t.size(), k.value);
        return true;
    }

    private static void write(byte[] b, int off, int size, long v) {
        for (int i = 0; i < size; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    private static long read(byte[] b, int off, int size) {
        long v = 0;
        for (int i = 0; i < size; i++) {
            v |= (long) (b[off + i] & 0xff) << (8 * i);
        }
        return v;
    }

    /** Evaluates a constant expression of a static initializer (6.6p7), or reports and returns null. */
    Const constant(Expr e, boolean report) {
        Const c = eval(e);
        if (c == null && report) {
            diag.error(e.pos(), "initializer element is not constant");
        }
        return c;
    }

    private Const eval(Expr e) {
        if (e instanceof Expr.IntLit lit) {
            return new Const(lit.value(), null, (double) lit.value());
        }
        if (e instanceof Expr.FloatLit f) {
            return new Const((long) f.value(), null, f.value());
        }
        if (e instanceof Expr.Cast c) {
            Const k = eval(c.operand());
            if (k == null) {
                return null;
            }
            Type to = c.type(), from = c.operand().type();
            if (k.symbol != null) {
                return to.size() == 4 || to.isPointer() ? k : null;
            }
            if (to.isFloating()) {
                double d = from.isFloating() ? (to.kind == Type.Kind.FLOAT ? Conversions.toFloat(k.fvalue) : k.fvalue)
                        : Conversions.integerToFloating(k.value, from, to);
                return new Const(0, null, d);
            }
            if (from.isFloating()) {
                long v = Conversions.wrap(Conversions.doubleToInteger(k.fvalue, to), to);
                return new Const(v, null, v);
            }
            long v = Conversions.wrap(k.value, to);
            return new Const(v, null, v);
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.ADDR) {
            return address(u.operand());
        }
        if (e instanceof Expr.Binary b && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)) {
            Const l = eval(b.left()), r = eval(b.right());
            if (l == null || r == null) {
                return null;
            }
            if (r.symbol != null) {
                if (b.op() == Expr.BinOp.ADD && l.symbol == null) {
                    return new Const(l.value + r.value, r.symbol, 0);
                }
                if (b.op() == Expr.BinOp.SUB && r.symbol.equals(l.symbol)) {
                    return new Const(l.value - r.value, null, l.value - r.value);
                }
                return null;
            }
            long v = b.op() == Expr.BinOp.ADD ? l.value + r.value : l.value - r.value;
            if (l.symbol == null && b.type().isFloating()) {
                return null;
            }
            return new Const(l.symbol == null ? Conversions.wrap(v, b.type()) : v, l.symbol, v);
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinOp.COMMA) {
            return null;
        }
        if (e instanceof Expr.Binary b) {
            Const l = eval(b.left()), r = eval(b.right());
            if (l == null || r == null || l.symbol != null || r.symbol != null || !b.type().isInteger()) {
                return null;
            }
            if (b.op().isComparison()) {
                return null;
            }
            Long v = Exprs.foldInt(b.op(), b.type(), l.value, r.value);
            return v == null ? null : new Const(Conversions.wrap(v, b.type()), null, v);
        }
        if (e instanceof Expr.Cond c) {
            Const k = eval(c.cond());
            if (k == null || k.symbol != null) {
                return null;
            }
            return eval(k.value != 0 ? c.then() : c.otherwise());
        }
        if (e instanceof Expr.VarRef v && (v.type().isArray() || v.type().isFunction())) {
            return address(e);
        }
        return null;
    }

    private Const address(Expr e) {
        if (e instanceof Expr.VarRef v) {
            Var var = v.var();
            if (var.isLocal()) {
                return null;
            }
            var.used = true;
            return new Const(0, var.symbol, 0);
        }
        if (e instanceof Expr.Member m) {
            Const b = address(m.base());
            return b == null ? null : new Const(b.value + m.member().offset(), b.symbol, 0);
        }
        if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.DEREF) {
            return eval(u.operand());
        }
        if (e instanceof Expr.Cast c) {
            return address(c.operand());
        }
        return null;
    }

    // ---- automatic initializers: assignments

    /** The statements' expression that initializes local {@code v}: whole-object copies and stores. */
    private Expr localInit(Var v, Init in) {
        Token pos = v.pos;
        Expr target = new Expr.VarRef(pos, v.type, v);
        if (!v.type.isArray() && !v.type.isAggregate()) {
            if (in.expr == null) {
                return new Expr.Assign(pos, v.type, target, Conversions.convert(Conversions.intLit(pos, 0), v.type));
            }
            return new Expr.Assign(pos, v.type.unqualified(), target, in.expr);
        }
        if (in.expr != null) {
            return new Expr.Assign(pos, v.type.unqualified(), target, in.expr);
        }
        // A constant aggregate initializer is copied from an anonymous read-only image.
        if (v.type.isComplete()) {
            Var.InitData data = new Var.InitData(v.type.size());
            if (writeStatic(in, data, 0, false)) {
                Var img = new Var(".LC" + uniq++, v.type, Var.Storage.GLOBAL, pos);
                img.defined = true;
                img.readOnly = true;
                img.init = data;
                globals.add(img);
                return new Expr.Assign(pos, v.type, target, new Expr.VarRef(pos, v.type, img));
            }
        }
        List<Expr> parts = new ArrayList<>();
        parts.add(new Expr.MemZero(pos, Type.VOID, v));
        storeParts(in, target, parts);
        Expr e = parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            e = new Expr.Binary(pos, Type.VOID, Expr.BinOp.COMMA, e, parts.get(i));
        }
        return e;
    }

    private void storeParts(Init in, Expr target, List<Expr> out) {
        if (in == null) {
            return;
        }
        Token pos = target.pos();
        if (in.expr != null) {
            if (isZero(in.expr)) {
                return;
            }
            out.add(new Expr.Assign(pos, target.type().unqualified(), target, in.expr));
            return;
        }
        if (in.children == null) {
            return;
        }
        Type t = in.type;
        for (int i = 0; i < in.children.size(); i++) {
            Init c = in.children.get(i);
            if (c == null) {
                continue;
            }
            Expr sub;
            if (t.isArray()) {
                Type pt = Type.pointerTo(t.base);
                Expr base = new Expr.Unary(pos, pt, Expr.UnOp.ADDR, target);
                Expr addr = i == 0 ? base : new Expr.Binary(pos, pt, Expr.BinOp.ADD, base,
                        Conversions.intLit(pos, (long) i * t.base.size()));
                sub = new Expr.Unary(pos, t.base, Expr.UnOp.DEREF, addr);
            } else {
                Type.Member m = t.agg.members.get(i);
                sub = new Expr.Member(pos, m.type(), target, m);
            }
            storeParts(c, sub, out);
        }
    }

    private static boolean isZero(Expr e) {
        return e instanceof Expr.IntLit l && l.value() == 0
                || e instanceof Expr.FloatLit f && Double.doubleToRawLongBits(f.value()) == 0;
    }

    /** A compound literal (6.5.2.5): an anonymous object, static at file scope, automatic in a block. */
    Expr compoundLiteral(Token pos, Type t, CParser.InitializerListContext list) {
        CParser.InitializerContext synthetic = syntheticBraced(list);
        if (curLocals == null) {
            Var v = new Var(".Lcl" + uniq++, t, Var.Storage.GLOBAL, pos);
            v.defined = true;
            globals.add(v);
            Init in = buildInit(t, synthetic, true);
            v.type = in.type;
            Var.InitData data = new Var.InitData(v.type.size());
            writeStatic(in, data, 0, true);
            v.init = data;
            return new Expr.VarRef(pos, v.type, v);
        }
        Var v = newTemp(t);
        v.symbol = ".cl" + v.symbol;
        Init in = buildInit(t, synthetic, true);
        v.type = in.type;
        Expr init = localInit(v, in);
        return new Expr.Binary(pos, v.type, Expr.BinOp.COMMA, init, new Expr.VarRef(pos, v.type, v));
    }

    /** Wraps an initializer list as the braced initializer it is. */
    private static CParser.InitializerContext syntheticBraced(CParser.InitializerListContext list) {
        CParser.InitializerContext ic = new CParser.InitializerContext(null, 0);
        ic.addAnyChild(list);
        ic.start = list.getStart();
        return ic;
    }

    // -------------------------------------------------------------------------------- functions

    private void functionDefinition(CParser.FunctionDefinitionContext ctx) {
        Specs sp = specifiers(ctx.declarationSpecifiers());
        Decl d = declarator(ctx.declarator(), sp.type());
        if (!d.type().isFunction()) {
            diag.error(d.pos(), "expected '=', ',', ';', 'asm' or '__attribute__' before '{' token");
            return;
        }
        Token spec = tok(ctx.declarationSpecifiers());
        if (spec.hideset() == scmp.cc.parse.TokenAdapter.IMPLICIT_INT) {
            // the parser's stand-in for a missing return type (TokenAdapter.implicitInt)
            diag.warning(d.pos(), "return type defaults to 'int' [-Wimplicit-int]");
        }
        boolean oldStyle = !d.type().prototyped && d.params() != null && !d.params().isEmpty();
        Map<String, Type> krTypes = oldStyle ? krParameterTypes(ctx, d) : null;
        if (!oldStyle && !ctx.declaration().isEmpty()) {
            diag.error(tok(ctx.declaration(0)), "old-style parameter declarations in prototyped function definition");
        }
        Var fn = declareFunction(d, sp, true);
        if (fn.defined) {
            diag.error(d.pos(), "redefinition of " + Exprs.q(d.name()));
            if (fn.pos != null) {
                diag.note(fn.pos, "previous definition of " + Exprs.q(d.name()) + " with type " + Exprs.q(fn.type));
            }
        }
        fn.defined = true;
        fn.isExtern = false;
        curFn = fn;
        curLocals = new ArrayList<>();
        curRet = d.type().base;
        curVariadic = d.type().variadic;
        labels = new HashMap<>();
        labelsDefined = new HashSet<>();
        labelsUsed = new LinkedHashMap<>();
        undeclaredReported = new HashSet<>();
        if (!curRet.isVoid() && !curRet.isComplete()) {
            diag.error(d.pos(), "return type is an incomplete type");
        }
        scope = new Scope(scope);
        List<Var> params = new ArrayList<>();
        List<Param> ps = d.params() == null ? List.of() : d.params();
        List<Stmt> items = new ArrayList<>();
        for (Param p : ps) {
            if (p.name() == null) {
                diag.error(p.pos(), "parameter name omitted");
                continue;
            }
            Type pt = p.type();
            Type received = pt;
            if (krTypes != null) {
                // An old-style parameter arrives with the default argument promotions applied (6.5.2.2p6):
                // the parameter variable has the promoted type and a local of the declared type is set from it.
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
            if (scope.names.containsKey(p.name())) {
                diag.error(p.pos(), "redefinition of parameter " + Exprs.q(p.name()));
            }
            if (received.unqualified().compatible(pt.unqualified())) {
                Var v = new Var(p.name(), pt, Var.Storage.PARAM, p.pos());
                scope.names.put(p.name(), new Scope.Entry(v, null, null, null));
                params.add(v);
            } else {
                Var v = new Var(".kr" + uniq++, received, Var.Storage.PARAM, p.pos());
                params.add(v);
                Var local = new Var(p.name(), pt, Var.Storage.LOCAL, p.pos());
                curLocals.add(local);
                scope.names.put(p.name(), new Scope.Entry(local, null, null, null));
                Expr set = new Expr.Assign(p.pos(), pt.unqualified(), new Expr.VarRef(p.pos(), pt, local),
                        Conversions.convert(new Expr.VarRef(p.pos(), received, v), pt.unqualified()));
                items.add(new Stmt.ExprStmt(p.pos(), set));
            }
        }
        CParser.CompoundStatementContext body = ctx.compoundStatement();
        for (CParser.BlockItemContext bi : body.blockItem()) {
            blockItem(bi, items);
        }
        scope = scope.parent;
        for (Map.Entry<String, Token> u : labelsUsed.entrySet()) {
            if (!labelsDefined.contains(u.getKey())) {
                diag.error(u.getValue(), "label " + Exprs.q(u.getKey()) + " used but not defined");
            }
        }
        Stmt.Block b = new Stmt.Block(tok(body), items);
        if (diag.wall()) {
            Set<String> paramNames = new HashSet<>();
            for (Param p : ps) {
                paramNames.add(p.name());
            }
            for (Var v : curLocals) {
                if (!v.used && v.pos != null && !v.name.startsWith(".") && !paramNames.contains(v.name)) {
                    diag.warning(v.pos, "unused variable " + Exprs.q(v.name) + " [-Wunused-variable]");
                }
            }
            if (!curRet.isVoid() && !d.name().equals("main") && mayFallThrough(b)) {
                diag.warning(Exprs.tok(body.getStop()), "control reaches end of non-void function [-Wreturn-type]");
            }
        }
        functions.add(new Program.Function(fn, params, curLocals, b, curVariadic));
        curFn = null;
        curLocals = null;
        undeclaredReported = null;
    }

    /** -Wparentheses: {@code if (x = 3)}, an assignment used as a truth value without its own parentheses. */
    private void warnAssignAsCondition(CParser.ExpressionContext e) {
        if (!diag.wall() || e == null || e.assignmentExpression().size() != 1) {
            return;
        }
        CParser.AssignmentExpressionContext a = e.assignmentExpression(0);
        if (a.assignmentOperator() != null && a.assignmentOperator().getText().equals("=")) {
            diag.warning(tok(a), "suggest parentheses around assignment used as truth value [-Wparentheses]");
        }
    }

    /** Functions that never return, for -Wreturn-type. */
    private static final Set<String> NORETURN = Set.of("exit", "abort", "_exit", "_Exit", "longjmp", "siglongjmp",
            "__builtin_unreachable", "__builtin_trap", "__assert_fail", "quick_exit");

    /**
     * Whether control may reach the end of {@code s} (for -Wreturn-type). Conservative towards silence: a
     * construct it cannot judge counts as not falling through only when it plainly cannot.
     */
    private static boolean mayFallThrough(Stmt s) {
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

    /** The types an old-style definition's declaration list gives its parameters (adjusted as in 6.7.5.3p7-8). */
    private Map<String, Type> krParameterTypes(CParser.FunctionDefinitionContext ctx, Decl d) {
        Map<String, Type> types = new HashMap<>();
        Set<String> names = new HashSet<>();
        for (Param p : d.params()) {
            names.add(p.name());
        }
        for (CParser.DeclarationContext dc : ctx.declaration()) {
            if (dc.staticAssertDeclaration() != null) {
                staticAssert(dc.staticAssertDeclaration());
                continue;
            }
            Specs psp = specifiers(dc.declarationSpecifiers());
            if (dc.initDeclaratorList() == null) {
                continue;
            }
            if (psp.storage() != null && !psp.storage().equals("register")) {
                diag.error(tok(dc), "storage class specified for parameter");
            }
            for (CParser.InitDeclaratorContext id : dc.initDeclaratorList().initDeclarator()) {
                Decl pd = declarator(id.declarator(), psp.type());
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

    // -------------------------------------------------------------------------------- statements

    private void blockItem(CParser.BlockItemContext bi, List<Stmt> out) {
        if (bi.declaration() != null) {
            declaration(bi.declaration(), out);
        } else {
            out.add(statement(bi.statement()));
        }
    }

    private Stmt.Block compound(CParser.CompoundStatementContext ctx) {
        scope = new Scope(scope);
        List<Stmt> items = new ArrayList<>();
        for (CParser.BlockItemContext bi : ctx.blockItem()) {
            blockItem(bi, items);
        }
        scope = scope.parent;
        return new Stmt.Block(tok(ctx), items);
    }

    Expr statementExpression(Token pos, CParser.CompoundStatementContext ctx) {
        if (curLocals == null) {
            diag.error(pos, "braced-group within expression allowed only inside a function");
            return Conversions.intLit(pos, 0);
        }
        scope = new Scope(scope);
        List<Stmt> items = new ArrayList<>();
        List<CParser.BlockItemContext> bis = ctx.blockItem();
        if (!bis.isEmpty() && bis.get(bis.size() - 1).statement() instanceof CParser.ExpressionStatementContext last) {
            valueStatements.add(last);
        }
        for (CParser.BlockItemContext bi : bis) {
            blockItem(bi, items);
        }
        scope = scope.parent;
        Type t = Type.VOID;
        if (!items.isEmpty() && items.get(items.size() - 1) instanceof Stmt.ExprStmt es) {
            Expr v = exprs.value(es.expr());
            items.set(items.size() - 1, new Stmt.ExprStmt(es.pos(), v));
            t = v.type();
        }
        return new Expr.StmtExpr(pos, t, new Stmt.Block(pos, items));
    }

    /** Expression statements whose value is a statement expression's value. */
    private final Set<ParserRuleContext> valueStatements = new HashSet<>();

    private String newLabel() {
        return ".L" + uniq++;
    }

    private Stmt statement(CParser.StatementContext ctx) {
        Token pos = tok(ctx);
        if (ctx instanceof CParser.BlockStatementContext b) {
            return compound(b.compoundStatement());
        }
        if (ctx instanceof CParser.ExpressionStatementContext es) {
            if (es.expression() == null) {
                return new Stmt.Block(pos, List.of());
            }
            if (!valueStatements.contains(es)) {
                markDiscarded(es.expression());
            }
            return new Stmt.ExprStmt(pos, exprs.expression(es.expression()));
        }
        if (ctx instanceof CParser.IfStatementContext is) {
            warnAssignAsCondition(is.expression());
            Expr c = exprs.condition(exprs.expression(is.expression()));
            Stmt then = statement(is.statement(0));
            Stmt els = is.statement().size() > 1 ? statement(is.statement(1)) : null;
            return new Stmt.If(pos, c, then, els);
        }
        if (ctx instanceof CParser.WhileStatementContext ws) {
            warnAssignAsCondition(ws.expression());
            Expr c = exprs.condition(exprs.expression(ws.expression()));
            String brk = newLabel(), cont = newLabel();
            Stmt body = loopBody(ws.statement(), brk, cont);
            return new Stmt.Loop(pos, null, c, null, body, brk, cont);
        }
        if (ctx instanceof CParser.DoStatementContext ds) {
            String brk = newLabel(), cont = newLabel();
            Stmt body = loopBody(ds.statement(), brk, cont);
            warnAssignAsCondition(ds.expression());
            Expr c = exprs.condition(exprs.expression(ds.expression()));
            return new Stmt.DoWhile(pos, body, c, brk, cont);
        }
        if (ctx instanceof CParser.ForStatementContext fs) {
            scope = new Scope(scope);
            Stmt init = null;
            CParser.ForInitContext fi = fs.forInit();
            if (fi.declaration() != null) {
                List<Stmt> items = new ArrayList<>();
                declaration(fi.declaration(), items);
                init = new Stmt.Block(pos, items);
            } else if (fi.expression() != null) {
                init = new Stmt.ExprStmt(pos, exprs.expression(fi.expression()));
            }
            Expr cond = null, step = null;
            int k = 0;
            // The grammar gives `for (init cond? ; step?)`: tell the two optional expressions apart by position.
            for (int i = 0; i < fs.getChildCount(); i++) {
                ParseTree c = fs.getChild(i);
                if (c instanceof TerminalNode tn && tn.getSymbol().getType() == CLexer.Semi) {
                    k = 1;
                } else if (c instanceof CParser.ExpressionContext ec) {
                    if (k == 0) {
                        warnAssignAsCondition(ec);
                        cond = exprs.condition(exprs.expression(ec));
                    } else {
                        markDiscarded(ec);
                        step = exprs.expression(ec);
                    }
                }
            }
            String brk = newLabel(), cont = newLabel();
            Stmt body = loopBody(fs.statement(), brk, cont);
            scope = scope.parent;
            return new Stmt.Loop(pos, init, cond, step, body, brk, cont);
        }
        if (ctx instanceof CParser.SwitchStatementContext ss) {
            Expr c = exprs.promote(exprs.expression(ss.expression()));
            if (!c.type().isInteger()) {
                diag.error(tok(ss.expression()), "switch quantity not an integer");
                c = Conversions.intLit(pos, 0);
            }
            SwitchContext sc = new SwitchContext(c.type());
            switches.push(sc);
            String brk = newLabel();
            breakLabels.push(brk);
            Stmt body = statement(ss.statement());
            breakLabels.pop();
            switches.pop();
            return new Stmt.Switch(pos, c, body, sc.cases, sc.defaultLabel, brk);
        }
        if (ctx instanceof CParser.CaseStatementContext cs) {
            SwitchContext sc = switches.peek();
            Long lo = constantExpression(cs.constantExpression(0), "case label does not reduce to an integer constant");
            Long hi = cs.constantExpression().size() > 1 ? constantExpression(cs.constantExpression(1),
                    "case label does not reduce to an integer constant") : lo;
            String label = newLabel();
            if (sc == null) {
                diag.error(pos, "case label not within a switch statement");
                return statement(cs.statement());
            }
            if (lo != null && hi != null) {
                long l = Conversions.wrap(lo, sc.type), h = Conversions.wrap(hi, sc.type);
                for (Stmt.Case other : sc.cases) {
                    if (!(h < other.lo() || l > other.hi())) {
                        diag.error(pos, "duplicate case value");
                        break;
                    }
                }
                sc.cases.add(new Stmt.Case(l, h, label));
            }
            return new Stmt.Label(pos, label, statement(cs.statement()));
        }
        if (ctx instanceof CParser.DefaultStatementContext ds) {
            SwitchContext sc = switches.peek();
            String label = newLabel();
            if (sc == null) {
                diag.error(pos, "'default' label not within a switch statement");
            } else if (sc.defaultLabel != null) {
                diag.error(pos, "multiple default labels in one switch");
            } else {
                sc.defaultLabel = label;
            }
            return new Stmt.Label(pos, label, statement(ds.statement()));
        }
        if (ctx instanceof CParser.LabeledStatementContext ls) {
            String name = ls.Identifier().getText();
            if (!labelsDefined.add(name)) {
                diag.error(pos, "duplicate label " + Exprs.q(name));
            }
            String label = labels.computeIfAbsent(name, n -> newLabel());
            return new Stmt.Label(pos, label, statement(ls.statement()));
        }
        if (ctx instanceof CParser.GotoStatementContext gs) {
            String name = gs.Identifier().getText();
            labelsUsed.putIfAbsent(name, Exprs.tok(gs.Identifier()));
            return new Stmt.Goto(pos, labels.computeIfAbsent(name, n -> newLabel()));
        }
        if (ctx instanceof CParser.ContinueStatementContext) {
            if (continueLabels.isEmpty()) {
                diag.error(pos, "continue statement not within a loop");
                return new Stmt.Block(pos, List.of());
            }
            return new Stmt.Goto(pos, continueLabels.peek());
        }
        if (ctx instanceof CParser.BreakStatementContext) {
            if (breakLabels.isEmpty()) {
                diag.error(pos, "break statement not within loop or switch");
                return new Stmt.Block(pos, List.of());
            }
            return new Stmt.Goto(pos, breakLabels.peek());
        }
        if (ctx instanceof CParser.ReturnStatementContext rs) {
            if (rs.expression() == null) {
                if (!curRet.isVoid()) {
                    diag.warning(pos, "'return' with no value, in function returning non-void [-Wreturn-type]");
                }
                return new Stmt.Return(pos, null);
            }
            Expr e = exprs.expression(rs.expression());
            if (curRet.isVoid()) {
                Expr v = exprs.value(e);
                if (!v.type().isVoid()) {
                    diag.warning(pos, "'return' with a value, in function returning void [-Wreturn-type]");
                }
                return new Stmt.Return(pos, new Expr.Cast(pos, Type.VOID, v));
            }
            return new Stmt.Return(pos, exprs.assignConvert(e, curRet, tok(rs.expression()),
                    Exprs.AssignContext.ret()));
        }
        if (ctx instanceof CParser.AsmStmtContext as) {
            CParser.AsmStatementContext a = as.asmStatement();
            if (a.Colon().size() > 0) {
                diag.error(pos, "extended asm with operands is not supported");
            }
            return new Stmt.Asm(pos, asmText(a.StringLiteral()));
        }
        throw new IllegalStateException(ctx.getClass().getSimpleName());
    }

    /**
     * Notes the postfix increments whose value an expression statement discards ({@code i++;}), so that
     * they are checked as prefix ones and need no temporary for the old value.
     */
    private void markDiscarded(CParser.ExpressionContext ctx) {
        for (CParser.AssignmentExpressionContext a : ctx.assignmentExpression()) {
            CParser.ConditionalExpressionContext c = a.conditionalExpression();
            if (a.assignmentOperator() != null || c.expression() != null
                    || !(c.binaryExpression() instanceof CParser.CastBinaryContext cb)
                    || !(cb.castExpression() instanceof CParser.UnaryCastContext uc)
                    || !(uc.unaryExpression() instanceof CParser.PostfixUnaryContext pu)
                    || !(pu.postfixExpression() instanceof CParser.PrimaryPostfixContext pp)
                    || pp.postfixSuffix().isEmpty()) {
                continue;
            }
            CParser.PostfixSuffixContext last = pp.postfixSuffix().get(pp.postfixSuffix().size() - 1);
            if (last instanceof CParser.PostIncSuffixContext) {
                exprs.discarded.add(last);
            }
        }
    }

    private Stmt loopBody(CParser.StatementContext body, String brk, String cont) {
        breakLabels.push(brk);
        continueLabels.push(cont);
        try {
            return statement(body);
        } finally {
            breakLabels.pop();
            continueLabels.pop();
        }
    }

    private String asmText(List<TerminalNode> parts) {
        StringBuilder sb = new StringBuilder();
        for (TerminalNode n : parts) {
            for (int c : Literals.stringBody(Exprs.tok(n), diag)) {
                sb.append((char) c);
            }
        }
        return new String(sb.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1);
    }
}
