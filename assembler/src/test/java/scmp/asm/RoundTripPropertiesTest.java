package scmp.asm;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Random;
import net.jqwik.api.*;
import scmp.elf.ObjectFile;
import scmp.isa.Disassembler;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.SpecialRegister;

/**
 * The property the project requires of the assembler: for every instruction and random valid operands,
 * encode, decode, disassemble in reassemblable form, assemble that text at the same offset of .text, and the
 * word comes back unchanged.
 */
class RoundTripPropertiesTest {

    @Property(tries = 3000)
    void disassembledTextReassemblesToTheSameWord(@ForAll("instructions") Instruction insn, @ForAll long seed,
                                                 @ForAll("offsets") int pc) throws EncodingException {
        long[] values = randomOperands(insn, new Random(seed));
        int word = Isa.encode(insn, values);
        assertEquals(insn, Isa.decode(word));
        String text = Disassembler.reassemblable().disassemble(pc, word);
        ObjectFile o = Asm.ok(".text\n.space " + pc + "\n" + text + "\n");
        int[] w = Asm.words(o, ".text");
        assertEquals(pc / 4 + 1, w.length, text);
        assertEquals(word, w[pc / 4], () -> String.format("%s: %08x became %08x", text, word, w[pc / 4]));
        assertTrue(o.section(".text").relocations().isEmpty(), text);
    }

    /**
     * The property above draws instructions at random; this makes sure that every instruction of the
     * declaration, with the smallest and the largest value of every operand, takes the same round trip.
     */
    @Example
    void everyInstructionWithExtremeOperandsRoundTrips() throws EncodingException {
        for (Instruction insn : Instruction.values()) {
            for (boolean max : new boolean[] {false, true}) {
                List<Operand> ops = insn.operands();
                long[] values = new long[ops.size()];
                for (int k = 0; k < values.length; k++) {
                    values[k] = extreme(insn, ops.get(k), max);
                }
                int pc = 4096;
                int word = Isa.encode(insn, values);
                assertEquals(insn, Isa.decode(word));
                String text = Disassembler.reassemblable().disassemble(pc, word);
                int[] w = Asm.words(Asm.ok(".text\n.space " + pc + "\n" + text + "\n"), ".text");
                assertEquals(word, w[pc / 4], () -> String.format("%s: %08x became %08x", text, word, w[pc / 4]));
            }
        }
    }

    private static long extreme(Instruction insn, Operand op, boolean max) {
        return switch (op.kind()) {
            case GPR, FPR -> max ? 31 : 0;
            case TYPE -> max ? 15 : 0;
            case IMM -> switch (insn.immKind) {
                case S16 -> max ? 32767 : -32768;
                case U16 -> max ? 65535 : 0;
                case SHAMT -> max ? 31 : 0;
                case PC16 -> max ? 131068 : -131072;
                case PC26 -> max ? (1L << 27) - 4 : -(1L << 27);
                case ADDR17 -> max ? 0x1FFFF : 0;
                case STRIDE12 -> max ? 4095 : 0;
                case SREG -> max ? SpecialRegister.values().length - 1 : 0;
                case HCALL -> max ? HostCall.values().length - 1 : 0;
                case NONE -> throw new AssertionError(insn);
            };
        };
    }

    @Provide
    Arbitrary<Instruction> instructions() {
        return Arbitraries.of(Instruction.values());
    }

    @Provide
    Arbitrary<Integer> offsets() {
        return Arbitraries.integers().between(0, 16384).map(i -> i * 4);
    }

    /** Random valid operand values for {@code insn}, in syntax order. */
    static long[] randomOperands(Instruction insn, Random r) {
        List<Operand> ops = insn.operands();
        long[] v = new long[ops.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = switch (ops.get(k).kind()) {
                case GPR, FPR -> r.nextInt(32);
                case TYPE -> r.nextInt(16);
                case IMM -> switch (insn.immKind) {
                    case S16 -> r.nextInt(65536) - 32768;
                    case U16 -> r.nextInt(65536);
                    case SHAMT -> r.nextInt(32);
                    case PC16 -> (r.nextInt(65536) - 32768) * 4L;
                    case PC26 -> (r.nextInt(1 << 26) - (1 << 25)) * 4L;
                    case ADDR17 -> r.nextInt(1 << 17);
                    case STRIDE12 -> r.nextInt(1 << 12);
                    case SREG -> r.nextInt(SpecialRegister.values().length);
                    case HCALL -> r.nextInt(HostCall.values().length);
                    case NONE -> throw new AssertionError(insn);
                };
            };
        }
        return v;
    }
}
