package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.tree.TerminalNode;
import scmp.cc.Diagnostics;
import scmp.cc.ast.Expr;
import scmp.cc.lex.Literals;
import scmp.cc.lex.Token;
import scmp.cc.parse.CLexer;
import scmp.cc.parse.CParser;
import scmp.cc.parse.CToken;
import scmp.cc.type.Type;
import static scmp.cc.sema.Exprs.q;
import static scmp.cc.sema.Exprs.tok;

/**
 * Constants and string literals (C99 6.4.4, 6.4.5): integer constants get the first type of 6.4.4.1's list
 * that holds their value, floating ones their suffix's type, character constants {@code int} (wide ones the
 * type of their prefix); adjacent string literals concatenate, a wide one widening the whole.
 */
final class ConstantLiterals {
    private final Sema s;
    private final Diagnostics diag;

    ConstantLiterals(Sema s) {
        this.s = s;
        this.diag = s.diag;
    }

    Expr constant(CParser.ConstantContext c) {
        CToken ct = (CToken) c.getStart();
        Token t = ct.pp();
        String imag = imaginary(t.text());
        if (imag != null) {
            // gcc's imaginary constants (2.0i, 2.0fi, 1.5j): a complex of the constant's real type, 0 + 2.0i
            if (ct.getType() != CLexer.FloatingConstant) {
                diag.error(t, "imaginary integer constant \"" + t.text() + "\" is not supported (gcc's type for it,"
                        + " 'complex int', is not provided)" + (imag.matches("[1-9][0-9]*|0")
                                ? "; write \"" + imag + ".0i\"" : ""));
                return s.exprs.error(t);
            }
            Literals.FloatLit f = Literals.parseFloat(imag);
            if (f == null) {
                diag.error(t, "invalid suffix \"" + suffixOf(t.text()) + "\" on floating constant");
                return s.exprs.error(t);
            }
            Type rt = f.suffix() == 'f' ? Type.FLOAT : f.suffix() == 'l' ? Type.LDOUBLE : Type.DOUBLE;
            return s.complex.imaginary(t, f.value(), Type.complexOf(rt));
        }
        switch (ct.getType()) {
            case CLexer.CharacterConstant: {
                // 'x' is an int; L'x' a wchar_t, u'x' a char16_t, U'x' a char32_t (C11 6.4.4.4p11).
                Type type = switch (t.text().charAt(0)) {
                    case 'L' -> WCHAR;
                    case 'u' -> Type.USHORT;
                    case 'U' -> Type.UINT;
                    default -> Type.INT;
                };
                return new Expr.IntLit(t, type, Conversions.wrap(Literals.parseChar(t, diag), type));
            }
            case CLexer.FloatingConstant: {
                Literals.FloatLit f = Literals.parseFloat(t.text());
                if (f == null) {
                    diag.error(t, "invalid suffix \"" + suffixOf(t.text()) + "\" on floating constant");
                    return new Expr.FloatLit(t, Type.DOUBLE, 0);
                }
                if (f.suffix() == 'f') {
                    return new Expr.FloatLit(t, Type.FLOAT, Conversions.toFloat(f.value()));
                }
                return new Expr.FloatLit(t, f.suffix() == 'l' ? Type.LDOUBLE : Type.DOUBLE, f.value());
            }
            default: {
                Literals.IntLit lit = Literals.parseInt(t.text());
                if (lit == null) {
                    String sfx = suffixOf(t.text());
                    diag.error(t, sfx.isEmpty() || Character.isDigit(t.text().charAt(t.text().length() - 1))
                            ? "invalid digit in constant \"" + t.text() + "\""
                            : "invalid suffix \"" + sfx + "\" on integer constant");
                    return new Expr.IntLit(t, Type.INT, 0);
                }
                return new Expr.IntLit(t, intConstantType(lit, t), lit.value());
            }
        }
    }

    /** The constant without its imaginary suffix (one i, I, j or J among its trailing letters), or null. */
    private static String imaginary(String s) {
        if (s.startsWith("0x") || s.startsWith("0X")) {
            if (s.length() <= 2) {
                return null;
            }
        }
        int i = s.length();
        while (i > 0 && Character.isLetter(s.charAt(i - 1))) {
            i--;
        }
        String letters = s.substring(i);
        int at = -1, n = 0;
        for (int k = 0; k < letters.length(); k++) {
            char c = Character.toLowerCase(letters.charAt(k));
            if (c == 'i' || c == 'j') {
                at = k;
                n++;
            }
        }
        if (n != 1) {
            return null;
        }
        return s.substring(0, i) + letters.substring(0, at) + letters.substring(at + 1);
    }

    private static String suffixOf(String s) {
        int i = s.length();
        while (i > 0 && Character.isLetter(s.charAt(i - 1)) && !(s.startsWith("0x") && i <= 2)) {
            i--;
        }
        return s.substring(i);
    }

    /** The type of an integer constant (6.4.4.1): the first of its candidate types that holds its value. */
    private Type intConstantType(Literals.IntLit lit, Token t) {
        long v = lit.value();
        boolean fits31 = v >= 0 && v <= 0x7fffffffL, fits32 = v >= 0 && v <= 0xffffffffL, fits63 = v >= 0;
        if (lit.overflow()) {
            diag.error(t, "integer constant is too large for its type");
            return Type.ULLONG;
        }
        if (lit.unsigned()) {
            if (lit.longs() < 2 && fits32) {
                return lit.longs() == 1 ? Type.ULONG : Type.UINT;
            }
            return Type.ULLONG;
        }
        if (lit.longs() < 2 && fits31) {
            return lit.longs() == 1 ? Type.LONG : Type.INT;
        }
        if (!lit.decimal() && lit.longs() < 2 && fits32) {
            return lit.longs() == 1 ? Type.ULONG : Type.UINT;
        }
        if (fits63) {
            return Type.LLONG;
        }
        if (lit.decimal()) {
            diag.warning(t, "integer constant is so large that it is unsigned");
        }
        return Type.ULLONG;
    }

    /** wchar_t: long, as in gcc's i386 ABI (signed, 32 bits). */
    static final Type WCHAR = Type.LONG;

    /**
     * Adjacent string literals concatenated (6.4.5): a wide part makes the whole wide, with the element type of
     * its prefix: {@code L} wchar_t, {@code u} char16_t (UTF-16 code units), {@code U} char32_t; {@code u8}
     * and plain ones are chars.
     */
    Expr stringLiteral(List<TerminalNode> parts) {
        List<Integer> units = new ArrayList<>();
        Token pos = tok(parts.get(0));
        Type elem = Type.CHAR;
        String prefix = "";
        for (TerminalNode n : parts) {
            Token t = tok(n);
            String p = t.text().substring(0, t.text().indexOf('"'));
            if (!p.isEmpty() && !prefix.isEmpty() && !p.equals(prefix)) {
                // 6.4.5p2: whether u8, u, U and L literals of different kinds concatenate is up to the
                // implementation; gcc refuses, and so do we.
                diag.error(t, "unsupported non-standard concatenation of string literals");
            } else if (!p.isEmpty()) {
                prefix = p;
            }
            if (elem == Type.CHAR && !t.text().startsWith("u8")) {
                elem = switch (t.text().charAt(0)) {
                    case 'L' -> WCHAR;
                    case 'u' -> Type.USHORT;
                    case 'U' -> Type.UINT;
                    default -> Type.CHAR;
                };
            }
        }
        for (TerminalNode n : parts) {
            for (int b : Literals.stringBody(tok(n), diag, elem != Type.CHAR)) {
                units.add(b);
            }
        }
        if (elem == Type.CHAR) {
            byte[] bytes = new byte[units.size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (int) units.get(i);
            }
            return s.stringLiteral(pos, bytes, elem);
        }
        if (elem == Type.USHORT) {
            List<Integer> utf16 = new ArrayList<>();
            for (int u : units) {
                if (u > 0xffff && u <= Character.MAX_CODE_POINT) {
                    utf16.add((int) Character.highSurrogate(u));
                    utf16.add((int) Character.lowSurrogate(u));
                } else {
                    utf16.add(u);
                }
            }
            units = utf16;
        }
        int size = elem.size();
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.allocate((units.size() + 1) * size)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int u : units) {
            if (size == 2) {
                bb.putShort((short) u);
            } else {
                bb.putInt(u);
            }
        }
        return s.stringLiteral(pos, bb.array(), elem);
    }
}
