package scmp.cc.sema;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Var;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * {@code -Wformat} (on with {@code -Wall}): the arguments of a call to the C library's printf and scanf families
 * checked against a literal format string, with gcc's messages (docs/compiler.md, "Warnings"). Signedness is not
 * checked ({@code %d} with an {@code unsigned int} passes, as without gcc's {@code -Wformat-signedness}); a format
 * that is not a string literal is not checked.
 */
final class FormatChecks {
    private FormatChecks() {
    }

    /** The functions checked: the index of the format among the arguments, and whether it is a scanf. */
    private record Family(int formatIndex, boolean scanf) {
    }

    private static final Map<String, Family> FUNCTIONS = Map.ofEntries(
            Map.entry("printf", new Family(0, false)), Map.entry("fprintf", new Family(1, false)),
            Map.entry("sprintf", new Family(1, false)), Map.entry("snprintf", new Family(2, false)),
            Map.entry("dprintf", new Family(1, false)), Map.entry("scanf", new Family(0, true)),
            Map.entry("fscanf", new Family(1, true)), Map.entry("sscanf", new Family(1, true)));

    /**
     * Checks a call when it is one of the families' with a literal format.
     *
     * @param diag     where warnings go
     * @param name     the function called
     * @param variadic whether the callee is declared with {@code ...} (the C library's functions are)
     * @param args     the arguments as written
     * @param conv     the arguments as passed (converted to the prototype or default-promoted)
     */
    static void check(Diagnostics diag, String name, boolean variadic, List<Expr> args, List<Expr> conv) {
        Family f = FUNCTIONS.get(name);
        if (f == null || !variadic || args.size() <= f.formatIndex) {
            return;
        }
        String format = literal(args.get(f.formatIndex));
        if (format == null) {
            return;
        }
        Token at = args.get(f.formatIndex).pos();
        int next = f.formatIndex + 1;
        int i = 0;
        while (i < format.length()) {
            char c = format.charAt(i++);
            if (c != '%') {
                continue;
            }
            int start = i - 1;
            if (i < format.length() && format.charAt(i) == '%') {
                i++;
                continue;
            }
            boolean suppressed = false;
            // flags, width and precision; '*' takes an int argument in printf and means "do not store" in scanf
            while (i < format.length() && "-+ #0'".indexOf(format.charAt(i)) >= 0 && !f.scanf) {
                i++;
            }
            if (f.scanf && i < format.length() && format.charAt(i) == '*') {
                suppressed = true;
                i++;
            }
            for (int part = 0; part < 2 && i < format.length(); part++) {
                if (part == 1) {
                    if (format.charAt(i) != '.' || f.scanf) {
                        break;
                    }
                    i++;
                }
                if (!f.scanf && i < format.length() && format.charAt(i) == '*') {
                    i++;
                    String what = part == 0 ? "field width specifier '*'" : "field precision specifier '.*'";
                    next = argument(diag, at, what, "int", Type.INT, args, conv, next, false);
                }
                while (i < format.length() && Character.isDigit(format.charAt(i))) {
                    i++;
                }
            }
            String length = "";
            for (String l : List.of("hh", "ll", "h", "l", "L", "q", "j", "z", "t")) {
                if (format.startsWith(l, i)) {
                    length = l;
                    i += l.length();
                    break;
                }
            }
            if (i >= format.length()) {
                return;     // gcc: "spurious trailing '%'"; nothing to check against
            }
            char conversion = format.charAt(i++);
            if (f.scanf && conversion == '[') {
                int close = format.indexOf(']', i + (format.startsWith("^]", i) ? 2 : format.startsWith("]", i) ? 1 : 0));
                i = close < 0 ? format.length() : close + 1;
            }
            if ("diouxXcsp[nfFeEgGaACS".indexOf(conversion) < 0) {
                return;     // not a conversion this check knows: the rest of the format is not checked
            }
            Type expected = expected(conversion, length, f.scanf);
            if (suppressed) {
                continue;
            }
            if (expected == null) {
                next++;     // a wide conversion (%ls, %lc, %C, %S): its argument is taken, not checked
                continue;
            }
            String spec = "'" + format.substring(start, Math.min(i, format.length())) + "'";
            next = argument(diag, at, "format " + spec, expected.toString(), expected, args, conv, next,
                    conversion == 'p' && !f.scanf);
        }
        if (next < args.size()) {
            diag.warning(at, "too many arguments for format [-Wformat-extra-args]");
        }
    }

    /** Checks the argument at {@code index} against {@code expected}; returns the index of the next one. */
    private static int argument(Diagnostics diag, Token at, String what, String expectedName, Type expected,
                                List<Expr> args, List<Expr> conv, int index, boolean anyPointer) {
        if (index >= conv.size()) {
            diag.warning(at, what + " expects a matching '" + expectedName + "' argument [-Wformat=]");
            return index + 1;
        }
        Type actual = conv.get(index).type();
        if (!matches(expected, actual, anyPointer)) {
            diag.warning(args.get(index).pos(), what + " expects argument of type '" + expectedName
                    + "', but argument " + (index + 1) + " has type '" + args.get(index).type() + "' [-Wformat=]");
        }
        return index + 1;
    }

    /** Whether an argument of type {@code actual} is what a conversion expecting {@code expected} reads. */
    private static boolean matches(Type expected, Type actual, boolean anyPointer) {
        if (expected.isPointer()) {
            if (!actual.isPointer()) {
                return false;
            }
            if (anyPointer) {
                return true;
            }
            Type e = expected.base;
            Type a = actual.base;
            if (e.isPointer()) {
                return a.isPointer();
            }
            return sameArithmetic(e, a);
        }
        return sameArithmetic(expected, actual);
    }

    /** The same kind of number, signedness aside ({@code int} and {@code unsigned int}; enumerations as int). */
    private static boolean sameArithmetic(Type e, Type a) {
        Type.Kind ek = e.kind == Type.Kind.ENUM ? Type.Kind.INT : e.kind;
        Type.Kind ak = a.kind == Type.Kind.ENUM || a.kind == Type.Kind.BOOL ? Type.Kind.INT : a.kind;
        return ek == ak;
    }

    /** The type a conversion reads, or null for a wide one (its argument is not checked). */
    private static Type expected(char conversion, String length, boolean scanf) {
        Type t;
        switch (conversion) {
            case 'd', 'i' -> t = integer(length, false, scanf);
            case 'o', 'u', 'x', 'X' -> t = integer(length, true, scanf);
            case 'c', 's', '[' -> {
                if (!length.isEmpty()) {
                    return null;
                }
                if (conversion == 'c' && !scanf) {
                    return Type.INT;
                }
                return Type.pointerTo(Type.CHAR);
            }
            case 'p' -> {
                return scanf ? Type.pointerTo(Type.pointerTo(Type.VOID)) : Type.pointerTo(Type.VOID);
            }
            case 'n' -> {
                return Type.pointerTo(integer(length, false, true) == null ? Type.INT : integer(length, false, true));
            }
            case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> t = length.equals("L") ? Type.LDOUBLE
                    : scanf && length.isEmpty() ? Type.FLOAT : Type.DOUBLE;
            default -> {
                return null;
            }
        }
        if (t == null) {
            return null;
        }
        return scanf ? Type.pointerTo(t) : t;
    }

    /** The integer type a length modifier gives ({@code h} and {@code hh} read an int in printf). */
    private static Type integer(String length, boolean unsigned, boolean scanf) {
        return switch (length) {
            case "" -> unsigned ? Type.UINT : Type.INT;
            case "hh" -> scanf ? unsigned ? Type.UCHAR : Type.SCHAR : unsigned ? Type.UINT : Type.INT;
            case "h" -> scanf ? unsigned ? Type.USHORT : Type.SHORT : unsigned ? Type.UINT : Type.INT;
            case "l" -> unsigned ? Type.ULONG : Type.LONG;
            case "ll", "q", "j" -> unsigned ? Type.ULLONG : Type.LLONG;
            case "z", "t" -> unsigned ? Type.UINT : Type.INT;
            default -> null;
        };
    }

    /** The text of a narrow string literal argument, or null when the argument is none. */
    private static String literal(Expr e) {
        if (e instanceof Expr.VarRef v) {
            Var var = v.var();
            if (var.readOnly && var.name.startsWith(".LC") && var.type.isArray() && var.type.base.size() == 1
                    && var.init != null) {
                byte[] b = var.init.bytes;
                int n = 0;
                while (n < b.length && b[n] != 0) {
                    n++;
                }
                return new String(b, 0, n, StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }
}
