package scmp.machine;

import java.util.List;
import scmp.elf.Executable;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Isa;

/**
 * The built-in compute-bound program of {@code scmpsim bench}: a loop of loads, stores, ALU operations, a
 * multiply and a taken branch, on one node, encoded directly with {@link Isa#encode} so that the benchmark
 * needs no toolchain.
 * <pre>
 *         lui   t0, %hi(N)
 *         ori   t0, t0, %lo(N)
 *         addi  s0, sp, -256
 *         addi  t1, zero, 0
 * loop:   lw    t2, 0(s0)
 *         add   t1, t1, t0
 *         xor   t3, t1, t2
 *         slli  t4, t3, 3
 *         sw    t3, 4(s0)
 *         mul   t5, t4, t1
 *         addi  t0, t0, -1
 *         bne   t0, zero, loop
 *         addi  a0, zero, 0
 *         hcall exit
 * </pre>
 */
final class BenchProgram {
    /** Instructions executed per iteration of the loop. */
    static final int LOOP_LENGTH = 8;
    /** Instructions executed outside the loop. */
    static final int OVERHEAD = 6;

    private static final int ZERO = 0, SP = 2, A0 = 4, T0 = 12, T1 = 13, T2 = 14, T3 = 15, T4 = 16, T5 = 17, S0 = 20;

    private BenchProgram() {
    }

    /**
     * Builds the program.
     *
     * @param iterations how many times the loop runs, at least 1
     * @return the executable
     */
    static Executable build(int iterations) {
        int[] w;
        try {
            w = new int[] {
                Isa.encode(Instruction.LUI, T0, iterations >>> 16),
                Isa.encode(Instruction.ORI, T0, T0, iterations & 0xFFFF),
                Isa.encode(Instruction.ADDI, S0, SP, -256),
                Isa.encode(Instruction.ADDI, T1, ZERO, 0),
                Isa.encode(Instruction.LW, T2, 0, S0),
                Isa.encode(Instruction.ADD, T1, T1, T0),
                Isa.encode(Instruction.XOR, T3, T1, T2),
                Isa.encode(Instruction.SLLI, T4, T3, 3),
                Isa.encode(Instruction.SW, T3, 4, S0),
                Isa.encode(Instruction.MUL, T5, T4, T1),
                Isa.encode(Instruction.ADDI, T0, T0, -1),
                Isa.encode(Instruction.BNE, T0, ZERO, -7 * 4),
                Isa.encode(Instruction.ADDI, A0, ZERO, 0),
                Isa.encode(Instruction.HCALL, HostCall.EXIT.ordinal()),
            };
        } catch (EncodingException e) {
            throw new IllegalStateException(e);
        }
        byte[] text = new byte[4 * w.length];
        for (int i = 0; i < w.length; i++) {
            for (int k = 0; k < 4; k++) {
                text[4 * i + k] = (byte) (w[i] >>> (8 * k));
            }
        }
        Executable.PlacedSection s = new Executable.PlacedSection(".text", Section.SHT_PROGBITS,
                Section.SHF_ALLOC | Section.SHF_EXECINSTR, Abi.TEXT_BASE, text.length, 4, text);
        Symbol start = new Symbol("_start", ".text", Abi.TEXT_BASE, text.length, Symbol.Binding.GLOBAL, Symbol.Type.FUNC);
        return new Executable(Abi.TEXT_BASE, List.of(s), List.of(start));
    }
}
