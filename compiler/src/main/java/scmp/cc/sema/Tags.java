package scmp.cc.sema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Struct, union and enum specifiers (C99 6.7.2.1-6.7.2.3): a tag names the same type everywhere in its scope,
 * a body completes it. Members are read here and laid out by {@link StructLayout}; enumerators become integer
 * constants in the current scope.
 */
final class Tags {
    private final Sema s;
    private final Diagnostics diag;

    Tags(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    Type structOrUnion(CParser.StructOrUnionSpecifierContext ctx) {
        boolean union = ctx.kind.getType() == CLexer.Union;
        String tag = ctx.tag == null ? null : ctx.tag.getText();
        boolean hasBody = ctx.LeftBrace() != null;
        if (!hasBody) {
            Type t = s.scope.lookupTag(tag);
            if (t != null) {
                if (t.isAggregate() && (t.kind == Type.Kind.UNION) != union) {
                    diag.error(tok(ctx), Exprs.q(tag) + " defined as wrong kind of tag");
                }
                return t;
            }
            t = Type.struct(new Type.Aggregate(tag), union);
            s.scope.tagScope().tags.put(tag, t);
            return t;
        }
        Type t = tag == null ? null : s.scope.tagScope().tags.get(tag);
        if (t != null && t.agg.complete) {
            diag.error(tok(ctx), "redefinition of " + Exprs.q((union ? "union " : "struct ") + tag));
            t = null;
        }
        if (t == null || (t.kind == Type.Kind.UNION) != union) {
            t = Type.struct(new Type.Aggregate(tag), union);
            if (tag != null) {
                s.scope.tagScope().tags.put(tag, t);
            }
        }
        List<Member0> members = new ArrayList<>();
        for (CParser.StructDeclarationContext sd : ctx.structDeclaration()) {
            if (sd.staticAssertDeclaration() != null) {
                s.declarations.staticAssert(sd.staticAssertDeclaration());
            }
            if (sd.specifierQualifierList() == null) {
                continue;
            }
            Specifiers.Specs sp = s.specifiers.read(sd.specifierQualifierList());
            if (sd.structDeclaratorList() == null) {
                if (sp.type().isAggregate()) {
                    members.add(new Member0(null, sp.type(), -1, tok(sd), sp.align()));
                } else {
                    diag.warning(tok(sd), "declaration does not declare anything");
                }
                continue;
            }
            for (CParser.StructDeclaratorContext d : sd.structDeclaratorList().structDeclarator()) {
                Declarators.Decl decl = d.declarator() != null ? s.declarators.declarator(d.declarator(), sp.type()) : new Declarators.Decl(null,
                        sp.type(), tok(d), null);
                int width = -1;
                if (d.constantExpression() != null) {
                    Long w = s.constantExpression(d.constantExpression(), "bit-field " + Exprs.q(decl.name())
                            + " width not an integer constant");
                    width = w == null ? 1 : w.intValue();
                    if (!decl.type().isInteger()) {
                        diag.error(decl.pos(), "bit-field " + Exprs.q(decl.name()) + " has invalid type");
                        width = -1;
                    } else if (width < 0 || width > decl.type().size() * 8 || width == 0 && decl.name() != null) {
                        diag.error(decl.pos(), width < 0 ? "negative width in bit-field " + Exprs.q(decl.name())
                                : width == 0 ? "zero width for bit-field " + Exprs.q(decl.name())
                                : "width of " + Exprs.q(decl.name()) + " exceeds its type");
                        width = Math.max(0, Math.min(width, decl.type().size() * 8));
                    }
                }
                if (decl.type().isFunction()) {
                    diag.error(decl.pos(), "field " + Exprs.q(decl.name()) + " declared as a function");
                    continue;
                }
                Type mt = decl.type();
                if (mt.isVariablyModified()) {
                    s.vlaPending.clear();
                    diag.error(decl.pos(), s.curLocals == null ? "variably modified " + Exprs.q(decl.name())
                            + " at file scope" : "a member of a structure or union cannot have a variably modified type");
                    continue;
                }
                if (width >= 0 && mt.isUnsignedEnum()) {
                    // gcc: a bit-field of an enumerated type without negative values holds them unsigned.
                    mt = mt.withUnsigned(true).named(mt.typedefName);
                }
                members.add(new Member0(decl.name(), mt, width, decl.pos(), sp.align()));
            }
        }
        StructLayout.layout(diag, t, members, union, s.pack.current());
        return t;
    }

    /** A member as declared, before layout. */
    /** A member as declared: {@code align} is what its {@code _Alignas} asks for, or 0. */
    record Member0(String name, Type type, int bitWidth, Token pos, int align) {
    }

    /**
     * An enum specifier (6.7.2.2): a tag names the same type everywhere in its scope; enumerators become
     * integer constants. The type is compatible with unsigned int when no enumerator is negative, else with
     * int, as gcc chooses (which makes a bit-field of the type unsigned or signed). An enumerator is an int, or
     * (gcc's extension) an unsigned int when its value is above INT_MAX and the enumeration has no negative one;
     * values that fit neither (gcc's long long enumerations) wrap to int.
     */
    Type enumeration(CParser.EnumSpecifierContext ctx) {
        String tag = ctx.tag == null ? null : ctx.tag.getText();
        String name = "enum " + (tag == null ? "<anonymous>" : tag);
        Scope tagScope = s.scope.tagScope();
        if (ctx.enumerator().isEmpty()) {
            Type old = tag == null ? null : s.scope.lookupTag(tag);
            if (old != null) {
                return old;
            }
            Type t = Type.ENUM.named(name);
            if (tag != null) {
                tagScope.tags.put(tag, t);
            }
            return t;
        }
        if (tag != null) {
            Type old = tagScope.tags.get(tag);
            if (old != null && old.kind == Type.Kind.ENUM && name.equals(old.typedefName) && defined.contains(old)) {
                diag.error(tok(ctx), "nested redefinition of " + Exprs.q("enum " + tag));
            }
        }
        long next = 0;
        boolean negative = false;
        List<String> wide = new ArrayList<>();
        for (CParser.EnumeratorContext e : ctx.enumerator()) {
            if (e.constantExpression() != null) {
                Long v = s.constantExpression(e.constantExpression(), "enumerator value for " + Exprs.q(e.Identifier()
                        .getText()) + " is not an integer constant");
                if (v != null) {
                    next = v;
                }
            }
            String id = e.Identifier().getText();
            if (tagScope.names.containsKey(id)) {
                diag.error(Exprs.tok(e.Identifier()), "redeclaration of enumerator " + Exprs.q(id));
            }
            if (next > Integer.MAX_VALUE && next <= 0xffffffffL) {
                tagScope.names.put(id, new Scope.Entry(null, null, next, Type.UINT));
                wide.add(id);
            } else {
                negative |= (int) next < 0;
                tagScope.names.put(id, new Scope.Entry(null, null, (long) (int) next, Type.INT));
            }
            next++;
        }
        for (String id : negative ? wide : List.<String>of()) {
            // With a negative enumerator too, gcc would need long long; this compiler keeps int.
            tagScope.names.put(id, new Scope.Entry(null, null, (long) (int) (long) tagScope.names.get(id).enumValue(),
                    Type.INT));
        }
        Type t = Type.enumeration(name, negative ? Type.INT : Type.UINT);
        if (tag != null) {
            tagScope.tags.put(tag, t);
        }
        defined.add(t);
        return t;
    }

    private final Set<Type> defined = new HashSet<>();
}
