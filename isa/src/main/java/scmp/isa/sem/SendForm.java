package scmp.isa.sem;

import scmp.isa.Instruction;

/**
 * What a network instruction hands its device, read once from its declared send statement
 * ({@link Stmt.SendHead}, {@link Stmt.SendData}, {@link Stmt.SendDma}): the kind of request, the number of data
 * words and whether it carries the tail. Devices (the SCMP NIU, the T3D shell) switch on the instruction's ordinal
 * through tables built from these, so that the declarations stay the one description of the instructions.
 *
 * @param kind  {@link #NONE}, {@link #HEAD}, {@link #WORDS} or {@link #DMA}
 * @param words the data words of a {@link #WORDS} request (1 or 2), else 0
 * @param tail  whether the request ends a message
 */
public record SendForm(int kind, int words, boolean tail) {
    /** Not a network instruction. */
    public static final int NONE = 0;
    /** A head: {@code SendHead(node, type, address, stride)}. */
    public static final int HEAD = 1;
    /** Data words from registers: {@code SendData}. */
    public static final int WORDS = 2;
    /** A block of memory: {@code SendDma(address, strideCount)}. */
    public static final int DMA = 3;

    /**
     * Returns an instruction's send form.
     *
     * @param insn the instruction
     * @return its form; {@link #NONE} for an instruction without a send statement
     */
    public static SendForm of(Instruction insn) {
        for (Stmt s : SemanticTable.of(insn).body()) {
            if (s instanceof Stmt.SendHead) {
                return new SendForm(HEAD, 0, false);
            } else if (s instanceof Stmt.SendData d) {
                return new SendForm(WORDS, d.words().size(), d.tail());
            } else if (s instanceof Stmt.SendDma m) {
                return new SendForm(DMA, 0, m.tail());
            }
        }
        return new SendForm(NONE, 0, false);
    }

    /** Returns every instruction's send form, indexed by its ordinal. */
    public static SendForm[] table() {
        Instruction[] all = Instruction.values();
        SendForm[] t = new SendForm[all.length];
        for (Instruction insn : all) {
            t[insn.ordinal()] = of(insn);
        }
        return t;
    }
}
