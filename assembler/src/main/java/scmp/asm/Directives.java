package scmp.asm;

import java.util.List;
import java.util.Locale;
import scmp.elf.Symbol;

/**
 * The directives (docs/assembler.md): symbol bindings, data ({@code .word}, {@code .byte}, {@code .double},
 * strings), space and alignment, symbol assignment ({@code .equ}/{@code .set}/{@code =}), common symbols,
 * {@code .type} and {@code .size}; sections have {@link SectionDirectives}, and {@code .file}/{@code .loc}
 * stay with the line table in {@link Assembler}.
 */
final class Directives {
    private final Assembler asm;

    Directives(Assembler asm) {
        this.asm = asm;
    }

    private static final List<String> DIRECTIVES = List.of(".text", ".data", ".bss", ".rodata", ".section",
            ".previous", ".globl", ".global", ".extern", ".local", ".weak", ".word", ".long", ".half", ".short", ".byte",
            ".double", ".float", ".ascii", ".asciz", ".string", ".space", ".skip", ".zero", ".align", ".balign",
            ".p2align", ".equ", ".set", ".equiv", ".comm", ".lcomm", ".type", ".size", ".file", ".loc", ".ident");

    void directive(String d, Stmt.Insn in) {
        List<Arg> a = in.args();
        Pos pos = in.pos();
        switch (d) {
            case ".text", ".data", ".bss", ".rodata" -> {
                Assembler.count(d, a, 0, 0, pos);
                asm.sectionDirectives.switchTo(asm.sectionDirectives.section(d, null, null, pos));
            }
            case ".section" -> asm.sectionDirectives.sectionDirective(a, pos);
            case ".previous" -> {
                Assembler.count(d, a, 0, 0, pos);
                if (asm.prev == null) {
                    throw new AsmError(pos, ".previous without an earlier section switch");
                }
                asm.sectionDirectives.switchTo(asm.prev);
            }
            case ".globl", ".global" -> bindings(d, a, Symbol.Binding.GLOBAL, pos);
            case ".weak" -> bindings(d, a, Symbol.Binding.WEAK, pos);
            case ".extern" -> {
                // Declares names defined elsewhere (undefined symbols need no declaration; this one lets a name
                // that is also a register name, such as a C global 'fp', be used as an expression).
            }
            case ".local" -> bindings(d, a, Symbol.Binding.LOCAL, pos);
            case ".word", ".long" -> data(d, a, 4, pos);
            case ".half", ".short" -> data(d, a, 2, pos);
            case ".byte" -> data(d, a, 1, pos);
            case ".double" -> floats(d, a, 8, pos);
            case ".float" -> floats(d, a, 4, pos);
            case ".ascii" -> strings(d, a, false, pos);
            case ".asciz", ".string" -> strings(d, a, true, pos);
            case ".space", ".skip", ".zero" -> space(d, a, pos);
            case ".align", ".balign" -> align(d, a, false, pos);
            case ".p2align" -> align(d, a, true, pos);
            case ".equ", ".set", ".equiv" -> {
                Assembler.count(d, a, 2, 2, pos);
                assign(symbolName(d, a.get(0)), a.get(0).pos(), Assembler.exprOf(a.get(1), d), d.equals(".equiv"));
            }
            case ".comm", ".lcomm" -> common(d, a, pos);
            case ".type" -> type(a, pos);
            case ".size" -> {
                Assembler.count(d, a, 2, 2, pos);
                SymEntry e = asm.symbols.computeIfAbsent(symbolName(d, a.get(0)), SymEntry::new);
                asm.fixups.sizeFixups.add(new Fixups.SizeFixup(e, Assembler.exprOf(a.get(1), d), asm.dotNow(), a.get(1).pos()));
            }
            case ".file" -> asm.file(a, pos);
            case ".loc" -> asm.loc(a, pos);
            case ".ident" -> {
                for (Arg x : a) {
                    if (!(x instanceof Arg.StrArg)) {
                        throw new AsmError(x.pos(), ".ident expects strings");
                    }
                }
            }
            default -> {
                String hint = Suggestions.suggest(d, DIRECTIVES);
                throw new AsmError(pos, "unknown directive '" + in.mnemonic() + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : ""));
            }
        }
    }

    private static String symbolName(String d, Arg a) {
        String id = a.identifier();
        if (id == null || id.equals(".")) {
            throw new AsmError(a.pos(), d + " expects a symbol name, got '" + a.text() + "'");
        }
        return id;
    }

    private void bindings(String d, List<Arg> a, Symbol.Binding binding, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more symbol names");
        }
        for (Arg x : a) {
            SymEntry e = asm.symbols.computeIfAbsent(symbolName(d, x), SymEntry::new);
            if (e.binding != null && e.binding != binding) {
                if (!(e.binding == Symbol.Binding.GLOBAL && binding == Symbol.Binding.WEAK)) {
                    throw new AsmError(x.pos(), "symbol '" + e.name + "' was already declared "
                            + e.binding.name().toLowerCase(Locale.ROOT));
                }
            }
            e.binding = binding;
        }
    }

    private void data(String d, List<Arg> a, int size, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more values");
        }
        noData(d, pos);
        for (Arg x : a) {
            Expr e = Assembler.exprOf(x, d);
            int off = asm.reserve(size, x.pos());
            Value dot = Value.rel(asm.cur.symbol, off);
            asm.fixups.dataFixups.add(new Fixups.DataFixup(asm.cur, off, size, d, e, asm.tryEval(e, dot), dot, x.pos()));
        }
    }

    private void noData(String d, Pos pos) {
        if (asm.cur.nobits()) {
            throw new AsmError(pos, d + " cannot put data in NOBITS section '" + asm.cur.name
                    + "'; use .space or .zero there");
        }
    }

    private void floats(String d, List<Arg> a, int size, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more numbers");
        }
        noData(d, pos);
        for (Arg x : a) {
            Expr e = Assembler.exprOf(x, d);
            double v = floatValue(e, d);
            if (!isInfinityName(e) && (Double.isInfinite(v) || size == 4 && Float.isInfinite((float) v))) {
                throw new AsmError(x.pos(), String.format("%s is too large for %s (the largest finite value is %s); "
                        + "write inf for infinity", x.text(), d, size == 8 ? "1.7976931348623157e308" : "3.4028235e38"));
            }
            int off = asm.reserve(size, x.pos());
            asm.cur.put(off, size == 8 ? Double.doubleToRawLongBits(v) : Float.floatToRawIntBits((float) v), size);
        }
    }

    /** Whether {@code e} is {@code inf}, {@code infinity} or a negation of one (an infinity asked for). */
    private static boolean isInfinityName(Expr e) {
        while (e instanceof Expr.Unary u && u.op() != '~') {
            e = u.operand();
        }
        if (e instanceof Expr.Sym s) {
            String n = s.name().toLowerCase(Locale.ROOT);
            return n.equals("inf") || n.equals("infinity");
        }
        return false;
    }

    private double floatValue(Expr e, String d) {
        if (e instanceof Expr.Flt f) {
            return f.value();
        }
        if (e instanceof Expr.Num n) {
            return n.value();
        }
        if (e instanceof Expr.Unary u && u.op() != '~') {
            double v = floatValue(u.operand(), d);
            return u.op() == '-' ? -v : v;
        }
        if (e instanceof Expr.Sym s) {
            String n = s.name().toLowerCase(Locale.ROOT);
            if (n.equals("inf") || n.equals("infinity")) {
                return Double.POSITIVE_INFINITY;
            }
            if (n.equals("nan")) {
                return Double.NaN;
            }
        }
        return asm.constNow(e, d);
    }

    private void strings(String d, List<Arg> a, boolean nul, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more strings");
        }
        noData(d, pos);
        for (Arg x : a) {
            if (!(x instanceof Arg.StrArg s)) {
                throw new AsmError(x.pos(), d + " expects a string, got '" + x.text() + "'");
            }
            byte[] b = s.bytes();
            int at = asm.reserve(b.length + (nul ? 1 : 0), x.pos());
            for (int i = 0; i < b.length; i++) {
                asm.cur.put(at + i, b[i], 1);
            }
        }
    }

    private void space(String d, List<Arg> a, Pos pos) {
        Assembler.count(d, a, 1, d.equals(".zero") ? 1 : 2, pos);
        long n = asm.constNow(a.get(0), d);
        if (n < 0) {
            throw new AsmError(a.get(0).pos(), d + " size " + n + " is negative");
        }
        long fill = a.size() > 1 ? byteValue(a.get(1), d) : 0;
        if (fill != 0 && asm.cur.nobits()) {
            throw new AsmError(a.get(1).pos(), "NOBITS section '" + asm.cur.name + "' can only hold zeros");
        }
        int off = asm.reserve(n, a.get(0).pos());
        if (!asm.cur.nobits()) {
            asm.cur.fill(off, (int) n, (byte) fill);
        }
    }

    private long byteValue(Arg a, String d) {
        long v = asm.constNow(a, d);
        if (v < -128 || v > 255) {
            throw new AsmError(a.pos(), d + " fill value " + v + " does not fit in a byte");
        }
        return v;
    }

    /** {@code .align n} and {@code .balign n} align to n bytes (a power of two); {@code .p2align n} to 2^n. */
    private void align(String d, List<Arg> a, boolean p2, Pos pos) {
        Assembler.count(d, a, 1, 2, pos);
        long n = asm.constNow(a.get(0), d);
        long bytes;
        if (p2) {
            if (n < 0 || n > 20) {
                throw new AsmError(a.get(0).pos(), d + " " + n + " out of range 0..20");
            }
            bytes = 1L << n;
        } else {
            if (n <= 0 || (n & (n - 1)) != 0 || n > (1 << 20)) {
                throw new AsmError(a.get(0).pos(), d + " needs a power of two from 1 to 1048576, got " + n + " ("
                        + d + " n aligns to n bytes)");
            }
            bytes = n;
        }
        long fill = a.size() > 1 ? byteValue(a.get(1), d) : 0;
        if (fill != 0 && asm.cur.nobits()) {
            throw new AsmError(a.get(1).pos(), "NOBITS section '" + asm.cur.name + "' can only hold zeros");
        }
        long pad = (bytes - asm.cur.size() % bytes) % bytes;
        int off = asm.reserve(pad, pos);
        if (!asm.cur.nobits()) {
            asm.cur.fill(off, (int) pad, (byte) fill);
        }
        asm.cur.align = (int) Math.max(asm.cur.align, bytes);
    }

    /** {@code .equ}, {@code .set} and {@code =}; only {@code .equiv} refuses to redefine. */
    void assign(String name, Pos pos, Expr e, boolean once) {
        if (name.equals(".")) {
            throw new AsmError(pos, "assigning to '.' is not supported; use .space or .align");
        }
        Value v = Evaluator.eval(e, asm.scope(asm.dotNow(), Assembler.Mode.STRICT, ".equ"));
        if (v.op() != null) {
            throw new AsmError(e.pos(), "%hi/%lo/%ha cannot be assigned to a symbol");
        }
        if (v.base() != null && v.base().kind == SymEntry.Kind.COMMON) {
            throw new AsmError(e.pos(), "cannot define a symbol relative to common symbol '" + v.base().name + "'");
        }
        SymEntry s = asm.symbols.computeIfAbsent(name, SymEntry::new);
        if (s.isDefined() && (once || s.kind != SymEntry.Kind.EQU)) {
            throw Symbols.duplicate(s, pos);
        }
        s.kind = SymEntry.Kind.EQU;
        s.value = v.half() ? Value.abs(v.k()) : v;
        s.defPos = pos;
    }

    private void common(String d, List<Arg> a, Pos pos) {
        Assembler.count(d, a, 2, 3, pos);
        String name = symbolName(d, a.get(0));
        long size = asm.constNow(a.get(1), d);
        if (size < 0 || size > Assembler.MAX_SECTION_SIZE) {
            throw new AsmError(a.get(1).pos(), d + " size " + size + " out of range 0.." + Assembler.MAX_SECTION_SIZE);
        }
        long align;
        if (a.size() == 3) {
            align = asm.constNow(a.get(2), d);
            // The linker merges common symbols with alignments up to 64 KiB (docs/linker.md).
            long max = d.equals(".comm") ? 1 << 16 : 1 << 20;
            if (align <= 0 || (align & (align - 1)) != 0 || align > max) {
                throw new AsmError(a.get(2).pos(), d + " alignment must be a power of two up to " + max + ", got "
                        + align);
            }
        } else {
            align = 1;
            while (align < 8 && align * 2 <= size) {
                align *= 2;
            }
        }
        SymEntry e = asm.symbols.computeIfAbsent(name, SymEntry::new);
        if (e.isDefined()) {
            throw Symbols.duplicate(e, a.get(0).pos());
        }
        e.defPos = a.get(0).pos();
        e.type = Symbol.Type.OBJECT;
        if (d.equals(".comm") && e.binding != Symbol.Binding.LOCAL) {
            e.kind = SymEntry.Kind.COMMON;
            e.commonSize = size;
            e.commonAlign = align;
            return;
        }
        SectionBuffer saved = asm.cur;
        asm.cur = asm.sectionDirectives.section(".bss", null, null, pos);
        try {
            long pad = (align - asm.cur.size() % align) % align;
            asm.reserve(pad, pos);
            asm.cur.align = (int) Math.max(asm.cur.align, align);
            e.kind = SymEntry.Kind.LABEL;
            e.section = asm.cur.name;
            e.offset = asm.cur.size();
            e.size = size;
            asm.reserve(size, pos);
        } finally {
            asm.cur = saved;
        }
    }

    void type(List<Arg> a, Pos pos) {
        Assembler.count(".type", a, 2, 2, pos);
        SymEntry e = asm.symbols.computeIfAbsent(symbolName(".type", a.get(0)), SymEntry::new);
        Arg t = a.get(1);
        String n = t instanceof Arg.AttrArg at ? at.name() : t.identifier();
        n = n == null ? "" : n.toLowerCase(Locale.ROOT);
        e.type = switch (n) {
            case "function" -> Symbol.Type.FUNC;
            case "object" -> Symbol.Type.OBJECT;
            case "notype" -> Symbol.Type.NOTYPE;
            default -> throw new AsmError(t.pos(), "unknown symbol type '" + t.text()
                    + "'; expected @function, @object or @notype");
        };
    }
}
