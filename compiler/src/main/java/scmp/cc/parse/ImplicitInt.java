package scmp.cc.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import scmp.cc.lex.Token;

/**
 * C89's implicit {@code int} for function definitions without declaration specifiers ({@code main() {}},
 * {@code f(a, b) char *a; {}}): at file scope, a name and a parenthesised list followed by a function body or
 * by old-style parameter declarations get an {@code int} token in front, placed at the name and marked with
 * {@link #HIDESET}, which is how the type checker recognises it, to warn. The grammar then needs no rule for
 * a definition without specifiers.
 *
 * <p>The scan only needs to know where a file-scope declaration may start: at the beginning, after a
 * {@code ;} at file scope, and after the closing brace of a function body (but not of a struct, union or
 * enum body, nor of an initializer, which a declaration continues past).
 */
final class ImplicitInt {
    /** The hideset that marks the {@code int} token this pass adds (no macro has this name). */
    static final Set<String> HIDESET = Set.of(" implicit int");

    /** Keywords that may begin an old-style definition's parameter declarations. */
    private static final Set<String> PARAM_DECL_START = Set.of("int", "char", "short", "long", "unsigned", "signed",
            "float", "double", "struct", "union", "enum", "register", "const", "volatile", "void", "_Bool");

    private ImplicitInt() {
    }

    /**
     * {@code toks} with an {@code int} inserted before each definition that lacks specifiers; {@code toks}
     * itself when there is none. {@code keyword} tells keywords (and other reserved spellings) from names.
     */
    static List<Token> insert(List<Token> toks, Predicate<String> keyword) {
        List<Token> out = null;
        Deque<Boolean> braceKinds = new ArrayDeque<>();
        int depth = 0;
        boolean canStart = true;
        for (int i = 0; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (depth == 0 && canStart && startsDefinitionWithoutSpecifiers(toks, i, keyword)) {
                if (out == null) {
                    out = new ArrayList<>(toks.subList(0, i));
                }
                out.add(t.withText(Token.Kind.IDENT, "int").withHideset(HIDESET));
            }
            if (out != null) {
                out.add(t);
            }
            if (t.is("(") || t.is("[")) {
                depth++;
            } else if (t.is(")") || t.is("]")) {
                depth--;
            } else if (t.is("{")) {
                if (depth == 0) {
                    // A function body ends a definition; a struct, enum or initializer brace does not.
                    braceKinds.push(opensAggregate(toks, i));
                }
                depth++;
            } else if (t.is("}")) {
                depth--;
                if (depth == 0 && !braceKinds.isEmpty()) {
                    canStart = !braceKinds.pop();
                    continue;
                }
            }
            canStart = depth == 0 && t.is(";");
        }
        return out == null ? toks : out;
    }

    /** Whether {@code toks[i]} is a plain name followed by a parenthesised list and a body or parameter declarations. */
    private static boolean startsDefinitionWithoutSpecifiers(List<Token> toks, int i, Predicate<String> keyword) {
        Token t = toks.get(i);
        if (t.kind() != Token.Kind.IDENT || keyword.test(t.text()) || i + 1 >= toks.size() || !toks.get(i + 1).is("(")) {
            return false;
        }
        int d = 0, j = i + 1;
        for (; j < toks.size(); j++) {
            if (toks.get(j).is("(")) {
                d++;
            } else if (toks.get(j).is(")") && --d == 0) {
                break;
            }
        }
        Token after = j + 1 < toks.size() ? toks.get(j + 1) : null;
        return after != null && (after.is("{") || after.kind() == Token.Kind.IDENT
                && PARAM_DECL_START.contains(after.text()));
    }

    /** Whether the file-scope brace at {@code toks[i]} opens an initializer or a struct, union or enum body. */
    private static boolean opensAggregate(List<Token> toks, int i) {
        Token p1 = i >= 1 ? toks.get(i - 1) : null, p2 = i >= 2 ? toks.get(i - 2) : null;
        return p1 != null && (p1.is("=") || isTagKeyword(p1)
                || p1.kind() == Token.Kind.IDENT && p2 != null && isTagKeyword(p2));
    }

    private static boolean isTagKeyword(Token t) {
        return t.kind() == Token.Kind.IDENT && (t.text().equals("struct") || t.text().equals("union")
                || t.text().equals("enum"));
    }
}
