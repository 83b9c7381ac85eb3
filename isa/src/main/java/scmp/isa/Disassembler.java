package scmp.isa;

import java.util.List;

/**
 * Turns instruction words back into assembly text in the syntax of the {@link Instruction} table.
 * Branch and jump targets are printed either as absolute addresses with a symbol ({@code 0x1040 <loop+8>},
 * objdump style) or, in reassemblable mode, relative to the location counter ({@code .+8}).
 */
public final class Disassembler {

    /** Names addresses for the listing; may return null. */
    @FunctionalInterface
    public interface Symbolizer {
        String describe(int address);
    }

    private final Symbolizer symbolizer;
    private final boolean reassemblable;

    public Disassembler(Symbolizer symbolizer, boolean reassemblable) {
        this.symbolizer = symbolizer;
        this.reassemblable = reassemblable;
    }

    /** A disassembler whose output the assembler reads back to the same word. */
    public static Disassembler reassemblable() {
        return new Disassembler(a -> null, true);
    }

    public String disassemble(int pc, int word) {
        Instruction insn = Isa.decode(word);
        if (insn == null) {
            return String.format(".word 0x%08x", word);
        }
        int[] v = Isa.operands(insn, word);
        List<Operand> ops = insn.operands();
        StringBuilder sb = new StringBuilder(insn.mnemonic);
        for (int k = 0; k < ops.size(); k++) {
            Operand o = ops.get(k);
            if (o.memBase()) {
                sb.append('(').append(Registers.gprName(v[k])).append(')');
                continue;
            }
            sb.append(k == 0 ? " " : ", ");
            switch (o.kind()) {
                case GPR -> sb.append(Registers.gprName(v[k]));
                case FPR -> sb.append(Registers.fprName(v[k]));
                case TYPE -> {
                    MessageType t = MessageType.byCode(v[k]);
                    sb.append(t != null ? t.name() : Integer.toString(v[k]));
                }
                case IMM -> sb.append(immediate(insn, pc, v[k]));
            }
        }
        return sb.toString();
    }

    private String immediate(Instruction insn, int pc, int value) {
        switch (insn.immKind) {
            case PC16, PC26 -> {
                if (reassemblable) {
                    return value >= 0 ? ".+" + value : ".-" + (-(long) value);
                }
                int target = pc + value;
                String sym = symbolizer.describe(target);
                return String.format("0x%x", target) + (sym != null ? " <" + sym + ">" : "");
            }
            case SREG -> {
                return SpecialRegister.values()[value].asmName;
            }
            case HCALL -> {
                return HostCall.values()[value].asmName;
            }
            case U16, ADDR17 -> {
                String hex = String.format("0x%x", value);
                if (insn.immKind == ImmKind.ADDR17 && !reassemblable) {
                    String sym = symbolizer.describe(value);
                    if (sym != null) {
                        return hex + " <" + sym + ">";
                    }
                }
                return hex;
            }
            default -> {
                return Integer.toString(value);
            }
        }
    }
}
