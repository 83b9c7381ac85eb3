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
