package scmp.asm;

import java.util.ArrayList;
import java.util.List;
import scmp.elf.Relocation;
import scmp.elf.Symbol;
import scmp.isa.ImmKind;
import scmp.isa.RelocType;

/**
 * The end of the file: the instruction immediates, data values and symbol sizes that depended on symbols are
 * evaluated now that every label is known, encoded or turned into relocations (docs/elf.md), with range and
 * alignment checks on branch targets; and the last checks on the symbol table.
 */
final class Fixups {
    private final Assembler asm;

    Fixups(Assembler asm) {
        this.asm = asm;
    }

    /** An instruction whose immediate is fixed up at the end. */
    record InsnFixup(SectionBuffer sec, int offset, Instructions.Planned p, Value pre, Value dot) {
    }

    /** A data value ({@code .word sym} and the like) fixed up at the end. */
    record DataFixup(SectionBuffer sec, int offset, int size, String directive, Expr expr, Value pre,
                     Value dot, Pos pos) {
    }

    /** A {@code .size} evaluated at the end. */
    record SizeFixup(SymEntry sym, Expr expr, Value dot, Pos pos) {
    }

    final List<InsnFixup> insnFixups = new ArrayList<>();
    final List<DataFixup> dataFixups = new ArrayList<>();
    final List<SizeFixup> sizeFixups = new ArrayList<>();

    void finish() {
        for (InsnFixup f : insnFixups) {
            try {
                resolve(f);
            } catch (AsmError e) {
                asm.error(e.pos(), e.getMessage());
            }
        }
        for (DataFixup f : dataFixups) {
            try {
                resolve(f);
            } catch (AsmError e) {
                asm.error(e.pos(), e.getMessage());
            }
        }
        for (SizeFixup f : sizeFixups) {
            try {
                Value v = Evaluator.eval(f.expr(), asm.scope(f.dot(), Assembler.Mode.FINAL, null));
                if (!v.isAbs() || v.op() != null) {
                    throw new AsmError(f.pos(), ".size needs a constant (such as .-" + f.sym().name + ")");
                }
                if (v.k() < 0 || v.k() > Integer.MAX_VALUE) {
                    throw new AsmError(f.pos(), ".size " + v.k() + " out of range");
                }
                f.sym().size = v.k();
            } catch (AsmError e) {
                asm.error(e.pos(), e.getMessage());
            }
        }
        for (SymEntry e : asm.symbols.values()) {
            if (!e.isDefined() && e.referenced && e.binding == Symbol.Binding.LOCAL) {
                asm.error(e.firstReference, "symbol '" + e.name + "' is declared .local and used here, but never defined");
            }
            // In the object a section's symbol is known by the section's name, so a symbol of the same name would
            // make relocations against the section ambiguous.
            boolean inTable = e.kind == SymEntry.Kind.LABEL || e.kind == SymEntry.Kind.COMMON
                    || e.kind == SymEntry.Kind.EQU && e.isGlobal();
            if (inTable && asm.sections.containsKey(e.name)) {
                asm.error(e.defPos, "symbol '" + e.name + "' has the name of a section; choose another name");
            }
        }
    }

    private void resolve(InsnFixup f) {
        Instructions.Planned p = f.p();
        Value v = f.pre() != null ? f.pre() : Evaluator.eval(p.imm(), asm.scope(f.dot(), Assembler.Mode.FINAL, null));
        long[] values = p.values().clone();
        int i = p.immIndex();
        ImmKind kind = p.insn().immKind;
        Pos pos = p.immPos();
        switch (kind) {
            case PC16, PC26 -> {
                if (v.op() != null) {
                    throw new AsmError(pos, "%hi/%lo/%ha cannot be a branch target");
                }
                if (v.isAbs()) {
                    throw new AsmError(pos, "branch target must be a label or relative to '.' (such as .+8), "
                            + "not the constant " + v.k());
                }
                SymEntry b = v.base();
                long range = kind == ImmKind.PC16 ? 131072 : 134217728;
                if (b.isPlaced() && b.section.equals(f.sec().name) && !b.isWeak()) {
                    long off = b.placedOffset() + v.k() - f.offset();
                    if ((off & 3) != 0) {
                        throw new AsmError(pos, "misaligned branch target: it is " + off
                                + " bytes away, not a multiple of 4");
                    }
                    if (!kind.fits(off)) {
                        throw new AsmError(pos, "branch target out of range: it is " + off + " bytes away; '"
                                + p.insn().mnemonic + "' reaches " + -range + ".." + (range - 4) + " bytes");
                    }
                    values[i] = off;
                } else {
                    RelocType type = kind == ImmKind.PC16 ? RelocType.PC16 : RelocType.PC26;
                    long addend = relocate(f.sec(), f.offset(), type, v, pos);
                    if ((addend & 3) != 0) {
                        throw new AsmError(pos, "misaligned branch target: its offset from '"
                                + relocSymbol(v) + "' is " + addend + ", not a multiple of 4");
                    }
                    values[i] = 0;
                }
            }
            case ADDR17 -> {
                if (v.op() != null) {
                    throw new AsmError(pos, "%hi/%lo/%ha cannot be used for " + p.insn().mnemonic + "'s address");
                }
                if (v.isAbs()) {
                    values[i] = v.k();
                } else {
                    relocate(f.sec(), f.offset(), RelocType.ABS17, v, pos);
                    values[i] = 0;
                }
            }
            case S16, U16 -> {
                if (v.op() != null) {
                    relocate(f.sec(), f.offset(), v.op(), v, pos);
                    values[i] = 0;
                } else if (!v.isAbs()) {
                    throw new AsmError(pos, "the address of '" + relocSymbolName(v) + "' does not fit in a 16-bit "
                            + "immediate; use %hi(...)/%lo(...), or la");
                } else {
                    values[i] = v.half() && kind == ImmKind.S16 ? (short) v.k() : v.k();
                }
            }
            default -> {
                if (v.op() != null || !v.isAbs()) {
                    throw new AsmError(pos, "'" + p.insn().mnemonic + "' needs a constant here ("
                            + kind.range() + "), not a symbol address");
                }
                values[i] = v.k();
            }
        }
        f.sec().put(f.offset(), Instructions.encode(p, values, pos), 4);
    }

    private void resolve(DataFixup f) {
        Value v = f.pre() != null ? f.pre() : Evaluator.eval(f.expr(), asm.scope(f.dot(), Assembler.Mode.FINAL, null));
        if (v.op() != null) {
            throw new AsmError(f.pos(), "%hi/%lo/%ha can only be used in instruction immediates, not in "
                    + f.directive());
        }
        if (v.isAbs()) {
            long x = v.k();
            int bits = 8 * f.size();
            long min = -(1L << (bits - 1));
            long max = (1L << bits) - 1;
            if (x < min || x > max) {
                throw new AsmError(f.pos(), "value " + x + " does not fit in " + f.directive() + " (" + min + ".."
                        + max + ")");
            }
            f.sec().put(f.offset(), x, f.size());
            return;
        }
        RelocType type = switch (f.size()) {
            case 4 -> RelocType.ABS32;
            case 2 -> RelocType.ABS16;
            default -> throw new AsmError(f.pos(), f.directive() + " cannot hold a symbol address; use .word");
        };
        relocate(f.sec(), f.offset(), type, v, f.pos());
    }

    /** The symbol a relocation for {@code v} names: the section for local labels, else the symbol itself. */
    private static String relocSymbol(Value v) {
        SymEntry b = v.base();
        if (b.kind == SymEntry.Kind.SECTION) {
            return b.name;
        }
        if (b.kind == SymEntry.Kind.LABEL && !b.isGlobal()) {
            return b.section;
        }
        return b.name;
    }

    private static String relocSymbolName(Value v) {
        return Assembler.displayName(v.base().name);
    }

    /** Adds a relocation for {@code v} and returns its addend. */
    private long relocate(SectionBuffer sec, int offset, RelocType type, Value v, Pos pos) {
        SymEntry b = v.base();
        long addend = v.k();
        if (b.kind == SymEntry.Kind.LABEL && !b.isGlobal()) {
            addend += b.offset;
        } else if (b.kind != SymEntry.Kind.SECTION) {
            if (!b.referenced) {
                b.firstReference = pos;
            }
            b.referenced = true;
        }
        if (addend < Integer.MIN_VALUE || addend > Integer.MAX_VALUE) {
            throw new AsmError(pos, "relocation addend " + addend + " does not fit in 32 bits");
        }
        sec.relocations.add(new Relocation(offset, type, relocSymbol(v), (int) addend));
        return addend;
    }
}
