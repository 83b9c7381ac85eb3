package scmp.cc.sema;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParser;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.tok;

/**
 * Declaration specifiers (C99 6.7.1-6.7.4): storage class, type specifiers, qualifiers, {@code inline} and
 * alignment, digested into one {@link Specs}. The type keywords are counted in a bit set whose sums name the
 * valid combinations of 6.7.2p2 ({@code unsigned long long int} is UNSIGNED + LONG + LONG + INT); a struct,
 * union, enum, typedef name or {@code __typeof__} stands alone.
 */
final class Specifiers {
    private final Sema s;
    private final Diagnostics diag;

    Specifiers(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    /** Declaration specifiers, digested. */
    record Specs(Type type, String storage, boolean inline, int align, boolean implicitInt) {
    }

    private static final int VOID = 1, BOOL = 1 << 2, CHAR = 1 << 4, SHORT = 1 << 6, INT = 1 << 8, LONG = 1 << 10,
            FLOAT = 1 << 12, DOUBLE = 1 << 14, OTHER = 1 << 16, SIGNED = 1 << 17, UNSIGNED = 1 << 18,
            COMPLEX = 1 << 19;

    /** What the specifiers read so far say. */
    private static final class Seen {
        /** The sum of the type keywords' bits, or OTHER for a struct, union, enum, typedef or typeof. */
        int counter;
        Type other;
        String storage;
        boolean isConst, isVolatile, inline;
        int align;
    }

    /** declarationSpecifiers = (storageClassSpecifier | typeSpecifier | typeQualifier | functionSpecifier | alignment)+ */
    Specs read(ParserRuleContext ctx) {
        Seen seen = new Seen();
        Token pos = tok(ctx);
        for (int i = 0; i < ctx.getChildCount(); i++) {
            specifier(ctx.getChild(i), seen);
        }
        Type t;
        boolean implicit = false;
        if (seen.counter == OTHER) {
            t = seen.other;
        } else {
            t = keywordType(seen.counter, pos);
            if (t == null) {
                t = Type.INT;
                implicit = true;
            }
        }
        if (seen.isConst || seen.isVolatile) {
            t = t.qualified(seen.isConst || t.isConst, seen.isVolatile || t.isVolatile);
        }
        return new Specs(t, seen.storage, seen.inline, seen.align, implicit);
    }

    /** Records one specifier in {@code seen}. */
    private void specifier(ParseTree c, Seen seen) {
        if (c instanceof CParser.StorageClassSpecifierContext sc) {
            String st = sc.getText();
            if (st.equals("_Thread_local") || st.equals("__thread")) {
                return;
            }
            if (seen.storage != null && !(seen.storage.equals("auto") || seen.storage.equals("register"))) {
                diag.error(tok(sc), "multiple storage classes in declaration specifiers");
            }
            seen.storage = st;
        } else if (c instanceof CParser.TypeQualifierContext tq) {
            String q = tq.getText();
            if (q.equals("const") || q.equals("__const") || q.equals("__const__")) {
                seen.isConst = true;
            } else if (q.contains("volatile")) {
                seen.isVolatile = true;
            }
        } else if (c instanceof CParser.FunctionSpecifierContext fs) {
            if (fs.Inline() != null) {
                seen.inline = true;
            }
        } else if (c instanceof CParser.AlignmentSpecifierContext as) {
            if (as.typeName() != null) {
                seen.align = Math.max(seen.align, s.declarators.typeName(as.typeName()).align());
            } else {
                Long v = s.constantExpression(as.constantExpression(), "requested alignment is not an integer constant");
                if (v != null) {
                    seen.align = Math.max(seen.align, v.intValue());
                }
            }
        } else if (c instanceof CParser.AttributeSpecifierContext at) {
            seen.align = Math.max(seen.align, attributeAlign(at));
        } else if (c instanceof CParser.TypedefNameContext tn) {
            if (seen.counter != 0) {
                diag.error(tok(tn), "two or more data types in declaration specifiers");
                return;
            }
            Scope.Entry e = s.scope.lookup(tn.getText());
            seen.other = e != null && e.typedef() != null ? e.typedef() : Type.INT;
            seen.counter += OTHER;
        } else if (c instanceof CParser.TypeSpecifierContext ts) {
            typeSpecifier(ts, seen);
        }
    }

    /** typeSpecifier = type keyword | structOrUnionSpecifier | enumSpecifier | __typeof__ | __builtin_va_list */
    private void typeSpecifier(CParser.TypeSpecifierContext ts, Seen seen) {
        if (ts.structOrUnionSpecifier() != null || ts.enumSpecifier() != null || ts.Typeof() != null
                || ts.BuiltinVaList() != null) {
            if (seen.counter != 0) {
                diag.error(tok(ts), "two or more data types in declaration specifiers");
                return;
            }
            if (ts.structOrUnionSpecifier() != null) {
                seen.other = s.tags.structOrUnion(ts.structOrUnionSpecifier());
            } else if (ts.enumSpecifier() != null) {
                seen.other = s.tags.enumeration(ts.enumSpecifier());
            } else if (ts.BuiltinVaList() != null) {
                seen.other = Type.pointerTo(Type.CHAR).named("__builtin_va_list");
            } else if (ts.typeName() != null) {
                seen.other = s.declarators.typeName(ts.typeName());
            } else {
                Expr e = s.exprs.expression(ts.expression());
                seen.other = e.type().unqualified();
            }
            seen.counter += OTHER;
            return;
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
            case "_Complex", "__complex__", "__complex" -> COMPLEX;
            default -> -1;
        };
        if (bit < 0) {
            diag.error(tok(ts), "'" + w + "' is not supported");
            return;
        }
        if ((seen.counter & OTHER) != 0) {
            diag.error(tok(ts), "two or more data types in declaration specifiers");
            return;
        }
        seen.counter += bit;
    }

    /** The type a valid combination of type keywords names (6.7.2p2); null for none at all (implicit int). */
    private Type keywordType(int counter, Token pos) {
        return switch (counter) {
            case VOID -> Type.VOID;
            case BOOL -> Type.BOOL;
            case CHAR -> Type.CHAR;
            case SIGNED + CHAR -> Type.SCHAR;
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
            case COMPLEX + FLOAT -> Type.CFLOAT;
            case COMPLEX + DOUBLE -> Type.CDOUBLE;
            case COMPLEX + LONG + DOUBLE -> Type.CLDOUBLE;
            case COMPLEX -> {
                diag.warning(pos, "ISO C does not support plain 'complex' meaning 'double complex'");
                yield Type.CDOUBLE;
            }
            default -> {
                diag.error(pos, "invalid combination of type specifiers");
                yield Type.INT;
            }
        };
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
}
