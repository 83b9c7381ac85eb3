package scmp.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import scmp.isa.Registers;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Labels and names: defining a label at the location counter, numeric local labels ({@code 1:} with
 * {@code 1b}/{@code 1f} references bound to the label they mean at that point), duplicate definitions, and
 * the quick scan for names a file declares anywhere, which decides whether an operand spelled like a
 * register is that register or a symbol of the same name.
 */
final class Symbols {
    private final Assembler asm;

    Symbols(Assembler asm, String text) {
        this.asm = asm;
        this.declared = declaredNames(text);
    }

    private final Map<Long, Integer> localCounts = new HashMap<>();
    /** Names the source declares anywhere (see {@link #declaredNames}). */
    final Set<String> declared;

    private static String localName(long label, int ordinal) {
        return ".L" + label + "^" + ordinal;
    }

    void defineLabel(Stmt.Label l) {
        String name;
        if (l.numeric()) {
            int n = localCounts.getOrDefault(l.number(), 0);
            localCounts.put(l.number(), n + 1);
            name = localName(l.number(), n);
        } else {
            name = l.name();
            if (name.equals(".")) {
                throw new AsmError(l.pos(), "'.' is the location counter and cannot be a label");
            }
        }
        SymEntry e = asm.symbols.computeIfAbsent(name, SymEntry::new);
        if (e.isDefined()) {
            throw duplicate(e, l.pos());
        }
        e.kind = SymEntry.Kind.LABEL;
        e.section = asm.cur.name;
        e.offset = asm.cur.size();
        e.defPos = l.pos();
    }

    static AsmError duplicate(SymEntry e, Pos pos) {
        String where = e.defPos != null ? " (first defined on line " + e.defPos.line() + ")" : "";
        return new AsmError(pos, "symbol '" + e.name + "' is already defined" + where);
    }

    /** Binds {@code 1b}/{@code 1f} to the numeric label they mean at this point of the file. */
    Expr bindLocals(Expr e) {
        return Expr.mapLeaves(e, leaf -> {
            if (leaf instanceof Expr.LocalRef r) {
                int n = localCounts.getOrDefault(r.label(), 0);
                if (!r.forward()) {
                    if (n == 0) {
                        throw new AsmError(r.pos(), "numeric label " + r.label() + " is not defined before this "
                                + "reference (" + r.label() + "b)");
                    }
                    return new Expr.Sym(localName(r.label(), n - 1), r.pos());
                }
                return new Expr.Sym(localName(r.label(), n), r.pos());
            }
            return leaf;
        });
    }

    Stmt.Insn bindLocals(Stmt.Insn in) {
        List<Arg> args = new ArrayList<>(in.args().size());
        for (Arg a : in.args()) {
            if (a instanceof Arg.ExprArg e) {
                args.add(new Arg.ExprArg(bindLocals(e.expr()), e.pos(), e.text()));
            } else if (a instanceof Arg.MemArg m && m.offset() != null) {
                args.add(new Arg.MemArg(bindLocals(m.offset()), m.base(), m.basePos(), m.pos(), m.text()));
            } else {
                args.add(a);
            }
        }
        return new Stmt.Insn(in.mnemonic(), args, in.spaceSeparated(), in.pos());
    }

    /**
     * Names the source declares anywhere (labels, {@code .equ}/{@code .set}/{@code .comm}/{@code .lcomm}, and the
     * operands of {@code .globl}/{@code .weak}/{@code .extern}/{@code .type}/{@code .size}), found by a quick scan
     * before assembling. An operand that expects an expression and names a register (say a C global called
     * {@code fp} or {@code aT}) is read as that symbol when the file declares it, even later; otherwise it is
     * reported as a register written where an expression belongs.
     */
    private static Set<String> declaredNames(String text) {
        Set<String> names = new HashSet<>();
        Matcher label = Pattern
                .compile("(?m)^[ \\t]*([A-Za-z_.$][A-Za-z0-9_.$]*)[ \\t]*:").matcher(text);
        while (label.find()) {
            names.add(label.group(1));
        }
        Matcher dir = Pattern.compile(
                "(?mi)^[ \\t]*\\.(?:globl|global|weak|extern|type|size|equ|set|equiv|comm|lcomm)[ \\t]+([^#\\n;]*)")
                .matcher(text);
        while (dir.find()) {
            for (String n : dir.group(1).split(",")) {
                String t = n.strip();
                if (t.matches("[A-Za-z_.$][A-Za-z0-9_.$]*")) {
                    names.add(t);
                }
            }
        }
        return names;
    }

    boolean knownSymbol(String name) {
        return isDefinedSymbol(name) || declared.contains(name);
    }

    boolean isDefinedSymbol(String name) {
        SymEntry e = asm.symbols.get(name);
        return e != null && e.isDefined();
    }

    static boolean isRegister(String name) {
        return Registers.gpr(name) >= 0 || Registers.fpr(name) >= 0;
    }
}
