package scmp.cc.pp;

import java.util.List;
import scmp.cc.Diagnostics;
import scmp.cc.lex.Token;
import scmp.common.Limits;

/**
 * Evaluates the controlling expression of {@code #if} (C99 6.10.1): integer constant expressions in
 * intmax_t / uintmax_t (64 bits here), after {@code defined} and macros have been replaced and every
 * remaining identifier has become 0. A recursive-descent evaluator, one method per precedence level.
 */
final class ConstExpr {
    /** Thrown after the error has been reported; the condition then counts as false. */
    static final class Failure extends RuntimeException {
        Failure() {
            super(null, null, false, false);
        }
    }

    /** A value and whether it is unsigned (which changes division, comparison and shifts). */
    private record Val(long v, boolean unsigned) {
    }

    private final List<Token> toks;
    private final Diagnostics diag;
    private int pos;
    private int depth;

    ConstExpr(List<Token> toks, Diagnostics diag) {
        this.toks = toks;
        this.diag = diag;
    }

    long evaluate() {
        Val v = conditional(true);
        if (pos < toks.size()) {
            Token t = toks.get(pos);
            diag.error(t, "missing binary operator before token \"" + t.text() + "\"");
            throw new Failure();
        }
        return v.v;
    }

    private Token peek() {
        return pos < toks.size() ? toks.get(pos) : null;
    }

    private boolean accept(String s) {
        Token t = peek();
        if (t != null && t.is(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!accept(s)) {
            Token t = peek();
            diag.error(t != null ? t : toks.get(toks.size() - 1), "missing '" + s + "' in expression");
            throw new Failure();
        }
    }

    /** conditional = logor ("?" conditional ":" conditional)? ; {@code live} is false in unevaluated arms. */
    private Val conditional(boolean live) {
        enter();
        Val c = binary(0, live);
        if (accept("?")) {
            Val a = conditional(live && c.v != 0);
            expect(":");
            Val b = conditional(live && c.v == 0);
            boolean u = a.unsigned || b.unsigned;
            depth--;
            return new Val(c.v != 0 ? a.v : b.v, u);
        }
        depth--;
        return c;
    }

    /**
     * Counts one level of nesting (a parenthesis, a conditional, a prefix operator) and refuses more than
     * {@link Limits#MAX_BRACKET_DEPTH}, so that no expression overflows the stack.
     */
    private void enter() {
        if (++depth > Limits.MAX_BRACKET_DEPTH) {
            diag.error(peek() != null ? peek() : toks.get(toks.size() - 1), "#if expression nested too deeply "
                    + "(the limit is " + Limits.MAX_BRACKET_DEPTH + ")");
            throw new Failure();
        }
    }

    private static final String[][] LEVELS = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"},
        {"*", "/", "%"},
    };

    /** binary(level) = binary(level+1) (op binary(level+1))*, the C precedence levels from || down to *. */
    private Val binary(int level, boolean live) {
        if (level == LEVELS.length) {
            return unary(live);
        }
        Val l = binary(level + 1, live);
        while (true) {
            Token t = peek();
            String op = null;
            if (t != null && t.kind() == Token.Kind.PUNCT) {
                for (String o : LEVELS[level]) {
                    if (t.is(o)) {
                        op = o;
                    }
                }
            }
            if (op == null) {
                return l;
            }
            pos++;
            boolean rl = live && !(op.equals("&&") && l.v == 0) && !(op.equals("||") && l.v != 0);
            Val r = binary(level + 1, rl);
            l = apply(op, l, r, t, rl);
        }
    }

    private Val apply(String op, Val l, Val r, Token at, boolean live) {
        boolean u = l.unsigned || r.unsigned;
        long a = l.v, b = r.v;
        switch (op) {
            case "||": return new Val(a != 0 || b != 0 ? 1 : 0, false);
            case "&&": return new Val(a != 0 && b != 0 ? 1 : 0, false);
            case "|": return new Val(a | b, u);
            case "^": return new Val(a ^ b, u);
            case "&": return new Val(a & b, u);
            case "==": return new Val(a == b ? 1 : 0, false);
            case "!=": return new Val(a != b ? 1 : 0, false);
            case "<": return new Val((u ? Long.compareUnsigned(a, b) < 0 : a < b) ? 1 : 0, false);
            case ">": return new Val((u ? Long.compareUnsigned(a, b) > 0 : a > b) ? 1 : 0, false);
            case "<=": return new Val((u ? Long.compareUnsigned(a, b) <= 0 : a <= b) ? 1 : 0, false);
            case ">=": return new Val((u ? Long.compareUnsigned(a, b) >= 0 : a >= b) ? 1 : 0, false);
            case "<<": return new Val(b >= 64 || b < 0 ? 0 : a << b, l.unsigned);
            case ">>": return new Val(b >= 64 || b < 0 ? (l.unsigned || a >= 0 ? 0 : -1)
                    : l.unsigned ? a >>> b : a >> b, l.unsigned);
            case "+": return new Val(a + b, u);
            case "-": return new Val(a - b, u);
            case "*": return new Val(a * b, u);
            default:
                if (b == 0) {
                    if (live) {
                        diag.error(at, "division by zero in #if");
                        throw new Failure();
                    }
                    return new Val(0, u);
                }
                if (op.equals("/")) {
                    return new Val(u ? Long.divideUnsigned(a, b) : a / b, u);
                }
                return new Val(u ? Long.remainderUnsigned(a, b) : a % b, u);
        }
    }

    /** unary = ("+" | "-" | "~" | "!") unary | primary */
    private Val unary(boolean live) {
        enter();
        try {
            return unaryOperand(live);
        } finally {
            depth--;
        }
    }

    private Val unaryOperand(boolean live) {
        if (accept("+")) {
            return unary(live);
        }
        if (accept("-")) {
            Val v = unary(live);
            return new Val(-v.v, v.unsigned);
        }
        if (accept("~")) {
            Val v = unary(live);
            return new Val(~v.v, v.unsigned);
        }
        if (accept("!")) {
            return new Val(unary(live).v == 0 ? 1 : 0, false);
        }
        return primary(live);
    }

    /** primary = "(" conditional ")" | number | character | identifier (which is 0) */
    private Val primary(boolean live) {
        Token t = peek();
        if (t == null) {
            diag.error(toks.get(toks.size() - 1), "#if with no expression");
            throw new Failure();
        }
        pos++;
        if (t.is("(")) {
            Val v = conditional(live);
            expect(")");
            return v;
        }
        if (t.kind() == Token.Kind.NUMBER) {
            scmp.cc.lex.Literals.IntLit lit = scmp.cc.lex.Literals.parseInt(t.text());
            if (lit == null) {
                diag.error(t, scmp.cc.lex.Literals.isFloat(t.text())
                        ? "floating constant in preprocessor expression"
                        : "invalid integer constant \"" + t.text() + "\" in #if");
                throw new Failure();
            }
            return new Val(lit.value(), lit.unsigned() || lit.value() < 0);
        }
        if (t.kind() == Token.Kind.CHAR) {
            return new Val(scmp.cc.lex.Literals.parseChar(t, diag), false);
        }
        if (t.isIdent()) {
            return new Val(0, false);
        }
        diag.error(t, "token \"" + t.text() + "\" is not valid in preprocessor expressions");
        throw new Failure();
    }
}
