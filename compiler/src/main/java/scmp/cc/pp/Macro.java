package scmp.cc.pp;

import java.util.List;
import java.util.function.Function;
import scmp.cc.lex.Token;

/**
 * A macro definition. Object-like macros have {@code params == null}; a function-like macro's variadic
 * parameter is named {@code __VA_ARGS__} unless the definition names it ({@code args...}). Built-in macros
 * such as {@code __LINE__} compute their one-token expansion from the token being expanded.
 */
record Macro(String name, List<String> params, boolean variadic, List<Token> body, Function<Token, Token> builtin) {

    boolean isFunctionLike() {
        return params != null;
    }

    /** Whether another definition is the same (C99 6.10.3p2 allows identical redefinitions silently). */
    boolean sameAs(Macro o) {
        if (builtin != null || o.builtin != null || !java.util.Objects.equals(params, o.params)
                || variadic != o.variadic || body.size() != o.body.size()) {
            return false;
        }
        for (int i = 0; i < body.size(); i++) {
            Token a = body.get(i), b = o.body.get(i);
            if (!a.text().equals(b.text()) || (i > 0 && a.space() != b.space())) {
                return false;
            }
        }
        return true;
    }
}
