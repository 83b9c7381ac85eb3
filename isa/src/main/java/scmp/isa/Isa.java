package scmp.isa;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Encoder and decoder derived from the {@link Instruction} table. Operand values are given and returned
 * in syntax order: register numbers, message type codes, and immediates as values (PC-relative ones as
 * byte offsets from the instruction's own address).
 */
public final class Isa {
    private Isa() {
    }

    /** Instruction words are 32 bits, little-endian in memory. */
    public static final int WORD = 4;

    private static final Instruction[][] BY_OPCODE = new Instruction[64][];
    private static final Map<String, Instruction> BY_MNEMONIC = new HashMap<>();

    static {
        Map<Integer, List<Instruction>> groups = new HashMap<>();
        for (Instruction i : Instruction.values()) {
            groups.computeIfAbsent(i.opcode, k -> new java.util.ArrayList<>()).add(i);
            BY_MNEMONIC.put(i.mnemonic, i);
        }
        groups.forEach((op, list) -> BY_OPCODE[op] = list.toArray(new Instruction[0]));
    }

    /** The instruction for a mnemonic (case-insensitive), or null. */
    public static Instruction byMnemonic(String mnemonic) {
        return BY_MNEMONIC.get(mnemonic.toLowerCase(java.util.Locale.ROOT));
    }

    /** Decodes a word; null when it is not a legal instruction. */
    public static Instruction decode(int word) {
        Instruction[] candidates = BY_OPCODE[word >>> 26];
        if (candidates == null) {
            return null;
        }
        for (Instruction i : candidates) {
            if (i.matches(word)) {
                Operand imm = i.immOperand();
                if (imm != null && !i.immKind.validRaw(imm.field().get(word))) {
                    return null;
                }
                return i;
            }
        }
        return null;
    }

    /** The operand values of a word already decoded as {@code insn}, in syntax order. */
    public static int[] operands(Instruction insn, int word) {
        List<Operand> ops = insn.operands();
        int[] v = new int[ops.size()];
        for (int k = 0; k < v.length; k++) {
            Operand o = ops.get(k);
            int raw = o.field().get(word);
            v[k] = o.kind() == Operand.Kind.IMM ? insn.immKind.decode(raw, o.field()) : raw;
        }
        return v;
    }

    /** Encodes {@code insn} with operand values in syntax order. */
    public static int encode(Instruction insn, long... values) throws EncodingException {
        List<Operand> ops = insn.operands();
        if (values.length != ops.size()) {
            throw new EncodingException(insn.mnemonic + " takes " + ops.size() + " operand(s), got " + values.length);
        }
        int word = insn.fixedBits();
        for (int k = 0; k < values.length; k++) {
            Operand o = ops.get(k);
            long v = values[k];
            switch (o.kind()) {
                case GPR, FPR -> {
                    if (v < 0 || v > 31) {
                        throw new EncodingException("register number " + v + " out of range");
                    }
                    word = o.field().put(word, (int) v);
                }
                case TYPE -> {
                    if (v < 0 || v > 15) {
                        throw new EncodingException("message type " + v + " out of range 0..15");
                    }
                    word = o.field().put(word, (int) v);
                }
                case IMM -> {
                    if (!insn.immKind.fits(v)) {
                        throw new EncodingException("immediate " + v + " out of range for " + insn.mnemonic + " ("
                                + insn.immKind.range() + ")");
                    }
                    word = o.field().put(word, insn.immKind.encode(v, o.field()));
                }
            }
        }
        return word;
    }
}
