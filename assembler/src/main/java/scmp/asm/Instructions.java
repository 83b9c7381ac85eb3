package scmp.asm;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import scmp.isa.EncodingException;
import scmp.isa.Format;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.Pseudo;
import scmp.isa.Registers;

/**
 * Machine instructions: operands matched against the syntax of the {@link Instruction} table (registers,
 * message types, immediates, memory operands {@code imm(rs1)}), a load or store of a symbol expanded to
 * {@code lui at, %ha(sym)} and the access through {@code at}, and the planned words placed at the location
 * counter, encoded at once when their immediates are known and fixed up at the end of the file otherwise.
 */
final class Instructions {
    private final Assembler asm;

    Instructions(Assembler asm) {
        this.asm = asm;
    }

    /** An instruction ready to be placed: register operands known, the immediate still an expression. */
    record Planned(Instruction insn, long[] values, int immIndex, Expr imm, Pos immPos) {
    }

    enum SlotKind { GPR, FPR, TYPE, IMM, MEM }

    /** One operand as written: a register, a message type, an immediate or a memory operand imm(rs1). */
    record Slot(SlotKind kind, String token, int index, int baseIndex) {
    }

    private static final Map<Instruction, List<Slot>> SLOTS = new EnumMap<>(Instruction.class);
    static final Map<Pseudo, List<Slot>> PSEUDO_SLOTS = new EnumMap<>(Pseudo.class);

    static {
        for (Instruction insn : Instruction.values()) {
            List<Operand> ops = insn.operands();
            List<Slot> slots = new ArrayList<>();
            for (int k = 0; k < ops.size(); k++) {
                Operand o = ops.get(k);
                if (o.kind() == Operand.Kind.IMM && k + 1 < ops.size() && ops.get(k + 1).memBase()) {
                    slots.add(new Slot(SlotKind.MEM, o.token() + "(" + ops.get(k + 1).token() + ")", k, k + 1));
                    k++;
                    continue;
                }
                SlotKind kind = switch (o.kind()) {
                    case GPR -> SlotKind.GPR;
                    case FPR -> SlotKind.FPR;
                    case TYPE -> SlotKind.TYPE;
                    case IMM -> SlotKind.IMM;
                };
                slots.add(new Slot(kind, o.token(), k, -1));
            }
            SLOTS.put(insn, List.copyOf(slots));
        }
        for (Pseudo p : Pseudo.values()) {
            List<Slot> slots = new ArrayList<>();
            if (!p.syntax.isBlank()) {
                for (String part : p.syntax.split(",")) {
                    String t = part.trim();
                    SlotKind kind = t.equals("imm") || t.equals("sr") ? SlotKind.IMM
                            : t.equals("type") ? SlotKind.TYPE
                            : t.startsWith("r") ? SlotKind.GPR : SlotKind.FPR;
                    slots.add(new Slot(kind, t, slots.size(), -1));
                }
            }
            PSEUDO_SLOTS.put(p, List.copyOf(slots));
        }
    }

    void instruction(String m, Stmt.Insn in) {
        Instruction insn = Isa.byMnemonic(m);
        Pseudo pseudo = insn == null ? Pseudo.byMnemonic(m) : null;
        int guess = pseudo == null ? 1 : Math.max(1, pseudo.expansion.size());
        try {
            if (insn != null) {
                emit(planInstruction(insn, in.args(), in.pos()), in.pos());
            } else if (pseudo != null) {
                emit(asm.pseudos.planPseudo(pseudo, in), in.pos());
            } else {
                String hint = Suggestions.suggest(m, mnemonics());
                throw new AsmError(in.pos(), "unknown mnemonic '" + in.mnemonic() + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : ""));
            }
        } catch (AsmError e) {
            // Keep later offsets where they would have been, so one bad line does not misplace the rest.
            if (!asm.cur.nobits() && asm.totalSize + 4L * guess <= Assembler.MAX_SECTION_SIZE) {
                asm.totalSize += 4L * guess;
                asm.cur.reserve(4 * guess);
            }
            throw e;
        }
    }

    private static List<String> mnemonics() {
        List<String> all = new ArrayList<>();
        for (Instruction i : Instruction.values()) {
            all.add(i.mnemonic);
        }
        for (Pseudo p : Pseudo.values()) {
            all.add(p.mnemonic);
        }
        return all;
    }

    static AsmError countError(String mnemonic, String syntax, int expected, List<Arg> args, Pos pos) {
        String form = syntax.isBlank() ? mnemonic : mnemonic + " " + syntax;
        String msg = "'" + mnemonic + "' expects " + expected + " operand" + (expected == 1 ? "" : "s") + " (" + form
                + "), got " + args.size();
        return new AsmError(args.size() > expected ? args.get(expected).pos() : pos, msg);
    }

    List<Planned> planInstruction(Instruction insn, List<Arg> args, Pos pos) {
        List<Slot> slots = SLOTS.get(insn);
        if (args.size() != slots.size()) {
            throw countError(insn.mnemonic, insn.syntax, slots.size(), args, pos);
        }
        long[] v = new long[insn.operands().size()];
        int immIndex = -1;
        Expr imm = null;
        Pos immPos = null;
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            Arg a = args.get(i);
            switch (s.kind()) {
                case GPR -> v[s.index()] = Operands.gpr(a);
                case FPR -> v[s.index()] = Operands.fpr(a);
                case TYPE -> v[s.index()] = asm.operands.messageType(a);
                case IMM -> {
                    if (insn.immKind == ImmKind.SREG) {
                        v[s.index()] = asm.operands.specialRegister(a);
                    } else if (insn.immKind == ImmKind.HCALL) {
                        v[s.index()] = asm.operands.hostCall(a);
                    } else {
                        imm = asm.operands.immExpr(a, insn.immKind);
                        immIndex = s.index();
                        immPos = a.pos();
                    }
                }
                case MEM -> {
                    if (a instanceof Arg.MemArg m) {
                        v[s.baseIndex()] = Operands.baseRegister(m);
                        imm = m.offset() != null ? m.offset() : new Expr.Num(0, m.pos());
                        immIndex = s.index();
                        immPos = m.pos();
                    } else {
                        return symbolAccess(insn, s, v, a);
                    }
                }
            }
        }
        return List.of(new Planned(insn, v, immIndex, imm, immPos));
    }

    /**
     * A load or store of a symbol, {@code lw a0, sym}: {@code lui at, %ha(sym)} then {@code lw a0, %lo(sym)(at)}.
     * A constant address that fits in 16 signed bits needs no lui: {@code lw a0, addr(zero)}.
     */

    private List<Planned> symbolAccess(Instruction insn, Slot mem, long[] v, Arg a) {
        String id = a.identifier();
        if (id != null && Symbols.isRegister(id) && !asm.symbolTable.knownSymbol(id)) {
            throw new AsmError(a.pos(), "expected a memory operand such as 0(" + id + "), got '" + a.text() + "'");
        }
        Expr e = Assembler.exprOf(a, "'" + insn.mnemonic + "'");
        Value now = asm.tryEval(e, asm.dotNow());
        if (now != null && now.isAbs() && ImmKind.S16.fits(now.k())) {
            v[mem.baseIndex()] = Registers.ZERO;
            return List.of(new Planned(insn, v, mem.index(), e, a.pos()));
        }
        if (insn.format == Format.S && insn.operands().get(0).kind() == Operand.Kind.GPR
                && v[0] == Registers.AT) {
            throw new AsmError(a.pos(), "cannot store register 'at' to a symbol: the expansion uses 'at' for the "
                    + "address; store through another register");
        }
        long[] lui = new long[Instruction.LUI.operands().size()];
        int luiImm = -1;
        for (int k = 0; k < lui.length; k++) {
            Operand o = Instruction.LUI.operands().get(k);
            if (o.kind() == Operand.Kind.IMM) {
                luiImm = k;
            } else {
                lui[k] = Registers.AT;
            }
        }
        v[mem.baseIndex()] = Registers.AT;
        return List.of(new Planned(Instruction.LUI, lui, luiImm, new Expr.Reloc("ha", e, a.pos()), a.pos()),
                new Planned(insn, v, mem.index(), new Expr.Reloc("lo", e, a.pos()), a.pos()));
    }

    /** Places planned instructions at the location counter; immediates are encoded now or at the end. */
    private void emit(List<Planned> plans, Pos pos) {
        if (asm.cur.nobits()) {
            throw new AsmError(pos, "instructions cannot go in NOBITS section '" + asm.cur.name + "'");
        }
        if (asm.cur.size() % Isa.WORD != 0) {
            throw new AsmError(pos, "instruction at offset " + asm.cur.size() + " of '" + asm.cur.name
                    + "' is not 4-byte aligned (add .align 4 after the data before it)");
        }
        Value dot = asm.dotNow();
        for (Planned p : plans) {
            int off = asm.reserve(Isa.WORD, pos);
            if (p.imm() == null) {
                asm.cur.put(off, encode(p, p.values(), pos), 4);
            } else {
                Value pre = asm.tryEval(p.imm(), dot);
                asm.fixups.insnFixups.add(new Fixups.InsnFixup(asm.cur, off, p, pre, dot));
            }
        }
    }

    static int encode(Planned p, long[] values, Pos pos) {
        try {
            return Isa.encode(p.insn(), values);
        } catch (EncodingException e) {
            throw new AsmError(p.immPos() != null ? p.immPos() : pos, e.getMessage());
        }
    }
}
