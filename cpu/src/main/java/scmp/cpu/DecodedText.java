package scmp.cpu;

import java.util.List;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.sem.Operands;
import scmp.isa.sem.Unit;

/**
 * The program text decoded once into flat arrays, indexed by {@code (pc - base) >> 2}, so that an engine's
 * step loop never extracts a field from an instruction word. The text is read-only in every node's memory, so
 * one decoded copy serves all nodes.
 *
 * <p>Decoding is derived from the ISA table: each operand of an instruction's syntax lands in the array named
 * after its slot. Per instruction slot {@code i}:
 * <ul>
 *   <li>{@code op}: the {@link Instruction} ordinal, {@link #ILLEGAL} for a word that is no instruction, and
 *       {@link #END} in the one extra slot after the text (running into it is a fault);</li>
 *   <li>{@code rd}: the destination register of slot d ({@code rd} or {@code fd}); an integer destination r0
 *       is replaced by {@link #SINK}, a thirty-third register slot that nobody reads, so that r0 stays zero
 *       without a test; for network head instructions, the message type;</li>
 *   <li>{@code rs1}, {@code rs2}: the source registers of slots s1 and s2 (integer or FP as the syntax says;
 *       a store's data register is {@code rs2});</li>
 *   <li>{@code imm}: the immediate as a value (PC-relative ones as byte offsets from the instruction), the
 *       special register or host-call number, or, for {@code sendh_rr}, the register of slot s3;</li>
 *   <li>{@code deps}: the timing dependences packed as four 7-bit scoreboard indices: sources A, B, C in bits
 *       0-6, 7-13, 14-20 and the destination in bits 21-27 (see {@link #SB_FP} and the unit indices).</li>
 * </ul>
 *
 * <p>The scoreboard of a thread context has one entry per integer register (0-31), FP register (32-63), the
 * integer divider ({@link #SB_DIV}), the FP divide/square-root unit ({@link #SB_FPDIV}), and a dummy entry
 * ({@link #SB_NONE}). Source index 0 means "no dependence" (r0 is always ready); an instruction that writes no
 * register, or writes r0, has destination {@link #SB_NONE}. The sources and the destination are those the
 * semantic declarations give ({@link Operands}): the registers the syntax names and the implicit ones (a host
 * call's arguments and result, {@code jal}'s link register), and an unpipelined unit the instruction occupies after
 * its registers, so that the issue rule waits for the unit like for a register.
 */
public final class DecodedText {
    /** The {@code op} of a word that is not an instruction. */
    public static final int ILLEGAL = Instruction.values().length;
    /** The {@code op} of the slot after the last instruction. */
    public static final int END = ILLEGAL + 1;
    /** The integer register-file slot that receives writes to r0. */
    public static final int SINK = 32;
    /** Scoreboard index of FP register 0 (FP register n is {@code SB_FP + n}). */
    public static final int SB_FP = 32;
    /** Scoreboard index of the integer divider's busy-until cycle. */
    public static final int SB_DIV = 64;
    /** Scoreboard index of the FP divide/square-root unit's busy-until cycle. */
    public static final int SB_FPDIV = 65;
    /** Scoreboard index written by instructions without a (real) destination. */
    public static final int SB_NONE = 66;
    /** Scoreboard entries per thread context. */
    public static final int SB_SIZE = 67;

    private final int base;
    private final int count;
    final int[] op;
    final int[] rd;
    final int[] rs1;
    final int[] rs2;
    final int[] imm;
    final int[] deps;
    final int[] words;

    private DecodedText(int base, int count) {
        this.base = base;
        this.count = count;
        op = new int[count + 1];
        rd = new int[count + 1];
        rs1 = new int[count + 1];
        rs2 = new int[count + 1];
        imm = new int[count + 1];
        deps = new int[count + 1];
        words = new int[count + 1];
    }

    /**
     * Decodes a text image.
     *
     * @param base  the address of the first byte, a multiple of 4
     * @param bytes the text, little-endian instruction words; a trailing partial word decodes as illegal
     * @return the decoded text
     */
    public static DecodedText decode(int base, byte[] bytes) {
        if ((base & 3) != 0) {
            throw new IllegalArgumentException("text base 0x" + Integer.toHexString(base) + " is not word-aligned");
        }
        int n = (bytes.length + 3) / 4;
        DecodedText t = new DecodedText(base, n);
        // A word decodes the same wherever it is, and a text repeats its words (a program with its libraries: one
        // distinct word in three to eight), so each distinct word is decoded once and its row copied to the others:
        // an open-addressing table from word to the slot of its first occurrence (plus one; 0 is empty).
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(8, n)) + 1;
        int mask = (1 << bits) - 1;
        int[] seenWord = new int[mask + 1];
        int[] seenSlot = new int[mask + 1];
        for (int i = 0; i < n; i++) {
            int w = 0;
            for (int k = 0; k < 4; k++) {
                int at = 4 * i + k;
                w |= (at < bytes.length ? bytes[at] & 0xFF : 0) << (8 * k);
            }
            boolean whole = 4 * i + 3 < bytes.length;
            if (!whole) {
                t.set(i, w, false);
                continue;
            }
            int h = (w * 0x9E3779B9) >>> (32 - bits);
            while (seenSlot[h] != 0 && seenWord[h] != w) {
                h = (h + 1) & mask;
            }
            if (seenSlot[h] != 0) {
                t.copy(seenSlot[h] - 1, i);
            } else {
                t.set(i, w, true);
                seenWord[h] = w;
                seenSlot[h] = i + 1;
            }
        }
        t.op[n] = END;
        return t;
    }

    /** Gives slot {@code to} the decoding of slot {@code from}, which holds the same word. */
    private void copy(int from, int to) {
        words[to] = words[from];
        op[to] = op[from];
        rd[to] = rd[from];
        rs1[to] = rs1[from];
        rs2[to] = rs2[from];
        imm[to] = imm[from];
        deps[to] = deps[from];
    }

    private void set(int i, int word, boolean whole) {
        words[i] = word;
        Instruction insn = whole ? Isa.decode(word) : null;
        if (insn == null) {
            op[i] = ILLEGAL;
            deps[i] = pack(0, 0, 0, SB_NONE);
            return;
        }
        op[i] = insn.ordinal();
        int[] v = Isa.operands(insn, word);
        List<Operand> ops = insn.operands();
        for (int k = 0; k < v.length; k++) {
            Operand o = ops.get(k);
            int val = v[k];
            boolean fp = o.kind() == Operand.Kind.FPR;
            switch (o.token()) {
                case "rd", "fd" -> rd[i] = !fp && val == 0 ? SINK : val;
                case "rs1", "fs1" -> rs1[i] = val;
                case "rs2", "fs2" -> rs2[i] = val;
                case "rs3" -> imm[i] = val;
                case "imm", "sr" -> imm[i] = val;
                case "type" -> rd[i] = val;
                default -> throw new IllegalStateException(insn + ": operand " + o.token() + " has no slot");
            }
        }
        deps[i] = dependences(insn, word);
    }

    /**
     * Packs the scoreboard dependences of an instruction word from the locations it reads and writes, as the
     * semantic declarations give them ({@link Operands#of}): the sources in their order (slots s1, s2, s3, implicit
     * reads such as a host call's arguments, occupied units) and the first location written (slot d, or an implicit
     * destination: {@code jal}'s link register, a host call's first result). An engine sets the ready cycle of
     * further results itself.
     */
    private static int dependences(Instruction insn, int word) {
        Operands.Uses uses = Operands.of(insn, word);
        int[] src = new int[3];
        int k = 0;
        for (Operands.Location l : uses.reads()) {
            if (k == src.length) {
                throw new IllegalStateException(insn + " reads more than " + src.length + " locations");
            }
            src[k++] = scoreboardIndex(l);
        }
        int dst = SB_NONE;
        if (!uses.writes().isEmpty()) {
            int sb = scoreboardIndex(uses.writes().get(0));
            dst = sb == 0 ? SB_NONE : sb;
        }
        return pack(src[0], src[1], src[2], dst);
    }

    private static int scoreboardIndex(Operands.Location l) {
        return switch (l.kind()) {
            case GPR -> l.number();
            case FPR -> SB_FP + l.number();
            case UNIT -> Unit.values()[l.number()] == Unit.DIVIDER ? SB_DIV : SB_FPDIV;
        };
    }

    private static int pack(int a, int b, int c, int d) {
        return a | b << 7 | c << 14 | d << 21;
    }

    /** Returns the address of the first instruction. */
    public int base() {
        return base;
    }

    /** Returns the number of instruction slots (words) of the text. */
    public int count() {
        return count;
    }

    /** Returns the first address after the text. */
    public int end() {
        return base + 4 * count;
    }

    /**
     * Tells whether {@code addr} is the address of an instruction slot of the text.
     *
     * @param addr an address
     * @return true when it lies in the text and is word-aligned
     */
    public boolean contains(int addr) {
        return (addr & 3) == 0 && Integer.compareUnsigned(addr - base, 4 * count) < 0;
    }

    /**
     * Returns the decoded instruction at an address of the text.
     *
     * @param addr an address for which {@link #contains} holds
     * @return the instruction, or null when the word there is not one
     */
    public Instruction instructionAt(int addr) {
        int o = op[(addr - base) >>> 2];
        return o < ILLEGAL ? Instruction.values()[o] : null;
    }

    /**
     * Returns the raw instruction word at an address of the text.
     *
     * @param addr an address for which {@link #contains} holds
     * @return the word
     */
    public int wordAt(int addr) {
        return words[(addr - base) >>> 2];
    }

    /**
     * Returns the decoded fields of instruction slot {@code i} (see the class comment), for engines that
     * translate the text: {@code {op, rd, rs1, rs2, imm, deps, word}}.
     *
     * @param i the slot, 0..{@link #count()} (the last is the {@link #END} sentinel)
     * @return a new array of the seven fields
     */
    public int[] slot(int i) {
        return new int[] {op[i], rd[i], rs1[i], rs2[i], imm[i], deps[i], words[i]};
    }

    /**
     * Returns the packed scoreboard dependences of the instruction at an address (see the class comment).
     *
     * @param addr an address for which {@link #contains} holds
     * @return the packed indices
     */
    public int depsAt(int addr) {
        return deps[(addr - base) >>> 2];
    }
}
